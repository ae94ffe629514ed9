// What the sessions service's parts share: their dependencies, the session cache (every
// session-token request reads one row; revocation empties the entry everywhere), signing access
// tokens, the refresh-token chain's arithmetic, and what makes a session live.
import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { type CacheObserver, cacheOn, type InvalidationBus, tags } from "../../auth/auth-cache.ts";
import type { ActorContext } from "../../auth/context.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { sha256 } from "../../crypto/tokens.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AccountAudit } from "../audit/index.ts";
import { revokedError } from "./end-reasons.ts";
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

export const ISSUER = "coffer";

export function createSessionsCore(deps: SessionsDeps) {
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

  function sessionById(sessionId: string): Promise<repo.SessionRow | undefined> {
    return cache.getOrLoad(
      sessionId,
      () => repo.findSession(db, sessionId),
      (session) => {
        const claim = session.workspace_id ? [tags.workspace(session.workspace_id)] : [];
        return [tags.session(session.id), tags.user(session.user_id), ...claim];
      },
    );
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
    if (session.revoked_at) throw revokedError(session.revoked_at, session.revoked_reason);
    if (session.expires_at <= now.toISOString())
      throw new AppError("session_expired", "Session has expired; sign in again");
    return session;
  }

  return {
    recordSessionEvent,
    sessionById,
    signAccessToken,
    storeRefreshToken,
    successorOf,
    expiryAt,
    withinGrace,
    assertLive,
  };
}

export type SessionsCore = ReturnType<typeof createSessionsCore>;
