// One-time code queries.
import { purgeInBatches } from "../../db/batches.ts";
import type { OneTimeCodesTable, Queryable } from "../../db/schema.ts";
import { spendOnce } from "../../db/spend-once.ts";

export type CodeRow = OneTimeCodesTable;

export async function insertCode(db: Queryable, row: CodeRow): Promise<void> {
  await db.insertInto("one_time_codes").values(row).execute();
}

/** The newest code of the user that is neither consumed nor expired nor out of attempts. */
export function liveCode(db: Queryable, userId: string, now: string, maxAttempts: number) {
  return db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .where("attempts", "<", maxAttempts)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export async function setDeliveryError(db: Queryable, id: string, error: string): Promise<void> {
  await db.updateTable("one_time_codes").set({ delivery_error: error }).where("id", "=", id).execute();
}

/**
 * Spends one guess before the code is compared, so simultaneous guesses cannot pass the bound;
 * the attempts used so far, or null when the code was spent or used up meanwhile.
 */
export async function countAttempt(db: Queryable, id: string, maxAttempts: number): Promise<number | null> {
  const row = await db
    .updateTable("one_time_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .where("attempts", "<", maxAttempts)
    .returning("attempts")
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

export function consume(db: Queryable, id: string, now: string): Promise<boolean> {
  return spendOnce(db, "one_time_codes", { id }, "consumed_at", now);
}

/** One-time codes expired or consumed before `cutoff`. */
export function purgeCodes(db: Queryable, cutoff: string): Promise<number> {
  return purgeInBatches(db, "one_time_codes", "id", (w) =>
    w.or([w("expires_at", "<", cutoff), w("consumed_at", "<", cutoff)]),
  );
}
