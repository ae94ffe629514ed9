// The API keys module's front door (table: api_keys).
export { keyName } from "./repo.ts";
export { keysRoutes } from "./routes.ts";
export { createKeysService, type KeysService } from "./service.ts";
