// References in secret values, as plain text rules: `${KEY}` (same environment),
// `${environment.KEY}` (same project), `${project.environment.KEY}` (same workspace); `$${` is a
// literal `${`. The server resolves them on read; writes refuse a malformed one; the CLI and the
// dashboard read the same rules to show them.

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

export interface Reference {
  /** The project's slug, when the reference leaves the project. */
  project?: string;
  /** The environment's slug, when the reference leaves the environment. */
  environment?: string;
  key: string;
  /** As written, e.g. `${prod.DB_HOST}`. */
  text: string;
  /** Where in the value (a character offset) its `${` starts. */
  offset: number;
}

/** A value cut into literal text and references, in order. */
export type Part = string | Reference;

export class MalformedReference extends Error {
  /** Where in the value (a character offset) the faulty `${` starts. */
  readonly offset: number;

  // No parameter property: the CLI runs this file with Node's type stripping.
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/** The text that reads back as `literal`: every `${` written `$${`. */
// A function, not a string: in a replacement string "$$" would mean one "$".
export const escapeReferences = (literal: string) => literal.replaceAll("${", () => "$${");

/** At most this many references in one value, and this many other environments named by them. */
export const REFERENCE_LIMITS = { perValue: 100, environmentsPerValue: 10 } as const;

/** Why a (well-formed) value holds more references than a read should follow, or null. */
export function referenceLimitExceeded(value: string): string | null {
  if (!mayReference(value)) return null;
  const references = parseValue(value).filter((p): p is Reference => typeof p !== "string");
  if (references.length > REFERENCE_LIMITS.perValue) {
    return `A value may hold at most ${REFERENCE_LIMITS.perValue} references (this one holds ${references.length})`;
  }
  const environments = new Set(references.map(qualifierOf).filter((q) => q !== ""));
  if (environments.size > REFERENCE_LIMITS.environmentsPerValue) {
    return (
      `A value may reference at most ${REFERENCE_LIMITS.environmentsPerValue} other environments ` +
      `(this one names ${environments.size})`
    );
  }
  return null;
}

/** Whether the value needs parsing at all (cheap, for the read path). */
export const mayReference = (value: string) => value.includes("${");

function referenceAt(value: string, start: number): { reference: Reference; end: number } {
  const close = value.indexOf("}", start + 2);
  if (close === -1) {
    throw new MalformedReference(
      `Unterminated reference at character ${start + 1}: "\${" needs a closing "}" (write "$\${" for a literal "\${")`,
      start,
    );
  }
  const text = value.slice(start, close + 1);
  const names = value.slice(start + 2, close).split(".");
  const key = names.pop() ?? "";
  const slugsOk = names.length <= 2 && names.every((n) => SLUG.test(n));
  if (!KEY.test(key) || !slugsOk) {
    throw new MalformedReference(
      // The position, never the text: a refused value may hold a secret of its own.
      `Malformed reference at character ${start + 1}: write \${KEY}, \${environment.KEY} or ` +
        `\${project.environment.KEY} (slugs in lowercase; "$\${" for a literal "\${")`,
      start,
    );
  }
  const offset = start;
  const reference: Reference =
    names.length === 2
      ? { project: names[0]!, environment: names[1]!, key, text, offset }
      : names.length === 1
        ? { environment: names[0]!, key, text, offset }
        : { key, text, offset };
  return { reference, end: close + 1 };
}

/**
 * The value's parts. Strict (writes) throws MalformedReference; lenient (reads of values stored
 * before references existed) keeps a malformed `${…` as literal text.
 */
export function parseValue(value: string, mode: "strict" | "lenient" = "strict"): Part[] {
  const parts: Part[] = [];
  let literal = "";
  let index = 0;
  while (index < value.length) {
    const dollar = value.indexOf("$", index);
    if (dollar === -1) break;
    if (value.startsWith("$${", dollar)) {
      literal += `${value.slice(index, dollar)}\${`;
      index = dollar + 3;
      continue;
    }
    if (!value.startsWith("${", dollar)) {
      literal += value.slice(index, dollar + 1);
      index = dollar + 1;
      continue;
    }
    let found: { reference: Reference; end: number };
    try {
      found = referenceAt(value, dollar);
    } catch (error) {
      if (mode === "strict") throw error;
      literal += value.slice(index, dollar + 2);
      index = dollar + 2;
      continue;
    }
    literal += value.slice(index, dollar);
    if (literal) parts.push(literal);
    literal = "";
    parts.push(found.reference);
    index = found.end;
  }
  literal += value.slice(index);
  if (literal) parts.push(literal);
  return parts;
}

/**
 * Where the value's references point, as environment qualifiers ("" this environment, "env",
 * "project.env"), without repeats; null when the value holds no reference or escape, so that it
 * reads back exactly as stored.
 */
export function referenceTargets(value: string, mode: "strict" | "lenient" = "strict"): string[] | null {
  if (!mayReference(value)) return null;
  const parts = parseValue(value, mode);
  const targets = new Set<string>();
  for (const part of parts) {
    if (typeof part !== "string") targets.add(qualifierOf(part));
  }
  return [...targets].sort();
}

/** "" (this environment), "env" or "project.env". */
export const qualifierOf = (reference: Reference) =>
  reference.project !== undefined
    ? `${reference.project}.${reference.environment}`
    : (reference.environment ?? "");

/** The references of a value, for display (lenient: what a read would resolve). */
export function referencesIn(value: string): Reference[] {
  if (!mayReference(value)) return [];
  return parseValue(value, "lenient").filter((p): p is Reference => typeof p !== "string");
}

/** Why a reference did not resolve, in words (the API's `reason` codes). */
export const UNRESOLVED_REASONS = {
  unreachable: "names an environment that does not exist or that you may not read",
  missing: "names a key its environment does not have",
  undecryptable: "names a value that cannot be decrypted",
  cycle: "leads back to itself",
  too_deep: "goes more than 5 references deep",
  writer_cannot_read:
    "leads into an environment that whoever wrote a value on its way may not read (now): save that value again as someone who may",
  writer_unknown:
    "leads out of its environment from a value saved before writers were recorded: save that value again",
  not_referenceable: "names an environment that does not accept references from here",
} as const;

export type UnresolvedReason = keyof typeof UNRESOLVED_REASONS;
