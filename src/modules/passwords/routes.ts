// Changing the password (signed in) and resetting a forgotten one (by a mailed link).
import type { FastifyPluginAsync } from "fastify";
import { accountRoutes } from "../../http/route-options.ts";
import { authErrors, ErrorBody, OtpHeader } from "../../http/schemas.ts";
import { actorOf, sessionClientOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  PasswordChanged,
  PasswordReset,
  ResetPasswordBody,
  ResetRequested,
} from "./schemas.ts";
import type { PasswordsService } from "./service.ts";

export const passwordsRoutes =
  (deps: { passwords: PasswordsService; rateLimit: object }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { passwords } = deps;
    const tags = ["Accounts"];
    const accountRoute = accountRoutes(tags);

    app.post(
      "/auth/password",
      accountRoute("account.change_password", {
        description:
          "Changes the password (the current one, then the new one); every other session of the account ends. Needs a " +
          "session, and the two-factor code in X-Coffer-OTP when the account has it. 409 password_not_set for an " +
          "account without a password (set one through a reset).",
        headers: OtpHeader,
        body: ChangePasswordBody,
        response: { 200: PasswordChanged, 403: ErrorBody, 409: ErrorBody, ...authErrors },
      }),
      async (request) => passwords.change(actorOf(request), request.body),
    );

    app.post(
      "/auth/password/forgot",
      {
        config: { public: true, rateLimit: deps.rateLimit },
        schema: {
          tags,
          description:
            "Mails a link to reset the password, valid COFFER_PASSWORD_RESET_TTL seconds and once. Answers the same " +
            "whether or not the address has an account; 3 requests per address an hour.",
          body: ForgotPasswordBody,
          response: { 200: ResetRequested, 422: authErrors[422], 429: ErrorBody },
        },
      },
      async (request) => passwords.requestReset(request.body.email, sessionClientOf(request)),
    );

    app.post(
      "/auth/password/reset",
      {
        config: { public: true, rateLimit: deps.rateLimit },
        schema: {
          tags,
          description:
            "Sets a new password with the mailed token; every session of the account ends (two-factor sign-in stays on). " +
            "Also how an account made through Google or GitHub gets a password.",
          body: ResetPasswordBody,
          response: { 200: PasswordReset, 400: ErrorBody, 422: authErrors[422], 429: ErrorBody },
        },
      },
      async (request) => passwords.reset(request.body, sessionClientOf(request)),
    );
  };
