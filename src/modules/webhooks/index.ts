// The webhooks module's front door (tables: webhooks, webhook_deliveries).
export { endWebhooksOfClaim } from "./claims.ts";
export { startDeliveries } from "./deliveries.ts";
export { WEBHOOK_EVENTS } from "./events.ts";
export { purgeDeliveries } from "./repo.ts";
export { webhooksRoutes } from "./routes.ts";
export { createWebhooksService, type WebhooksService } from "./service.ts";
