import Type from "typebox";
import { DateTime, Int32, Nullable, Slug, Uuid } from "../../http/schemas.ts";

/** A workspace as the instance's operators see it (GET /admin/workspaces). */
export const InstanceWorkspace = Type.Object({
  id: Uuid,
  name: Type.String(),
  slug: Slug,
  plan: Type.String({ description: "free | pro | enterprise (or an operator-defined plan)" }),
  members: Int32({ description: "members (pending invites not counted)" }),
  seat_limit: Nullable(Int32({ description: "null = unlimited" })),
  created_at: DateTime,
});

export const SetPlanBody = Type.Object({
  plan: Type.String({ minLength: 1, maxLength: 64, description: "a plan of the instance (COFFER_PLANS)" }),
});

export const InstancePlan = Type.Object({
  name: Type.String(),
  seats: Nullable(Int32({ description: "null = unlimited" })),
  service_accounts: Nullable(Int32({ description: "null = unlimited" })),
  version_history: Type.Boolean({ description: "versions, the timeline and point-in-time restore" }),
  share_links: Type.Boolean(),
});
