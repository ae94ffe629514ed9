// The e-mail verification module's front door (table: one_time_codes).
export { verificationRoutes } from "./routes.ts";
export { createVerificationService, purgeCodes } from "./service.ts";
