// The instance module's front door: what the instance's operators do across workspaces (no table of its own).
export { instanceAdminRoutes } from "./routes.ts";
export {
  COMMAND_LINE_OPERATOR,
  changePlan,
  createInstanceAdmin,
  type InstanceAdmin,
  type PlanChanger,
  recordOperatorEvent,
} from "./service.ts";
