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
}

export const MATRIX = {
  "workspace.read": {
    minRole: Role.Viewer,
    team: false,
    description: "list workspaces / read workspace / list members",
  },
  "workspace.update": { minRole: Role.Owner, team: false, description: "update workspace" },
  "workspace.delete": { minRole: Role.Owner, team: false, description: "delete workspace" },
  "member.invite": { minRole: Role.Owner, team: false, description: "send invite" },
  "member.update_role": { minRole: Role.Owner, team: false, description: "change a member's role" },
  "member.remove": { minRole: Role.Owner, team: false, description: "remove a member" },
  "member.leave": { minRole: Role.Viewer, team: false, description: "leave a workspace (remove oneself)" },
  "invite.list": { minRole: Role.Admin, team: false, description: "list invites" },
  "audit.read": { minRole: Role.Admin, team: false, description: "read the workspace audit log" },
  "team.create": { minRole: Role.Admin, team: false, description: "create team" },
  "team.update": { minRole: Role.Admin, team: false, description: "update team / manage its members" },
  "team.delete": { minRole: Role.Admin, team: false, description: "delete team" },
  "team.list": {
    minRole: Role.Viewer,
    team: false,
    description: "list teams (Viewers and Members are shown only their own)",
  },
  "team.read": { minRole: Role.Viewer, team: true, description: "read team, list its projects" },
  "project.create": { minRole: Role.Admin, team: false, description: "create project" },
  "project.update": { minRole: Role.Admin, team: false, description: "update project" },
  "project.delete": { minRole: Role.Admin, team: false, description: "delete project" },
  "project.read": { minRole: Role.Viewer, team: true, description: "read project, list environments" },
  "environment.create": { minRole: Role.Member, team: true, description: "create / rename environment" },
  "environment.delete": { minRole: Role.Admin, team: false, description: "delete environment" },
  "secret.read": { minRole: Role.Viewer, team: true, description: "list / read secrets, logs, versions" },
  "secret.write": {
    minRole: Role.Member,
    team: true,
    description: "create / update / delete one secret, bulk create / update, share, import preview",
  },
  "share_link.list": {
    minRole: Role.Viewer,
    team: false,
    description: "list share links (Viewers and Members see the ones they made)",
  },
  "share_link.manage_all": {
    minRole: Role.Admin,
    team: false,
    description: "see and revoke every share link of the workspace (anyone may revoke their own)",
  },
  "secret.delete_all": {
    minRole: Role.Owner,
    team: false,
    description: "delete every secret in an environment",
  },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof MATRIX;

/** What a principal is, within one workspace. */
export interface Membership {
  role: number;
  /** Ids of the teams the caller belongs to in this workspace. */
  teamIds?: ReadonlySet<string>;
}

/** The resource's place in the hierarchy, as far as the policy cares. */
export interface ResourceScope {
  teamId?: string;
}

/** Admins and Owners see every team; Viewers and Members only the teams they belong to. */
export const seesEveryTeam = (member: Pick<Membership, "role">): boolean => member.role >= Role.Admin;

export function can(member: Membership, action: Action, resource: ResourceScope = {}): boolean {
  const rule: Rule = MATRIX[action];
  if (member.role < rule.minRole) return false;
  // A team rule asked without a team cannot be proven: it fails closed.
  if (rule.team && !seesEveryTeam(member)) {
    return resource.teamId !== undefined && (member.teamIds?.has(resource.teamId) ?? false);
  }
  return true;
}

/** The matrix as docs/permissions.md shows it (a test keeps the two identical). */
export function renderPermissionTable(): string {
  const rows = Object.entries(MATRIX).map(
    ([action, rule]) =>
      `| \`${action}\` | ${rule.description} | ${ROLE_NAMES[rule.minRole]} | ${rule.team ? "yes" : "no"} |`,
  );
  return [
    "| action | what it covers | lowest role | Viewers/Members must be in the team |",
    "|---|---|---|---|",
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
  "api_key.create": { session: true, secondFactor: true, description: "mint an API key" },
  "api_key.update": { session: true, secondFactor: true, description: "change an API key" },
  "api_key.revoke": {
    session: true,
    secondFactor: false,
    description: "revoke an API key (a key may always revoke itself)",
  },
  "session.revoke": { session: true, secondFactor: false, description: "end one or every session" },
  "account.delete": { session: true, secondFactor: true, description: "delete the account" },
  "account.change_password": { session: true, secondFactor: true, description: "change the password" },
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

/** Whether the action asks for the current two-factor code of an account that has two-factor sign-in. */
export const needsSecondFactor = (action: AccountAction, account: { twoFactor: boolean }): boolean =>
  account.twoFactor && ACCOUNT_ACTIONS[action].secondFactor;

/**
 * Whether a member may act in a workspace: one that requires two-factor sign-in lets in only
 * members who have it (each of them is told how to set it up).
 */
export const meetsWorkspaceRequirements = (
  workspace: { requiresTwoFactor: boolean },
  member: { twoFactor: boolean },
): boolean => !workspace.requiresTwoFactor || member.twoFactor;

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
