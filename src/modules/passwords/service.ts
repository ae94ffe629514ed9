// Passwords: a signed-in change (current + new; the other sessions end), and the reset by mail for
// a forgotten one (a single-use, short-lived link; the same answer whether or not the address has
// an account; every session ends on use). A reset is also how a provider-only account gets a
// password, and, like a provider, it proves the address: an unverified account is taken over cleanly.
import type { Logger } from "pino";
import type { Budgets } from "../../auth/attempt-budgets.ts";
import { type InvalidationBus, tags } from "../../auth/auth-cache.ts";
import type { ActorContext } from "../../auth/context.ts";
import { personActing } from "../../auth/principal.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { hashPassword } from "../../crypto/passwords.ts";
import { randomToken, sha256 } from "../../crypto/tokens.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AccountsService, ClientInfo } from "../accounts/index.ts";
import { type AccountAudit, recordAccountEvent } from "../audit/index.ts";
import { type Mailer, renderBody } from "../mail/index.ts";
import type { SessionsService } from "../sessions/index.ts";
import * as repo from "./repo.ts";

export interface PasswordsDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<
    AccountsService,
    "findByEmail" | "findById" | "passwordMatches" | "setPasswordHash" | "claimUnverified"
  >;
  sessions: Pick<SessionsService, "revokeAllOf">;
  mailer: Mailer;
  budgets: Pick<Budgets, "passwordResets">;
  accountAudit: AccountAudit;
  bus: InvalidationBus;
  logger: Logger;
  publicUrl: string;
  ttlSeconds: number;
}

const invalidToken = () =>
  new AppError(
    "reset_token_invalid",
    "This reset link is not valid: it expired or was used. Ask for a new one",
  );

const actingAs = (userId: string, client: ClientInfo): ActorContext => ({
  principal: personActing(userId),
  ...client,
});

export function createPasswordsService(deps: PasswordsDeps) {
  const { db, clock } = deps;

  /** Mail that cannot be sent is logged (never its link); the answer does not depend on it. */
  async function mail(to: string, subject: string, paragraphs: string[]) {
    const delivery = await deps.mailer.send({ to, subject, ...renderBody(paragraphs) });
    if (!delivery.delivered) deps.logger.warn({ reason: delivery.error }, `could not mail "${subject}"`);
  }

  return {
    /** Changes the password of the signed-in account; every other session ends. */
    async change(actor: ActorContext, input: { current_password: string; new_password: string }) {
      const userId = actor.principal.userId;
      const user = await deps.accounts.findById(userId);
      if (!user) throw new AppError("invalid_token", "The account behind this credential no longer exists");
      if (user.password_hash === null) {
        throw new AppError(
          "password_not_set",
          "This account has no password yet: set one through a reset (POST /auth/password/forgot)",
        );
      }
      if (!(await deps.accounts.passwordMatches(user, input.current_password))) {
        throw new AppError("password_incorrect", "The current password is not correct; nothing was changed");
      }
      const hash = await hashPassword(input.new_password);
      const revoked = await db.transaction().execute(async (tx) => {
        await deps.accounts.setPasswordHash(tx, userId, hash);
        const count = await deps.sessions.revokeAllOf(
          tx,
          userId,
          "password_changed",
          actor.principal.sessionId ?? undefined,
        );
        await recordAccountEvent(deps.accountAudit, tx, actor, {
          action: "account.password_changed",
          resourceType: "user",
          resourceId: userId,
          details: { sessions_revoked: count },
        });
        return count;
      });
      await deps.bus.publish(tags.user(userId));
      await mail(user.email, "Your Coffer password was changed", [
        "The password of your Coffer account was just changed, and your other sessions were signed out.",
        `If this was not you, reset it now at ${deps.publicUrl}/forgot-password and review your API keys.`,
      ]);
      return { changed: true, sessions_revoked: revoked };
    },

    /** Mails a reset link when the address has an account; answers the same either way. */
    async requestReset(email: string, client: ClientInfo) {
      await deps.budgets.passwordResets.spend(email.trim().toLowerCase());
      const user = await deps.accounts.findByEmail(email);
      if (user) {
        const token = randomToken();
        const now = clock.now();
        const expiresAt = addSeconds(now, deps.ttlSeconds);
        await db.transaction().execute(async (tx) => {
          await repo.insertReset(tx, {
            token_hash: sha256(token),
            user_id: user.id,
            expires_at: expiresAt.toISOString(),
            used_at: null,
            created_at: now.toISOString(),
          });
          await recordAccountEvent(deps.accountAudit, tx, actingAs(user.id, client), {
            action: "account.password_reset_requested",
            resourceType: "user",
            resourceId: user.id,
          });
        });
        const minutes = Math.round(deps.ttlSeconds / 60);
        // Not awaited: the answer (and its time) must not tell whether the address has an account.
        void mail(user.email, "Reset your Coffer password", [
          `Someone asked to reset the password of the Coffer account of ${user.email}. To choose a new one, open this link within ${minutes} minutes:`,
          `${deps.publicUrl}/reset-password#token=${token}`,
          `Or send this token to POST /auth/password/reset: ${token}`,
          "Every session of the account will be signed out. If you did not ask for this, ignore this mail: nothing changes.",
        ]);
      }
      return {
        requested: true,
        detail: "If an account exists for this address, a link to reset its password has been mailed",
      };
    },

    /** Sets a new password with a mailed token; every session ends, the token and its siblings die. */
    async reset(input: { token: string; new_password: string }, client: ClientInfo) {
      const hash = await hashPassword(input.new_password);
      const now = clock.now().toISOString();
      const result = await db.transaction().execute(async (tx) => {
        const userId = await repo.spendReset(tx, sha256(input.token), now);
        if (!userId) throw invalidToken();
        const user = await deps.accounts.findById(userId, tx);
        if (!user) throw invalidToken();
        await repo.spendAllOf(tx, userId, now);
        const claimed = await deps.accounts.claimUnverified(tx, user, "password_reset", client);
        await deps.accounts.setPasswordHash(tx, userId, hash);
        const revoked =
          claimed.sessionsRevoked + (await deps.sessions.revokeAllOf(tx, userId, "password_reset"));
        await recordAccountEvent(deps.accountAudit, tx, actingAs(userId, client), {
          action: "account.password_reset",
          resourceType: "user",
          resourceId: userId,
          details: { sessions_revoked: revoked },
        });
        return { userId, email: user.email, revoked, tags: claimed.tags };
      });
      for (const tag of new Set([tags.user(result.userId), ...result.tags])) await deps.bus.publish(tag);
      return { reset: true, email: result.email, sessions_revoked: result.revoked };
    },
  };
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;

/** Housekeeping: expired reset tokens. */
export const purgeResets = (db: Db, cutoff: string) => repo.purgeResets(db, cutoff);
