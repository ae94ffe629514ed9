// Session and refresh-token queries.
import { purgeInBatches } from "../../db/batches.ts";
import type { Queryable, SessionsTable } from "../../db/schema.ts";
import { spendOnce } from "../../db/spend-once.ts";
import type { EndReason } from "./end-reasons.ts";

export type SessionRow = SessionsTable;

export async function insertSession(db: Queryable, row: SessionRow): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

export function findSession(db: Queryable, sessionId: string) {
  return db.selectFrom("sessions").selectAll().where("id", "=", sessionId).executeTakeFirst();
}

export function liveSessionsOf(db: Queryable, userId: string, now: string) {
  return db
    .selectFrom("sessions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** Revokes the user's live sessions, optionally only one device's or one session. Returns how many. */
export async function revokeSessions(
  db: Queryable,
  filter: { userId: string; userAgent?: string; sessionId?: string; exceptSessionId?: string },
  now: string,
  reason: EndReason,
): Promise<number> {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: now, revoked_reason: reason })
    .where("user_id", "=", filter.userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now);
  if (filter.userAgent !== undefined) query = query.where("user_agent", "=", filter.userAgent);
  if (filter.sessionId !== undefined) query = query.where("id", "=", filter.sessionId);
  if (filter.exceptSessionId !== undefined) query = query.where("id", "!=", filter.exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setSessionWorkspace(
  db: Queryable,
  sessionId: string,
  workspaceId: string,
): Promise<void> {
  await db.updateTable("sessions").set({ workspace_id: workspaceId }).where("id", "=", sessionId).execute();
}

export async function extendSession(db: Queryable, sessionId: string, expiresAt: string): Promise<void> {
  await db.updateTable("sessions").set({ expires_at: expiresAt }).where("id", "=", sessionId).execute();
}

export async function insertRefreshToken(
  db: Queryable,
  row: { token_hash: string; session_id: string; created_at: string },
): Promise<void> {
  await db
    .insertInto("refresh_tokens")
    .values({ ...row, used_at: null })
    .execute();
}

export function findRefreshToken(db: Queryable, tokenHash: string) {
  return db.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks a refresh token spent; false when another request spent it first. */
export function spendRefreshToken(db: Queryable, tokenHash: string, now: string): Promise<boolean> {
  return spendOnce(db, "refresh_tokens", { token_hash: tokenHash }, "used_at", now);
}

/** Sessions expired or revoked before `cutoff` (their refresh tokens go with them), and refresh tokens spent before `spentBefore`. */
export async function purgeSessions(db: Queryable, cutoff: string, spentBefore: string): Promise<number> {
  const sessions = await purgeInBatches(db, "sessions", "id", (w) =>
    w.or([w("expires_at", "<", cutoff), w("revoked_at", "<", cutoff)]),
  );
  const tokens = await purgeInBatches(db, "refresh_tokens", "token_hash", (w) =>
    w("used_at", "<", spentBefore),
  );
  return sessions + tokens;
}
