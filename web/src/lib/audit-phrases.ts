// What each action of the audit trail reads as, its actor being the subject: "created STRIPE_KEY",
// "changed the role of ada@example.com from Member to Admin". An action missing here reads as its name.
import {
  type AuditFacts,
  BULK_VERBS,
  bulkKeys,
  changesNote,
  count,
  fieldsNote,
  type KnownNames,
  keysOf,
  listOfKeys,
  type Phrase,
  quoted,
  text,
} from "./audit-details.ts";
import { describeSignInMethod } from "./people.ts";
import { roleName } from "./permissions.ts";
import { pluralGrouped } from "./plural.ts";

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

const READ_HOWS: Record<string, string> = {
  list: "list",
  export: "export",
  as_of: "as of an earlier moment",
  compare: "comparing environments",
  restore_preview: "restore preview",
  import: "import preview",
};

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
    return [`imported ${pluralGrouped(n, "secret")}${source ? ` from ${source}` : ""}`];
  }
  if (entry.action === "environment.restored") {
    const at = text(entry.details, "at");
    const moment = at && !Number.isNaN(Date.parse(at)) ? ` as of ${new Date(at).toLocaleString()}` : "";
    return [`restored ${pluralGrouped(n, "secret")}${moment}`];
  }
  return [`${verb} ${pluralGrouped(n, "secret")}`];
};

export const PHRASES: Record<string, Describe> = {
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
    return [
      `read ${pluralGrouped(n, "secret")}${how ? ` (${READ_HOWS[how] ?? how.replaceAll("_", " ")})` : ""}`,
    ];
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
      return n ? [pluralGrouped(n, noun)] : [];
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
    return [`viewed a share link${left === undefined ? "" : ` (${pluralGrouped(left, "view")} left)`}`];
  },
  "share.revoked": (entry) => {
    const keys = keysOf(entry.details);
    return keys.length ? ["revoked the share link of ", ...listOfKeys(keys)] : ["revoked a share link"];
  },
  "share.burnt": (entry) => {
    const guesses = count(entry.details, "guesses");
    return [
      `burnt a share link${guesses === undefined ? "" : ` after ${pluralGrouped(guesses, "wrong passphrase")}`}`,
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

/** An action nobody taught this page: "webhook.test" reads "webhook test". */
export const unknownPhrase: Describe = (entry) => [entry.action.replaceAll(/[._]/g, " ").trim()];
