import cookie from "@fastify/cookie";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import Type from "typebox";
import { AppError, type ErrorCode } from "../../errors.ts";
import { type RefreshCookieConfig, setRefreshCookie, tokenBody } from "../../http/refresh-cookie.ts";
import { ErrorBody, Nullable } from "../../http/schemas.ts";
import { sessionClientOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { SignInRefused, TokenResponse } from "../accounts/index.ts";
import type { Provider, ProviderName } from "./providers.ts";
import { type OAuthService, SignInError, STATE_COOKIE } from "./service.ts";

// Read by hand rather than by schema: whatever a provider (or a forger) puts in the callback URL
// must end in a redirect with ?error=, never in a 422 the browser would show.
function callbackParams(query: unknown): { code?: string; state?: string; error?: string } {
  const q = (query ?? {}) as Record<string, unknown>;
  const one = (value: unknown) => {
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === "string" && first.length > 0 && first.length <= 4096 ? first : undefined;
  };
  return { code: one(q.code), state: one(q.state), error: one(q.error) };
}

const SignInProviders = Type.Object({
  google: Type.Boolean(),
  github: Type.Boolean(),
  oidc: Nullable(
    Type.Object(
      { name: Type.String({ description: "what the sign-in button calls it (COFFER_OIDC_NAME)" }) },
      {
        description:
          "single sign-on through the deployment's OpenID Connect provider; null when not configured",
      },
    ),
  ),
});

/** The OpenAPI document names the generic provider by what it is, not by a deployment's label. */
const describe = (name: ProviderName, label: string) =>
  name === "oidc" ? "the OpenID Connect provider" : label;

const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? "").includes("application/json");

export const oauthRoutes =
  (deps: {
    oauth: OAuthService;
    providers: Record<ProviderName, Provider>;
    publicUrl: string;
    cookie: RefreshCookieConfig;
    rateLimit: object;
  }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    await app.register(cookie);
    const stateCookie = {
      httpOnly: true,
      secure: deps.cookie.secure,
      sameSite: "lax" as const,
      path: "/auth",
    };

    const configured = (name: ProviderName): Provider => {
      const provider = deps.providers[name];
      if (!provider.clientId) {
        throw new AppError(
          "not_found",
          `Sign-in with ${provider.label} is not configured on this deployment`,
        );
      }
      return provider;
    };

    function fail(request: FastifyRequest, reply: FastifyReply, error: SignInError) {
      reply.clearCookie(STATE_COOKIE, stateCookie);
      // The browser learns only the code; the operator needs the reason (a wrong client id, a
      // provider that is down). Messages name no token, code or state.
      request.log.warn({ code: error.code, reason: error.message }, "a sign-in through a provider failed");
      if (wantsJson(request)) throw new AppError(error.code as ErrorCode, error.message);
      return reply.redirect(`${deps.publicUrl}/?error=${encodeURIComponent(error.code)}`, 302);
    }

    // The dashboard offers a provider's button only when this says it is configured.
    app.get(
      "/auth/providers",
      {
        config: { public: true },
        schema: {
          tags: ["Sign-in providers"],
          description:
            "Which identity providers this deployment offers for sign-in (true = its client id is configured).",
          response: { 200: SignInProviders, 429: ErrorBody },
        },
      },
      async () => ({
        google: Boolean(deps.providers.google.clientId),
        github: Boolean(deps.providers.github.clientId),
        oidc: deps.providers.oidc.clientId ? { name: deps.providers.oidc.label } : null,
      }),
    );

    for (const name of ["google", "github", "oidc"] as const) {
      const tags = ["Sign-in providers"];
      const label = deps.providers[name].label;
      app.get(
        `/auth/${name}-login`,
        {
          config: { public: true, rateLimit: deps.rateLimit },
          schema: {
            tags,
            description:
              `Redirects the browser to ${describe(name, label)}'s consent screen (authorization code, state, PKCE S256` +
              (name === "oidc"
                ? ", nonce; the endpoint comes from the issuer's discovery document, and when that cannot be read the " +
                  "browser goes to COFFER_PUBLIC_URL/?error=provider_unavailable (JSON: 502) or provider_error (400))."
                : ").") +
              " 404 when not configured.",
          },
        },
        async (request, reply) => {
          try {
            const flow = await deps.oauth.start(configured(name));
            reply.setCookie(STATE_COOKIE, flow.cookie, { ...stateCookie, maxAge: flow.maxAge });
            return reply.redirect(flow.location, 302);
          } catch (error) {
            // The issuer's discovery document could not be read: a message, not a 500.
            if (error instanceof SignInError) return fail(request, reply, error);
            throw error;
          }
        },
      );

      app.get(
        `/auth/${name}-callback`,
        {
          config: { public: true, rateLimit: deps.rateLimit },
          schema: {
            tags,
            description:
              `Completes the ${describe(name, label)} round trip: sets the refresh cookie and redirects to COFFER_PUBLIC_URL/ ` +
              "(or answers the token as JSON when the request accepts application/json). Failures redirect with ?error=. " +
              "An account with two-factor sign-in is sent to COFFER_PUBLIC_URL/two-factor#challenge=… (JSON: 401 " +
              "two_factor_required with `challenge`) to finish at POST /auth/2fa/sign-in.",
            response: { 200: TokenResponse, 401: SignInRefused },
          },
        },
        async (request, reply) => {
          const provider = configured(name);
          try {
            const tokens = await deps.oauth.finish(
              provider,
              callbackParams(request.query),
              request.cookies[STATE_COOKIE],
              sessionClientOf(request),
            );
            reply.clearCookie(STATE_COOKIE, stateCookie);
            if ("challenge" in tokens) {
              // The provider proved who this is; the account's second factor is still to come.
              if (wantsJson(request)) {
                throw new AppError(
                  "two_factor_required",
                  "This account uses two-factor sign-in: finish with the challenge at POST /auth/2fa/sign-in",
                  {
                    body: { challenge: tokens.challenge },
                  },
                );
              }
              return reply.redirect(
                `${deps.publicUrl}/two-factor#challenge=${encodeURIComponent(tokens.challenge)}`,
                302,
              );
            }
            setRefreshCookie(reply, tokens, deps.cookie);
            if (wantsJson(request)) return reply.send(tokenBody(tokens));
            return reply.redirect(`${deps.publicUrl}/`, 302);
          } catch (error) {
            if (error instanceof SignInError) return fail(request, reply, error);
            throw error;
          }
        },
      );
    }
  };
