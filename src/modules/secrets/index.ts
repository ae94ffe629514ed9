// The secrets module's front door (tables: secrets, secret_versions).
export { secretsRoutes } from "./routes.ts";
export { KEY_PATTERN, LIMITS, SecretRecord } from "./schemas.ts";
export { secretValues } from "./sealed-values.ts";
export { createSecretsService, type SecretsService } from "./service.ts";
