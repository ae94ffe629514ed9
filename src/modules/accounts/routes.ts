import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { IssuedTokens } from "../../auth/principal.ts";
import { AppError, ValidationFailed } from "../../errors.ts";
import { principalOf } from "../../http/auth.ts";
import {
  clearRefreshCookie,
  REFRESH_COOKIE,
  type RefreshCookieConfig,
  setRefreshCookie,
  tokenBody,
} from "../../http/refresh-cookie.ts";
import { accountRoutes } from "../../http/route-options.ts";
import { refuseCrossSite } from "../../http/same-origin.ts";
import { authErrors, ErrorBody, OtpHeader, SECURITY } from "../../http/schemas.ts";
import { actorOf, sessionClientOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { SessionsService } from "../sessions/index.ts";
import {
  ChallengeBody,
  DeleteAccountBody,
  DeleteAccountResponse,
  GetStartedBody,
  LoginBody,
  LogoutResponse,
  Me,
  Profile,
  RefreshBody,
  SignInRefused,
  SignUpResponse,
  TokenResponse,
  UpdateProfileBody,
} from "./schemas.ts";
import type { AccountsService } from "./service.ts";

export interface AccountsRouteOptions {
  accounts: AccountsService;
  sessions: SessionsService;
  cookie: RefreshCookieConfig;
  /** Per-address limit for the sign-in endpoints (a tenth of the general one). */
  authRateLimit: object;
  publicUrl: string;
  /** Whether the account is one of the instance's operators (the dashboard then shows its admin page). */
  isInstanceOperator: (profile: { email: string; email_verified: boolean }) => boolean;
}

export const accountsRoutes =
  (opts: AccountsRouteOptions): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    // Cookies matter only under /auth (the refresh cookie's path): no other route parses them.
    await app.register(cookie);
    const { accounts, sessions } = opts;
    const tags = ["Accounts"];
    const accountRoute = accountRoutes(tags);
    const sameSiteOnly = refuseCrossSite(opts.publicUrl);
    const signInErrors = { ...authErrors, 401: SignInRefused, 403: ErrorBody };
    function sendTokens(reply: FastifyReply, tokens: IssuedTokens) {
      setRefreshCookie(reply, tokens, opts.cookie);
      return reply.send(tokenBody(tokens));
    }

    app.post(
      "/auth/get-started",
      {
        config: { public: true, rateLimit: opts.authRateLimit },
        schema: {
          tags,
          body: GetStartedBody,
          response: { 201: SignUpResponse, 409: ErrorBody, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await accounts.signUp(request.body, sessionClientOf(request))),
    );

    // The form parser is registered for this route alone: everywhere else a body is JSON.
    await app.register(async (formScope) => {
      await formScope.register(formbody);
      // No account's address or password holds a NUL: such a sign-in is simply a wrong one.
      formScope.setErrorHandler((error) => {
        if (error instanceof ValidationFailed && error.issues.every((issue) => issue.type === "string_nul")) {
          throw new AppError("invalid_credentials", "Incorrect email or password");
        }
        throw error;
      });
      (formScope as TypedApp).post(
        "/auth/login",
        {
          config: { public: true, rateLimit: opts.authRateLimit },
          onRequest: sameSiteOnly,
          schema: {
            tags,
            description:
              "OAuth 2.0 password flow: a form with username (the email) and password, and `otp` when the account has " +
              "two-factor sign-in (without it: 401 two_factor_required with a `challenge` to finish at /auth/2fa/sign-in). " +
              "Each account has a budget of failed sign-ins (429 with Retry-After past it). Cross-site browser requests: 403.",
            consumes: ["application/x-www-form-urlencoded", "application/json"],
            body: LoginBody,
            response: { 200: TokenResponse, ...signInErrors },
          },
        },
        async (request, reply) => {
          const tokens = await accounts.login({
            email: request.body.username,
            password: request.body.password,
            ...(request.body.otp ? { otp: request.body.otp } : {}),
            ...sessionClientOf(request),
          });
          return sendTokens(reply, tokens);
        },
      );
    });

    app.post(
      "/auth/2fa/sign-in",
      {
        config: { public: true, rateLimit: opts.authRateLimit },
        onRequest: sameSiteOnly,
        schema: {
          tags: ["Two-factor sign-in"],
          description:
            "Finishes a sign-in that answered 401 two_factor_required (password or provider) with its `challenge` and the " +
            "two-factor code (or a recovery code). A challenge lives 5 minutes and takes 5 attempts.",
          body: ChallengeBody,
          response: { 200: TokenResponse, ...signInErrors },
        },
      },
      async (request, reply) =>
        sendTokens(reply, await accounts.finishChallenge(request.body, sessionClientOf(request))),
    );

    app.post(
      "/auth/refresh",
      {
        config: { public: true, rateLimit: opts.authRateLimit },
        onRequest: sameSiteOnly,
        schema: {
          tags,
          description:
            "Rotates the refresh token: the cookie is read first, the JSON body's refresh_token second. A token presented " +
            "again within COFFER_REFRESH_REUSE_GRACE_SECONDS yields the same session; after it, the session is revoked.",
          body: RefreshBody,
          response: { 200: TokenResponse, 403: ErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        const presented = request.cookies[REFRESH_COOKIE] || request.body?.refresh_token;
        if (!presented) {
          throw new AppError("refresh_token_invalid", "No refresh token: send the cookie or {refresh_token}");
        }
        try {
          return sendTokens(reply, await sessions.refresh(presented));
        } catch (error) {
          clearRefreshCookie(reply, opts.cookie);
          throw error;
        }
      },
    );

    app.post(
      "/auth/logout",
      {
        config: { optionalAuth: true },
        onRequest: sameSiteOnly,
        schema: {
          tags,
          security: SECURITY,
          response: { 200: LogoutResponse, 403: ErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        const revoked = await sessions.logout(request.principal, request.cookies[REFRESH_COOKIE]);
        clearRefreshCookie(reply, opts.cookie);
        return { revoked };
      },
    );

    app.get(
      "/auth/me",
      { schema: { tags, security: SECURITY, response: { 200: Me, ...authErrors } } },
      async (request) => {
        const profile = await accounts.profile(principalOf(request).userId);
        // Present only for an operator: everyone else's profile is exactly the spec's.
        return opts.isInstanceOperator(profile) ? { ...profile, instance_operator: true } : profile;
      },
    );

    app.patch(
      "/auth/me",
      {
        schema: {
          tags,
          security: SECURITY,
          description:
            "`name` wins over first_name / middle_name / last_name when both are sent. Email cannot change.",
          body: UpdateProfileBody,
          response: { 200: Profile, ...authErrors },
        },
      },
      async (request) => accounts.updateProfile(principalOf(request).userId, request.body),
    );

    app.delete(
      "/auth/me",
      accountRoute("account.delete", {
        description:
          "Irreversible. Deletes workspaces the caller is the only Owner of; leaves the others. Needs a session (not an " +
          "API key), and the two-factor code in X-Coffer-OTP when the account has it.",
        headers: OtpHeader,
        body: DeleteAccountBody,
        response: { 200: DeleteAccountResponse, 403: ErrorBody, ...authErrors },
      }),
      async (request, reply) => {
        const result = await accounts.deleteAccount(actorOf(request), request.body.password);
        clearRefreshCookie(reply, opts.cookie);
        return result;
      },
    );
  };
