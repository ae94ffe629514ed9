// Which data key version of a workspace is current, and the lock that makes a new version take
// effect on every node at once. Writers read the newest version inside their own transaction
// (nothing caches it), after taking the workspace's data-key lock in shared mode; adding a version
// takes it exclusively. So a rotation waits for every writer that read the previous version to
// commit (its rows are then visible to the re-encryption that follows), and every writer that
// starts meanwhile waits and then reads the new version. SQLite needs no lock for this: its write
// transactions (BEGIN IMMEDIATE, src/db/connect.ts) already exclude one another.
import { PostgresAdapter, sql } from "kysely";
import { prepared } from "../db/prepared.ts";
import type { DataKeysTable, Queryable } from "../db/schema.ts";

const onPostgres = (db: Queryable) => db.getExecutor().adapter instanceof PostgresAdapter;

// A transaction-scoped advisory lock per workspace (two 32-bit keys: this purpose, the workspace).
const lockKeys = (workspaceId: string) => sql`hashtext('coffer/data-key-version'), hashtext(${workspaceId})`;

// Every write reads it in its own transaction: compiled once.
const newestVersion = prepared<{ workspaceId: string }, { v: number | null }>(["workspaceId"], (db, args) =>
  db
    .selectFrom("data_keys")
    .select((eb) => eb.fn.max("version").as("v"))
    .where("workspace_id", "=", args.workspaceId),
);

export async function newestDataKeyVersion(db: Queryable, workspaceId: string): Promise<number | undefined> {
  const [row] = await newestVersion(db, { workspaceId });
  return row?.v == null ? undefined : Number(row.v);
}

/**
 * Inside a writing transaction: the version new values must be sealed under. Read after the shared
 * lock is granted, in a statement of its own, so it sees a version added while this one waited.
 */
export async function dataKeyVersionForWrite(
  tx: Queryable,
  workspaceId: string,
): Promise<number | undefined> {
  if (onPostgres(tx)) await sql`select pg_advisory_xact_lock_shared(${lockKeys(workspaceId)})`.execute(tx);
  return newestDataKeyVersion(tx, workspaceId);
}

/** Inside the transaction that adds a version: excludes writers until it commits (see above). */
export async function lockDataKeyVersions(tx: Queryable, workspaceId: string): Promise<void> {
  if (onPostgres(tx)) await sql`select pg_advisory_xact_lock(${lockKeys(workspaceId)})`.execute(tx);
}

/** The workspace's data key versions, oldest first. */
export function dataKeyVersions(db: Queryable, workspaceId: string) {
  return db
    .selectFrom("data_keys")
    .select(["version", "created_at", "reencrypted_at"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("version")
    .execute();
}

export async function insertDataKey(tx: Queryable, row: DataKeysTable): Promise<void> {
  await tx.insertInto("data_keys").values(row).execute();
}

/** Records that every value of the workspace was re-encrypted under `version`. */
export async function markReencrypted(
  tx: Queryable,
  workspaceId: string,
  version: number,
  now: string,
): Promise<void> {
  await tx
    .updateTable("data_keys")
    .set({ reencrypted_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("version", "=", version)
    .where("reencrypted_at", "is", null)
    .execute();
}

// Longer than a writer holds a row, shorter than PostgreSQL's deadlock_timeout (1 s by default):
// in any lock cycle with a user's write, the re-encryption is the one that gives up.
const REENCRYPTION_LOCK_TIMEOUT = "200ms";

/** Makes a re-encryption batch fail fast (isLockTimeout) instead of waiting long on a writer's row. */
export async function yieldToWriters(tx: Queryable): Promise<void> {
  if (onPostgres(tx)) await sql.raw(`set local lock_timeout = '${REENCRYPTION_LOCK_TIMEOUT}'`).execute(tx);
}

/** True for the error of a lock wait that hit the transaction's lock_timeout. */
export const isLockTimeout = (error: unknown) => (error as { code?: string } | null)?.code === "55P03";
