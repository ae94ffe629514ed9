// Rows counted straight in the store: what a test checks that an API call left behind or took away.
import { sql } from "kysely";
import type { Database, Db } from "../../src/db/schema.ts";

/** How many rows of `table` have `column` equal to `value`. */
export async function countRows(
  db: Db,
  table: keyof Database,
  column: string,
  value: string,
): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
  return Number(rows[0]?.n);
}
