// Share-link queries. Links are found by the digest of their token, never by the token.
import { BATCH, deleteUntilDone } from "../../db/batches.ts";
import type { Queryable, ShareLinksTable } from "../../db/schema.ts";

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
    .returning(["views", "max_views"])
    .executeTakeFirst();
  return row ? Number(row.max_views) - Number(row.views) : null;
}

/** Burn after reading: once the last view is spent, the snapshot itself is erased. */
export async function burn(db: Queryable, id: string): Promise<void> {
  await db.updateTable("share_links").set({ ciphertext: "" }).where("id", "=", id).execute();
}

/** Share links expired before `cutoff`, or used up and created before it. */
export function purgeLinks(db: Queryable, cutoff: string): Promise<number> {
  return deleteUntilDone(() =>
    db
      .deleteFrom("share_links")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("share_links")
          .select("id")
          .where((w) =>
            w.or([
              w("expires_at", "<", cutoff),
              w.and([w("views", ">=", w.ref("max_views")), w("created_at", "<", cutoff)]),
            ]),
          )
          .limit(BATCH),
      )
      .executeTakeFirst(),
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
