import Type from "typebox";
import { DateTime, Uuid } from "../../http/schemas.ts";

export const ShareBody = Type.Object({
  secret_ids: Type.Array(Uuid, { minItems: 1, maxItems: 1000 }),
  expires_in_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 43200, default: 60 })),
  max_views: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 1 })),
  passphrase: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
});

export const ShareCreated = Type.Object({
  id: Uuid,
  url: Type.String({ description: "open with a plain GET; the token in it is shown once" }),
  expires_at: DateTime,
  max_views: Type.Integer(),
});

export const SharedSecrets = Type.Object({
  secrets: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
  expires_at: DateTime,
  views_remaining: Type.Integer(),
});

export const ShareTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
