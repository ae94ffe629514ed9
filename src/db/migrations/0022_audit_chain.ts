// The tamper-evident audit trail (issue 37). Each entry gets its place in its workspace's chain:
// `sequence` (1, 2, 3… with no gaps), `prev_hmac` (the previous entry's `hmac`, or the checkpoint's)
// and `hmac` (HMAC-SHA256 over the entry and `prev_hmac`). Entries written before this migration
// have none: the audit module chains them, oldest first, before the workspace's next entry.
//
// audit_chain_heads: where each workspace's chain ends; its row is locked by every writer, so two
//   nodes never give out one sequence twice.
// audit_checkpoints: what a retention purge removed from the start of a chain, signed, so the
//   chain verifies from there.
// audit_chain_key: the random key the chain keys derive from, wrapped under the master key (a
//   master-key rotation re-wraps it; the chains stay verifiable).
// audit_verifications: each workspace's last verification, for the dashboard.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_events").addColumn("sequence", "integer").execute();
  await db.schema.alterTable("audit_events").addColumn("prev_hmac", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("hmac", "text").execute();
  await db.schema
    .createIndex("audit_events_sequence_unique")
    .on("audit_events")
    .columns(["workspace_id", "sequence"])
    .unique()
    .execute();
  await db.schema
    .createTable("audit_chain_heads")
    .addColumn("workspace_id", "text", (c) => c.primaryKey())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("hmac", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("audit_checkpoints")
    .addColumn("workspace_id", "text", (c) => c.primaryKey())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("hmac", "text", (c) => c.notNull())
    .addColumn("purged", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("signature", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("audit_chain_key")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("wrapped", "text", (c) => c.notNull())
    .addColumn("master_key_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("audit_verifications")
    .addColumn("workspace_id", "text", (c) => c.primaryKey())
    .addColumn("verified_at", "text", (c) => c.notNull())
    .addColumn("holds", "integer", (c) => c.notNull())
    .addColumn("checked", "integer", (c) => c.notNull())
    .addColumn("first_break", "text")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["audit_verifications", "audit_chain_key", "audit_checkpoints", "audit_chain_heads"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("audit_events_sequence_unique").execute();
  for (const column of ["hmac", "prev_hmac", "sequence"]) {
    await db.schema.alterTable("audit_events").dropColumn(column).execute();
  }
}
