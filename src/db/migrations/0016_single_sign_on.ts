// Single sign-on (issue 23): a workspace's requirement that members reach it through the
// deployment's OpenID Connect provider, and how each session's sign-in was proven (a password, a
// provider), which a sign-in waiting for its second factor carries until it finishes.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workspaces").addColumn("sso_required_at", "text").execute();
  // Null for sessions started before this migration: how they signed in is not known.
  await db.schema.alterTable("sessions").addColumn("sign_in_method", "text").execute();
  await db.schema.alterTable("sign_in_challenges").addColumn("sign_in_method", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sign_in_challenges").dropColumn("sign_in_method").execute();
  await db.schema.alterTable("sessions").dropColumn("sign_in_method").execute();
  await db.schema.alterTable("workspaces").dropColumn("sso_required_at").execute();
}
