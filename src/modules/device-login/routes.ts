import formbody from "@fastify/formbody";
import type { FastifyPluginAsync } from "fastify";
import { accountRoutes } from "../../http/route-options.ts";
import { authErrors, ErrorBody, OtpHeader, SECURITY } from "../../http/schemas.ts";
import { actorOf, sessionClientOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import {
  CodeRequest,
  CodeResponse,
  DecidedDevice,
  DeviceTokens,
  OAuthErrorBody,
  PendingDevice,
  TokenRequest,
  UserCodeBody,
} from "./schemas.ts";
import type { DeviceLoginService, GrantError } from "./service.ts";

/**
 * An error in OAuth's shape (RFC 6749 §5.2), which device clients read, that also carries the
 * API's own `detail` and `code`, which every other client of Coffer reads: both hold.
 */
const oauthError = (error: GrantError, description: string) => ({
  error,
  error_description: description,
  detail: description,
  code: error,
});

export interface DeviceLoginRouteOptions {
  deviceLogin: DeviceLoginService;
  /** Per-address limit of the sign-in endpoints. */
  rateLimit: object;
}

export const deviceLoginRoutes =
  (opts: DeviceLoginRouteOptions): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { deviceLogin } = opts;
    const tags = ["Device sign-in"];
    const accountRoute = accountRoutes(tags);
    // RFC 8628 clients send forms; the CLI sends JSON. Both, for these two routes alone.
    await app.register(formbody);
    const oauth = { "cache-control": "no-store", pragma: "no-cache" };

    app.post(
      "/auth/device/code",
      {
        config: { public: true, rateLimit: opts.rateLimit },
        schema: {
          tags,
          description:
            "RFC 8628 §3.1: starts signing a device (the CLI) in. Show `user_code` and `verification_uri` to the person, " +
            "then poll /auth/device/token every `interval` seconds. Codes last 10 minutes. Errors in the OAuth shape, with the API's detail and code beside.",
          consumes: ["application/x-www-form-urlencoded", "application/json"],
          body: CodeRequest,
          response: { 200: CodeResponse, 400: OAuthErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        const started = await deviceLogin.start(request.body, sessionClientOf(request));
        reply.headers(oauth);
        if ("error" in started)
          return reply.code(400).send(oauthError("invalid_client", 'client_id must be "coffer-cli"'));
        return started;
      },
    );

    app.post(
      "/auth/device/token",
      {
        config: { public: true, rateLimit: opts.rateLimit },
        schema: {
          tags,
          description:
            "RFC 8628 §3.4: the device polls with its device_code. 400 with `error` authorization_pending (keep polling), " +
            "slow_down (add 5 s to the interval), access_denied, expired_token, invalid_grant (unknown or used). Once " +
            "approved, it answers a session's tokens, once. Errors in the OAuth shape, with the API's detail and code beside.",
          consumes: ["application/x-www-form-urlencoded", "application/json"],
          body: TokenRequest,
          response: { 200: DeviceTokens, 400: OAuthErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        const outcome = await deviceLogin.poll(request.body, sessionClientOf(request));
        reply.headers(oauth);
        if ("error" in outcome) return reply.code(400).send(oauthError(outcome.error, outcome.description));
        const { tokens } = outcome;
        return {
          access_token: tokens.accessToken,
          token_type: "bearer" as const,
          expires_in: tokens.expiresIn,
          refresh_token: tokens.refreshToken,
        };
      },
    );

    const decision = (description: string) => ({
      tags,
      security: SECURITY,
      description,
      headers: OtpHeader,
      body: UserCodeBody,
      response: { 200: DecidedDevice, 403: ErrorBody, 404: ErrorBody, 410: ErrorBody, ...authErrors },
    });

    app.post(
      "/auth/device/lookup",
      accountRoute("device.review", {
        description:
          "The device waiting for this user code (its name, host, address and time), for the person to check before " +
          "approving. Needs a session (not an API key). Wrong codes spend the account's budget (429 past it).",
        body: UserCodeBody,
        response: { 200: PendingDevice, 403: ErrorBody, 404: ErrorBody, ...authErrors },
      }),
      async (request) => deviceLogin.lookup(actorOf(request), request.body.user_code),
    );

    app.post(
      "/auth/device/approve",
      {
        config: { accountAction: "device.approve" },
        schema: decision(
          "Approves the device: its next poll gets a session of the caller's account, carrying the caller's sign-in " +
            "method. Needs a session (not an API key) and, when the account has two-factor sign-in, X-Coffer-OTP.",
        ),
      },
      async (request) => deviceLogin.approve(actorOf(request), request.body.user_code),
    );

    app.post(
      "/auth/device/deny",
      {
        config: { accountAction: "device.review" },
        schema: decision(
          "Denies the device: its next poll answers access_denied. Needs a session (not an API key).",
        ),
      },
      async (request) => deviceLogin.deny(actorOf(request), request.body.user_code),
    );
  };
