// The service-accounts module's front door (tables: service_accounts, service_account_teams,
// service_account_keys, service_account_trusts, oidc_token_uses).
export { endServiceAccountsOfClaim } from "./claims.ts";
export { purgeExpired as purgeExchangedTokens, standingOf as serviceAccountStanding } from "./repo.ts";
export { oidcExchangeRoute, serviceAccountsRoutes } from "./routes.ts";
export { createServiceAccountsService, type ServiceAccountsService } from "./service.ts";
