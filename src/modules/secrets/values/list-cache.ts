// What a list of recently listed environments needs from the database (their rows, ciphertext
// parsed and decoded, never a value), each under the environment revision it was read at. Every
// write to an environment's secrets bumps that revision in the same transaction, and a list reads
// the revision from the database first, so a kept copy is used only while nothing in the
// environment changed — on every process and every node, with no invalidation message to miss.
// Measured: reading and decoding the rows was over a third of a list's cost on SQLite.

/** Rows kept at most over all environments (a row with its decoded value is ~0.7 KB): ~70 MB. */
const MAX_ROWS = 100_000;
/** An environment larger than this is not kept: it would push out hundreds of small ones. */
const MAX_ROWS_PER_ENVIRONMENT = 10_000;

export interface ListCache<T> {
  /**
   * The environment's entry at `revision` or later: the one kept when it was read at that
   * revision, else `read()`'s (read after the revision, so never older), kept for the next caller.
   */
  get(environmentKey: string, revision: number, read: () => Promise<T>): Promise<T>;
}

/** `rowsOf`: how many rows an entry holds, for the bound. */
export function createListCache<T>(rowsOf: (entry: T) => number): ListCache<T> {
  // Insertion order is recency: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, { revision: number; value: T; rows: number }>();
  let kept = 0;

  const forget = (environmentKey: string) => {
    const entry = entries.get(environmentKey);
    if (!entry) return;
    kept -= entry.rows;
    entries.delete(environmentKey);
  };

  return {
    async get(environmentKey, revision, read) {
      const entry = entries.get(environmentKey);
      if (entry?.revision === revision) {
        entries.delete(environmentKey);
        entries.set(environmentKey, entry);
        return entry.value;
      }
      const value = await read();
      const rows = rowsOf(value);
      if (rows > MAX_ROWS_PER_ENVIRONMENT) return value;
      // Another request may have kept a newer revision meanwhile: keep the newest.
      const current = entries.get(environmentKey);
      if (current && current.revision > revision) return value;
      forget(environmentKey);
      entries.set(environmentKey, { revision, value, rows });
      kept += rows;
      for (const oldest of entries.keys()) {
        if (kept <= MAX_ROWS) break;
        forget(oldest);
      }
      return value;
    },
  };
}
