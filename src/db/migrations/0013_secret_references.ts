// References in values (issue 22): where a secret's current value points (environment qualifiers,
// never key names or values), written with the value, so a conditional read can name every
// environment its answer depends on without decrypting anything. NULL: no reference (values stored
// before this column are read the same way; a read that finds a reference in one answers without
// an ETag rather than with one that could go stale).
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("secrets").addColumn("reference_targets", "text").execute();
  await db.schema.alterTable("deleted_secrets").addColumn("reference_targets", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deleted_secrets").dropColumn("reference_targets").execute();
  await db.schema.alterTable("secrets").dropColumn("reference_targets").execute();
}
