// Signed webhooks (issue 23): a workspace's endpoints, and the deliveries queued for them in the
// same transaction as the change they tell of. Audit entries learn the project and environment they
// happened in, so a webhook (and the trail's filters) can be narrowed to one; entries about one
// resource (the timeline) get the index they lacked.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text")
    // JSON array of event types; an empty array: every event.
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("project_id", "text")
    .addColumn("environment_id", "text")
    // The signing secret, sealed under the workspace's data key; the previous one while it overlaps.
    .addColumn("secret_ciphertext", "text", (c) => c.notNull())
    .addColumn("previous_secret_ciphertext", "text")
    .addColumn("previous_secret_expires_at", "text")
    .addColumn("disabled_at", "text")
    .addColumn("disabled_reason", "text")
    .addColumn("failing_since", "text")
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_success_at", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhooks_workspace_idx").on("webhooks").column("workspace_id").execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("webhook_id", "text", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    // Deliveries sharing a webhook and this key (a secret, an environment…) are sent in order.
    .addColumn("ordering_key", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // pending | delivered | failed (gave up)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("last_status_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("last_latency_ms", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due_idx")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_order_idx")
    .on("webhook_deliveries")
    .columns(["webhook_id", "ordering_key", "status", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_log_idx")
    .on("webhook_deliveries")
    .columns(["webhook_id", "id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_finished_idx")
    .on("webhook_deliveries")
    .column("finished_at")
    .execute();

  await db.schema.alterTable("audit_events").addColumn("project_id", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("environment_id", "text").execute();
  await db.schema
    .createIndex("audit_events_resource_idx")
    .on("audit_events")
    .columns(["workspace_id", "resource_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("audit_events_resource_idx").execute();
  await db.schema.alterTable("audit_events").dropColumn("environment_id").execute();
  await db.schema.alterTable("audit_events").dropColumn("project_id").execute();
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhooks").execute();
}
