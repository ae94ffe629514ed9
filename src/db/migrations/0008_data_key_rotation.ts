// Per-workspace data-key rotation: each data key version records when every value of the workspace
// was re-encrypted under it (null while a rotation to it is under way, so a second run resumes
// instead of starting another), and the indexes that let a rotation page through one workspace's
// secrets and share links without scanning every tenant's rows.
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("data_keys").addColumn("reencrypted_at", "text").execute();
  // Every existing key is a workspace's only one: nothing older is left to re-encrypt.
  await db.updateTable("data_keys").set({ reencrypted_at: sql`created_at` }).execute();
  await db.schema
    .createIndex("secrets_workspace_idx")
    .on("secrets")
    .columns(["workspace_id", "id"])
    .execute();
  await db.schema
    .createIndex("share_links_workspace_idx")
    .on("share_links")
    .columns(["workspace_id", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("share_links_workspace_idx").execute();
  await db.schema.dropIndex("secrets_workspace_idx").execute();
  await db.schema.alterTable("data_keys").dropColumn("reencrypted_at").execute();
}
