import Type from "typebox";
import { DateTime, Int32, Nullable, StringEnum, Uuid } from "../../http/schemas.ts";
import { LIMITS } from "../../lib/secret-limits.ts";

export const ShareBody = Type.Object({
  secret_ids: Type.Array(Uuid, { minItems: 1, maxItems: LIMITS.batch }),
  expires_in_minutes: Type.Optional(Int32({ minimum: 1, maximum: 43200, default: 60 })),
  max_views: Type.Optional(Int32({ minimum: 1, maximum: 100, default: 1 })),
  passphrase: Type.Optional(
    Type.String({
      minLength: 8,
      maxLength: 256,
      description: "8 characters or more; five wrong guesses burn the link",
    }),
  ),
});

export const ShareCreated = Type.Object({
  id: Uuid,
  url: Type.String({
    description:
      "for scripts: a plain GET reads the values and spends a view (a browser opening it is sent to browser_url instead); the token in it is shown once",
  }),
  browser_url: Type.String({
    description:
      "the link to send a person: the dashboard's page with the token in the fragment, which no server or link preview sees; the values show only when the reader asks",
  }),
  expires_at: DateTime,
  max_views: Int32(),
});

export const SharedSecrets = Type.Object({
  secrets: Type.Array(
    Type.Object({ key: Type.String({ maxLength: LIMITS.keyLength }), value: Type.String() }),
    {
      maxItems: LIMITS.batch,
    },
  ),
  expires_at: DateTime,
  views_remaining: Int32(),
});

export const ShareTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const ShareLinkRecord = Type.Object({
  id: Uuid,
  workspace_id: Uuid,
  environment_id: Uuid,
  created_by: Uuid,
  created_at: DateTime,
  expires_at: DateTime,
  max_views: Int32(),
  views: Int32(),
  passphrase: Type.Boolean({ description: "the link has a passphrase" }),
  failed_attempts: Int32({ description: "wrong passphrases so far (five burn the link)" }),
  revoked_at: Nullable(DateTime),
  secret_keys: Type.Array(Type.String({ maxLength: LIMITS.keyLength }), {
    maxItems: LIMITS.batch,
    description: "the shared secrets' key names (never values)",
  }),
  status: StringEnum(["active", "expired", "used_up", "revoked", "burnt"]),
});

export const ShareLinkParams = Type.Object({ workspace_id: Uuid, link_id: Uuid });
