// Share links under control (issue 18): wrong passphrases are counted (the link burns after a few),
// a link can be revoked, and the shared keys' names are kept beside the sealed snapshot so the
// links of a workspace can be listed without decrypting anything.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("share_links")
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("share_links").addColumn("revoked_at", "text").execute();
  // JSON array of key names; links made before this migration list none.
  await db.schema
    .alterTable("share_links")
    .addColumn("secret_keys", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .createIndex("share_links_listing_idx")
    .on("share_links")
    .columns(["workspace_id", "created_at", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("share_links_listing_idx").execute();
  await db.schema.alterTable("share_links").dropColumn("secret_keys").execute();
  await db.schema.alterTable("share_links").dropColumn("revoked_at").execute();
  await db.schema.alterTable("share_links").dropColumn("failed_attempts").execute();
}
