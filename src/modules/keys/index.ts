// The API keys module's front door (table: api_keys).
export { keyName } from "./repo.ts";
export { type KeyReach, keysRoutes } from "./routes.ts";
export { KeyLifetime, KeyScopeFields, KeyScopeRecord } from "./schemas.ts";
export { checkScopeTargets, createKeysService, type KeysService, type ScopeTargets } from "./service.ts";
