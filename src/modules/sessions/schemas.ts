import Type from "typebox";
import { SIGN_IN_METHODS, type SignInMethod } from "../../auth/policy.ts";
import { DateTime, Int32, Nullable, Uuid } from "../../http/schemas.ts";

export const SessionRecord = Type.Object({
  id: Uuid,
  ip_address: Nullable(Type.String()),
  user_agent: Type.String(),
  created_at: DateTime,
  expires_at: DateTime,
  current: Type.Boolean({ description: "the session this request was made with" }),
  sign_in_method: Type.Unsafe<SignInMethod | null>({
    type: ["string", "null"],
    enum: [...SIGN_IN_METHODS, null],
    description:
      "how the session was signed in (oidc: single sign-on, which a workspace may require); null for sessions from before this was recorded",
  }),
});

export const SessionParams = Type.Object({ session_id: Uuid });
export const RevokedCount = Type.Object({ revoked: Int32() });
