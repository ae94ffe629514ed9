// How the workspace audit trail reads, without the network: each entry as a phrase naming what
// (a secret's key as it was named then, a bulk operation's count and keys) and where (project /
// environment, as named then), and the choices of the action filter. The filters themselves are in
// audit-filters.ts (the route table reads them).
import { describeSignInMethod } from "./people.ts";
import { roleName } from "./permissions.ts";

// The action filter's choices ------------------------------------------------------------------

export interface ActionChoice {
  value: string;
  label: string;
}

/**
 * What the action filter offers, in groups. The API takes one action, or every action of a
 * resource (a prefix ending with a dot): a group such as "every change to secrets, and no read" is
 * not one filter, so each choice is one of those.
 */
export const ACTION_GROUPS: readonly { label: string; choices: readonly ActionChoice[] }[] = [
  {
    label: "Secret changes",
    choices: [
      {
        value:
          "secret.created,secret.updated,secret.deleted,secret.rolled_back,secret.restored," +
          "environment.secrets_created,environment.secrets_updated,environment.secrets_deleted," +
          "import.applied,environment.restored",
        label: "Every change to secrets (no reads)",
      },
      { value: "secret.created", label: "Secret created" },
      { value: "secret.updated", label: "Secret updated or renamed" },
      { value: "secret.deleted", label: "Secret deleted" },
      { value: "secret.rolled_back", label: "Secret rolled back" },
      { value: "secret.restored", label: "Secret restored" },
      { value: "environment.secrets_created", label: "Secrets created in bulk" },
      { value: "environment.secrets_updated", label: "Secrets updated in bulk" },
      { value: "environment.secrets_deleted", label: "Secrets deleted in bulk" },
      { value: "import.applied", label: "Imports" },
      { value: "environment.restored", label: "Environment restored to a moment" },
    ],
  },
  {
    label: "Secret reads and sharing",
    choices: [
      { value: "secret.read", label: "One secret revealed" },
      { value: "environment.secrets_read", label: "An environment's secrets read" },
      { value: "secret.", label: "Anything done to one secret (reads included)" },
      { value: "secret.shared", label: "Share links created" },
      { value: "share.", label: "Share links viewed, revoked or burnt" },
    ],
  },
  {
    label: "Sign-ins and accounts",
    choices: [
      { value: "user.", label: "Sign-ins, failed ones included" },
      { value: "user.signed_in", label: "Signed in" },
      { value: "user.sign_in_failed", label: "Failed sign-ins" },
      { value: "session.revoked", label: "Sessions ended" },
      { value: "two_factor.", label: "Two-factor sign-in changes" },
      { value: "account.", label: "Passwords and accounts" },
    ],
  },
  {
    label: "Members",
    choices: [
      { value: "member.", label: "Roles changed, members removed" },
      { value: "invite.", label: "Invites" },
      { value: "team_member.", label: "Team memberships" },
    ],
  },
  {
    label: "Keys",
    choices: [
      { value: "api_key.", label: "API keys" },
      { value: "service_account.", label: "Service accounts, their keys and trusts" },
    ],
  },
  { label: "Webhooks", choices: [{ value: "webhook.", label: "Webhooks" }] },
  {
    label: "Workspace",
    choices: [
      { value: "team.", label: "Teams" },
      { value: "project.", label: "Projects" },
      { value: "environment.created", label: "Environments created" },
      { value: "environment.updated", label: "Environments changed" },
      { value: "environment.deleted", label: "Environments deleted" },
      { value: "workspace.", label: "Workspace settings" },
    ],
  },
];

/** The label of an action filter; one the list does not offer (a URL typed by hand) says itself. */
export function actionLabel(value: string): string {
  for (const group of ACTION_GROUPS) {
    const choice = group.choices.find((c) => c.value === value);
    if (choice) return choice.label;
  }
  return value.endsWith(".") ? `Every ${value.slice(0, -1)} action` : value;
}

export const isOfferedAction = (value: string): boolean =>
  ACTION_GROUPS.some((group) => group.choices.some((c) => c.value === value));

// How an entry reads ---------------------------------------------------------------------------

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

const text = (details: Record<string, unknown>, name: string): string | undefined => {
  const value = details[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};
const count = (details: Record<string, unknown>, name: string): number | undefined => {
  const value = details[name];
  return typeof value === "number" ? value : undefined;
};

/** What a claim of an unverified account ends, as its audit entry counts it (accounts/takeover.ts). */
const CLAIM_ENDINGS = [
  ["members_removed", "member"],
  ["invites_withdrawn", "pending invite"],
  ["service_accounts_disabled", "service account"],
  ["service_account_keys_revoked", "service account key"],
  ["trusts_removed", "OIDC trust"],
  ["webhooks_disabled", "webhook"],
  ["share_links_revoked", "share link"],
] as const;

const plural = (n: number, noun: string) => `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
const quoted = (name: string | undefined) => (name ? `“${name}”` : "");

/** Where it happened: "Payments API / Production", "Payments API", or null. */
export function placeOf(entry: Pick<AuditFacts, "project_name" | "environment_name">): string | null {
  if (entry.project_name && entry.environment_name)
    return `${entry.project_name} / ${entry.environment_name}`;
  return entry.project_name ?? entry.environment_name ?? null;
}

/** The actions that sum up a bulk operation: one entry with `count` and `keys`, its items under it. */
const BULK_VERBS: Record<string, string> = {
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

/** The verb of what happened to one secret, for the items of a bulk operation. */
export const SECRET_VERBS: Record<string, string> = {
  "secret.created": "created",
  "secret.updated": "updated",
  "secret.deleted": "deleted",
  "secret.rolled_back": "rolled back",
  "secret.restored": "restored",
  "secret.read": "revealed",
  "secret.shared": "shared by link",
};

const READ_HOWS: Record<string, string> = {
  list: "list",
  export: "export",
  as_of: "as of an earlier moment",
  compare: "comparing environments",
  restore_preview: "restore preview",
  import: "import preview",
};

const FIELD_NAMES: Record<string, string> = {
  value: "value",
  key: "name",
  name: "name",
  description: "description",
  rotation_days: "rotation reminder",
};

/** " (description, rotation reminder)" from a `fields` detail, or "". */
function fieldsNote(details: Record<string, unknown>): string {
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
function keysOf(details: Record<string, unknown>): string[] {
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

type Describe = (entry: AuditFacts, names: KnownNames) => Phrase;

/** A secret's key, as it was named when it happened. */
const keyOf = (entry: AuditFacts): string | { key: string } => {
  const key = text(entry.details, "key");
  return key ? { key } : "a secret";
};
const secretPhrase =
  (verb: string, tail = ""): Describe =>
  (entry) => [`${verb} `, keyOf(entry), tail];

const person = (names: KnownNames, id: string | undefined, fallback = "someone") =>
  (id && names.people.get(id)) ?? fallback;
const team = (names: KnownNames, id: string | null) => {
  const name = id ? names.teams.get(id) : undefined;
  return name ? `team ${quoted(name)}` : "a team";
};
const serviceAccount = (names: KnownNames, id: string | null) => {
  const name = id ? names.people.get(id) : undefined;
  return name ? `service account ${quoted(name)}` : "a service account";
};

const bulkPhrase: Describe = (entry) => {
  const n = count(entry.details, "count") ?? bulkKeys(entry).length;
  const verb = BULK_VERBS[entry.action] ?? entry.action;
  if (entry.action === "import.applied") {
    const source = text(entry.details, "source");
    return [`imported ${plural(n, "secret")}${source ? ` from ${source}` : ""}`];
  }
  if (entry.action === "environment.restored") {
    const at = text(entry.details, "at");
    const moment = at && !Number.isNaN(Date.parse(at)) ? ` as of ${new Date(at).toLocaleString()}` : "";
    return [`restored ${plural(n, "secret")}${moment}`];
  }
  return [`${verb} ${plural(n, "secret")}`];
};

const PHRASES: Record<string, Describe> = {
  "secret.created": secretPhrase("created"),
  "secret.deleted": secretPhrase("deleted"),
  "secret.restored": secretPhrase("restored"),
  "secret.read": secretPhrase("revealed"),
  "secret.shared": secretPhrase("shared", " by link"),
  "secret.rolled_back": (entry) => {
    const from = count(entry.details, "from_version");
    return ["rolled back ", keyOf(entry), from === undefined ? "" : ` to the value of v${from}`];
  },
  "secret.updated": (entry) => {
    const previous = text(entry.details, "previous_key");
    const key = keyOf(entry);
    if (previous) return ["renamed ", { key: previous }, " to ", key];
    const fields = text(entry.details, "fields");
    return ["updated ", key, fields === "value" ? "" : fieldsNote(entry.details)];
  },
  "environment.secrets_created": bulkPhrase,
  "environment.secrets_updated": bulkPhrase,
  "environment.secrets_deleted": bulkPhrase,
  "import.applied": bulkPhrase,
  "environment.restored": bulkPhrase,
  "environment.secrets_read": (entry) => {
    const n = count(entry.details, "count") ?? 0;
    const how = text(entry.details, "how");
    return [`read ${plural(n, "secret")}${how ? ` (${READ_HOWS[how] ?? how.replaceAll("_", " ")})` : ""}`];
  },
  "user.signed_in": (entry) => {
    const how = describeSignInMethod(text(entry.details, "method") ?? null);
    return [how ? `signed in ${how}` : "signed in"];
  },
  "user.sign_in_failed": (entry) => {
    const reason = text(entry.details, "reason");
    const why =
      reason === "password"
        ? "wrong password"
        : reason === "two_factor_code"
          ? "wrong two-factor code"
          : reason?.replaceAll("_", " ");
    return [`failed to sign in as ${text(entry.details, "email") ?? "a member"}${why ? `: ${why}` : ""}`];
  },
  "session.revoked": () => ["ended a session"],
  "account.password_changed": () => ["changed their password"],
  "account.password_reset_requested": () => ["asked for a password reset"],
  "account.password_reset": () => ["reset their password"],
  "account.deleted": () => ["deleted their account"],
  "account.claimed": (entry) => {
    const ended = CLAIM_ENDINGS.flatMap(([name, noun]) => {
      const n = count(entry.details, name);
      return n ? [plural(n, noun)] : [];
    });
    const what = ended.length > 0 ? `; what its previous holder let in ended: ${ended.join(", ")}` : "";
    return [`took over the account through a verified sign-in${what}`];
  },
  "two_factor.enabled": () => ["turned on two-factor sign-in"],
  "two_factor.disabled": () => ["turned off two-factor sign-in"],
  "two_factor.recovery_codes_renewed": () => ["made new recovery codes"],
  "two_factor.recovery_code_used": (entry) => {
    const left = count(entry.details, "recovery_codes_left");
    return [`signed in with a recovery code${left === undefined ? "" : ` (${left} left)`}`];
  },
  "team.created": (entry) => [`created team ${quoted(text(entry.details, "name"))}`],
  "team.updated": (entry, names) => [`changed ${team(names, entry.resource_id)}${fieldsNote(entry.details)}`],
  "team.deleted": (entry) => [`deleted team ${quoted(text(entry.details, "name"))}`],
  "team_member.added": (entry, names) => [
    `added ${person(names, text(entry.details, "user_id"))} to ${team(names, entry.resource_id)}`,
  ],
  "team_member.removed": (entry, names) => [
    `removed ${person(names, text(entry.details, "user_id"))} from ${team(names, entry.resource_id)}`,
  ],
  "project.created": (entry) => [
    `created project ${quoted(entry.project_name ?? text(entry.details, "name"))}`,
  ],
  "project.updated": (entry) => [
    `changed project ${quoted(entry.project_name ?? "")}${changesNote(entry.details)}`,
  ],
  "project.deleted": (entry) => [
    `deleted project ${quoted(text(entry.details, "name") ?? entry.project_name ?? "")}`,
  ],
  "environment.created": (entry) => [`created environment ${quoted(entry.environment_name ?? "")}`],
  "environment.updated": (entry) => [
    `changed environment ${quoted(entry.environment_name ?? "")}${changesNote(entry.details)}`,
  ],
  "environment.deleted": (entry) => [
    `deleted environment ${quoted(text(entry.details, "name") ?? entry.environment_name ?? "")}`,
  ],
  "member.updated": (entry, names) => {
    const from = count(entry.details, "previous_role");
    const to = count(entry.details, "role");
    return [
      `changed the role of ${person(names, text(entry.details, "user_id"), "a member")}` +
        (from === undefined ? "" : ` from ${roleName(from)}`) +
        (to === undefined ? "" : ` to ${roleName(to)}`),
    ];
  },
  "member.removed": (entry, names) => {
    const who = text(entry.details, "user_id");
    return [who === entry.actor.user_id ? "left the workspace" : `removed ${person(names, who, "a member")}`];
  },
  "invite.created": (entry) => {
    const role = count(entry.details, "role");
    return [
      `invited ${text(entry.details, "invitee_email") ?? "someone"}${role === undefined ? "" : ` as ${roleName(role)}`}`,
    ];
  },
  "invite.accepted": (entry) => {
    const role = count(entry.details, "role");
    return [`accepted an invite${role === undefined ? "" : ` as ${roleName(role)}`}`];
  },
  "invite.rejected": (entry) => [`declined the invite for ${text(entry.details, "invitee_email") ?? "them"}`],
  "invite.revoked": (entry) => [
    `revoked the invite for ${text(entry.details, "invitee_email") ?? "someone"}`,
  ],
  "invite.resent": () => ["sent an invite again"],
  "api_key.created": (entry) => [`created API key ${quoted(text(entry.details, "name"))}`],
  "api_key.updated": (entry) => [`changed an API key${fieldsNote(entry.details)}`],
  "api_key.revoked": () => ["revoked an API key"],
  "service_account.created": (entry) => [`created service account ${quoted(text(entry.details, "name"))}`],
  "service_account.updated": (entry, names) => [
    `changed ${serviceAccount(names, entry.resource_id)}${fieldsNote(entry.details)}`,
  ],
  "service_account.deleted": (entry) => [`deleted service account ${quoted(text(entry.details, "name"))}`],
  "service_account.key_created": (entry, names) => [
    `created key ${quoted(text(entry.details, "name"))} for ${serviceAccount(names, entry.resource_id)}`,
  ],
  "service_account.key_revoked": (entry, names) => [
    `revoked key ${quoted(text(entry.details, "name"))} of ${serviceAccount(names, entry.resource_id)}`,
  ],
  "service_account.trust_added": (entry, names) => [
    `let ${text(entry.details, "issuer") ?? "an OIDC issuer"} act as ${serviceAccount(names, entry.resource_id)}`,
  ],
  "service_account.trust_removed": (entry, names) => [
    `removed an OIDC trust of ${serviceAccount(names, entry.resource_id)}`,
  ],
  "service_account.token_exchanged": (entry, names) => [
    `exchanged a token of ${text(entry.details, "issuer") ?? "an OIDC issuer"} for a key of ${serviceAccount(names, entry.resource_id)}`,
  ],
  "share.viewed": (entry) => {
    const left = count(entry.details, "views_remaining");
    return [`viewed a share link${left === undefined ? "" : ` (${plural(left, "view")} left)`}`];
  },
  "share.revoked": (entry) => {
    const keys = keysOf(entry.details);
    return keys.length ? ["revoked the share link of ", ...listOfKeys(keys)] : ["revoked a share link"];
  },
  "share.burnt": (entry) => {
    const guesses = count(entry.details, "guesses");
    return [
      `burnt a share link${guesses === undefined ? "" : ` after ${plural(guesses, "wrong passphrase")}`}`,
    ];
  },
  "webhook.created": (entry) => [`created a webhook to ${text(entry.details, "url") ?? "an address"}`],
  "webhook.updated": (entry) => [`changed the webhook to ${text(entry.details, "url") ?? "an address"}`],
  "webhook.deleted": (entry) => [`deleted the webhook to ${text(entry.details, "url") ?? "an address"}`],
  "webhook.enabled": (entry) => [`turned on the webhook to ${text(entry.details, "url") ?? "an address"}`],
  "webhook.disabled": (entry) => {
    const reason = text(entry.details, "reason");
    return [
      `turned off the webhook to ${text(entry.details, "url") ?? "an address"}${reason ? ` (${reason.replaceAll("_", " ")})` : ""}`,
    ];
  },
  "workspace.created": (entry) => [`created workspace ${quoted(text(entry.details, "name"))}`],
  "workspace.updated": (entry) => [`changed the workspace's settings${fieldsNote(entry.details)}`],
  "workspace.deleted": (entry) => [`deleted workspace ${quoted(text(entry.details, "name"))}`],
  "workspace.sso_required": () => ["required single sign-on"],
  "workspace.plan_changed": (entry) => [
    `changed the workspace's plan from ${text(entry.details, "previous_plan") ?? "?"} to ${text(entry.details, "plan") ?? "?"}`,
  ],
  "workspace.sso_not_required": () => ["stopped requiring single sign-on"],
  "audit.verified": (entry) => {
    const checked = count(entry.details, "checked");
    const holds = entry.details.holds === true;
    const at = count(entry.details, "break_sequence");
    return [
      `verified the audit trail: ${holds ? "it holds" : `broken at entry #${at ?? "?"}`}` +
        (checked === undefined
          ? ""
          : ` (${checked.toLocaleString("en")} ${checked === 1 ? "entry" : "entries"} checked)`),
    ];
  },
  "audit.verification_key_read": () => ["read the audit trail's verification key"],
};

/** "A, B and C" of keys. */
function listOfKeys(keys: readonly string[]): Phrase {
  return keys.flatMap((key, i) => [...(i === 0 ? [] : [i === keys.length - 1 ? " and " : ", "]), { key }]);
}

/** An action nobody taught this page: "webhook.test" reads "webhook test". */
const unknownPhrase: Describe = (entry) => [entry.action.replaceAll(/[._]/g, " ").trim()];

/**
 * The entry as a phrase whose subject is the actor: "updated STRIPE_KEY in Payments API /
 * Production", "created 3 secrets in Payments API / Development", "revealed STRIPE_KEY". Where
 * a phrase names its own place (a project, an environment of a project) it is not said twice.
 */
export function describeEntry(entry: AuditFacts, names: KnownNames = NO_NAMES): Phrase {
  const what = (PHRASES[entry.action] ?? unknownPhrase)(entry, names);
  const place = entry.action.startsWith("project.")
    ? null
    : entry.action === "environment.created" ||
        entry.action === "environment.updated" ||
        entry.action === "environment.deleted"
      ? entry.project_name
      : placeOf(entry);
  return place ? [...what, ` in ${place}`] : what;
}

/** A phrase as plain text (titles, tests). */
export const phraseText = (phrase: Phrase): string =>
  phrase.map((part) => (typeof part === "string" ? part : part.key)).join("");

/** An item of a bulk operation beside its key: "created, v1", "deleted". */
export function itemNote(item: Pick<AuditFacts, "action" | "version">): string {
  const verb = SECRET_VERBS[item.action] ?? item.action;
  return item.version === null || item.action === "secret.deleted" ? verb : `${verb}, v${item.version}`;
}
