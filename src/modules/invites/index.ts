// The invites module's front door (table: invites).
export { countPendingInvites } from "./repo.ts";
export { invitesRoutes } from "./routes.ts";
export { createInvitesService, purgeInvites } from "./service.ts";
