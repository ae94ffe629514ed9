// The service-accounts module's use cases, composed from its parts.
import { createServiceAccountsCore, type ServiceAccountsDeps } from "./core.ts";
import { createServiceAccountKeys } from "./keys.ts";
import { createOidcExchange } from "./oidc-exchange.ts";
import { createServiceAccountTrusts } from "./trusts.ts";

export type { ServiceAccountsDeps };

export function createServiceAccountsService(deps: ServiceAccountsDeps) {
  const core = createServiceAccountsCore(deps);
  const keys = createServiceAccountKeys(deps, core);
  return {
    list: core.list,
    get: core.get,
    create: core.create,
    update: core.update,
    delete: core.delete,
    keys: { mint: keys.mint, list: keys.list, revoke: keys.revoke },
    trusts: createServiceAccountTrusts(deps, core),
    authenticateKey: keys.authenticate,
    exchangeOidcToken: createOidcExchange(deps, keys),
  };
}

export type ServiceAccountsService = ReturnType<typeof createServiceAccountsService>;
