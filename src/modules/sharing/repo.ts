// Share-link queries. Links are found by the digest of their token, never by the token.

import { purgeInBatches } from "../../db/batches.ts";
import { pastPosition } from "../../db/keyset.ts";
import type { Queryable, ShareLinksTable } from "../../db/schema.ts";
import type { Position } from "../../lib/cursor.ts";

export type ShareLinkRow = ShareLinksTable;

export async function insertShareLink(db: Queryable, row: ShareLinkRow): Promise<void> {
  await db.insertInto("share_links").values(row).execute();
}

export function findByTokenHash(db: Queryable, tokenHash: string) {
  return db.selectFrom("share_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/**
 * Counts one view if any is left and the link is live, answering the views left after it (from
 * the row as updated, not as read before: concurrent readers each get their own count); null when
 * another request took the last one.
 */
export async function countView(db: Queryable, id: string, now: string): Promise<number | null> {
  const row = await db
    .updateTable("share_links")
    .set((eb) => ({ views: eb("views", "+", 1) }))
    .where("id", "=", id)
    .where((eb) => eb("views", "<", eb.ref("max_views")))
    .where("expires_at", ">", now)
    .where("revoked_at", "is", null)
    .where("ciphertext", "!=", "")
    .returning(["views", "max_views"])
    .executeTakeFirst();
  return row ? Number(row.max_views) - Number(row.views) : null;
}

/**
 * Reserves one guess of a passphrase, before it is judged, so that parallel guesses cannot pass
 * the limit: answers the guesses counted so far, or null when the link takes no more (burnt,
 * revoked, spent, expired).
 */
export async function reserveGuess(
  db: Queryable,
  id: string,
  limit: number,
  now: string,
): Promise<number | null> {
  const row = await db
    .updateTable("share_links")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("id", "=", id)
    .where("failed_attempts", "<", limit)
    .where("revoked_at", "is", null)
    .where("ciphertext", "!=", "")
    .where("expires_at", ">", now)
    .returning("failed_attempts")
    .executeTakeFirst();
  return row ? Number(row.failed_attempts) : null;
}

/** Gives back a reserved guess that turned out right. */
export async function refundGuess(db: Queryable, id: string): Promise<void> {
  await db
    .updateTable("share_links")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "-", 1) }))
    .where("id", "=", id)
    .where("failed_attempts", ">", 0)
    .execute();
}

/** Revokes a live link of the workspace: its snapshot is erased. False when it was revoked already. */
export async function revoke(db: Queryable, workspaceId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("share_links")
    .set({ revoked_at: now, ciphertext: "" })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const listedColumns = [
  "id",
  "workspace_id",
  "environment_id",
  "created_by",
  "created_at",
  "expires_at",
  "max_views",
  "views",
  "passphrase_hash",
  "failed_attempts",
  "revoked_at",
  "secret_keys",
] as const;

export type ListedLink = Pick<ShareLinkRow, (typeof listedColumns)[number]>;

export function findInWorkspace(db: Queryable, workspaceId: string, id: string) {
  return db
    .selectFrom("share_links")
    .select(listedColumns)
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A page of the workspace's links (or one person's), newest first; never a token or a snapshot. */
export function listLinks(
  db: Queryable,
  q: { workspaceId: string; createdBy?: string; limit: number; before?: Position },
) {
  let query = db.selectFrom("share_links").select(listedColumns).where("workspace_id", "=", q.workspaceId);
  if (q.createdBy) query = query.where("created_by", "=", q.createdBy);
  const { before } = q;
  if (before) query = query.where((eb) => pastPosition(eb, before, "<"));
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(q.limit).execute();
}

/** Burn after reading: once the last view is spent, the snapshot itself is erased. */
export async function burn(db: Queryable, id: string): Promise<void> {
  await db.updateTable("share_links").set({ ciphertext: "" }).where("id", "=", id).execute();
}

/**
 * Share links expired before `cutoff`, or revoked before it, or made before it and ended since
 * (used up, revoked or burnt: their snapshot is erased).
 */
export function purgeLinks(db: Queryable, cutoff: string): Promise<number> {
  return purgeInBatches(db, "share_links", "id", (w) =>
    w.or([
      w("expires_at", "<", cutoff),
      w("revoked_at", "<", cutoff),
      w.and([w("views", ">=", w.ref("max_views")), w("created_at", "<", cutoff)]),
      w.and([w("ciphertext", "=", ""), w("created_at", "<", cutoff)]),
    ]),
  );
}

/** A live share link's stored snapshot, as a data-key rotation pages through them. */
export interface StoredSnapshot {
  id: string;
  ciphertext: string;
}

/** Snapshots of the workspace not stored under `prefix` (one data key version); burnt ones hold none. */
function snapshotsNotUnderQuery(db: Queryable, workspaceId: string, prefix: string) {
  return db
    .selectFrom("share_links")
    .where("workspace_id", "=", workspaceId)
    .where("ciphertext", "!=", "")
    .where("ciphertext", "not like", `${prefix}%`);
}

export async function countSnapshotsNotUnder(
  db: Queryable,
  workspaceId: string,
  prefix: string,
): Promise<number> {
  const row = await snapshotsNotUnderQuery(db, workspaceId, prefix)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next `limit` of those, in id order after `after`. */
export function snapshotsNotUnder(
  db: Queryable,
  workspaceId: string,
  prefix: string,
  after: StoredSnapshot | undefined,
  limit: number,
): Promise<StoredSnapshot[]> {
  return snapshotsNotUnderQuery(db, workspaceId, prefix)
    .select(["id", "ciphertext"])
    .$if(after !== undefined, (q) => q.where("id", ">", after!.id))
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function countSnapshotsUnder(
  db: Queryable,
  workspaceId: string,
  prefix: string,
): Promise<number> {
  const row = await db
    .selectFrom("share_links")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("workspace_id", "=", workspaceId)
    .where("ciphertext", "like", `${prefix}%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Replaces a snapshot only while it is still `stored.ciphertext` (compare-and-set): one burnt by
 * its last view meanwhile stays burnt. False when it changed.
 */
export async function replaceSnapshot(
  tx: Queryable,
  workspaceId: string,
  stored: StoredSnapshot,
  ciphertext: string,
): Promise<boolean> {
  const result = await tx
    .updateTable("share_links")
    .set({ ciphertext })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", stored.id)
    .where("ciphertext", "=", stored.ciphertext)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
