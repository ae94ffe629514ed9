// Tokens: signing in on a device, rotating a refresh token (with its grace window and reuse
// detection), proving an access token on every request, and a token for another workspace.
import { randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify } from "jose";
import { tags } from "../../auth/auth-cache.ts";
import { asSignInMethod, type SignInMethod } from "../../auth/policy.ts";
import type { IssuedTokens, Principal } from "../../auth/principal.ts";
import { randomToken, sha256 } from "../../crypto/tokens.ts";
import type { Queryable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { ISSUER, type SessionsCore, type SessionsDeps } from "./core.ts";
import * as repo from "./repo.ts";

export function createSessionTokens(deps: SessionsDeps, core: SessionsCore) {
  const { db, clock, bus } = deps;
  const { sessionById, signAccessToken, storeRefreshToken, successorOf, expiryAt, withinGrace, assertLive } =
    core;
  return {
    /** Whether a session is live now (not revoked, not expired, its account not deleted). */
    async isLive(sessionId: string): Promise<boolean> {
      const session = await sessionById(sessionId);
      return Boolean(session && !session.revoked_at && session.expires_at > clock.now().toISOString());
    },

    /** Signs a user in on one device: that device's previous session is revoked. */
    async startSession(input: {
      userId: string;
      workspaceId: string | null;
      ipAddress: string | null;
      userAgent: string;
      /** How the sign-in was proven: a workspace may require single sign-on of sessions. */
      signInMethod: SignInMethod;
      /** How the device got the session when not by signing in itself (approved in the dashboard). */
      via?: "device_authorization";
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
          "replaced",
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
          revoked_reason: null,
          sign_in_method: input.signInMethod,
        });
        // A sign-in is in the trail of every workspace the person belongs to.
        await deps.accountAudit.audit.recordInWorkspaces(
          tx,
          {
            principal: {
              userId: input.userId,
              kind: "session",
              sessionId,
              signInMethod: input.signInMethod,
              apiKeyId: null,
              workspaceClaim: input.workspaceId,
              scope: null,
              serviceAccount: null,
            },
            ipAddress: input.ipAddress,
            userAgent: input.userAgent,
          },
          await deps.accountAudit.memberWorkspaces(tx, input.userId),
          {
            action: "user.signed_in",
            resourceType: "session",
            resourceId: sessionId,
            details: {
              method: input.signInMethod,
              replaced_session: replaced > 0,
              ...(input.via ? { via: input.via } : {}),
            },
          },
        );
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
          await repo.revokeSessions(
            tx,
            { userId: session.user_id, sessionId: session.id },
            nowIso,
            "refresh_reused",
          );
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
        signInMethod: asSignInMethod(session.sign_in_method),
        apiKeyId: null,
        workspaceClaim: session.workspace_id,
        scope: null,
        serviceAccount: null,
      };
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
