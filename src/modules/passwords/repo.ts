// Password-reset tokens: only their SHA-256 digests are stored; each works once, until it expires.
import { purgeInBatches } from "../../db/batches.ts";
import type { PasswordResetsTable, Queryable } from "../../db/schema.ts";

export type ResetRow = PasswordResetsTable;

export async function insertReset(db: Queryable, row: ResetRow): Promise<void> {
  await db.insertInto("password_resets").values(row).execute();
}

/** Spends a live token; answers its user, or undefined when it is unknown, spent or expired. */
export async function spendReset(db: Queryable, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** Spends every other token of the user: one reset ends them all. */
export async function spendAllOf(db: Queryable, userId: string, now: string): Promise<void> {
  await db
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}

/** Housekeeping: tokens expired before `cutoff`. */
export function purgeResets(db: Queryable, cutoff: string): Promise<number> {
  return purgeInBatches(db, "password_resets", "token_hash", (w) => w("expires_at", "<", cutoff));
}
