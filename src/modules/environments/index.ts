// The environments module's front door (table: environments).
export type { EnvironmentRow } from "./repo.ts";
export { environmentsRoutes, pathOf } from "./routes.ts";
export { EnvironmentParams } from "./schemas.ts";
export {
  createEnvironmentsService,
  ENVIRONMENT_TYPES,
  type EnvironmentPath,
  type EnvironmentsService,
} from "./service.ts";
