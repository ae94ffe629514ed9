// References are not a confused deputy (security review, item 7): each value records who wrote it —
// the principal (a person or a service account) and, when it wrote through a narrowed key, that
// key's scope as it was — so that a reference from it resolves only while its writer may read
// where it leads. NULL: written before this column (such a value's references into other
// environments do not resolve until it is saved again). An environment may also say which
// environments may reference it (`references_from`: anywhere, its own project, or nowhere).
import type { Kysely } from "kysely";

const VALUE_TABLES = ["secrets", "secret_versions", "deleted_secrets", "deleted_secret_versions"] as const;
const WRITER_COLUMNS = ["writer_kind", "writer_id", "writer_scope"] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving table types.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of VALUE_TABLES) {
    for (const column of WRITER_COLUMNS)
      await db.schema.alterTable(table).addColumn(column, "text").execute();
  }
  await db.schema
    .alterTable("environments")
    .addColumn("references_from", "text", (c) => c.notNull().defaultTo("anywhere"))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("environments").dropColumn("references_from").execute();
  for (const table of [...VALUE_TABLES].reverse()) {
    for (const column of [...WRITER_COLUMNS].reverse()) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
