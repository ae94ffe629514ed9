import Type from "typebox";
import { REFERENCE_SOURCES } from "../../auth/policy.ts";
import { DateTime, Int32, Nullable, PlaceName, Slug, StringEnum, Uuid } from "../../http/schemas.ts";
import { ENVIRONMENT_TYPES } from "./service.ts";

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: "\\S" });
const Policy = Int32({
  minimum: 1,
  maximum: 36500,
  description: "rotation cadence in days; write-only",
});

export const EnvironmentType = StringEnum(ENVIRONMENT_TYPES);

export const EnvironmentRecord = Type.Object({
  id: Uuid,
  workspace_id: Uuid,
  team_id: Uuid,
  project_id: Uuid,
  name: PlaceName,
  slug: Slug,
  environment_type: EnvironmentType,
  parent_environment_id: Type.Optional(
    Type.String({
      format: "uuid",
      maxLength: 36,
      description: "present when the environment inherits: its parent",
    }),
  ),
  references_from: Type.Optional(
    StringEnum(REFERENCE_SOURCES, {
      description: "present when not `anywhere`: which other environments' values may reference this one",
    }),
  ),
  protected: Type.Optional(
    Type.Literal(true, {
      description: "present when an Admin has protected the environment: writes into it need Admin",
    }),
  ),
  created_at: DateTime,
  updated_at: DateTime,
});

const Protected = Type.Optional(
  Type.Boolean({
    description:
      "Admin or Owner: whether writes into the environment (secrets, imports, restores, rollbacks, what it " +
      "inherits, its settings, deleting it) need Admin; false by default, also for prod environments",
  }),
);

const ParentId = Type.Optional(
  Nullable(
    Type.String({
      format: "uuid",
      maxLength: 36,
      description:
        "an environment of the same project whose secrets this one inherits (its own secrets override them); " +
        "at most 3 levels, no cycles; null: none",
    }),
  ),
);

const ReferencesFrom = Type.Optional(
  StringEnum(REFERENCE_SOURCES, {
    description:
      "which other environments' values may reference this one (as `env.KEY` or `project.env.KEY`): " +
      "`anywhere` (the default: any whose writer and reader may read this one), `project` (only this " +
      "project's), `nowhere`",
  }),
);

export const CreateEnvironmentBody = Type.Object({
  name: Name,
  environment_type: EnvironmentType,
  default_policy: Type.Optional(Policy),
  parent_environment_id: ParentId,
  references_from: ReferencesFrom,
  protected: Protected,
});
export const UpdateEnvironmentBody = Type.Object({
  name: Type.Optional(Name),
  default_policy: Type.Optional(Policy),
  parent_environment_id: ParentId,
  references_from: ReferencesFrom,
  protected: Protected,
});

export const EnvironmentsParams = Type.Object({ workspace_id: Uuid, team_id: Uuid, project_id: Uuid });
export const EnvironmentParams = Type.Object({
  workspace_id: Uuid,
  team_id: Uuid,
  project_id: Uuid,
  environment_id: Uuid,
});
