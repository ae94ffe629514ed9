// A change counter per environment: every write that changes what its secrets read as bumps it in
// the same transaction, and conditional reads (ETag / If-None-Match) derive their tags from it.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("environments")
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("environments").dropColumn("revision").execute();
}
