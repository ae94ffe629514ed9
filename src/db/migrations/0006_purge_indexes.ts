// Indexes for the housekeeping purge on the two tables that grow without bound: audit entries
// (one per change) and refresh tokens (one per refresh). Without them each batch of the purge
// scans the table from the start, past the rows the batches before it just deleted.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("audit_events_created_idx").on("audit_events").column("created_at").execute();
  await db.schema.createIndex("refresh_tokens_used_idx").on("refresh_tokens").column("used_at").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("refresh_tokens_used_idx").execute();
  await db.schema.dropIndex("audit_events_created_idx").execute();
}
