// Device authorization queries (table: device_authorizations).
import { purgeInBatches } from "../../db/batches.ts";
import type { DeviceAuthorizationsTable, Queryable } from "../../db/schema.ts";

export type DeviceAuthorizationRow = DeviceAuthorizationsTable;

export async function insertAuthorization(db: Queryable, row: DeviceAuthorizationRow): Promise<void> {
  await db.insertInto("device_authorizations").values(row).execute();
}

export const findByDeviceCode = (db: Queryable, deviceCodeHash: string) =>
  db
    .selectFrom("device_authorizations")
    .selectAll()
    .where("device_code_hash", "=", deviceCodeHash)
    .executeTakeFirst();

/** A pending, unexpired authorization by its user code: the only one a person may decide. */
export const findPendingByUserCode = (db: Queryable, userCodeHash: string, now: string) =>
  db
    .selectFrom("device_authorizations")
    .selectAll()
    .where("user_code_hash", "=", userCodeHash)
    .where("status", "=", "pending")
    .where("expires_at", ">", now)
    .executeTakeFirst();

/** Records a poll, and a wider interval after one came too soon. */
export async function notePoll(db: Queryable, id: string, now: string, intervalSeconds: number) {
  await db
    .updateTable("device_authorizations")
    .set({ last_polled_at: now, interval_seconds: intervalSeconds })
    .where("id", "=", id)
    .execute();
}

/** Approves or denies a pending authorization; false when it was decided (or expired) meanwhile. */
export async function decide(
  db: Queryable,
  id: string,
  decision: {
    status: "approved" | "denied";
    user_id: string;
    sign_in_method: string | null;
    approving_session_id: string | null;
    workspace_id: string | null;
    decided_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("device_authorizations")
    .set(decision)
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where("expires_at", ">", decision.decided_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends an approved authorization: true for exactly one caller. */
export async function spend(db: Queryable, id: string): Promise<boolean> {
  const result = await db
    .updateTable("device_authorizations")
    .set({ status: "used" })
    .where("id", "=", id)
    .where("status", "=", "approved")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Authorizations that expired before `cutoff` (used, denied or never answered). */
export function purgeAuthorizations(db: Queryable, cutoff: string): Promise<number> {
  return purgeInBatches(db, "device_authorizations", "id", (w) => w("expires_at", "<", cutoff));
}
