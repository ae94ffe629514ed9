// THE permission matrix (DESIGN.md §5) as data, and the one function that reads it.
// Routes ask can(); nothing else decides who may do what. The matrix itself is in
// permission-matrix.ts, the account and instance actions beside it; everything imports them from here
// (the dashboard too, which the dependency rules let import this file alone).

export * from "./account-actions.ts";
export * from "./instance-actions.ts";
export * from "./permission-matrix.ts";

import { type Action, MATRIX, PROTECTED_MIN_ROLE, ROLE_NAMES, Role, type Rule } from "./permission-matrix.ts";

/**
 * How far a key reaches beyond its holder's role (issue 21): a key may do what its holder's role
 * allows AND what its scope allows. null fields do not narrow.
 */
export interface KeyScope {
  /** The one workspace the key reaches. */
  workspaceId: string | null;
  /** "read": no action that changes anything. */
  access: "read" | "read_write";
  projectIds: readonly string[] | null;
  environmentIds: readonly string[] | null;
}

export const KEY_ACCESS = ["read", "read_write"] as const;

/** Whether the scope narrows anything (an unscoped personal key has the full reach of its holder). */
export const narrowsAnything = (scope: KeyScope): boolean =>
  scope.workspaceId !== null ||
  scope.access === "read" ||
  scope.projectIds !== null ||
  scope.environmentIds !== null;

/** What a principal is, within one workspace. */
export interface Membership {
  role: number;
  /** Ids of the teams the caller belongs to in this workspace. */
  teamIds?: ReadonlySet<string>;
  /** The acting key's scope; none for a session or an unscoped key. */
  scope?: KeyScope | null;
}

/** The resource's place in the hierarchy, as far as the policy cares. */
export interface ResourceScope {
  workspaceId?: string;
  teamId?: string;
  projectId?: string;
  environmentId?: string;
  /** Whether the environment is protected (unknown: not; every write path knows its environment). */
  environmentProtected?: boolean;
}

/** Whether a key's scope reaches the action on the resource (the role is asked separately). */
/** Whether a key's scope reaches the workspace at all: a bound key reaches its own only. */
export const scopeReachesWorkspace = (scope: KeyScope | null | undefined, workspaceId: string): boolean =>
  !scope || scope.workspaceId === null || scope.workspaceId === workspaceId;

export function keyScopeAllows(
  scope: KeyScope | null | undefined,
  action: Action,
  resource: ResourceScope,
): boolean {
  if (!scope) return true;
  const rule: Rule = MATRIX[action];
  if (scope.access === "read" && !rule.reads) return false;
  if (scope.workspaceId !== null && resource.workspaceId !== scope.workspaceId) return false;
  if (scope.projectIds === null && scope.environmentIds === null) return true;
  if (rule.within === "workspace") return false;
  // Unknown ids prove nothing: the check fails closed.
  const inProject =
    resource.projectId !== undefined && (scope.projectIds?.includes(resource.projectId) ?? false);
  if (rule.within === "project") return inProject;
  const inEnvironment =
    resource.environmentId !== undefined && (scope.environmentIds?.includes(resource.environmentId) ?? false);
  return inProject || inEnvironment;
}

/** Admins and Owners see every team; Viewers and Members only the teams they belong to. */
export const seesEveryTeam = (member: Pick<Membership, "role">): boolean => member.role >= Role.Admin;

/** Why the policy refuses, or null when it allows: the role, the team, or the key's scope. */
export function refusal(
  member: Membership,
  action: Action,
  resource: ResourceScope = {},
): "role" | "team" | "key_scope" | "protected" | null {
  const rule: Rule = MATRIX[action];
  if (member.role < rule.minRole) return "role";
  // A team rule asked without a team cannot be proven: it fails closed.
  if (
    rule.team &&
    !seesEveryTeam(member) &&
    !(resource.teamId !== undefined && (member.teamIds?.has(resource.teamId) ?? false))
  ) {
    return "team";
  }
  if (!keyScopeAllows(member.scope, action, resource)) return "key_scope";
  // A key acts with its holder's role: an Admin's key (or an Admin service account's) may write.
  if (rule.writesInto && resource.environmentProtected === true && member.role < PROTECTED_MIN_ROLE) {
    return "protected";
  }
  return null;
}

/**
 * Whether the credential may take the action at all: one that grants power needs a session (a
 * person signed in), never an API key — a personal one or a service account's. The two-factor code
 * is asked separately, of sessions whose account has it.
 */
export const credentialMayGrant = (action: Action, credential: { kind: "session" | "api_key" }): boolean =>
  !MATRIX[action].grants || credential.kind === "session";

/**
 * Which environments' values may reference an environment (its `references_from`), besides its
 * own: any (the default; the reader and the writers must still be allowed to read it), those of its own
 * project, or none. Inheriting is not referencing.
 */
export const REFERENCE_SOURCES = ["anywhere", "project", "nowhere"] as const;
export type ReferenceSource = (typeof REFERENCE_SOURCES)[number];

/** Whether a value of `from` may reference `target`, as the target's `references_from` says. */
export function referenceAccepted(
  target: { id: string; projectId: string; referencesFrom: string },
  from: { id: string; projectId: string },
): boolean {
  if (target.id === from.id || target.referencesFrom === "anywhere") return true;
  // Anything else stored fails closed.
  return target.referencesFrom === "project" && target.projectId === from.projectId;
}

/** Whether the member (acting through its credential) may take the action on the resource. */
export const can = (member: Membership, action: Action, resource: ResourceScope = {}): boolean =>
  refusal(member, action, resource) === null;

/** The matrix as docs/permissions.md shows it (a test keeps the two identical). */
export function renderPermissionTable(): string {
  const narrowed = {
    workspace: "no",
    project: "a granted project",
    environment: "a granted environment or project",
  };
  const rows = Object.entries(MATRIX).map(
    ([action, rule]: [string, Rule]) =>
      `| \`${action}\` | ${rule.description} | ${ROLE_NAMES[rule.minRole]} | ${rule.team ? "yes" : "no"} | ${rule.reads ? "yes" : "no"} | ${narrowed[rule.within]} | ${rule.grants ? "session only, with the two-factor code" : "session or API key"} | ${rule.writesInto ? ROLE_NAMES[PROTECTED_MIN_ROLE] : "as elsewhere"} |`,
  );
  return [
    "| action | what it covers | lowest role | Viewers/Members must be in the team | read-only key | key narrowed to projects/environments | credential | on a protected environment |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
