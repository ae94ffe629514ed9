// Per-workspace data keys (wrapped by the master key), secrets with their versions, share links.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("data_keys")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("wrapped_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("data_keys_pk", ["workspace_id", "version"])
    .execute();

  await db.schema
    .createTable("secrets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("team_id", "text", (c) => c.notNull())
    .addColumn("project_id", "text", (c) => c.notNull())
    .addColumn("environment_id", "text", (c) => c.notNull().references("environments.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("current_version", "integer", (c) => c.notNull())
    // The current version's ciphertext, kept on the row so that a list is one indexed read.
    .addColumn("ciphertext", "text", (c) => c.notNull())
    .addColumn("rotation_days", "integer")
    .addColumn("last_rotated_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("secrets_environment_key_unique", ["environment_id", "key"])
    .execute();

  await db.schema
    .createTable("secret_versions")
    .addColumn("secret_id", "text", (c) => c.notNull().references("secrets.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("ciphertext", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("secret_versions_pk", ["secret_id", "version"])
    .execute();

  await db.schema
    .createTable("share_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("environment_id", "text", (c) => c.notNull().references("environments.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("ciphertext", "text", (c) => c.notNull())
    .addColumn("passphrase_hash", "text")
    .addColumn("max_views", "integer", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["share_links", "secret_versions", "secrets", "data_keys"]) {
    await db.schema.dropTable(table).execute();
  }
}
