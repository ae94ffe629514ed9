import Type from "typebox";
import { DateTime, StringEnum, Uuid } from "../../http/schemas.ts";
import { ENVIRONMENT_TYPES } from "./service.ts";

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: "\\S" });
const Policy = Type.Integer({
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
  name: Type.String(),
  slug: Type.String(),
  environment_type: EnvironmentType,
  created_at: DateTime,
  updated_at: DateTime,
});

export const CreateEnvironmentBody = Type.Object({
  name: Name,
  environment_type: EnvironmentType,
  default_policy: Type.Optional(Policy),
});
export const UpdateEnvironmentBody = Type.Object({
  name: Type.Optional(Name),
  default_policy: Type.Optional(Policy),
});

export const EnvironmentsParams = Type.Object({ workspace_id: Uuid, team_id: Uuid, project_id: Uuid });
export const EnvironmentParams = Type.Object({
  workspace_id: Uuid,
  team_id: Uuid,
  project_id: Uuid,
  environment_id: Uuid,
});
