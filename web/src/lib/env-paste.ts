// The `.env` paste preview: what pasting a file into an environment would change, computed before
// anything is written. The parser is the CLI's own (src/cli/dotenv.ts), so the dashboard and
// `coffer import` read a file the same way. The table holds no values: a pasted key that is
// already there is `unread` until its current value has been read (`unreadKeys`) and given here.
import { DotenvError, parseDotenvEntries, storedText } from "../../../src/cli/dotenv.ts";
import { KEY_PATTERN, LIMITS } from "../../../src/lib/secret-limits.ts";

export type ChangeKind = "added" | "changed" | "unchanged" | "unread" | "invalid";

export interface PastedChange {
  key: string;
  kind: ChangeKind;
  value: string;
  /** The value in the environment today (changed and unchanged entries; unread ones wait for it). */
  previous?: string;
  /** Why an invalid entry cannot be written. */
  reason?: string;
}

export type PastePreview = { ok: true; changes: PastedChange[] } | { ok: false; error: string };

const KEY = new RegExp(KEY_PATTERN);
const utf8Length = (value: string) => new TextEncoder().encode(value).length;

function problemWith(key: string, value: string): string | undefined {
  if (!KEY.test(key)) return "not a valid environment-variable name (letters, digits, _)";
  if (key.length > LIMITS.keyLength) return `longer than ${LIMITS.keyLength} characters`;
  if (utf8Length(value) > LIMITS.valueBytes) return "value larger than 64 KiB";
  return undefined;
}

const ORDER: Record<ChangeKind, number> = { invalid: 0, added: 1, unread: 2, changed: 3, unchanged: 4 };

/**
 * Pasted text against the environment's current secrets (`value`: as stored, once read; undefined:
 * not read yet); a text that does not parse is an error.
 */
export function previewPaste(
  text: string,
  existing: readonly { key: string; value?: string }[],
): PastePreview {
  let parsed: Map<string, string>;
  try {
    // As `coffer import` stores them: ${KEY} in single quotes is text, not a reference.
    parsed = new Map(parseDotenvEntries(text).map((e) => [e.key, storedText(e)]));
  } catch (error) {
    if (error instanceof DotenvError) return { ok: false, error: error.message };
    throw error;
  }
  if (parsed.size === 0) return { ok: false, error: "nothing to import: no KEY=VALUE lines" };
  const current = new Map(existing.map((s) => [s.key, s.value]));
  const changes: PastedChange[] = [];
  for (const [key, value] of parsed) {
    const reason = problemWith(key, value);
    const previous = current.get(key);
    if (reason) changes.push({ key, kind: "invalid", value, reason });
    else if (!current.has(key)) changes.push({ key, kind: "added", value });
    else if (previous === undefined) changes.push({ key, kind: "unread", value });
    else changes.push({ key, kind: previous === value ? "unchanged" : "changed", value, previous });
  }
  changes.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.key.localeCompare(b.key));
  return { ok: true, changes };
}

/** The keys of a preview whose current value must be read to tell changed from unchanged. */
export const unreadKeys = (preview: PastePreview | undefined): string[] =>
  preview?.ok ? preview.changes.filter((c) => c.kind === "unread").map((c) => c.key) : [];

export interface PastePlan {
  create: { key: string; value: string }[];
  update: { key: string; value: string }[];
}

/** The writes a preview stands for: new keys created, changed values updated, the rest left alone. */
export function planOf(changes: readonly PastedChange[]): PastePlan {
  const pick = (kind: ChangeKind) =>
    changes.filter((c) => c.kind === kind).map(({ key, value }) => ({ key, value }));
  return { create: pick("added"), update: pick("changed") };
}

/** Splits a list into batches the bulk endpoints accept. */
export function batches<T>(items: readonly T[], size: number = LIMITS.batch): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
