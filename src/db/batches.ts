// Bound-parameter limits differ per engine (SQLite 32,766, PostgreSQL 65,535); 13 columns × 500
// rows, or an IN list of 500, stays under both.
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
