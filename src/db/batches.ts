// Bound-parameter limits differ per engine (SQLite 32,766, PostgreSQL 65,535); 13 columns × 500
// rows, or an IN list of 500, stays under both.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database, Queryable } from "./schema.ts";

export const BATCH = 500;

/** Runs `write` over `rows` in slices of BATCH, one after another (inside the caller's transaction). */
export async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/**
 * Repeats a delete of at most BATCH rows until one deletes fewer: each statement is short, so a
 * purge never holds a long lock on a table the API is writing. Returns the total deleted.
 */
export async function deleteUntilDone(
  deleteBatch: () => Promise<{ numDeletedRows: bigint }>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = Number((await deleteBatch()).numDeletedRows);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** A condition on the rows of `T`, as a `where` takes it. */
type RowFilter<T extends keyof Database> = (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;

/**
 * Deletes the rows of `table` that `doomed` picks, BATCH at a time (see deleteUntilDone): each
 * statement deletes the rows whose `key` a sub-select of at most BATCH of them names. Returns the
 * total deleted. The owning module passes its own table (the one-owner-per-table rule is the
 * caller's to keep).
 */
export function purgeInBatches<T extends keyof Database>(
  db: Queryable,
  table: T,
  key: keyof Database[T] & string,
  doomed: RowFilter<T>,
): Promise<number> {
  // Kysely types a chain over one named table, not over a table parameter: the chain is written
  // over the tables in general and `doomed` is typed for the caller's table.
  const anyTable = table as keyof Database;
  const column = sql.ref<string>(key);
  return deleteUntilDone(() =>
    db
      .deleteFrom(anyTable)
      .where(column, "in", (eb) =>
        eb
          .selectFrom(anyTable)
          .select(column.as("key"))
          .where(doomed as RowFilter<keyof Database>)
          .limit(BATCH),
      )
      .executeTakeFirst(),
  );
}
