import Type from "typebox";
import { DateTime, Int32, Nullable } from "../../http/schemas.ts";

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabled_at: Nullable(DateTime),
  recovery_codes_left: Int32({ description: "unused recovery codes (0 when two-factor is off)" }),
});

export const TwoFactorSetup = Type.Object({
  secret: Type.String({ description: "the TOTP secret (base32): type it into an authenticator app, once" }),
  otpauth_url: Type.String({ description: "the same as an otpauth:// URI, for a QR code" }),
});

export const EnableBody = Type.Object({
  code: Type.String({
    minLength: 6,
    maxLength: 6,
    pattern: "^[0-9]{6}$",
    description: "the app's current code",
  }),
});

export const RecoveryCodes = Type.Object({
  recovery_codes: Type.Array(Type.String(), {
    description: "single-use codes for when the app is lost; shown once, stored only as digests",
  }),
});

export const Enabled = Type.Object({ enabled: Type.Boolean(), ...RecoveryCodes.properties });
export const Disabled = Type.Object({ enabled: Type.Boolean() });

/** 409 two_factor_required_by_workspace: the workspaces that keep two-factor on. */
export const RequiredByWorkspaces = Type.Object({
  detail: Type.String(),
  code: Type.String(),
  workspaces: Type.Optional(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))),
});
