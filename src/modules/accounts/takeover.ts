// The clean takeover of an account whose address was never verified, by whoever just proved that
// address (a provider vouching for it, a reset link mailed to it). Anyone can sign up with an
// address they do not own; nothing they set up may survive the address's real owner: not their
// own credentials, and not the ways into a workspace they let others have (lib/claims.ts): in a
// workspace they founded, every other member and everything anyone set up there; elsewhere, the
// people who came in through their invites (and through those people's) and what all of them set up.
import { tags } from "../../auth/auth-cache.ts";
import { personActing } from "../../auth/principal.ts";
import type { Clock } from "../../clock.ts";
import type { Queryable } from "../../db/schema.ts";
import type { ClaimEnded, ClaimEnder } from "../../lib/claims.ts";
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
  claims: {
    /** The user's workspaces, each with whether they founded it. */
    workspacesOf(tx: Queryable, userId: string): Promise<{ workspaceId: string; founded: boolean }[]>;
    /** The holder and who came into the workspace through the holder's invites, transitively. */
    invitedThrough(tx: Queryable, workspaceId: string, holderId: string): Promise<string[]>;
    memberIdsOf(tx: Queryable, workspaceId: string): Promise<string[]>;
    removeMembers(tx: Queryable, workspaceId: string, userIds: readonly string[]): Promise<void>;
    /** Each module's end of what the circle let in (invites, service accounts, webhooks, share links). */
    enders: readonly ClaimEnder[];
  };
}

export interface Claimed {
  sessionsRevoked: number;
  /** The cache tags to publish once the caller's transaction commits. */
  tags: string[];
}

/**
 * Inside the caller's transaction: unless the account's address is verified, everything the
 * previous holder set up goes — the password, every session and refresh token, every API key,
 * two-factor sign-in, and in every workspace of theirs what they let in (in one they founded:
 * every other member, invite, service account key and trust, webhook and share link; elsewhere
 * what they made) — the address becomes verified, and `account.claimed` is audited. The caller
 * publishes `tags` once it commits.
 */
export function createTakeover(deps: TakeoverDeps) {
  return async function claimUnverified(
    tx: Queryable,
    user: repo.UserRow,
    provenBy: string,
    client: ClientInfo,
  ): Promise<Claimed> {
    if (user.email_verified_at) return { sessionsRevoked: 0, tags: [] };
    const now = deps.clock.now().toISOString();
    const sessionsRevoked = await deps.sessions.revokeAllOf(tx, user.id, "account_claimed");
    const keysRevoked = await deps.keys.revokeAllOf(tx, user.id);
    const twoFactorCleared = await deps.twoFactor.clear(tx, user.id);
    const ended: ClaimEnded = { members_removed: 0 };
    const { claims } = deps;
    const workspaces = await claims.workspacesOf(tx, user.id);
    for (const { workspaceId, founded } of workspaces) {
      const circle = founded ? "everyone" : await claims.invitedThrough(tx, workspaceId, user.id);
      for (const end of claims.enders) {
        const counts = await end(tx, { workspaceId, holderId: user.id, circle }, now);
        for (const [kind, n] of Object.entries(counts)) ended[kind] = (ended[kind] ?? 0) + n;
      }
      const members = await claims.memberIdsOf(tx, workspaceId);
      const leaving = members.filter(
        (id) => id !== user.id && (circle === "everyone" || circle.includes(id)),
      );
      await claims.removeMembers(tx, workspaceId, leaving);
      ended.members_removed! += leaving.length;
    }
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
          ...ended,
        },
      },
    );
    // Members' standing and service accounts' keys are cached per workspace: the whole workspace goes.
    return {
      sessionsRevoked,
      tags: [tags.user(user.id), ...workspaces.map((w) => tags.workspace(w.workspaceId))],
    };
  };
}
