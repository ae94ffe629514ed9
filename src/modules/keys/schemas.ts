import Type, { type Static } from "typebox";
import { DateTime, Int32, Nullable, PlaceName, Slug, Uuid } from "../../http/schemas.ts";

// Ten years, in minutes: long enough for any automation, short enough to stay a sane date.
const MAX_LIFETIME_MINUTES = 5_256_000;
const Minutes = Int32({
  minimum: 1,
  maximum: MAX_LIFETIME_MINUTES,
  description: "lifetime in minutes from now",
});

const MAX_SCOPE_ITEMS = 100;
const MAX_CIDRS = 50;
/** A range as given (at most 64 characters), stored with its prefix length (lib/cidr.ts). */
const STORED_CIDR_LENGTH = 64 + "/128".length;
const IdList = (what: string) =>
  Nullable(
    Type.Array(Uuid, {
      minItems: 1,
      maxItems: MAX_SCOPE_ITEMS,
      description: `the only ${what} the key reaches (their secrets only); null or absent: not narrowed`,
    }),
  );

/** What narrows a key, on creation (personal and service-account keys alike). */
export const KeyScopeFields = {
  access: Type.Optional(
    Type.Union([Type.Literal("read"), Type.Literal("read_write")], {
      description: "read: the key changes nothing; read_write (default): what the holder's role allows",
    }),
  ),
  project_ids: Type.Optional(IdList("projects")),
  environment_ids: Type.Optional(IdList("environments")),
  allowed_cidrs: Type.Optional(
    Nullable(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: MAX_CIDRS,
        description:
          "client addresses or CIDR ranges the key may be used from (the address COFFER_TRUST_PROXY decides); a use from elsewhere answers 401 api_key_address_refused",
      }),
    ),
  ),
};

/** The scope of a key, as every key listing shows it. */
export const KeyScopeRecord = {
  access: Type.Union([Type.Literal("read"), Type.Literal("read_write")]),
  project_ids: Nullable(Type.Array(Uuid, { maxItems: MAX_SCOPE_ITEMS })),
  environment_ids: Nullable(Type.Array(Uuid, { maxItems: MAX_SCOPE_ITEMS })),
  allowed_cidrs: Nullable(
    Type.Array(Type.String({ maxLength: STORED_CIDR_LENGTH }), { maxItems: MAX_CIDRS }),
  ),
};

export const CreateKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  expires_at: Type.Optional(Nullable(Minutes)),
  workspace_id: Type.Optional(
    Nullable(
      Type.String({
        format: "uuid",
        maxLength: 36,
        description:
          "bind the key to this workspace (needed to name projects or environments); absent: every workspace of yours",
      }),
    ),
  ),
  ...KeyScopeFields,
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
  workspace_id: Nullable(
    Type.String({
      format: "uuid",
      maxLength: 36,
      description: "the one workspace the key reaches; null: every workspace of its holder",
    }),
  ),
  ...KeyScopeRecord,
};

export const ApiKeyRecord = Type.Object(keyFields);
export const CreatedApiKey = Type.Object({
  ...keyFields,
  token: Type.String({ description: "the credential; shown once, never again" }),
});

export type CreateKeyInput = Static<typeof CreateKeyBody>;
export { Minutes as KeyLifetime };

const ReachedEnvironment = Type.Object({
  id: Uuid,
  name: PlaceName,
  slug: Slug,
  environment_type: Type.String(),
  workspace_id: Uuid,
  team_id: Uuid,
  project_id: Uuid,
});

/** GET /keys/current: the calling key's scope and what it reaches, for a tool that holds only the key. */
export const CurrentKey = Type.Object({
  id: Uuid,
  name: Type.String(),
  service_account_id: Nullable(
    Type.String({ format: "uuid", maxLength: 36, description: "set for a service account's key" }),
  ),
  workspace_id: Nullable(
    Type.String({
      format: "uuid",
      maxLength: 36,
      description: "the one workspace the key reaches; null: every workspace of its holder",
    }),
  ),
  access: KeyScopeRecord.access,
  project_ids: KeyScopeRecord.project_ids,
  environment_ids: KeyScopeRecord.environment_ids,
  environments: Nullable(
    Type.Array(ReachedEnvironment, {
      description:
        "for a key narrowed to projects or environments: those environments (a project's, all of them) whose secrets it may read now; null: the key is not narrowed to any, it reaches what its holder may read",
    }),
  ),
});
