// Two-factor sign-in of the signed-in account: its state, set-up (a secret, then its first code),
// turning it off, renewing the recovery codes. Sign-in with the second factor is in accounts.
import type { FastifyPluginAsync } from "fastify";
import { principalOf } from "../../http/auth.ts";
import { accountRoutes } from "../../http/route-options.ts";
import { authErrors, ErrorBody, OtpHeader, SECURITY } from "../../http/schemas.ts";
import { actorOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import {
  Disabled,
  EnableBody,
  Enabled,
  RecoveryCodes,
  RequiredByWorkspaces,
  TwoFactorSetup,
  TwoFactorStatus,
} from "./schemas.ts";
import type { TwoFactorService } from "./service.ts";

export const twoFactorRoutes =
  (deps: { twoFactor: TwoFactorService }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { twoFactor } = deps;
    const tags = ["Two-factor sign-in"];
    const accountRoute = accountRoutes(tags);
    const refusals = { 403: ErrorBody, 409: ErrorBody, ...authErrors };

    app.get(
      "/auth/2fa",
      { schema: { tags, security: SECURITY, response: { 200: TwoFactorStatus, ...authErrors } } },
      async (request) => twoFactor.status(principalOf(request).userId),
    );

    app.post(
      "/auth/2fa/setup",
      accountRoute("two_factor.manage", {
        description:
          "Starts a set-up: a new TOTP secret for an authenticator app (replaces an unfinished one). Nothing is on until POST /auth/2fa/enable.",
        response: { 200: TwoFactorSetup, ...refusals },
      }),
      async (request) => twoFactor.beginSetup(actorOf(request)),
    );

    app.post(
      "/auth/2fa/enable",
      accountRoute("two_factor.manage", {
        description:
          "Turns two-factor sign-in on with the app's first code, and answers ten recovery codes, shown this once.",
        body: EnableBody,
        response: { 200: Enabled, ...refusals },
      }),
      async (request) => twoFactor.enable(actorOf(request), request.body.code),
    );

    app.post(
      "/auth/2fa/disable",
      accountRoute("two_factor.manage", {
        headers: OtpHeader,
        description:
          "Turns two-factor sign-in off (the current code in X-Coffer-OTP). 409 while a workspace of yours requires it.",
        response: { 200: Disabled, ...refusals, 409: RequiredByWorkspaces },
      }),
      async (request) => {
        await twoFactor.disable(actorOf(request));
        return { enabled: false };
      },
    );

    app.post(
      "/auth/2fa/recovery-codes",
      accountRoute("two_factor.manage", {
        headers: OtpHeader,
        description: "New recovery codes (the current code in X-Coffer-OTP); the old ones stop working.",
        response: { 200: RecoveryCodes, ...refusals },
      }),
      async (request) => twoFactor.renewRecoveryCodes(actorOf(request)),
    );
  };
