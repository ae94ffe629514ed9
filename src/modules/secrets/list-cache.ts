// The stored rows (ciphertext, never values) of recently listed environments, each under the
// environment revision it was read at. Every write to an environment's secrets bumps that revision
// in the same transaction, and a list reads the revision from the database first, so a cached copy
// is used only while nothing in the environment changed — on every process and every node, with
// no invalidation message to miss. Measured: the list query was a third of a list's cost on SQLite.
import type { SecretRow } from "./repo.ts";

interface Entry {
  revision: number;
  rows: readonly SecretRow[];
}

/** Rows kept at most over all environments (a row is ~0.5 KB): about 50 MB. */
const MAX_ROWS = 100_000;
/** An environment larger than this is not kept: it would push out hundreds of small ones. */
const MAX_ROWS_PER_ENVIRONMENT = 10_000;

export interface ListCache {
  /**
   * The environment's rows at `revision` or later: from the cache when it holds that revision,
   * else from `read`, kept for the next caller that sees the same revision.
   */
  rows(
    environmentId: string,
    revision: number,
    read: () => Promise<SecretRow[]>,
  ): Promise<readonly SecretRow[]>;
}

export function createListCache(): ListCache {
  // Insertion order is recency: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  let kept = 0;

  const forget = (environmentId: string) => {
    const entry = entries.get(environmentId);
    if (!entry) return;
    kept -= entry.rows.length;
    entries.delete(environmentId);
  };

  return {
    async rows(environmentId, revision, read) {
      const entry = entries.get(environmentId);
      if (entry?.revision === revision) {
        entries.delete(environmentId);
        entries.set(environmentId, entry);
        return entry.rows;
      }
      // Read after the revision: these rows are at least as new as it, never older.
      const rows = await read();
      if (rows.length > MAX_ROWS_PER_ENVIRONMENT) return rows;
      // Another request may have stored a newer revision meanwhile; keep the newest.
      const current = entries.get(environmentId);
      if (current && current.revision > revision) return rows;
      forget(environmentId);
      for (const row of rows) Object.freeze(row);
      entries.set(environmentId, { revision, rows: Object.freeze(rows) });
      kept += rows.length;
      for (const oldest of entries.keys()) {
        if (kept <= MAX_ROWS) break;
        forget(oldest);
      }
      return rows;
    },
  };
}
