// One-time tokens and codes (sign-in challenges, one-time codes, refresh tokens, recovery codes) are
// spent by stamping a time on them; of two requests racing for one, only the first update matches.
// The owning module passes its own table (the one-owner-per-table rule is the caller's to keep).
import { sql, type UpdateObject } from "kysely";
import type { Database, Queryable } from "./schema.ts";
import { allEqual } from "./workspace-rows.ts";

/** The columns of `T` that hold a time or nothing: the "spent at" stamps. */
type StampColumn<T extends keyof Database> = {
  [C in keyof Database[T]]: null extends Database[T][C] ? (string extends Database[T][C] ? C : never) : never;
}[keyof Database[T]] &
  string;

/**
 * Stamps `now` into `spentColumn` of the row of `table` that `match` names, if nothing is stamped
 * there yet; true when this call spent it, false when it was unknown or already spent.
 */
export async function spendOnce<T extends keyof Database>(
  q: Queryable,
  table: T,
  match: Partial<Database[T]>,
  spentColumn: StampColumn<T>,
  now: string,
): Promise<boolean> {
  // An empty match would spend every unspent row of the table.
  if (Object.keys(match).length === 0) throw new Error(`No row of ${table} named to spend`);
  // Kysely types a chain over one named table, not over a table parameter (see rowWhere).
  const anyTable = table as keyof Database;
  const result = await q
    .updateTable(anyTable)
    .set({ [spentColumn]: now } as UpdateObject<Database, keyof Database>)
    .where((eb) => allEqual(eb, match))
    .where(sql.ref<string | null>(spentColumn), "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
