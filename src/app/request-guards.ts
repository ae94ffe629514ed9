// Who is asking and whether they may: the second-factor proof, rate limits, authentication, a
// key's scope, the account-action guard, and the OpenAPI document that describes them.
import type { FastifyInstance } from "fastify";
import { SERVICE_KEY_PREFIX } from "../crypto/tokens.ts";
import { registerAccountGuard, registerSecondFactorProof } from "../http/account-guard.ts";
import { registerAuthentication } from "../http/auth.ts";
import { createCredentialCheck } from "../http/credential-check.ts";
import { registerKeyScopeCheck } from "../http/key-scope-check.ts";
import { registerOpenApi } from "../http/openapi.ts";
import { countedStore, registerRateLimit } from "../http/rate-limit.ts";
import { registerTeamMemberships } from "../http/scope.ts";
import { teamIdsOf } from "../modules/teams/index.ts";
import type { AppDeps } from "./deps.ts";
import type { Platform } from "./platform.ts";
import type { Services } from "./services.ts";

/** Registers the guards and answers the rate limit the sign-in and token routes take. */
export async function registerRequestGuards(
  app: FastifyInstance,
  { config }: AppDeps,
  { budgets, counters }: Platform,
  { twoFactor, serviceAccounts, keys, sessions }: Services,
) {
  registerSecondFactorProof(app, twoFactor, budgets.secondFactor);
  registerTeamMemberships(app, teamIdsOf);
  // The rate limit counts before authentication does, so bad credentials are counted too.
  const credentials = createCredentialCheck(
    {
      // The prefix tells a service account's key from a person's: one lookup either way.
      authenticateApiKey: (token, address) =>
        token.startsWith(SERVICE_KEY_PREFIX)
          ? serviceAccounts.authenticateKey(token, address)
          : keys.authenticateApiKey(token, address),
      authenticateAccessToken: sessions.authenticateAccessToken,
    },
    config.rateLimitPerMinute,
    counters,
  );
  const authRateLimit = await registerRateLimit(
    app,
    config.rateLimitPerMinute,
    credentials,
    countedStore(counters),
  );
  registerAuthentication(app, credentials);
  registerKeyScopeCheck(app);
  registerAccountGuard(app);
  await registerOpenApi(app, config.debug, config.publicUrl);
  return authRateLimit;
}
