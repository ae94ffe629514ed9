// Authentication for every route that does not say `config: { public: true }`: secure by default.
// `X-API-Key: sk-…`, `Authorization: Bearer sk-…` (API key) or `Authorization: Bearer <jwt>` (session).
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Principal } from "../auth/principal.ts";
import { AppError } from "../errors.ts";
import type { CredentialCheck } from "./credential-check.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route needs no credential. */
    public?: boolean;
    /** The route reads a credential when one is sent but does not require it. */
    optionalAuth?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function registerAuthentication(app: FastifyInstance, credentials: CredentialCheck): void {
  app.decorateRequest("principal", null);
  const authenticateRequest: onRequestAsyncHookHandler = async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const principal = credentials.principalOf(request);
    if (!principal) {
      if (config.optionalAuth) return;
      throw new AppError("not_authenticated", "Not authenticated: send an API key or a session token", {
        headers: { "www-authenticate": "Bearer" },
      });
    }
    request.principal = await principal;
  };
  // A route-level hook, appended after the rate limiter's (registered first), so that requests
  // with bad credentials are counted too. Unknown routes fall through to the JSON 404.
  app.addHook("onRoute", (route) => {
    const existing = route.onRequest;
    route.onRequest = [
      ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
      authenticateRequest,
    ];
  });
}

/** The authenticated principal of a route that requires one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError("not_authenticated", "Not authenticated");
  return request.principal;
}
