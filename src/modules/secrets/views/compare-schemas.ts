// The comparison of environments side by side (compare.ts): what it asks and what it answers.
import Type from "typebox";
import { Int32, PlaceName, Slug, StringEnum, Uuid } from "../../../http/schemas.ts";
import { ENVIRONMENT_TYPES } from "../../environments/index.ts";
import { StoredKey } from "../schemas.ts";
import { MAX_COMPARED } from "./compare.ts";

export const CompareParams = Type.Object({ workspace_id: Uuid, team_id: Uuid, project_id: Uuid });

export const CompareQuery = Type.Object({
  environments: Type.String({
    pattern: "^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){1,9}$",
    maxLength: MAX_COMPARED * 36 + (MAX_COMPARED - 1),
    description: "2 to 10 environment ids of this project, comma-separated, in the order to show them",
    examples: ["0b9f3c1e-8a6d-4f1e-9c3b-2d7a5e8f1a20,5c2e7d9a-1b4f-4e8c-a6d3-9f0b2c4e6a81"],
  }),
  values: Type.Optional(
    Type.Boolean({ description: "include each value (default false: fingerprints only)" }),
  ),
});

const CompareCell = Type.Object({
  environment_id: Uuid,
  present: Type.Boolean(),
  secret_id: Type.Optional(Uuid),
  version: Type.Optional(Int32()),
  fingerprint: Type.Optional(
    Type.String({
      description:
        "equal values have equal fingerprints within this answer (keyed for this answer only: nothing about a value can be learnt from it)",
    }),
  ),
  value: Type.Optional(Type.String({ description: "only with values=true" })),
  inherited_from: Type.Optional(
    Type.Object(
      { id: Uuid, name: PlaceName, slug: Slug },
      {
        description:
          "the environment the value comes from when this one inherits the key (absent: its own); " +
          "secret_id and version are then that environment's",
      },
    ),
  ),
});

export const Comparison = Type.Object({
  environments: Type.Array(
    Type.Object({ id: Uuid, name: PlaceName, environment_type: StringEnum(ENVIRONMENT_TYPES) }),
    { maxItems: MAX_COMPARED },
  ),
  keys: Type.Array(
    Type.Object({
      key: StoredKey,
      status: Type.Union([Type.Literal("same"), Type.Literal("differs"), Type.Literal("missing")], {
        description:
          "missing: absent from at least one environment (an inherited key is present); " +
          "differs: present everywhere, effective values not all equal",
      }),
      environments: Type.Array(CompareCell, {
        maxItems: MAX_COMPARED,
        description: "one per environment, in the order asked",
      }),
    }),
  ),
  unreadable: Type.Array(
    Type.Object(
      { environment_id: Uuid, secret_ids: Type.Array(Uuid) },
      {
        description: "secrets whose value could not be decrypted (left out of keys)",
      },
    ),
    { maxItems: MAX_COMPARED },
  ),
});
