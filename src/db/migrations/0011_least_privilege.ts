// Least privilege for automation (issue 21): a key may be bound to one workspace, some projects or
// environments, read-only access and client address ranges; workspaces own service accounts (a
// role, teams, their own keys and the OIDC issuers they trust); an exchanged OIDC token is
// remembered until it expires so it cannot be replayed; the audit trail names the acting key.
import type { Kysely } from "kysely";

// The scope columns every kind of key carries (JSON arrays as text; null: not restricted).
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
type Table = ReturnType<Kysely<any>["schema"]["createTable"]>;
const withScope = (table: Table) =>
  table
    .addColumn("access", "text", (c) => c.notNull().defaultTo("read_write"))
    .addColumn("project_ids", "text")
    .addColumn("environment_ids", "text")
    .addColumn("allowed_cidrs", "text");

// biome-ignore lint/suspicious/noExplicitAny: see above.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("api_keys").addColumn("workspace_id", "text").execute();
  await db.schema
    .alterTable("api_keys")
    .addColumn("access", "text", (c) => c.notNull().defaultTo("read_write"))
    .execute();
  await db.schema.alterTable("api_keys").addColumn("project_ids", "text").execute();
  await db.schema.alterTable("api_keys").addColumn("environment_ids", "text").execute();
  await db.schema.alterTable("api_keys").addColumn("allowed_cidrs", "text").execute();

  await db.schema
    .createTable("service_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("role", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("disabled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("service_accounts_name_uq", ["workspace_id", "name"])
    .execute();

  await db.schema
    .createTable("service_account_teams")
    .addColumn("service_account_id", "text", (c) =>
      c.notNull().references("service_accounts.id").onDelete("cascade"),
    )
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("service_account_teams_pk", ["service_account_id", "team_id"])
    .execute();

  await withScope(
    db.schema
      .createTable("service_account_keys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("service_account_id", "text", (c) =>
        c.notNull().references("service_accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("description", "text")
      .addColumn("prefix", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("trust_id", "text")
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text")
      .addColumn("revoked_at", "text")
      .addColumn("last_used_at", "text"),
  ).execute();
  await db.schema
    .createIndex("service_account_keys_owner_idx")
    .on("service_account_keys")
    .columns(["service_account_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("service_account_keys_expiry_idx")
    .on("service_account_keys")
    .column("expires_at")
    .execute();

  await withScope(
    db.schema
      .createTable("service_account_trusts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("service_account_id", "text", (c) =>
        c.notNull().references("service_accounts.id").onDelete("cascade"),
      )
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("issuer", "text", (c) => c.notNull())
      .addColumn("audience", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("claims", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("token_minutes", "integer", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex("service_account_trusts_issuer_idx")
    .on("service_account_trusts")
    .column("issuer")
    .execute();

  await db.schema
    .createTable("oidc_token_uses")
    .addColumn("digest", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("oidc_token_uses_expiry_idx")
    .on("oidc_token_uses")
    .column("expires_at")
    .execute();

  await db.schema.alterTable("audit_events").addColumn("actor_key_id", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("actor_key_name", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_events").dropColumn("actor_key_name").execute();
  await db.schema.alterTable("audit_events").dropColumn("actor_key_id").execute();
  await db.schema.dropTable("oidc_token_uses").execute();
  await db.schema.dropTable("service_account_trusts").execute();
  await db.schema.dropTable("service_account_keys").execute();
  await db.schema.dropTable("service_account_teams").execute();
  await db.schema.dropTable("service_accounts").execute();
  for (const column of ["allowed_cidrs", "environment_ids", "project_ids", "access", "workspace_id"]) {
    await db.schema.alterTable("api_keys").dropColumn(column).execute();
  }
}
