// Audit streams (issue 37, COFFER_AUDIT_STREAMS): how far each sink has acknowledged each
// workspace's chain, and which process sends to a sink now.
//
// audit_stream_cursors: per (sink, workspace), the last `sequence` the sink acknowledged; a sink's
//   id is derived from its URL, so a new sink has no row and starts from the stored trail's start.
// audit_stream_leases: per sink, the one process (holder) that sends to it until expires_at; it
//   renews while it runs, and another takes over once it has expired.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("audit_stream_cursors")
    .addColumn("sink_id", "text", (c) => c.notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("audit_stream_cursors_pk", ["sink_id", "workspace_id"])
    .execute();
  await db.schema
    .createTable("audit_stream_leases")
    .addColumn("sink_id", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_stream_leases").execute();
  await db.schema.dropTable("audit_stream_cursors").execute();
}
