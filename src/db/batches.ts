// Bound-parameter limits differ per engine (SQLite 32,766, PostgreSQL 65,535); 13 columns × 500
// rows, or an IN list of 500, stays under both.
export const BATCH = 500;

/** Runs `write` over `rows` in slices of BATCH, one after another (inside the caller's transaction). */
export async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}
