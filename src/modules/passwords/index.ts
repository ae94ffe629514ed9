// The passwords module's front door: change, forgot, reset (table: password_resets).
export { passwordsRoutes } from "./routes.ts";
export { createPasswordsService, purgeResets } from "./service.ts";
