// Request and response shapes of the device authorization grant; the responses are its presenters.
import Type from "typebox";
import { DateTime, Int32, Nullable, StringEnum } from "../../http/schemas.ts";

const ClientId = Type.String({ maxLength: 64, description: 'the client: "coffer-cli"' });

export const CodeRequest = Type.Object({
  client_id: ClientId,
  client_name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: "what signs in, e.g. Coffer CLI 1.4.0" }),
  ),
  hostname: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: "the machine, shown to the approver" }),
  ),
  scope: Type.Optional(Type.String({ maxLength: 200, description: "ignored: the session is the account's" })),
});

export const CodeResponse = Type.Object({
  device_code: Type.String({ description: "the device's secret: poll /auth/device/token with it" }),
  user_code: Type.String({ description: "XXXX-XXXX, shown to the person to type or check in the dashboard" }),
  verification_uri: Type.String(),
  verification_uri_complete: Type.String({ description: "verification_uri with the code filled in" }),
  expires_in: Int32({ description: "seconds" }),
  interval: Int32({ description: "seconds to wait between polls" }),
});

export const TokenRequest = Type.Object({
  grant_type: Type.String({ maxLength: 100, description: "urn:ietf:params:oauth:grant-type:device_code" }),
  device_code: Type.String({ maxLength: 200 }),
  client_id: ClientId,
});

export const DeviceTokens = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal("bearer"),
  expires_in: Int32({ description: "seconds" }),
  refresh_token: Type.String({ description: "rotates at POST /auth/refresh, as a password sign-in's" }),
});

export const OAuthErrorBody = Type.Object(
  {
    error: StringEnum([
      "authorization_pending",
      "slow_down",
      "access_denied",
      "expired_token",
      "invalid_grant",
      "invalid_client",
      "unsupported_grant_type",
    ]),
    error_description: Type.Optional(Type.String({ maxLength: 500 })),
    detail: Type.Optional(
      Type.String({
        maxLength: 500,
        description: "error_description again, as every error of the API carries it",
      }),
    ),
    code: Type.Optional(
      Type.String({ maxLength: 64, description: "error again, as every error of the API carries it" }),
    ),
  },
  { description: "RFC 8628 §3.5 / RFC 6749 §5.2: the OAuth error shape, not the API's own" },
);

export const UserCodeBody = Type.Object({
  user_code: Type.String({ minLength: 1, maxLength: 20, description: "as shown in the terminal: XXXX-XXXX" }),
});

export const PendingDevice = Type.Object({
  client_name: Nullable(Type.String()),
  hostname: Nullable(Type.String()),
  ip_address: Nullable(Type.String({ description: "where the device asked from" })),
  created_at: DateTime,
  expires_at: DateTime,
});

export const DecidedDevice = Type.Object({
  ...PendingDevice.properties,
  status: StringEnum(["approved", "denied"]),
});
