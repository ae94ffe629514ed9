import Type from "typebox";
import { DateTime, Int32, Nullable, PersonNames, PlaceName, Uuid } from "../../http/schemas.ts";

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: "\\S" });
const AvatarUrl = Nullable(Type.String({ maxLength: 2048 }));

export const TeamRecord = Type.Object({
  id: Uuid,
  workspace_id: Uuid,
  name: PlaceName,
  avatar_url: Nullable(Type.String({ maxLength: 2048 })),
  created_at: DateTime,
  updated_at: DateTime,
});

export const CreateTeamBody = Type.Object({ name: Name, avatar_url: Type.Optional(AvatarUrl) });
export const UpdateTeamBody = Type.Object({
  name: Type.Optional(Name),
  avatar_url: Type.Optional(AvatarUrl),
});

export const TeamsParams = Type.Object({ workspace_id: Uuid });
export const TeamParams = Type.Object({ workspace_id: Uuid, team_id: Uuid });
export const TeamMemberParams = Type.Object({ workspace_id: Uuid, team_id: Uuid, user_id: Uuid });
export const AddTeamMemberBody = Type.Object({ user_id: Uuid });

export const TeamMemberRecord = Type.Object({
  user_id: Uuid,
  ...PersonNames,
  role: Int32({ description: "the person's workspace role" }),
  added_at: DateTime,
});
