// THE permission matrix (DESIGN.md §5) as data, and the one function that reads it.
// Routes ask can(); nothing else decides who may do what.

export const Role = { Viewer: 0, Member: 1, Admin: 2, Owner: 3 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];
export const ROLE_NAMES: Record<number, string> = { 0: "Viewer", 1: "Member", 2: "Admin", 3: "Owner" };

interface Rule {
  /** Lowest workspace role allowed. */
  minRole: RoleValue;
  /** Viewers and Members must also belong to the resource's team (Admins and Owners see every team). */
  team: boolean;
  description: string;
  /** Whether a read-only key may take it (nothing changes). */
  reads: boolean;
  /**
   * The narrowest grant a key can hold it through: a key narrowed to projects or environments
   * reaches only actions on them ("project": a granted project; "environment": a granted
   * environment, or one of a granted project). "workspace": only keys not narrowed.
   */
  within: "workspace" | "project" | "environment";
  /**
   * Whether the action grants or widens power: lets someone into the workspace, raises what they
   * may do, loosens how they must sign in, or sets up something that acts (or listens) after the
   * credential that made it is gone. Only a session may take it, with the current two-factor code
   * when the account has two-factor sign-in: a leaked API key must not make itself permanent.
   */
  grants: boolean;
  /**
   * Whether it writes into an environment (its secrets, or what it inherits): on one an Admin has
   * marked protected, it needs Admin, whatever the lowest role above says (issue 36).
   */
  writesInto?: true;
}

/** The lowest role that may write into a protected environment. */
export const PROTECTED_MIN_ROLE = Role.Admin;

export const MATRIX = {
  "workspace.read": {
    minRole: Role.Viewer,
    team: false,
    description: "list workspaces / read workspace / list members",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "workspace.update": {
    minRole: Role.Owner,
    team: false,
    description: "update workspace",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "workspace.sign_in_requirements": {
    minRole: Role.Owner,
    team: false,
    description: "require two-factor sign-in or single sign-on of every member",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "workspace.relax_sign_in": {
    minRole: Role.Owner,
    team: false,
    description: "stop requiring two-factor sign-in or single sign-on",
    reads: false,
    within: "workspace",
    grants: true,
  },
  "workspace.delete": {
    minRole: Role.Owner,
    team: false,
    description: "delete workspace",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "member.invite": {
    minRole: Role.Owner,
    team: false,
    description: "send an invite, or send it again",
    reads: false,
    within: "workspace",
    grants: true,
  },
  "invite.withdraw": {
    minRole: Role.Owner,
    team: false,
    description: "withdraw a pending invite",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "member.update_role": {
    minRole: Role.Owner,
    team: false,
    description: "change a member's role",
    reads: false,
    within: "workspace",
    grants: true,
  },
  "member.remove": {
    minRole: Role.Owner,
    team: false,
    description: "remove a member",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "member.leave": {
    minRole: Role.Viewer,
    team: false,
    description: "leave a workspace (remove oneself)",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "workspace.switch": {
    minRole: Role.Viewer,
    team: false,
    description: "make a workspace the credential's current one",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "invite.list": {
    minRole: Role.Admin,
    team: false,
    description: "list invites",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "audit.read": {
    minRole: Role.Admin,
    team: false,
    description: "read the workspace audit log",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "audit.verify": {
    minRole: Role.Admin,
    team: false,
    description: "verify the audit log's chain (recorded)",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "audit.verification_key": {
    minRole: Role.Owner,
    team: false,
    description: "fetch the key that verifies (and could forge) an exported audit log",
    reads: true,
    within: "workspace",
    // The key could forge entries: a session (and its second factor), never an API key.
    grants: true,
  },
  "team.create": {
    minRole: Role.Admin,
    team: false,
    description: "create team",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "team.update": {
    minRole: Role.Admin,
    team: false,
    description: "rename a team, remove a member from it",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "team.add_member": {
    minRole: Role.Admin,
    team: false,
    description: "add a member to a team (they reach its projects)",
    reads: false,
    within: "workspace",
    grants: true,
  },
  "team.delete": {
    minRole: Role.Admin,
    team: false,
    description: "delete team",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "team.list": {
    minRole: Role.Viewer,
    team: false,
    description: "list teams (Viewers and Members are shown only their own)",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "team.read": {
    minRole: Role.Viewer,
    team: true,
    description: "read team, list its projects",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "project.create": {
    minRole: Role.Admin,
    team: false,
    description: "create project",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "project.update": {
    minRole: Role.Admin,
    team: false,
    description: "update project",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "project.delete": {
    minRole: Role.Admin,
    team: false,
    description: "delete project",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "project.read": {
    minRole: Role.Viewer,
    team: true,
    description: "read project, list environments",
    reads: true,
    within: "project",
    grants: false,
  },
  "environment.create": {
    minRole: Role.Member,
    team: true,
    description:
      "create / rename environment, change its rotation policy and which environments may reference it",
    reads: false,
    within: "workspace",
    grants: false,
    writesInto: true,
  },
  "environment.set_inheritance": {
    minRole: Role.Admin,
    team: false,
    description:
      "choose, change or remove the parent an environment inherits secrets from (on create or update): what it runs with changes",
    reads: false,
    within: "workspace",
    grants: false,
    writesInto: true,
  },
  "environment.protect": {
    minRole: Role.Admin,
    team: false,
    description:
      "mark an environment protected, or no longer (on create or update): writes into a protected one need Admin",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "environment.delete": {
    minRole: Role.Admin,
    team: false,
    description: "delete environment",
    reads: false,
    within: "workspace",
    grants: false,
    writesInto: true,
  },
  "secret.read": {
    minRole: Role.Viewer,
    team: true,
    description:
      "list / read secrets (by id or key, raw text included; export the environment), logs, versions, the " +
      "environment's timeline, and the recently deleted ones; a reference resolves only into environments the caller, " +
      "and whoever wrote a value on its way there, may `secret.read` too (and that accept references from where it " +
      "comes), and reading an environment that inherits needs `secret.read` on each parent",
    reads: true,
    within: "environment",
    grants: false,
  },
  "secret.search": {
    minRole: Role.Viewer,
    team: false,
    description:
      "search the workspace's secrets by key and description (never values); each result must also pass " +
      "`secret.read` on its environment, so Viewers and Members find only their teams' secrets",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "secret.write": {
    minRole: Role.Member,
    team: true,
    description:
      "create / update / delete one secret or several, bulk create / update, share, import preview; a value written " +
      "(or rolled back, restored) may reference only environments the writer may `secret.read`",
    reads: false,
    within: "environment",
    grants: false,
    writesInto: true,
  },
  "secret.rollback": {
    minRole: Role.Member,
    team: true,
    description: "roll a secret back to an earlier version (a new version with that value)",
    reads: false,
    within: "environment",
    grants: false,
    writesInto: true,
  },
  "secret.restore": {
    minRole: Role.Member,
    team: true,
    description: "restore a deleted secret, with its versions, while it is recoverable",
    reads: false,
    within: "environment",
    grants: false,
    writesInto: true,
  },
  "share_link.list": {
    minRole: Role.Viewer,
    team: false,
    description: "list share links (Viewers and Members see the ones they made)",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "share_link.revoke": {
    minRole: Role.Viewer,
    team: false,
    description: "revoke a share link one made (Admins and Owners: any link, as share_link.manage_all says)",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "share_link.manage_all": {
    minRole: Role.Admin,
    team: false,
    description: "see and revoke every share link of the workspace (anyone may revoke their own)",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "service_account.grant": {
    minRole: Role.Admin,
    team: false,
    description: "create or change a service account, mint its keys, add an OIDC trust",
    reads: false,
    within: "workspace",
    grants: true,
  },
  "service_account.revoke": {
    minRole: Role.Admin,
    team: false,
    description: "disable or delete a service account, revoke its keys, remove a trust",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "service_account.list": {
    minRole: Role.Admin,
    team: false,
    description: "list service accounts, their keys and trusts",
    reads: true,
    within: "workspace",
    grants: false,
  },
  // Narrowed keys cannot empty an environment: one call would undo everything they guard.
  "webhook.manage": {
    minRole: Role.Admin,
    team: false,
    description:
      "create and change the workspace's webhooks (disable or re-enable included), rotate their signing secrets",
    reads: false,
    within: "workspace",
    grants: true,
  },
  "webhook.test": {
    minRole: Role.Admin,
    team: false,
    description: "send a webhook a test event, deliver one of its deliveries again",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "webhook.delete": {
    minRole: Role.Admin,
    team: false,
    description: "delete a webhook",
    reads: false,
    within: "workspace",
    grants: false,
  },
  "webhook.list": {
    minRole: Role.Admin,
    team: false,
    description: "list the workspace's webhooks and their delivery logs (never a signing secret)",
    reads: true,
    within: "workspace",
    grants: false,
  },
  "secret.delete_all": {
    minRole: Role.Owner,
    team: false,
    description: "delete every secret in an environment",
    reads: false,
    within: "workspace",
    grants: false,
    writesInto: true,
  },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof MATRIX;

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

// Account actions (issue 18): what the credential must be. A leaked API key must not be able to
// make itself permanent, so minting or changing keys, ending sessions, deleting the account,
// changing the password and managing two-factor sign-in need an interactive session. Those that
// hand out or keep power also need the second factor when the account has one; revocations do
// not, so that someone who fears a compromise can always end it in one step.
interface AccountRule {
  session: boolean;
  secondFactor: boolean;
  description: string;
}

export const ACCOUNT_ACTIONS = {
  "api_key.create": {
    session: true,
    secondFactor: true,
    description: "mint an API key",
  },
  "api_key.update": {
    session: true,
    secondFactor: true,
    description: "change an API key",
  },
  "api_key.revoke": {
    session: true,
    secondFactor: false,
    description: "revoke an API key (a key may always revoke itself)",
  },
  "session.revoke": {
    session: true,
    secondFactor: false,
    description: "end one or every session",
  },
  "account.delete": {
    session: true,
    secondFactor: true,
    description: "delete the account",
  },
  "account.change_password": {
    session: true,
    secondFactor: true,
    description: "change the password",
  },
  "device.review": {
    session: true,
    secondFactor: false,
    description: "look up or deny a device (the CLI) waiting to be signed in",
  },
  "device.approve": {
    session: true,
    secondFactor: true,
    description: "sign a device (the CLI) in to the account",
  },
  "two_factor.manage": {
    session: true,
    secondFactor: true,
    description: "set up, turn off, or renew the recovery codes of two-factor sign-in",
  },
} as const satisfies Record<string, AccountRule>;

export type AccountAction = keyof typeof ACCOUNT_ACTIONS;

/** The credential as far as account actions care. */
export interface Credential {
  kind: "session" | "api_key";
  apiKeyId: string | null;
}

/** Whether the credential may take the action (the target: the API key an action is about). */
export function credentialMay(
  credential: Credential,
  action: AccountAction,
  target: { apiKeyId?: string } = {},
): boolean {
  const rule: AccountRule = ACCOUNT_ACTIONS[action];
  if (!rule.session || credential.kind === "session") return true;
  return (
    action === "api_key.revoke" && target.apiKeyId !== undefined && target.apiKeyId === credential.apiKeyId
  );
}

/** How a session's sign-in was proven. */
export const SIGN_IN_METHODS = ["password", "google", "github", "oidc"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A stored method this code knows, else null (rows from before migration 0016 have none). */
export const asSignInMethod = (stored: string | null): SignInMethod | null =>
  SIGN_IN_METHODS.find((method) => method === stored) ?? null;

/** What a workspace asks of the people who reach it (Owners set both). */
export interface WorkspaceRequirements {
  requiresTwoFactor: boolean;
  /** Sessions must come from the deployment's OpenID Connect provider. */
  requiresSso: boolean;
}

/** A member as far as the requirements care: their account, and the credential they act through. */
export interface MemberStanding {
  twoFactor: boolean;
  credential: { kind: "session" | "api_key"; signInMethod: SignInMethod | null };
}

/**
 * The workspace's first requirement the member does not meet, or null when they may act in it.
 * Two-factor sign-in is asked of the account, whatever the credential. Single sign-on is asked of
 * sessions only: API keys (personal ones and service accounts') are automation, which has no
 * browser to go through the provider with.
 */
export function unmetRequirement(
  workspace: WorkspaceRequirements,
  member: MemberStanding,
): "two_factor" | "sso" | null {
  if (workspace.requiresTwoFactor && !member.twoFactor) return "two_factor";
  if (
    workspace.requiresSso &&
    member.credential.kind === "session" &&
    member.credential.signInMethod !== "oidc"
  )
    return "sso";
  return null;
}

/**
 * Why an Owner may not make single sign-on a requirement, or null when they may: the deployment
 * must offer it, and the Owner must be signed in through it (else the change would lock them out).
 */
export function ssoRequirementRefusal(
  deployment: { ssoConfigured: boolean },
  credential: { kind: "session" | "api_key"; signInMethod: SignInMethod | null },
): "not_configured" | "not_signed_in_with_sso" | null {
  if (!deployment.ssoConfigured) return "not_configured";
  if (credential.kind !== "session" || credential.signInMethod !== "oidc") return "not_signed_in_with_sso";
  return null;
}

/** The account actions as docs/credentials.md shows them (a test keeps the two identical). */
export function renderAccountActionTable(): string {
  const rows = Object.entries(ACCOUNT_ACTIONS).map(
    ([action, rule]) =>
      `| \`${action}\` | ${rule.description} | ${rule.session ? "session only" : "session or API key"} | ${rule.secondFactor ? "yes" : "no"} |`,
  );
  return [
    "| action | what it covers | credential | two-factor code when the account has it |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

// Instance actions (issue 36): what the people who run this Coffer server (COFFER_OPERATORS) may do
// across every workspace. The power spans tenants, so only a person may hold it: a session of a
// verified account whose email the configuration names, never an API key (a leaked key must not
// reach every workspace), and the second factor for a change when the account has it. Everyone
// else is answered 404, as if the page did not exist: the instance's operators are not advertised.
interface InstanceRule {
  secondFactor: boolean;
  description: string;
}

export const INSTANCE_ACTIONS = {
  "instance.list_workspaces": {
    secondFactor: false,
    description: "list every workspace of the instance with its plan, member count and creation date",
  },
  "instance.set_plan": {
    secondFactor: true,
    description: "change any workspace's plan",
  },
} as const satisfies Record<string, InstanceRule>;

export type InstanceAction = keyof typeof INSTANCE_ACTIONS;

/** Whether the account is one of the instance's operators (a verified email the configuration names). */
export const isInstanceOperator = (
  account: { email: string; emailVerified: boolean },
  operators: readonly string[],
): boolean => account.emailVerified && operators.includes(account.email.toLowerCase());

/** Whether the credential's account may take an instance action (the second factor is asked apart). */
export const instanceActionAllowed = (
  account: { email: string; emailVerified: boolean },
  credential: { kind: "session" | "api_key" },
  operators: readonly string[],
): boolean => credential.kind === "session" && isInstanceOperator(account, operators);

/** The instance actions as docs/permissions.md shows them (a test keeps the two identical). */
export function renderInstanceActionTable(): string {
  const rows = Object.entries(INSTANCE_ACTIONS).map(
    ([action, rule]: [string, InstanceRule]) =>
      `| \`${action}\` | ${rule.description} | an operator's verified account (COFFER_OPERATORS), session only | ${rule.secondFactor ? "yes" : "no"} |`,
  );
  return [
    "| action | what it covers | who | two-factor code when the account has it |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}
