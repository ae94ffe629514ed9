// The streams' own tables (audit_stream_cursors, audit_stream_leases) and what they read of the
// trail: which workspaces' chains reach past a sink's cursor, and the entries after it.
import { sql } from "kysely";
import type { Db, Queryable } from "../../../db/schema.ts";

/** Takes the sink's lease, or renews it; false while another holder's lease runs. */
export async function takeLease(
  db: Queryable,
  sinkId: string,
  holder: string,
  now: string,
  until: string,
): Promise<boolean> {
  // Read first: the processes that do not hold it look twice a second and should not write to.
  const current = await db
    .selectFrom("audit_stream_leases")
    .select(["holder", "expires_at"])
    .where("sink_id", "=", sinkId)
    .executeTakeFirst();
  if (current && current.holder !== holder && current.expires_at >= now) return false;
  const renewed = await db
    .updateTable("audit_stream_leases")
    .set({ holder, expires_at: until })
    .where("sink_id", "=", sinkId)
    .where((eb) => eb.or([eb("holder", "=", holder), eb("expires_at", "<", now)]))
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) > 0) return true;
  const taken = await db
    .insertInto("audit_stream_leases")
    .values({ sink_id: sinkId, holder, expires_at: until })
    .onConflict((oc) => oc.column("sink_id").doNothing())
    .executeTakeFirst();
  return Number(taken.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Lets the lease go at once (a clean stop), so another process takes over without waiting. */
export async function releaseLease(
  db: Queryable,
  sinkId: string,
  holder: string,
  now: string,
): Promise<void> {
  await db
    .updateTable("audit_stream_leases")
    .set({ expires_at: now })
    .where("sink_id", "=", sinkId)
    .where("holder", "=", holder)
    .execute();
}

/**
 * Moves the sink's cursor for the workspace to `sequence`, renewing the lease in the same
 * transaction; false (and nothing moved) when the lease went to another holder meanwhile.
 */
export async function advanceCursor(
  db: Db,
  move: { sinkId: string; holder: string; workspaceId: string; sequence: number; now: string; until: string },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const held = await tx
      .updateTable("audit_stream_leases")
      .set({ expires_at: move.until })
      .where("sink_id", "=", move.sinkId)
      .where("holder", "=", move.holder)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0) return false;
    await tx
      .insertInto("audit_stream_cursors")
      .values({
        sink_id: move.sinkId,
        workspace_id: move.workspaceId,
        sequence: move.sequence,
        updated_at: move.now,
      })
      .onConflict((oc) =>
        oc
          .columns(["sink_id", "workspace_id"])
          .doUpdateSet({ sequence: move.sequence, updated_at: move.now }),
      )
      .execute();
    return true;
  });
}

export interface Behind {
  workspace_id: string;
  /** The workspace's last sequence, and the last one the sink acknowledged (0: none). */
  head: number;
  sent: number;
}

/** The workspaces whose chain reaches past the sink's cursor (a head and its entries commit together). */
export async function workspacesBehind(db: Queryable, sinkId: string): Promise<Behind[]> {
  const rows = await db
    .selectFrom("audit_chain_heads as h")
    .leftJoin("audit_stream_cursors as c", (join) =>
      join.onRef("c.workspace_id", "=", "h.workspace_id").on("c.sink_id", "=", sinkId),
    )
    .select(["h.workspace_id", "h.sequence as head", sql<number>`coalesce(c.sequence, 0)`.as("sent")])
    .where(sql<boolean>`h.sequence > coalesce(c.sequence, 0)`)
    .orderBy("h.workspace_id")
    .execute();
  return rows.map((row) => ({
    workspace_id: row.workspace_id,
    head: Number(row.head),
    sent: Number(row.sent),
  }));
}
