import Type from "typebox";
import { DateTime, PlaceName, Slug, Uuid } from "../../http/schemas.ts";

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: "\\S" });
const Metadata = Type.Unsafe<Record<string, unknown>>({
  type: "object",
  additionalProperties: true,
  description: "free-form; stored and returned as given (at most 16 KiB of JSON, nested at most 32 deep)",
});

export const ProjectRecord = Type.Object({
  id: Uuid,
  workspace_id: Uuid,
  team_id: Uuid,
  name: PlaceName,
  slug: Slug,
  is_active: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
  proj_metadata: Metadata,
});

export const CreateProjectBody = Type.Object({ name: Name, proj_metadata: Type.Optional(Metadata) });
export const UpdateProjectBody = Type.Object({
  name: Type.Optional(Name),
  is_active: Type.Optional(Type.Boolean()),
  proj_metadata: Type.Optional(Metadata),
});

export const ProjectsParams = Type.Object({ workspace_id: Uuid, team_id: Uuid });
export const ProjectParams = Type.Object({ workspace_id: Uuid, team_id: Uuid, project_id: Uuid });
