// Rotation of a workspace's data key: startDataKeyRotation adds a version (or picks up an
// unfinished one), then reencryptWorkspace re-encrypts the workspace's values under it in batches,
// one transaction each, while servers keep reading and writing. Each value is replaced only while
// it still holds what was read (compare-and-set), so a concurrent write is never undone; each
// value's additional data stays what it was. Interrupted anywhere, every value is readable (old
// versions are never deleted) and a new pass resumes: it only looks at values not yet under the
// newest version.
import type { Clock } from "../clock.ts";
import type { Db, Queryable } from "../db/schema.ts";
import { DecryptionError } from "./aead.ts";
import {
  dataKeyVersions,
  isLockTimeout,
  lockDataKeyVersions,
  markReencrypted,
  yieldToWriters,
} from "./data-key-versions.ts";
import { insertNewDataKey, type Keyring, openable, sealedPrefix } from "./data-keys.ts";
import type { MasterKeys } from "./keyring.ts";

export type DataKeyRotationStart =
  | { kind: "no_data_key" }
  | { kind: "already_rotated"; version: number; createdAt: string }
  | { kind: "created"; version: number; previous: number }
  | { kind: "resumed"; version: number };

/**
 * Starts a rotation of the workspace's data key, in the caller's transaction: adds the next version
 * (new writes use it from this transaction's commit on, on every node), unless the newest version
 * is itself a rotation not yet fully applied (that one is resumed instead), or a complete one
 * created at or after `createdBefore` (a run over every workspace, continued: nothing to do).
 */
export async function startDataKeyRotation(
  tx: Queryable,
  masterKeys: MasterKeys,
  workspaceId: string,
  now: string,
  createdBefore: string,
): Promise<DataKeyRotationStart> {
  await lockDataKeyVersions(tx, workspaceId);
  const newest = (await dataKeyVersions(tx, workspaceId)).at(-1);
  if (!newest) return { kind: "no_data_key" };
  if (newest.reencrypted_at === null) return { kind: "resumed", version: newest.version };
  if (newest.created_at >= createdBefore)
    return { kind: "already_rotated", version: newest.version, createdAt: newest.created_at };
  await insertNewDataKey(tx, masterKeys, workspaceId, newest.version + 1, now);
  return { kind: "created", version: newest.version + 1, previous: newest.version };
}

export interface SealedValue {
  stored: string;
  aad: string;
}

/** One kind of value sealed under a workspace's data keys, as its owning module stores it. */
export interface SealedValues<T extends SealedValue> {
  /** Values not (entirely) stored under the data key version with this prefix. */
  countNotUnder(db: Queryable, workspaceId: string, prefix: string): Promise<number>;
  /** The next `limit` of those after `after` (the last one of the previous page), in a fixed order. */
  pageNotUnder(
    db: Queryable,
    workspaceId: string,
    prefix: string,
    after: T | undefined,
    limit: number,
  ): Promise<T[]>;
  /** Stores `stored` in place of `value` while it still holds what was read; false when it changed. */
  replace(tx: Queryable, workspaceId: string, value: T, stored: string): Promise<boolean>;
  /** Stored values under the data key version with this prefix (for reporting which versions are still used). */
  countUnder(db: Queryable, workspaceId: string, prefix: string): Promise<number>;
}

export interface ReencryptOptions {
  batchSize: number;
  /** Stop after this many batches (the run is then "paused": a later run continues it). */
  maxBatches: number;
  onBatch?: (progress: { done: number; total: number }) => void;
}

export interface ReencryptReport {
  /** done: every value is under `version` (or unreadable); paused: out of batches; superseded: a newer version appeared. */
  outcome: "done" | "paused" | "superseded";
  total: number;
  reencrypted: number;
  /** Changed by someone else between read and replace (already under the new version). */
  changedMeanwhile: number;
  /** Values that failed to decrypt: left as they were. */
  unreadable: number;
  batches: number;
}

// A lock wait this long means a writer holds the row; the batch gives way and starts again.
const LOCK_RETRIES = 50;

export async function reencryptWorkspace(
  deps: { db: Db; keyring: Keyring; clock: Clock },
  workspaceId: string,
  version: number,
  sources: SealedValues<SealedValue>[],
  options: ReencryptOptions,
): Promise<ReencryptReport> {
  const { db, keyring } = deps;
  const prefix = sealedPrefix(version);
  const report: ReencryptReport = {
    outcome: "done",
    total: 0,
    reencrypted: 0,
    changedMeanwhile: 0,
    unreadable: 0,
    batches: 0,
  };
  for (const source of sources) report.total += await source.countNotUnder(db, workspaceId, prefix);

  /** One batch in one transaction: what it read, or "superseded". */
  const batch = (source: SealedValues<SealedValue>, after: SealedValue | undefined) =>
    db.transaction().execute(async (tx) => {
      await yieldToWriters(tx);
      // The version new writes use, read under the same lock as theirs: a newer one means another
      // rotation started, and sealing under this one now would undo its work.
      const dataKey = await keyring.current(tx, workspaceId);
      if (dataKey.version !== version) return "superseded" as const;
      const values = await source.pageNotUnder(tx, workspaceId, prefix, after, options.batchSize);
      const plaintexts = await keyring.decryptAll(
        tx,
        workspaceId,
        values.map((v) => openable(v.stored, v.aad)),
      );
      const counts = { reencrypted: 0, changedMeanwhile: 0, unreadable: 0 };
      for (const [index, value] of values.entries()) {
        const plaintext = plaintexts[index]!;
        if (plaintext instanceof DecryptionError) counts.unreadable++;
        else if (await source.replace(tx, workspaceId, value, keyring.encrypt(dataKey, plaintext, value.aad)))
          counts.reencrypted++;
        else counts.changedMeanwhile++;
      }
      return { values, counts };
    });

  for (const source of sources) {
    let after: SealedValue | undefined;
    for (;;) {
      if (report.batches >= options.maxBatches) return { ...report, outcome: "paused" };
      const result = await withLockRetries(() => batch(source, after));
      report.batches++;
      if (result === "superseded") return { ...report, outcome: "superseded" };
      report.reencrypted += result.counts.reencrypted;
      report.changedMeanwhile += result.counts.changedMeanwhile;
      report.unreadable += result.counts.unreadable;
      options.onBatch?.({ done: report.reencrypted + report.changedMeanwhile, total: report.total });
      if (result.values.length < options.batchSize) break;
      after = result.values.at(-1);
    }
  }
  await db
    .transaction()
    .execute((tx) => markReencrypted(tx, workspaceId, version, deps.clock.now().toISOString()));
  return report;
}

async function withLockRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isLockTimeout(error) || attempt >= LOCK_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** Which of the versions are still used by some stored value of the workspace. */
export async function versionsInUse(
  db: Queryable,
  workspaceId: string,
  versions: number[],
  sources: SealedValues<SealedValue>[],
): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  for (const version of versions) {
    let count = 0;
    for (const source of sources) count += await source.countUnder(db, workspaceId, sealedPrefix(version));
    used.set(version, count);
  }
  return used;
}
