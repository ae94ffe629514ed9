// How the workspace audit trail reads, without the network: each entry as a phrase naming what
// (a secret's key as it was named then, a bulk operation's count and keys) and where (project /
// environment, as named then), and the choices of the action filter. Each action's phrase is in
// audit-phrases.ts, what it reads of an entry in audit-details.ts; the filters themselves are in
// audit-filters.ts (the route table reads them).
import { type AuditFacts, type KnownNames, NO_NAMES, type Phrase, placeOf } from "./audit-details.ts";
import { PHRASES, unknownPhrase } from "./audit-phrases.ts";

// The screens and their tests read an entry's facts through this file.
export { type AuditFacts, bulkKeys, type KnownNames, type Phrase } from "./audit-details.ts";

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
