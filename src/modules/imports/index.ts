// The imports module's front door: secrets imported from other platforms (no table of its own).
export { MAX_PAGES } from "./providers/types.ts";
export { importsRoutes } from "./routes.ts";
export { IMPORT_SCHEMAS } from "./schemas.ts";
export { createImportsService, MASK } from "./service.ts";
