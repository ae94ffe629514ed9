// Sessions: sign-in bookkeeping, short-lived access tokens (HS256 JWT carrying sub, sid, ws),
// rotating refresh tokens with reuse detection (after a short grace window, DESIGN.md §4), an
// absolute lifetime no refresh extends, and revocation that takes effect at once (the session row
// is read on every request).
import { createHmac, randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { type CacheObserver, cacheOn, type InvalidationBus, tags } from "../../auth/auth-cache.ts";
import type { ActorContext } from "../../auth/context.ts";
import type { Principal } from "../../auth/principal.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { randomToken, sha256 } from "../../crypto/tokens.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AccountAudit } from "../audit/index.ts";
import * as repo from "./repo.ts";

export interface SessionsDeps {
  db: Db;
  bus: InvalidationBus;
  clock: Clock;
  jwtKey: Buffer;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Seconds a rotated refresh token still yields its successor (two tabs refreshing at once). */
  refreshReuseGrace: number;
  /** Seconds a session lives at most from its sign-in, however often it is refreshed. */
  sessionMaxAge: number;
  /** Key of the HMAC that derives a refresh token's successor from it. */
  refreshKey: Buffer;
  accountAudit: AccountAudit;
  observeCache?: CacheObserver;
}

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const ISSUER = "coffer";

export function createSessionsService(deps: SessionsDeps) {
  const { db, clock, bus } = deps;
  const recordSessionEvent = async (
    tx: Queryable,
    actor: ActorContext,
    sessionId: string | null,
    details: Record<string, number | boolean>,
  ) =>
    deps.accountAudit.audit.recordInWorkspaces(
      tx,
      actor,
      await deps.accountAudit.memberWorkspaces(tx, actor.principal.userId),
      { action: "session.revoked", resourceType: "session", resourceId: sessionId, details },
    );
  // Sessions by id: every session-token request reads one; revocation empties the entry everywhere.
  const cache = cacheOn<repo.SessionRow>(bus, "session", deps.observeCache);

  async function sessionById(sessionId: string): Promise<repo.SessionRow | undefined> {
    const cached = cache.get(sessionId);
    if (cached) return cached;
    const mark = cache.mark();
    const session = await repo.findSession(db, sessionId);
    if (session) {
      const claim = session.workspace_id ? [tags.workspace(session.workspace_id)] : [];
      cache.set(sessionId, session, [tags.session(session.id), tags.user(session.user_id), ...claim], mark);
    }
    return session;
  }

  async function signAccessToken(claims: { userId: string; sessionId: string; workspaceId: string | null }) {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId, ws: claims.workspaceId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setSubject(claims.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + deps.accessTokenTtl)
      .sign(deps.jwtKey);
  }

  async function storeRefreshToken(tx: Queryable, token: string, sessionId: string, now: string) {
    await repo.insertRefreshToken(tx, { token_hash: sha256(token), session_id: sessionId, created_at: now });
    return token;
  }

  /**
   * A refresh token's successor is derived from it (HMAC under a server key): presenting the same
   * token again within the grace window yields the same successor, so a session never grows a
   * second live chain, and nobody without the key can compute one.
   */
  const successorOf = (token: string) =>
    createHmac("sha256", deps.refreshKey).update(token).digest("base64url");

  /** Until when a session refreshed now lives: the refresh lifetime, never past its absolute end. */
  const expiryAt = (createdAt: Date, now: Date) =>
    new Date(
      Math.min(
        addSeconds(now, deps.refreshTokenTtl).getTime(),
        addSeconds(createdAt, deps.sessionMaxAge).getTime(),
      ),
    ).toISOString();

  const withinGrace = (usedAt: string | null, now: Date) =>
    usedAt !== null && now.getTime() - Date.parse(usedAt) <= deps.refreshReuseGrace * 1000;

  function assertLive(session: repo.SessionRow | undefined, now: Date): repo.SessionRow {
    if (!session) throw new AppError("invalid_token", "Invalid session token");
    if (session.revoked_at) throw new AppError("session_revoked", "Session has been revoked; sign in again");
    if (session.expires_at <= now.toISOString())
      throw new AppError("session_expired", "Session has expired; sign in again");
    return session;
  }

  return {
    /** Signs a user in on one device: that device's previous session is revoked. */
    async startSession(input: {
      userId: string;
      workspaceId: string | null;
      ipAddress: string | null;
      userAgent: string;
    }): Promise<IssuedTokens> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const sessionId = randomUUID();
      let replaced = 0;
      const refreshToken = await db.transaction().execute(async (tx) => {
        replaced = await repo.revokeSessions(
          tx,
          { userId: input.userId, userAgent: input.userAgent },
          nowIso,
        );
        await repo.insertSession(tx, {
          id: sessionId,
          user_id: input.userId,
          workspace_id: input.workspaceId,
          ip_address: input.ipAddress,
          user_agent: input.userAgent,
          created_at: nowIso,
          expires_at: expiryAt(now, now),
          revoked_at: null,
        });
        return storeRefreshToken(tx, randomToken(), sessionId, nowIso);
      });
      if (replaced > 0) await bus.publish(tags.user(input.userId));
      const accessToken = await signAccessToken({
        userId: input.userId,
        sessionId,
        workspaceId: input.workspaceId,
      });
      return { sessionId, accessToken, refreshToken, expiresIn: deps.accessTokenTtl };
    },

    /**
     * Rotates a refresh token. A token presented again within the grace window yields its successor
     * once more (same session); presented after it, it revokes its session (reuse detection).
     */
    async refresh(refreshToken: string): Promise<IssuedTokens> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const tokenHash = sha256(refreshToken);
      const next = successorOf(refreshToken);
      const outcome = await db.transaction().execute(async (tx) => {
        const row = await repo.findRefreshToken(tx, tokenHash);
        if (!row) return { error: new AppError("refresh_token_invalid", "Invalid refresh token") };
        const session = await repo.findSession(tx, row.session_id);
        if (!session) return { error: new AppError("refresh_token_invalid", "Invalid refresh token") };
        const spent = row.used_at === null && (await repo.spendRefreshToken(tx, tokenHash, nowIso));
        if (!spent) {
          // Another request may have spent it since the read above: its time is what counts.
          const usedAt = row.used_at ?? (await repo.findRefreshToken(tx, tokenHash))?.used_at ?? null;
          if (withinGrace(usedAt, now)) {
            try {
              return { session: assertLive(session, now), next, extended: false };
            } catch (error) {
              return { error: error as AppError };
            }
          }
          // Committed, not rolled back: a replayed token must end the session it belongs to.
          await repo.revokeSessions(tx, { userId: session.user_id, sessionId: session.id }, nowIso);
          return {
            error: new AppError(
              "refresh_token_reused",
              "Refresh token was already used; the session has been revoked",
            ),
            revoked: session.id,
          };
        }
        try {
          assertLive(session, now);
        } catch (error) {
          return { error: error as AppError };
        }
        await repo.extendSession(tx, session.id, expiryAt(new Date(session.created_at), now));
        return { session, next: await storeRefreshToken(tx, next, session.id, nowIso), extended: true };
      });
      // After the commit: the session was extended, or revoked by reuse detection.
      if ("extended" in outcome && outcome.extended) await bus.publish(tags.session(outcome.session.id));
      if ("revoked" in outcome && outcome.revoked) await bus.publish(tags.session(outcome.revoked));
      if ("error" in outcome) throw outcome.error;
      const { session } = outcome;
      const accessToken = await signAccessToken({
        userId: session.user_id,
        sessionId: session.id,
        workspaceId: session.workspace_id,
      });
      return {
        sessionId: session.id,
        accessToken,
        refreshToken: outcome.next,
        expiresIn: deps.accessTokenTtl,
      };
    },

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

    async authenticateAccessToken(token: string): Promise<Principal> {
      let claims: { sub?: string; sid?: unknown; ws?: unknown };
      let tokenExpired = false;
      try {
        ({ payload: claims } = await jwtVerify(token, deps.jwtKey, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          currentDate: clock.now(),
        }));
      } catch (error) {
        if (!(error instanceof joseErrors.JWTExpired))
          throw new AppError("invalid_token", "Invalid session token");
        claims = error.payload;
        tokenExpired = true;
      }
      if (typeof claims.sid !== "string" || typeof claims.sub !== "string") {
        throw new AppError("invalid_token", "Invalid session token");
      }
      // Session state is checked first: "revoked" tells the client more than "token expired".
      const session = assertLive(await sessionById(claims.sid), clock.now());
      if (tokenExpired) {
        throw new AppError("access_token_expired", "Access token has expired; refresh it at /auth/refresh");
      }
      return {
        userId: session.user_id,
        kind: "session",
        sessionId: session.id,
        apiKeyId: null,
        workspaceClaim: session.workspace_id,
      };
    },

    listLive(userId: string) {
      return repo.liveSessionsOf(db, userId, clock.now().toISOString());
    },

    /** Revokes one of the user's live sessions; another user's or an unknown one is a 404. */
    async revokeOne(actor: ActorContext, sessionId: string): Promise<number> {
      const userId = actor.principal.userId;
      const revoked = await db.transaction().execute(async (tx) => {
        const count = await repo.revokeSessions(tx, { userId, sessionId }, clock.now().toISOString());
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
        const count = await repo.revokeSessions(tx, { userId }, clock.now().toISOString());
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
    revokeAllOf(tx: Queryable, userId: string, except?: string): Promise<number> {
      return repo.revokeSessions(tx, { userId, exceptSessionId: except }, clock.now().toISOString());
    },

    async revokeSession(userId: string, sessionId: string): Promise<number> {
      const revoked = await repo.revokeSessions(db, { userId, sessionId }, clock.now().toISOString());
      await bus.publish(tags.session(sessionId));
      return revoked;
    },

    /**
     * Moves a session's workspace claim and returns an access token carrying it. The caller owns the
     * transaction and publishes the user's tag once it commits.
     */
    async switchWorkspace(
      principal: Principal,
      workspaceId: string,
      tx: Queryable = db,
    ): Promise<string | null> {
      if (principal.kind !== "session" || !principal.sessionId) return null;
      await repo.setSessionWorkspace(tx, principal.sessionId, workspaceId);
      return signAccessToken({ userId: principal.userId, sessionId: principal.sessionId, workspaceId });
    },

    accessTokenTtl: deps.accessTokenTtl,
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Housekeeping: ended sessions (and their refresh tokens) past retention, long-spent refresh tokens. */
export const purgeSessions = (db: Db, cutoff: string, spentBefore: string) =>
  repo.purgeSessions(db, cutoff, spentBefore);
