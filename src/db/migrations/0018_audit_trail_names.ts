// The audit trail a person can read (issue 24): an entry names the project and environment as they
// were called when it happened (the key is in its details), so it still reads after a rename or a
// deletion; the entries of one bulk operation hang off one summary entry (`batch_id`), which the
// workspace trail shows alone; the trail filters by project and by environment.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_events").addColumn("project_name", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("environment_name", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("batch_id", "text").execute();
  await db.schema
    .createIndex("audit_events_project_idx")
    .on("audit_events")
    .columns(["workspace_id", "project_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("audit_events_environment_idx")
    .on("audit_events")
    .columns(["workspace_id", "environment_id", "created_at"])
    .execute();
  await db.schema.createIndex("audit_events_batch_idx").on("audit_events").column("batch_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("audit_events_batch_idx").execute();
  await db.schema.dropIndex("audit_events_environment_idx").execute();
  await db.schema.dropIndex("audit_events_project_idx").execute();
  await db.schema.alterTable("audit_events").dropColumn("batch_id").execute();
  await db.schema.alterTable("audit_events").dropColumn("environment_name").execute();
  await db.schema.alterTable("audit_events").dropColumn("project_name").execute();
}
