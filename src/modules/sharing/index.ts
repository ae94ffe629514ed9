// The share links module's front door (table: share_links).
export { endShareLinksOfClaim } from "./claims.ts";
export { createShareLinkManagement } from "./manage.ts";
export { shareLinkRoutes, shareViewRoutes } from "./routes.ts";
export { ShareBody, ShareCreated } from "./schemas.ts";
export { shareSnapshots } from "./sealed-values.ts";
export { createSharingService, purgeLinks, type SharingService } from "./service.ts";
