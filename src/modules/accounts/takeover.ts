// The clean takeover of an account whose address was never verified, by whoever just proved that
// address (a provider vouching for it, a reset link mailed to it). Anyone can sign up with an
// address they do not own; what they set up must not survive the address's real owner.
import { personActing } from "../../auth/principal.ts";
import type { Clock } from "../../clock.ts";
import type { Queryable } from "../../db/schema.ts";
import { type AccountAudit, recordAccountEvent } from "../audit/index.ts";
import type { KeysService } from "../keys/index.ts";
import type { SessionsService } from "../sessions/index.ts";
import type { TwoFactorService } from "../two-factor/index.ts";
import * as repo from "./repo.ts";
import type { ClientInfo } from "./sign-in.ts";

export interface TakeoverDeps {
  clock: Clock;
  sessions: Pick<SessionsService, "revokeAllOf">;
  keys: Pick<KeysService, "revokeAllOf">;
  twoFactor: Pick<TwoFactorService, "clear">;
  accountAudit: AccountAudit;
}

/**
 * Inside the caller's transaction: unless the account's address is verified, everything the
 * previous holder set up goes — the password, every session and refresh token, every API key,
 * two-factor sign-in — the address becomes verified, and `account.claimed` is audited. The caller
 * publishes `tags.user` once it commits.
 */
export function createTakeover(deps: TakeoverDeps) {
  return async function claimUnverified(
    tx: Queryable,
    user: repo.UserRow,
    provenBy: string,
    client: ClientInfo,
  ): Promise<{ sessionsRevoked: number }> {
    if (user.email_verified_at) return { sessionsRevoked: 0 };
    const now = deps.clock.now().toISOString();
    const sessionsRevoked = await deps.sessions.revokeAllOf(tx, user.id, "account_claimed");
    const keysRevoked = await deps.keys.revokeAllOf(tx, user.id);
    const twoFactorCleared = await deps.twoFactor.clear(tx, user.id);
    await repo.updateUser(tx, user.id, { password_hash: null, email_verified_at: now, updated_at: now });
    const principal = personActing(user.id);
    await recordAccountEvent(
      deps.accountAudit,
      tx,
      { principal, ...client },
      {
        action: "account.claimed",
        resourceType: "user",
        resourceId: user.id,
        details: {
          proven_by: provenBy,
          password_cleared: user.password_hash !== null,
          sessions_revoked: sessionsRevoked,
          api_keys_revoked: keysRevoked,
          two_factor_cleared: twoFactorCleared,
        },
      },
    );
    return { sessionsRevoked };
  };
}
