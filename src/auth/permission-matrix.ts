// One file on purpose: the whole permission matrix (DESIGN.md §5) reads as one table.
// policy.ts holds the decisions that read it and is where the rest of the code imports it from.

export const Role = { Viewer: 0, Member: 1, Admin: 2, Owner: 3 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];
export const ROLE_NAMES: Record<number, string> = { 0: "Viewer", 1: "Member", 2: "Admin", 3: "Owner" };

export interface Rule {
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
