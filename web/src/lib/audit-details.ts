// What an audit entry holds, and its details read as words: the recorded fields (`keys`,
// `fields`, `changes`), where it happened, and which keys a bulk operation named. The phrases built
// from them are in audit-phrases.ts; the screens read both through audit.ts.

/** What of an entry its phrase reads (the API's AuditEntry has these and more). */
export interface AuditFacts {
  action: string;
  resource_id: string | null;
  version: number | null;
  project_name: string | null;
  environment_name: string | null;
  actor: { user_id: string };
  details: Record<string, unknown>;
}

/** A phrase: words, and the keys of secrets (shown as code). */
export type Phrase = readonly (string | { key: string })[];

/** Names the trail holds only ids of (members, service accounts, teams), as the page knows them now. */
export interface KnownNames {
  /** Members by user id (their address), service accounts by id (their name). */
  people: ReadonlyMap<string, string>;
  teams: ReadonlyMap<string, string>;
}

export const NO_NAMES: KnownNames = { people: new Map(), teams: new Map() };

/** A detail that is a non-empty string. */
export const text = (details: Record<string, unknown>, name: string): string | undefined => {
  const value = details[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};
/** A detail that is a number. */
export const count = (details: Record<string, unknown>, name: string): number | undefined => {
  const value = details[name];
  return typeof value === "number" ? value : undefined;
};

export const quoted = (name: string | undefined) => (name ? `“${name}”` : "");

/** Where it happened: "Payments API / Production", "Payments API", or null. */
export function placeOf(entry: Pick<AuditFacts, "project_name" | "environment_name">): string | null {
  if (entry.project_name && entry.environment_name)
    return `${entry.project_name} / ${entry.environment_name}`;
  return entry.project_name ?? entry.environment_name ?? null;
}

/** The actions that sum up a bulk operation: one entry with `count` and `keys`, its items under it. */
export const BULK_VERBS: Record<string, string> = {
  "environment.secrets_created": "created",
  "environment.secrets_updated": "updated",
  "environment.secrets_deleted": "deleted",
  "import.applied": "imported",
  "environment.restored": "restored",
};

/** What a bulk entry's expander lists: its keys, in the order recorded. */
export function bulkKeys(entry: Pick<AuditFacts, "action" | "details">): string[] {
  if (!(entry.action in BULK_VERBS)) return [];
  return (text(entry.details, "keys") ?? "").split(",").filter(Boolean);
}

const FIELD_NAMES: Record<string, string> = {
  value: "value",
  key: "name",
  name: "name",
  description: "description",
  rotation_days: "rotation reminder",
};

/** " (description, rotation reminder)" from a `fields` detail, or "". */
export function fieldsNote(details: Record<string, unknown>): string {
  const fields = (text(details, "fields") ?? "").split(",").filter(Boolean);
  return fields.length ? ` (${fields.map((f) => FIELD_NAMES[f] ?? f.replaceAll("_", " ")).join(", ")})` : "";
}

/** What a changed field's value reads as: a parent by its name, a switch as yes/no, nothing as "none". */
function changedValue(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object" && "name" in value)
    return String((value as { name: unknown }).name ?? "a deleted environment");
  return String(value);
}

const CHANGED_FIELD_NAMES: Record<string, string> = {
  parent: "inherits from",
  default_policy: "rotation days",
  references_from: "referenced from",
  is_active: "active",
};

/**
 * ": name: staging → qa, inherits from: none → Production" from an update's `changes` detail (its
 * before and after, field by field); entries from before it was recorded fall back to the fields' names.
 */
export function changesNote(details: Record<string, unknown>): string {
  const changes = details.changes;
  if (!changes || typeof changes !== "object") return fieldsNote(details);
  const parts = Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>).map(
    ([field, change]) =>
      `${CHANGED_FIELD_NAMES[field] ?? FIELD_NAMES[field] ?? field.replaceAll("_", " ")}: ${changedValue(change?.from)} → ${changedValue(change?.to)}`,
  );
  return parts.length ? `: ${parts.join(", ")}` : fieldsNote(details);
}

/** The keys a share link named: stored as a JSON array (share.revoked) or comma-separated. */
export function keysOf(details: Record<string, unknown>): string[] {
  const keys = text(details, "keys") ?? "";
  if (keys.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(keys);
      return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
    } catch {
      return [];
    }
  }
  return keys.split(",").filter(Boolean);
}

/** "A, B and C" of keys. */
export function listOfKeys(keys: readonly string[]): Phrase {
  return keys.flatMap((key, i) => [...(i === 0 ? [] : [i === keys.length - 1 ? " and " : ", "]), { key }]);
}
