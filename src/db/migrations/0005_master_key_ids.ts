// Master key ids: each data key records which master key wraps it, and the store records which
// master key new data keys must be wrapped under, so a rotation never loses a data key to a node
// still holding the old master key.
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("data_keys").addColumn("master_key_id", "text").execute();
  await db.schema
    .createTable("master_key_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("master_key_state").execute();
  await db.schema.alterTable("data_keys").dropColumn("master_key_id").execute();
}
