// Two-factor queries: the account's sealed TOTP secret, its recovery codes (digests), and the
// challenges that finish a sign-in with the second factor (digests). Every "use" is one
// conditional UPDATE, so two requests can never both spend the same code, step or attempt.
import { purgeInBatches } from "../../db/batches.ts";
import type { Queryable, SignInChallengesTable, TwoFactorTable } from "../../db/schema.ts";
import { spendOnce } from "../../db/spend-once.ts";

export type TwoFactorRow = TwoFactorTable;
export type ChallengeRow = SignInChallengesTable;

export function findTwoFactor(db: Queryable, userId: string) {
  return db.selectFrom("two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function isEnabled(db: Queryable, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("two_factor")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these users have two-factor sign-in on. */
export async function enabledAmong(db: Queryable, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("two_factor")
    .select("user_id")
    .where("user_id", "in", userIds)
    .where("enabled_at", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Stores a set-up's secret, replacing an unfinished one; false when two-factor is already on. */
export async function savePendingSecret(db: Queryable, row: TwoFactorRow): Promise<boolean> {
  await db
    .deleteFrom("two_factor")
    .where("user_id", "=", row.user_id)
    .where("enabled_at", "is", null)
    .execute();
  const result = await db
    .insertInto("two_factor")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Turns a pending set-up on, with the step its first code used; false when it was not pending. */
export async function enable(db: Queryable, userId: string, step: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("two_factor")
    .set({ enabled_at: now, last_used_step: step, updated_at: now })
    .where("user_id", "=", userId)
    .where("enabled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends a TOTP step: true only for a step after the last one used (a code works once). */
export async function spendStep(db: Queryable, userId: string, step: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("two_factor")
    .set({ last_used_step: step, updated_at: now })
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes two-factor sign-in and its recovery codes; answers whether it was on. */
export async function remove(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.deleteFrom("two_factor").where("user_id", "=", userId).executeTakeFirst();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db.deleteFrom("sign_in_challenges").where("user_id", "=", userId).execute();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(
  db: Queryable,
  userId: string,
  hashes: string[],
  now: string,
): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

/** Spends a recovery code; false when it is unknown or spent. */
export function spendRecoveryCode(
  db: Queryable,
  userId: string,
  hash: string,
  now: string,
): Promise<boolean> {
  return spendOnce(db, "recovery_codes", { user_id: userId, code_hash: hash }, "used_at", now);
}

export async function unusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(db: Queryable, row: ChallengeRow): Promise<void> {
  await db.insertInto("sign_in_challenges").values(row).execute();
}

/**
 * Counts one attempt at a live challenge and answers it with the attempts made (this one
 * included); undefined when the challenge is unknown, spent, expired or out of attempts.
 */
export async function attemptChallenge(
  db: Queryable,
  tokenHash: string,
  maxAttempts: number,
  now: string,
): Promise<{ user_id: string; attempts: number; sign_in_method: string | null } | undefined> {
  const row = await db
    .updateTable("sign_in_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .where("attempts", "<", maxAttempts)
    .returning(["user_id", "attempts", "sign_in_method"])
    .executeTakeFirst();
  return row
    ? { user_id: row.user_id, attempts: Number(row.attempts), sign_in_method: row.sign_in_method }
    : undefined;
}

export function spendChallenge(db: Queryable, tokenHash: string, now: string): Promise<boolean> {
  return spendOnce(db, "sign_in_challenges", { token_hash: tokenHash }, "used_at", now);
}

/** Housekeeping: challenges expired before `cutoff`. */
export function purgeChallenges(db: Queryable, cutoff: string): Promise<number> {
  return purgeInBatches(db, "sign_in_challenges", "token_hash", (w) => w("expires_at", "<", cutoff));
}

/** Every sealed secret, for a master-key rotation to re-seal. */
export function allSecrets(db: Queryable) {
  return db.selectFrom("two_factor").select(["user_id", "secret", "master_key_id"]).execute();
}

export async function resealSecret(
  db: Queryable,
  userId: string,
  secret: string,
  masterKeyId: string,
): Promise<void> {
  await db
    .updateTable("two_factor")
    .set({ secret, master_key_id: masterKeyId })
    .where("user_id", "=", userId)
    .execute();
}
