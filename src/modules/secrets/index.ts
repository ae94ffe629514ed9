// The secrets module's front door (tables: secrets, secret_versions, deleted_secrets,
// deleted_secret_versions).
export { secretsRoutes } from "./routes.ts";
export { KEY_PATTERN, LIMITS, SecretRecord } from "./schemas.ts";
export { deletedSecretValues, secretValues } from "./sealed-values.ts";
export { createSecretsService, type SecretsService } from "./service.ts";
export { purgeTrash as purgeDeletedSecrets } from "./store/index.ts";
