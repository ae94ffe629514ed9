// Inherited environments (issue 22): an environment may name a parent in the same project; its
// secrets read as the parent's overlaid with its own. No foreign key: deleting an environment that
// others inherit from is refused by the service, and deleting the project takes them all.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("environments").addColumn("parent_environment_id", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("environments").dropColumn("parent_environment_id").execute();
}
