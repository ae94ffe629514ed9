// Protected environments (issue 36): an Admin may mark an environment protected; writes into it
// (its secrets, imports, restores, rollbacks, what it inherits, deleting it) then need Admin.
// 1 or 0: SQLite has no boolean type. Every environment, old and new, starts unprotected.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("environments")
    .addColumn("protected", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("environments").dropColumn("protected").execute();
}
