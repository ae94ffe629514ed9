// The secrets module's front door (tables: secrets, secret_versions, deleted_secrets,
// deleted_secret_versions). Its rooms (store, values, references, history, views) each have a front
// door of their own: docs/development.md, "The secrets module has rooms".
export { secretsRoutes } from "./routes.ts";
export { KEY_PATTERN, LIMITS, SecretRecord } from "./schemas.ts";
export { deletedSecretValues, secretValues } from "./sealed-values.ts";
export { createSecretsService, type SecretsService } from "./service.ts";
export { purgeTrash as purgeDeletedSecrets } from "./store/index.ts";
