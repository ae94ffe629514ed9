// The invites module's front door (table: invites).
export { endInvitesOfClaim, invitedThrough } from "./claims.ts";
export { countPendingInvites } from "./repo.ts";
export { invitesRoutes } from "./routes.ts";
export { createInvitesService, purgeInvites } from "./service.ts";
