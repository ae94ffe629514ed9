// The projects module's front door (table: projects).
export { projectsRoutes } from "./routes.ts";
export { ProjectRecord } from "./schemas.ts";
export { createProjectsService, type ProjectsService } from "./service.ts";
