// Signing the CLI in through the browser (issue 36, item 7; RFC 8628): a device authorization the
// CLI starts and a signed-in person approves or denies. Both codes are stored as digests only.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("device_authorizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("device_code_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_code_hash", "text", (c) => c.notNull().unique())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("client_name", "text")
    .addColumn("hostname", "text")
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    // pending | approved | denied | used
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("interval_seconds", "integer", (c) => c.notNull())
    .addColumn("last_polled_at", "text")
    // The approver, and how their session signed in: the CLI's session carries the same method.
    .addColumn("user_id", "text")
    .addColumn("sign_in_method", "text")
    // The session that approved: the approval lasts only while it does (signed out, claimed or
    // deleted, the device gets nothing).
    .addColumn("approving_session_id", "text")
    .addColumn("workspace_id", "text")
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("device_authorizations_expiry_idx")
    .on("device_authorizations")
    .column("expires_at")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("device_authorizations").execute();
}
