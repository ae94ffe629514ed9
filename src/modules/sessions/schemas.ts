import Type from "typebox";
import { DateTime, Nullable, Uuid } from "../../http/schemas.ts";

export const SessionRecord = Type.Object({
  id: Uuid,
  ip_address: Nullable(Type.String()),
  user_agent: Type.String(),
  created_at: DateTime,
  expires_at: DateTime,
  current: Type.Boolean({ description: "the session this request was made with" }),
});

export const SessionParams = Type.Object({ session_id: Uuid });
export const RevokedCount = Type.Object({ revoked: Type.Integer() });
