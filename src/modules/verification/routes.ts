import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { principalOf } from "../../http/auth.ts";
import { authErrors, DateTime, ErrorBody, Int32, SECURITY } from "../../http/schemas.ts";
import type { TypedApp } from "../../http/types.ts";
import type { VerificationService } from "./service.ts";

const CodeSent = Type.Object({ sent: Type.Boolean(), email: Type.String(), expires_at: DateTime });
const VerifyBody = Type.Object({
  otp: Int32({ minimum: 0, maximum: 999999, description: "the six-digit code" }),
});
const Verified = Type.Object({ email_verified: Type.Boolean() });
const WrongCode = Type.Object({
  detail: Type.String(),
  code: Type.String(),
  attempts_left: Type.Optional(Int32()),
});

export const verificationRoutes =
  (verification: VerificationService): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const tags = ["Accounts"];
    const requestCode = {
      schema: {
        tags,
        security: SECURITY,
        description:
          "Mails the signed-in account a six-digit code. Refused (429 with Retry-After) while a live code is outstanding; " +
          "409 when the address is already verified; 502 when the mail could not be sent (ask again).",
        response: { 200: CodeSent, 409: ErrorBody, 502: ErrorBody, ...authErrors },
      },
    };
    app.post("/auth/request-otp", requestCode, async (request) =>
      verification.requestCode(principalOf(request).userId),
    );
    app.post("/auth/verify-email", requestCode, async (request) =>
      verification.requestCode(principalOf(request).userId),
    );

    app.post(
      "/auth/verify",
      {
        schema: {
          tags,
          security: SECURITY,
          description:
            "Submits the code. Five wrong guesses kill it (410 afterwards); an expired code is 410.",
          body: VerifyBody,
          response: { 200: Verified, 400: WrongCode, 410: ErrorBody, ...authErrors },
        },
      },
      async (request) => verification.verify(principalOf(request).userId, request.body.otp),
    );
  };
