// The OAuth sign-in module's front door (table: identities).
export { oidc } from "./oidc.ts";
export { github, google } from "./providers.ts";
export { oauthRoutes } from "./routes.ts";
export { createOAuthService } from "./service.ts";
