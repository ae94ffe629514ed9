import Type from "typebox";
import { DateTime, Int32, Nullable, PageQuery, Uuid } from "../../http/schemas.ts";

/** An HMAC-SHA256 in hex, as the chain stores it (chain.ts). */
const HMAC = { maxLength: 64, pattern: "^[0-9a-f]{64}$" };

export const AuditEntry = Type.Object({
  id: Uuid,
  action: Type.String({ description: "<resource>.<past-tense verb>, e.g. secret.created" }),
  resource_type: Type.String(),
  resource_id: Nullable(Type.String()),
  secret_id: Nullable(Type.String()),
  version: Nullable(Int32()),
  project_id: Nullable(Type.String({ description: "the project it happened in, if any" })),
  environment_id: Nullable(Type.String({ description: "the environment it happened in, if any" })),
  project_name: Nullable(
    Type.String({ description: "the project's name when it happened (it survives a rename or a deletion)" }),
  ),
  environment_name: Nullable(Type.String({ description: "the environment's name when it happened" })),
  batch_id: Nullable(
    Type.String({
      description:
        "the summary entry of the bulk operation this entry is an item of; the workspace trail lists summaries, " +
        "and `batch=<id>` lists a summary's items",
    }),
  ),
  actor: Type.Object({
    type: Type.String({ description: "user | api_key | service_account | anonymous | system | operator" }),
    id: Type.String({ description: "the person, the person's key, or the service account" }),
    user_id: Type.String({ description: "the person (for a service account: its id)" }),
    name: Type.String(),
    key: Nullable(
      Type.Object(
        { id: Type.String(), name: Type.String() },
        { description: "the key that acted, if one did" },
      ),
    ),
  }),
  ip_address: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  details: Type.Object(
    {},
    {
      additionalProperties: true,
      description:
        "what else names the event: `key` for a secret (as it was named then), `count` and `keys` (comma-separated) " +
        "for a bulk operation; never a value",
    },
  ),
  created_at: DateTime,
  chain: Nullable(
    Type.Object(
      {
        sequence: Int32({ description: "its place in the workspace's chain: 1, 2, 3… with no gaps" }),
        prev_hmac: Type.String({
          ...HMAC,
          description: "the previous entry's hmac (64 zeros for the first)",
        }),
        hmac: Type.String({
          ...HMAC,
          description: "HMAC-SHA256 of the entry and prev_hmac, hex (docs/audit.md)",
        }),
      },
      {
        description: "the entry's place in the tamper-evident chain (null only for entries not yet chained)",
      },
    ),
  ),
});

const ChainBreakSchema = Type.Object(
  {
    entry_id: Nullable(
      Type.String({ description: "the entry where the chain breaks (null: the newest are gone)" }),
    ),
    sequence: Int32({ description: "that entry's stored sequence (or the first one missing)" }),
    kind: Type.Union(
      [Type.Literal("changed"), Type.Literal("missing"), Type.Literal("inserted"), Type.Literal("reordered")],
      { description: "what most likely happened there" },
    ),
    expected_sequence: Int32({ description: "the sequence the chain expected there" }),
    detail: Type.String(),
  },
  { description: "the first place where the chain does not hold" },
);

const Head = Nullable(
  Type.Object({ sequence: Int32(), hmac: Type.String(HMAC) }, { description: "where the chain ends" }),
);
const Checkpoint = Nullable(
  Type.Object(
    { sequence: Int32(), hmac: Type.String(HMAC), purged: Int32(), created_at: DateTime },
    { description: "what retention purged from the start: the chain continues from this entry's hmac" },
  ),
);

export const ChainVerification = Type.Object({
  holds: Type.Boolean(),
  checked: Int32({ description: "entries read and checked" }),
  first_break: Nullable(ChainBreakSchema),
  from: Int32(),
  to: Int32(),
  head: Head,
  checkpoint: Checkpoint,
  verified_at: DateTime,
});

export const ChainState = Type.Object({
  head: Head,
  checkpoint: Checkpoint,
  last_verification: Nullable(
    Type.Object({
      verified_at: DateTime,
      holds: Type.Boolean(),
      checked: Int32(),
      first_break: Nullable(ChainBreakSchema),
    }),
  ),
});

export const VerificationKey = Type.Object({
  workspace_id: Uuid,
  algorithm: Type.Literal("HMAC-SHA256"),
  key: Type.String({ description: "hex; verifies every entry's hmac and the checkpoint's signature" }),
});

/** The largest sequence the store holds (a 32-bit integer column). */
export const MAX_SEQUENCE = 2_147_483_647;

export const VerifyQuery = Type.Object({
  from: Type.Optional(
    Int32({
      minimum: 1,
      maximum: MAX_SEQUENCE,
      description: "the first sequence to verify (default: the chain's start)",
    }),
  ),
  to: Type.Optional(
    Int32({
      minimum: 1,
      maximum: MAX_SEQUENCE,
      description: "the last sequence to verify (default: its end)",
    }),
  ),
});

const TrailFilter = {
  action: Type.Optional(
    Type.String({
      maxLength: 1000,
      pattern: "^[a-z0-9_]+\\.[a-z0-9_.]*(,[a-z0-9_]+\\.[a-z0-9_.]*){0,49}$",
      description:
        "an action (secret.created), or every action of a resource with a trailing dot (secret.); several, " +
        "comma-separated (up to 50), select any of them",
    }),
  ),
  actor: Type.Optional(Uuid),
  project: Type.Optional(Uuid),
  environment: Type.Optional(Uuid),
  since: Type.Optional(
    Type.String({ format: "date-time", maxLength: 64, description: "entries at or after this time" }),
  ),
  until: Type.Optional(
    Type.String({ format: "date-time", maxLength: 64, description: "entries before this time" }),
  ),
};

const View = Type.Optional(
  Type.Union([Type.Literal("operations"), Type.Literal("changes"), Type.Literal("all")], {
    description:
      "operations: one entry per operation (a bulk operation's summary, its items under `batch`), reads of values " +
      "and sign-ins included, as people read the trail; changes: every change as recorded one by one (each item of a " +
      "bulk create or update, no reads or sign-ins); all: every entry. Default: changes, or all when `action` is given " +
      "(the export: operations, or all with `action`).",
  }),
);

export const AuditQuery = Type.Object({
  ...PageQuery.properties,
  ...TrailFilter,
  view: View,
  batch: Type.Optional(Uuid),
});

export const AuditExportQuery = Type.Object({
  ...TrailFilter,
  view: View,
  format: Type.Optional(Type.Union([Type.Literal("csv"), Type.Literal("json")], { default: "csv" })),
});
