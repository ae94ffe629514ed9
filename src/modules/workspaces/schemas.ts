import Type from "typebox";
import { DateTime, Int32, Nullable, PersonNames, Slug, Uuid } from "../../http/schemas.ts";

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: "\\S" });
const AvatarUrl = Nullable(Type.String({ maxLength: 2048 }));

export const WorkspaceRecord = Type.Object({
  id: Uuid,
  name: Type.String(),
  slug: Slug,
  avatar_url: Nullable(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
  plan: Type.String({ description: "free | pro | enterprise (or an operator-defined plan)" }),
  role: Int32({ description: "the caller's role: 0 Viewer, 1 Member, 2 Admin, 3 Owner" }),
  seat_limit: Nullable(Int32({ description: "null = unlimited" })),
  require_two_factor: Type.Boolean({
    description: "every member must use two-factor sign-in to reach the workspace (Owners set it)",
  }),
  require_sso: Type.Boolean({
    description:
      "members' sessions must come from the deployment's single sign-on (OpenID Connect) provider to reach the workspace; API keys are not affected (Owners set it)",
  }),
});

export const CreateWorkspaceBody = Type.Object({ name: Name, avatar_url: Type.Optional(AvatarUrl) });
export const UpdateWorkspaceBody = Type.Object({
  name: Type.Optional(Name),
  avatar_url: Type.Optional(AvatarUrl),
  require_two_factor: Type.Optional(
    Type.Boolean({
      description:
        "require two-factor sign-in of every member (the Owner setting it must have it on); members without it get 403 two_factor_enrollment_required",
    }),
  ),
  require_sso: Type.Optional(
    Type.Boolean({
      description:
        "require that members' sessions come from single sign-on (409 sso_not_configured without an OpenID Connect provider, 409 sso_session_required unless the Owner's own session does); other sessions get 403 sso_required, API keys are not affected",
    }),
  ),
});

export const MemberParams = Type.Object({ workspace_id: Uuid, user_id: Uuid });

export const RoleValue = Int32({
  minimum: 0,
  maximum: 3,
  description: "0 Viewer, 1 Member, 2 Admin, 3 Owner",
});
export const ChangeRoleBody = Type.Object({ role: RoleValue });

export const MemberRecord = Type.Object({
  user_id: Uuid,
  ...PersonNames,
  role: Int32(),
  joined_at: DateTime,
  two_factor: Type.Boolean({ description: "the member has two-factor sign-in on" }),
});

export const SwitchWorkspaceResponse = Type.Object({
  workspace_id: Uuid,
  access_token: Nullable(
    Type.String({ description: "a session token carrying the new workspace (sessions only)" }),
  ),
  token_type: Type.Literal("bearer"),
  expires_in: Nullable(Int32()),
});

export const Deleted = Type.Object({ deleted: Type.Boolean(), id: Uuid });
export const Removed = Type.Object({ removed: Type.Boolean(), user_id: Uuid });
