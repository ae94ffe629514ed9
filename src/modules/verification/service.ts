// Email verification by one-time code: six random digits, mailed, stored only as an HMAC,
// alive for COFFER_OTP_TTL, dead after five wrong guesses. A fresh code is refused while a
// delivered live one is outstanding, and an account gets only a few codes an hour: five guesses
// per code times unlimited codes would otherwise guess any code.
import { createHmac, randomUUID } from "node:crypto";
import type { AttemptBudget } from "../../auth/attempt-budgets.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { constantTimeEqual, randomDigits } from "../../crypto/tokens.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { findUser, markEmailVerified } from "../accounts/index.ts";
import { type Mailer, renderBody } from "../mail/index.ts";
import * as repo from "./repo.ts";

export const MAX_ATTEMPTS = 5;

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Key of the code HMAC (derived from the master key). */
  codeKey: Buffer;
  ttlSeconds: number;
  /** Codes an account may ask for (per hour). */
  requests: AttemptBudget;
}

export function createVerificationService(deps: VerificationDeps) {
  const { db, clock } = deps;
  const digest = (codeId: string, code: string) =>
    createHmac("sha256", deps.codeKey).update(`${codeId}:${code}`).digest("hex");

  async function verifiedUser(userId: string) {
    const user = await findUser(db, userId);
    if (!user) throw new AppError("invalid_token", "The account behind this credential no longer exists");
    return user;
  }

  return {
    async requestCode(userId: string) {
      const user = await verifiedUser(userId);
      if (user.email_verified_at) throw new AppError("conflict", "This email address is already verified");
      const now = clock.now();
      const live = await repo.liveCode(db, userId, now.toISOString(), MAX_ATTEMPTS);
      // A code that never reached the mailbox does not block a new one.
      if (live && live.delivery_error === null) {
        const wait = Math.max(1, Math.ceil((Date.parse(live.expires_at) - now.getTime()) / 1000));
        throw new AppError("rate_limited", `A code was already sent and is valid for ${wait} more seconds`, {
          headers: { "retry-after": String(wait) },
        });
      }
      await deps.requests.spend(userId);
      const code = randomDigits(6);
      const row: repo.CodeRow = {
        id: randomUUID(),
        user_id: userId,
        code_hash: "",
        attempts: 0,
        expires_at: addSeconds(now, deps.ttlSeconds).toISOString(),
        consumed_at: null,
        delivery_error: null,
        created_at: now.toISOString(),
      };
      row.code_hash = digest(row.id, code);
      await repo.insertCode(db, row);
      const minutes = Math.max(1, Math.round(deps.ttlSeconds / 60));
      const delivery = await deps.mailer.send({
        to: user.email,
        subject: `Your Coffer verification code: ${code}`,
        ...renderBody([
          `Your Coffer verification code is ${code}`,
          `It is valid for ${minutes} minute${minutes === 1 ? "" : "s"}. If you did not ask for it, ignore this message.`,
        ]),
      });
      if (!delivery.delivered) {
        await repo.setDeliveryError(db, row.id, delivery.error ?? "not delivered");
        throw new AppError("mail_failed", "The code could not be mailed; try again in a moment");
      }
      return { sent: true, email: user.email, expires_at: row.expires_at };
    },

    async verify(userId: string, otp: number) {
      const user = await verifiedUser(userId);
      if (user.email_verified_at) return { email_verified: true };
      const now = clock.now().toISOString();
      const live = await repo.liveCode(db, userId, now, MAX_ATTEMPTS);
      if (!live) {
        throw new AppError(
          "gone",
          "No valid code: it expired, was used up, or none was requested. Ask for a new one",
        );
      }
      // The guess is counted before it is judged: parallel guesses cannot exceed MAX_ATTEMPTS.
      const used = await repo.countAttempt(db, live.id, MAX_ATTEMPTS);
      if (used === null) {
        throw new AppError("gone", "No valid code: it was used up meanwhile. Ask for a new one");
      }
      const code = String(otp).padStart(6, "0");
      if (!constantTimeEqual(digest(live.id, code), live.code_hash)) {
        const left = MAX_ATTEMPTS - used;
        throw new AppError(
          "otp_incorrect",
          left > 0
            ? `The code is not correct; ${left} attempt${left === 1 ? "" : "s"} left`
            : "The code is not correct; it is now dead, ask for a new one",
          { body: { attempts_left: left } },
        );
      }
      await db.transaction().execute(async (tx) => {
        if (!(await repo.consume(tx, live.id, now))) throw new AppError("gone", "This code was already used");
        await markEmailVerified(tx, userId, now);
      });
      return { email_verified: true };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

/** Housekeeping: dead one-time codes past retention. */
export const purgeCodes = (db: Db, cutoff: string) => repo.purgeCodes(db, cutoff);
