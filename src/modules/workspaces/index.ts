// The workspaces module's front door (tables: workspaces, workspace_members), with the plans.

export { everyWorkspace, workspacesNamed } from "./instance.ts";
export { createPlans, type Plans } from "./plans.ts";
export {
  allWorkspaces,
  countMembers,
  countMemberships,
  deleteWorkspaces,
  findWorkspace,
  firstMembership,
  foundingOf,
  insertMember,
  lockWorkspace,
  MEMBER_COLUMNS,
  memberIdsOf,
  planOf,
  roleOf,
  updateWorkspace,
  type WorkspaceRow,
  workspacesSolelyOwnedBy,
} from "./repo.ts";
export { workspacesRoutes } from "./routes.ts";
export { Deleted, Removed, RoleValue, WorkspaceRecord } from "./schemas.ts";
export { createWorkspacesService, type WorkspacesService } from "./service.ts";
