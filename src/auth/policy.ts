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

/** The matrix as the README shows it (a test keeps the two identical). */
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
