// Ending sessions: signing out, revoking one or all of a person's sessions (an audit entry in every
// workspace they belong to), and revoking inside another module's transaction. Each revocation is
// published on the bus, so every node stops accepting the session at once.
import { tags } from "../../auth/auth-cache.ts";
import type { ActorContext } from "../../auth/context.ts";
import type { Principal } from "../../auth/principal.ts";
import { sha256 } from "../../crypto/tokens.ts";
import type { Queryable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { SessionsCore, SessionsDeps } from "./core.ts";
import type { EndReason } from "./end-reasons.ts";
import * as repo from "./repo.ts";

export function createSessionRevocation(deps: SessionsDeps, { recordSessionEvent }: SessionsCore) {
  const { db, clock, bus } = deps;
  return {
    /** The session a refresh token belongs to, if it is known (used by logout without a bearer). */
    async sessionOfRefreshToken(refreshToken: string): Promise<repo.SessionRow | undefined> {
      const row = await repo.findRefreshToken(db, sha256(refreshToken));
      return row ? repo.findSession(db, row.session_id) : undefined;
    },

    /**
     * Signs out: the session of the access token, else the session of the refresh cookie (a browser
     * whose access token already expired). Answers how many sessions were revoked.
     */
    async logout(principal: Principal | null, refreshToken: string | undefined): Promise<number> {
      if (principal?.sessionId) return this.revokeSession(principal.userId, principal.sessionId);
      const session = refreshToken ? await this.sessionOfRefreshToken(refreshToken) : undefined;
      if (session) return this.revokeSession(session.user_id, session.id);
      if (!principal) {
        throw new AppError("not_authenticated", "Not authenticated: send a credential or the refresh cookie");
      }
      return 0; // an API key has no session to end
    },

    listLive(userId: string) {
      return repo.liveSessionsOf(db, userId, clock.now().toISOString());
    },

    /** Revokes one of the user's live sessions; another user's or an unknown one is a 404. */
    async revokeOne(actor: ActorContext, sessionId: string): Promise<number> {
      const userId = actor.principal.userId;
      const revoked = await db.transaction().execute(async (tx) => {
        const count = await repo.revokeSessions(
          tx,
          { userId, sessionId },
          clock.now().toISOString(),
          "revoked",
        );
        if (count > 0) await recordSessionEvent(tx, actor, sessionId, { count });
        return count;
      });
      await bus.publish(tags.session(sessionId));
      if (revoked === 0) throw new AppError("not_found", "Session not found");
      return revoked;
    },

    async revokeAll(actor: ActorContext): Promise<number> {
      const userId = actor.principal.userId;
      const revoked = await db.transaction().execute(async (tx) => {
        const count = await repo.revokeSessions(tx, { userId }, clock.now().toISOString(), "revoked_all");
        if (count > 0) await recordSessionEvent(tx, actor, null, { count, all: true });
        return count;
      });
      await bus.publish(tags.user(userId));
      return revoked;
    },

    /**
     * Inside the caller's transaction: revokes every live session of the user but `except` (their
     * refresh tokens die with them). The caller publishes `tags.user` once it commits.
     */
    revokeAllOf(tx: Queryable, userId: string, reason: EndReason, except?: string): Promise<number> {
      return repo.revokeSessions(tx, { userId, exceptSessionId: except }, clock.now().toISOString(), reason);
    },

    async revokeSession(userId: string, sessionId: string): Promise<number> {
      const revoked = await repo.revokeSessions(
        db,
        { userId, sessionId },
        clock.now().toISOString(),
        "signed_out",
      );
      await bus.publish(tags.session(sessionId));
      return revoked;
    },
  };
}
