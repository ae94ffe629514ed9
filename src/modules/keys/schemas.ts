import Type, { type Static } from "typebox";
import { DateTime, Nullable, Uuid } from "../../http/schemas.ts";

// Ten years, in minutes: long enough for any automation, short enough to stay a sane date.
const MAX_LIFETIME_MINUTES = 5_256_000;
const Minutes = Type.Integer({
  minimum: 1,
  maximum: MAX_LIFETIME_MINUTES,
  description: "lifetime in minutes from now",
});

export const CreateKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  expires_at: Type.Optional(Nullable(Minutes)),
});

export const UpdateKeyBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  expires_at: Type.Optional(Nullable(Minutes)),
  is_revoked: Type.Optional(Type.Boolean()),
});

export const KeyParams = Type.Object({ key_id: Uuid });

const keyFields = {
  id: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  prefix: Type.String({ description: "the first characters of the token, for recognising it" }),
  created_at: DateTime,
  updated_at: DateTime,
  expires_at: Nullable(DateTime),
  last_used_at: Nullable(DateTime),
  is_revoked: Type.Boolean(),
};

export const ApiKeyRecord = Type.Object(keyFields);
export const CreatedApiKey = Type.Object({
  ...keyFields,
  token: Type.String({ description: "the credential; shown once, never again" }),
});

export type CreateKeyInput = Static<typeof CreateKeyBody>;
