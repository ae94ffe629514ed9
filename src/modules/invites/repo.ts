// Invite queries. Invites are found by the digest of their token, never by the token.

import { purgeInBatches } from "../../db/batches.ts";
import type { InvitesTable, Queryable } from "../../db/schema.ts";
import { deleteInWorkspace, rowWhere, updateInWorkspace } from "../../db/workspace-rows.ts";

export type InviteRow = InvitesTable;

export async function insertInvite(db: Queryable, row: InviteRow): Promise<void> {
  await db.insertInto("invites").values(row).execute();
}

export function findByTokenHash(db: Queryable, tokenHash: string) {
  return db.selectFrom("invites").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export function findInvite(db: Queryable, workspaceId: string, inviteId: string) {
  return rowWhere(db, "invites", { workspace_id: workspaceId, id: inviteId });
}

export function listInvites(
  db: Queryable,
  workspaceId: string,
  limit: number,
  before?: { createdAt: string; id: string },
) {
  let query = db.selectFrom("invites").selectAll().where("workspace_id", "=", workspaceId);
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", before.createdAt),
        eb.and([eb("created_at", "=", before.createdAt), eb("id", "<", before.id)]),
      ]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Invites still pending (not yet expired): each holds a seat. */
export async function countPendingInvites(db: Queryable, workspaceId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom("invites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "pending")
    .where("expiry_time", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pendingInviteFor(db: Queryable, workspaceId: string, email: string, now: string) {
  return db
    .selectFrom("invites")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("invitee_email", "=", email)
    .where("status", "=", "pending")
    .where("expiry_time", ">", now)
    .executeTakeFirst();
}

/** Moves a pending invite on; false when it was no longer pending (another request won). */
export async function settle(
  db: Queryable,
  workspaceId: string,
  id: string,
  status: "accepted" | "rejected",
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("invites")
    .set({ status, updated_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("expiry_time", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateInvite(
  db: Queryable,
  workspaceId: string,
  id: string,
  patch: Partial<Pick<InviteRow, "token_hash" | "expiry_time" | "delivery_error" | "updated_at" | "status">>,
): Promise<void> {
  await updateInWorkspace(db, "invites", workspaceId, id, patch);
}

export async function deleteInvite(db: Queryable, workspaceId: string, id: string): Promise<void> {
  await deleteInWorkspace(db, "invites", workspaceId, id);
}

/** Invites expired before `cutoff`, or answered (accepted, rejected) before it. */
export function purgeInvites(db: Queryable, cutoff: string): Promise<number> {
  return purgeInBatches(db, "invites", "id", (w) =>
    w.or([
      w("expiry_time", "<", cutoff),
      w.and([w("status", "!=", "pending"), w("updated_at", "<", cutoff)]),
    ]),
  );
}

/** Deletes the workspace's pending invites (those `invitedBy` sent, unless "everyone"); answers how many. */
export async function deletePending(
  db: Queryable,
  workspaceId: string,
  invitedBy: "everyone" | readonly string[],
): Promise<number> {
  let query = db
    .deleteFrom("invites")
    .where("workspace_id", "=", workspaceId)
    .where("status", "=", "pending");
  if (invitedBy !== "everyone") query = query.where("invited_by", "in", [...invitedBy, ""]);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The addresses that accepted invites the `inviters` sent to the workspace. */
export async function acceptedBy(
  db: Queryable,
  workspaceId: string,
  inviters: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom("invites")
    .select("invitee_email")
    .where("workspace_id", "=", workspaceId)
    .where("invited_by", "in", [...inviters, ""])
    .where("status", "=", "accepted")
    .execute();
  return rows.map((r) => r.invitee_email);
}
