// Account security (issue 18): two-factor sign-in (a TOTP secret sealed under the master key,
// recovery codes as digests, the short-lived challenges that finish a provider sign-in with the
// second factor), one-time password-reset tokens (digests), and a workspace's requirement that
// every member uses two-factor sign-in.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("master_key_id", "text", (c) => c.notNull())
    .addColumn("enabled_at", "text")
    .addColumn("last_used_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("recovery_codes_pk", ["user_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("sign_in_challenges")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_challenges_expiry_idx")
    .on("sign_in_challenges")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_resets_user_idx").on("password_resets").column("user_id").execute();
  await db.schema
    .createIndex("password_resets_expiry_idx")
    .on("password_resets")
    .column("expires_at")
    .execute();

  await db.schema.alterTable("workspaces").addColumn("two_factor_required_at", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workspaces").dropColumn("two_factor_required_at").execute();
  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropTable("sign_in_challenges").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("two_factor").execute();
}
