// Deleted secrets stay recoverable for a retention period (issue 22): a delete moves the secret and
// its versions here, out of every list, read and count; a restore moves them back (same id, so every
// stored ciphertext, bound to its secret id and version, still opens); housekeeping purges them
// once `purge_after` has passed. Deleting the environment or the workspace takes them with it.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("deleted_secrets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("team_id", "text", (c) => c.notNull())
    .addColumn("project_id", "text", (c) => c.notNull())
    .addColumn("environment_id", "text", (c) => c.notNull().references("environments.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("current_version", "integer", (c) => c.notNull())
    .addColumn("rotation_days", "integer")
    .addColumn("last_rotated_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text", (c) => c.notNull())
    .addColumn("purge_after", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("deleted_secrets_environment_idx")
    .on("deleted_secrets")
    .columns(["environment_id", "deleted_at"])
    .execute();
  await db.schema
    .createIndex("deleted_secrets_purge_idx")
    .on("deleted_secrets")
    .column("purge_after")
    .execute();

  await db.schema
    .createTable("deleted_secret_versions")
    .addColumn("secret_id", "text", (c) => c.notNull().references("deleted_secrets.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("ciphertext", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("deleted_secret_versions_pk", ["secret_id", "version"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("deleted_secret_versions").execute();
  await db.schema.dropTable("deleted_secrets").execute();
}
