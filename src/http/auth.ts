// Authentication for every route that does not say `config: { public: true }`: secure by default.
// `X-API-Key: sk-…`, `Authorization: Bearer sk-…` (API key) or `Authorization: Bearer <jwt>` (session).
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { CredentialResolver, Principal } from "../auth/principal.ts";
import { API_KEY_PREFIX } from "../crypto/tokens.ts";
import { AppError } from "../errors.ts";

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

export type PresentedCredential = { kind: "api_key" | "bearer"; token: string };

/** The raw credential a request carries, if any (also used to key rate limits). */
export function presentedCredential(request: FastifyRequest): PresentedCredential | null {
  const apiKey = request.headers["x-api-key"];
  if (typeof apiKey === "string" && apiKey.trim() !== "") return { kind: "api_key", token: apiKey.trim() };
  const authorization = request.headers.authorization;
  if (typeof authorization === "string") {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return { kind: "bearer", token: match[1] };
  }
  return null;
}

export async function authenticate(
  resolver: CredentialResolver,
  credential: PresentedCredential,
): Promise<Principal> {
  if (credential.kind === "api_key" || credential.token.startsWith(API_KEY_PREFIX)) {
    return resolver.authenticateApiKey(credential.token);
  }
  return resolver.authenticateAccessToken(credential.token);
}

export function registerAuthentication(app: FastifyInstance, resolver: CredentialResolver): void {
  app.decorateRequest("principal", null);
  const authenticateRequest: onRequestAsyncHookHandler = async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const credential = presentedCredential(request);
    if (!credential) {
      if (config.optionalAuth) return;
      throw new AppError("not_authenticated", "Not authenticated: send an API key or a session token", {
        headers: { "www-authenticate": "Bearer" },
      });
    }
    request.principal = await authenticate(resolver, credential);
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
