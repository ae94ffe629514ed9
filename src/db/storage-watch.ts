// Whether the disk under the embedded database has room: /readyz and the metrics report a full
// one (a write refused with 507 storage_full says it too), and say it no longer once space is back.
import { statfsSync } from "node:fs";

/** Below this much free space in the data directory, storage counts as full. */
const LOW_WATER_BYTES = 1024 * 1024;

export interface StorageWatch {
  /** A write was refused for want of space. */
  sawFull(): void;
  problem(): string | undefined;
}

export function watchStorage(dataDir: string): StorageWatch {
  const free = () => {
    const stats = statfsSync(dataDir);
    return stats.bavail * stats.bsize;
  };
  /** Free bytes when a write was last refused: full until there is more than that. */
  let refusedAt: number | undefined;
  return {
    sawFull() {
      try {
        refusedAt = free();
      } catch {
        refusedAt = 0;
      }
    },
    problem() {
      let available: number;
      try {
        available = free();
      } catch {
        return undefined; // Not a directory this platform can measure: the writes will say it.
      }
      if (refusedAt !== undefined && available <= refusedAt) {
        return `Storage is full: a write was refused for want of space in ${dataDir}`;
      }
      refusedAt = undefined;
      if (available < LOW_WATER_BYTES) {
        return `Storage is full: less than 1 MiB free in ${dataDir}`;
      }
      return undefined;
    },
  };
}
