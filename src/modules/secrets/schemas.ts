// The request and response schemas of the secrets routes (the OpenAPI document and the presenters),
// read by name; the rooms share most of them (the comparison's are in views/compare-schemas.ts).
import Type from "typebox";
import { DateTime, Int32, Nullable, PlaceName, Slug, StringEnum, Uuid } from "../../http/schemas.ts";
import { UNRESOLVED_REASONS, type UnresolvedReason } from "../../lib/references.ts";
import { KEY_PATTERN, LIMITS } from "../../lib/secret-limits.ts";
import { AuditEntry } from "../audit/index.ts";
import { ENVIRONMENT_TYPES } from "../environments/index.ts";

export { KEY_PATTERN, LIMITS };

export const SecretKey = Type.String({
  minLength: 1,
  maxLength: LIMITS.keyLength,
  pattern: KEY_PATTERN,
  description: "a valid environment-variable name",
});
const SecretValue = Type.String({ maxLength: LIMITS.valueBytes, description: "at most 64 KiB" });
const Description = Nullable(Type.String({ maxLength: LIMITS.descriptionLength }));
// What the server answers with passed these limits on the way in: the write bodies and imports alike.
export const StoredKey = Type.String({ maxLength: LIMITS.keyLength });
const StoredValue = (description: string) => Type.String({ maxLength: LIMITS.valueBytes, description });
const RotationDays = Nullable(
  Int32({ minimum: 1, maximum: 36500, description: "this secret's own rotation cadence in days" }),
);

export const CreateSecretBody = Type.Object({
  key: SecretKey,
  value: SecretValue,
  description: Type.Optional(Description),
  rotation_days: Type.Optional(RotationDays),
});

export const BulkCreateBody = Type.Object({
  secrets: Type.Array(CreateSecretBody, { minItems: 1, maxItems: LIMITS.batch }),
});

export const UpdateSecretBody = Type.Object({
  key: Type.Optional(SecretKey),
  value: Type.Optional(SecretValue),
  description: Type.Optional(Description),
  rotation_days: Type.Optional(RotationDays),
});

export const BulkUpdateBody = Type.Object({
  secrets: Type.Array(
    Type.Object({
      key: SecretKey,
      new_key: Type.Optional(SecretKey),
      value: Type.Optional(SecretValue),
      description: Type.Optional(Description),
    }),
    { minItems: 1, maxItems: LIMITS.batch },
  ),
});

const RawFlag = Type.Optional(
  Type.Boolean({
    description:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference syntax, as users write it.
      "the stored text of each value, references (${KEY}, ${environment.KEY}, ${project.environment.KEY}) unresolved",
  }),
);

export const ReadQuery = Type.Object({ raw: RawFlag });

export const ByKeyQuery = Type.Object({
  key: Type.String({
    minLength: 1,
    maxLength: LIMITS.keyLength,
    pattern: KEY_PATTERN,
    description: "the secret's key, exactly (keys are case-sensitive)",
  }),
  raw: RawFlag,
});

export const ListQuery = Type.Object({
  raw: RawFlag,
  // Beyond any stored version is a question with an answer (the newest), not a mistake.
  version: Type.Optional(
    Type.Integer({
      format: "int64",
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: "read each secret at this version, or its newest",
    }),
  ),
  at: Type.Optional(
    Type.String({
      format: "date-time",
      maxLength: 64,
      description:
        "read the environment as it was at this moment (paid capability): each secret that existed then, deleted ones still recoverable included, at the version current then; no ETag",
    }),
  ),
});

export const SecretParams = Type.Object({
  workspace_id: Uuid,
  team_id: Uuid,
  project_id: Uuid,
  environment_id: Uuid,
  secret_id: Uuid,
});

export const EXPORT_FORMATS = ["json", "dotenv"] as const;

export const ExportQuery = Type.Object({
  format: Type.Optional(
    StringEnum(EXPORT_FORMATS, {
      default: "json",
      description:
        "json (default): one flat object {KEY: value}, strings only; dotenv: KEY='value' lines (text/plain) that the dotenv package reads back identically",
    }),
  ),
});

export const PreferHeader = Type.Object({
  prefer: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        "RFC 7240. handling=strict: when some values cannot be read, answer 409 export_incomplete instead of a 207 " +
        "(for tools that take any 2xx for the whole environment, such as the External Secrets Operator)",
    }),
  ),
});

/** The export as JSON: every key of the environment (inherited ones included) with its value. */
export const ExportObject = Type.Object(
  {},
  {
    additionalProperties: Type.String(),
    description:
      "every key the environment reads, inherited ones included, with its value (references resolved)",
    examples: [{ DATABASE_URL: "postgres://db.internal:5432/app", PORT: "3000" }],
  },
);

export const SecretRecord = Type.Object({
  id: Uuid,
  key: StoredKey,
  value: Type.String({ description: "the value, its references resolved (the stored text with raw=true)" }),
  raw_value: Type.Optional(
    StoredValue("the stored text, present only when references make it differ from value"),
  ),
  inherited_from: Type.Optional(
    Type.String({
      format: "uuid",
      maxLength: 36,
      description: "present on a secret inherited from a parent environment: that environment's id",
    }),
  ),
  description: Description,
  created_at: DateTime,
  updated_at: DateTime,
  current_version: Int32(),
  environment_type: StringEnum(ENVIRONMENT_TYPES),
  last_rotated_at: Nullable(DateTime),
  rotation_days: Int32(),
});

export const SecretMetadata = Type.Omit(SecretRecord, ["value", "raw_value"]);

export const PartialSecretList = Type.Object({
  detail: Type.Object({
    succeeded: Type.Array(SecretRecord),
    failed_ids: Type.Array(Uuid, {
      description:
        "secrets whose stored value could not be decrypted, or whose references could not be resolved",
    }),
    unresolved: Type.Optional(
      Type.Array(
        Type.Object({
          id: Uuid,
          key: StoredKey,
          raw_value: StoredValue("the stored text, to see or mend the reference"),
          reference: Type.String({
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference syntax, as users write it.
            description: "the reference as written in the value, e.g. ${prod.DB_HOST}",
          }),
          reason: StringEnum(Object.keys(UNRESOLVED_REASONS) as UnresolvedReason[], {
            description:
              "unreachable: no such environment, or one the reader may not read; missing: no such key there; " +
              "undecryptable: its value cannot be decrypted; cycle: it leads back to itself; too_deep: more than 5 hops; " +
              "writer_cannot_read: whoever wrote a value on the way (whose reference left its environment) may not " +
              "read where it leads, now; writer_unknown: such a value was saved before writers were recorded; " +
              "not_referenceable: the environment takes no references from here (its references_from)",
          }),
        }),
        { description: "the secrets of failed_ids left unresolved, each with the reference and why" },
      ),
    ),
  }),
});

export const VersionRecord = Type.Object({
  version: Int32(),
  ciphertext: Type.String({ description: "stored form: v1.<data-key-version>.<base64url nonce|ct|tag>" }),
  created_at: DateTime,
  author: Nullable({
    ...AuditEntry.properties.actor,
    description:
      "who wrote the version, as the audit trail names them; null when it no longer holds the entry " +
      "(past its retention, or a secret restored from Recently deleted, whose log starts again)",
  }),
  restored_from_version: Nullable(
    Int32({
      description: "for a rollback's version: the version whose value it made current again (null otherwise)",
    }),
  ),
});

export const VersionParams = Type.Object({
  ...SecretParams.properties,
  version: Int32({ minimum: 1, maximum: 2_147_483_647 }),
});

export const VersionValue = Type.Object({
  version: Int32(),
  value: StoredValue("the value as stored (references unresolved)"),
  created_at: DateTime,
});

export const DeletedCount = Type.Object({ deleted: Int32() });

export const BulkDeleteBody = Type.Object({
  ids: Type.Array(Uuid, { minItems: 1, maxItems: LIMITS.batch, uniqueItems: true }),
});

export const BulkDeleted = Type.Object({
  deleted: Int32(),
  ids: Type.Array(Uuid, { maxItems: LIMITS.batch }),
});

export const RollbackBody = Type.Object({
  version: Int32({
    minimum: 1,
    description: "the earlier version whose value becomes the newest version (current + 1)",
  }),
});

export const DeletedSecretRecord = Type.Object({
  id: Uuid,
  key: StoredKey,
  description: Description,
  current_version: Int32({ description: "the version it had when deleted" }),
  created_at: DateTime,
  deleted_at: DateTime,
  purge_after: DateTime,
});

export const Heirs = Type.Array(
  Type.Object({
    id: Uuid,
    name: PlaceName,
    slug: Slug,
    environment_type: StringEnum(ENVIRONMENT_TYPES),
  }),
  {
    description:
      "the environments that read this secret from here, nearest first; deleting it takes it from them",
  },
);

export const RestoreToBody = Type.Object({
  at: Type.String({
    format: "date-time",
    maxLength: 64,
    description: "the moment to put the environment back to",
  }),
  apply: Type.Optional(
    Type.Boolean({
      default: false,
      description: "false (default): only preview; true: restore, in one transaction",
    }),
  ),
});

const KeyValue = Type.Object({ key: Type.String(), value: Type.String() });

export const RestorePreview = Type.Object({
  at: DateTime,
  applied: Type.Boolean(),
  added: Type.Array(KeyValue, { description: "deleted since: recreated with their versions" }),
  changed: Type.Array(Type.Object({ key: Type.String(), current: Type.String(), incoming: Type.String() }), {
    description: "a new version each, with the value they had then",
  }),
  unchanged: Type.Array(Type.String()),
  removed: Type.Array(KeyValue, { description: "created since: deleted (recoverable as any delete)" }),
});

export const TimelineQuery = Type.Object({
  limit: Type.Optional(
    Int32({ minimum: 1, maximum: 500, description: "events per page, 1 to 500 (default 100)" }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 200, description: "the X-Next-Cursor header of the previous page" }),
  ),
  before: Type.Optional(
    Type.String({
      format: "date-time",
      maxLength: 64,
      description: "only events strictly before this moment",
    }),
  ),
});

export const TIMELINE_KINDS = [
  "created",
  "updated",
  "rolled_back",
  "restored",
  "deleted",
  "renamed",
] as const;

export const TimelineEvent = Type.Object({
  id: Type.String({ description: "the event's identifier within the timeline" }),
  at: DateTime,
  kind: StringEnum(TIMELINE_KINDS, {
    description:
      "created, updated, rolled_back (an earlier value made current), restored (back from Recently deleted, or to a moment), deleted, renamed",
  }),
  secret_id: Uuid,
  key: Type.String({ description: "the secret's key now (or when it was deleted, if it still is)" }),
  version: Nullable(
    Int32({ description: "the version written (or current then; for a deletion, the last one)" }),
  ),
  renamed: Nullable(
    Type.Object(
      { from: Type.String(), to: Type.String() },
      { description: "the key before and after, when the event renamed the secret" },
    ),
  ),
  restored_to: Nullable(
    Type.String({
      format: "date-time",
      maxLength: 64,
      description: "when part of a restore of the environment: its moment",
    }),
  ),
  undoable: Type.Boolean({
    description:
      "a restore to just before `at` puts back what this event changed; false for renames, restores from Recently deleted and deletions undone since, which leave no trace a restore can act on",
  }),
  actor: Nullable({
    ...AuditEntry.properties.actor,
    description:
      "who, as the audit trail names them; null when it no longer knows (a delete forgets a secret's log)",
  }),
});

export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: 256,
    description: "text to find in keys and descriptions, any case",
  }),
  limit: Type.Optional(Int32({ minimum: 1, maximum: 100, default: 50 })),
});

const Place = Type.Object({ id: Uuid, name: PlaceName });

export const SearchResult = Type.Object({
  id: Uuid,
  key: StoredKey,
  description: Description,
  team_id: Uuid,
  project: Place,
  environment: Place,
  updated_at: DateTime,
});
