// One-time codes, invites, and sign-in identities from external providers.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("one_time_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("consumed_at", "text")
    .addColumn("delivery_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("one_time_codes_user_idx")
    .on("one_time_codes")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("invites")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("team_id", "text", (c) => c.references("teams.id").onDelete("set null"))
    .addColumn("invitee_email", "text", (c) => c.notNull())
    .addColumn("role", "integer", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("invited_by", "text", (c) => c.notNull())
    .addColumn("expiry_time", "text", (c) => c.notNull())
    .addColumn("delivery_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("invites_workspace_idx")
    .on("invites")
    .columns(["workspace_id", "status"])
    .execute();

  await db.schema
    .createTable("identities")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("identities_pk", ["provider", "subject"])
    .execute();
  await db.schema.createIndex("identities_user_idx").on("identities").column("user_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["identities", "invites", "one_time_codes"]) await db.schema.dropTable(table).execute();
}
