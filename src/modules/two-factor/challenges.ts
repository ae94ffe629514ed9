// Sign-in challenges: a sign-in that proved its first factor (a password, a provider) gets a
// short-lived, single-use ticket to finish with the second. Only the ticket's digest is stored;
// it takes CHALLENGE_ATTEMPTS codes at most.
import { asSignInMethod, type SignInMethod } from "../../auth/policy.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { randomToken, sha256 } from "../../crypto/tokens.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import * as repo from "./repo.ts";

const CHALLENGE_TTL_SECONDS = 300;
export const CHALLENGE_ATTEMPTS = 5;

export function createChallenges(db: Db, clock: Clock) {
  return {
    /** A short-lived, single-use ticket to finish a sign-in with the second factor. */
    async startChallenge(userId: string, signInMethod: SignInMethod): Promise<string> {
      const token = randomToken();
      const now = clock.now();
      await repo.insertChallenge(db, {
        token_hash: sha256(token),
        user_id: userId,
        attempts: 0,
        expires_at: addSeconds(now, CHALLENGE_TTL_SECONDS).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
        sign_in_method: signInMethod,
      });
      return token;
    },

    /**
     * Spends one of the challenge's attempts; answers its user and how their first factor was
     * proven, or throws when it is no longer usable.
     */
    async attemptChallenge(token: string): Promise<{ userId: string; signInMethod: SignInMethod }> {
      const row = await repo.attemptChallenge(
        db,
        sha256(token),
        CHALLENGE_ATTEMPTS,
        clock.now().toISOString(),
      );
      if (!row) {
        throw new AppError(
          "two_factor_challenge_invalid",
          "This sign-in expired or ran out of attempts: sign in again",
        );
      }
      return {
        userId: row.user_id,
        signInMethod: asSignInMethod(row.sign_in_method) ?? "password",
      };
    },

    /** Marks the challenge used once its code was right (a second use fails). */
    async spendChallenge(token: string): Promise<void> {
      if (!(await repo.spendChallenge(db, sha256(token), clock.now().toISOString()))) {
        throw new AppError(
          "two_factor_challenge_invalid",
          "This sign-in was already finished: sign in again",
        );
      }
    },
  };
}

/** Housekeeping: expired sign-in challenges. */
export const purgeChallenges = (db: Db, cutoff: string) => repo.purgeChallenges(db, cutoff);
