// API keys: minted once (`sk-…` shown a single time), stored as a digest, revocable, optionally
// expiring. Revoked and expired keys answer distinct 401s.
import { randomUUID } from "node:crypto";
import { type CacheObserver, cacheOn, type InvalidationBus, tags } from "../../auth/auth-cache.ts";
import type { ActorContext } from "../../auth/context.ts";
import type { Principal } from "../../auth/principal.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { newApiKeyToken, sha256 } from "../../crypto/tokens.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { AccountAudit } from "../audit/index.ts";
import * as repo from "./repo.ts";

export interface KeysDeps {
  db: Db;
  clock: Clock;
  bus: InvalidationBus;
  accountAudit: AccountAudit;
  observeCache?: CacheObserver;
}

// Writing last_used_at on every request would turn each read into a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;
const DISPLAY_PREFIX_LENGTH = 10;

const expiryFromMinutes = (now: Date, minutes: number | null | undefined) =>
  minutes == null ? null : addSeconds(now, minutes * 60).toISOString();

export function createKeysService({ db, clock, bus, accountAudit, observeCache }: KeysDeps) {
  const { audit, memberWorkspaces } = accountAudit;
  const recordKeyEvent = async (
    tx: Queryable,
    actor: ActorContext,
    action: string,
    keyId: string,
    details: Record<string, string | number | boolean | null> = {},
  ) =>
    audit.recordInWorkspaces(tx, actor, await memberWorkspaces(tx, actor.principal.userId), {
      action,
      resourceType: "api_key",
      resourceId: keyId,
      details,
    });

  // Keys by digest: every API-key request reads one; revocation empties the entry everywhere.
  const cache = cacheOn<NonNullable<Awaited<ReturnType<typeof repo.findKeyByDigest>>>>(
    bus,
    "api_key",
    observeCache,
  );

  async function ownedKey(userId: string, keyId: string): Promise<repo.ApiKeyRow> {
    const key = await repo.findKeyOfUser(db, userId, keyId);
    if (!key) throw notFound("API key");
    return key;
  }

  return {
    async create(
      actor: ActorContext,
      input: { name: string; description?: string | null; expires_at?: number | null },
    ) {
      const userId = actor.principal.userId;
      const now = clock.now();
      const token = newApiKeyToken();
      const row: repo.ApiKeyRow = {
        id: randomUUID(),
        user_id: userId,
        name: input.name,
        description: input.description ?? null,
        prefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
        token_hash: sha256(token),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        expires_at: expiryFromMinutes(now, input.expires_at),
        revoked_at: null,
        last_used_at: null,
      };
      await db.transaction().execute(async (tx) => {
        await repo.insertKey(tx, row);
        await recordKeyEvent(tx, actor, "api_key.created", row.id, {
          name: row.name,
          expires_at: row.expires_at,
        });
      });
      return { row, token };
    },

    listActive(userId: string) {
      return repo.activeKeysOf(db, userId, clock.now().toISOString());
    },

    async update(
      actor: ActorContext,
      keyId: string,
      patch: { name?: string; description?: string | null; expires_at?: number | null; is_revoked?: boolean },
    ) {
      const userId = actor.principal.userId;
      const key = await ownedKey(userId, keyId);
      if (key.revoked_at)
        throw new AppError("already_revoked", "This API key is revoked; a revoked key cannot change");
      const now = clock.now();
      const changes: Parameters<typeof repo.updateKey>[2] = { updated_at: now.toISOString() };
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.description !== undefined) changes.description = patch.description;
      if (patch.expires_at !== undefined) changes.expires_at = expiryFromMinutes(now, patch.expires_at);
      if (patch.is_revoked === true) changes.revoked_at = now.toISOString();
      await db.transaction().execute(async (tx) => {
        await repo.updateKey(tx, keyId, changes);
        const fields = Object.keys(patch)
          .filter((name) => name !== "is_revoked")
          .join(",");
        if (fields) await recordKeyEvent(tx, actor, "api_key.updated", keyId, { fields });
        if (changes.revoked_at) await recordKeyEvent(tx, actor, "api_key.revoked", keyId);
      });
      await bus.publish(tags.apiKey(keyId));
      return ownedKey(userId, keyId);
    },

    /** Revokes a key; revoking an already revoked key is a no-op that succeeds. */
    async revoke(actor: ActorContext, keyId: string) {
      const userId = actor.principal.userId;
      const key = await ownedKey(userId, keyId);
      if (!key.revoked_at) {
        const now = clock.now().toISOString();
        await db.transaction().execute(async (tx) => {
          await repo.updateKey(tx, keyId, { revoked_at: now, updated_at: now });
          await recordKeyEvent(tx, actor, "api_key.revoked", keyId);
        });
        await bus.publish(tags.apiKey(keyId));
      }
      return ownedKey(userId, keyId);
    },

    /**
     * Inside the caller's transaction: revokes every key of the user (an account taken over from an
     * unverified holder). The caller publishes `tags.user` once it commits.
     */
    revokeAllOf: (tx: Queryable, userId: string) => repo.revokeAllOf(tx, userId, clock.now().toISOString()),

    async authenticateApiKey(token: string): Promise<Principal> {
      const digest = sha256(token);
      let key = cache.get(digest);
      if (!key) {
        const mark = cache.mark();
        key = await repo.findKeyByDigest(db, digest);
        if (!key) throw new AppError("invalid_token", "Invalid API key");
        const claim = key.current_workspace_id ? [tags.workspace(key.current_workspace_id)] : [];
        cache.set(digest, key, [tags.apiKey(key.id), tags.user(key.user_id), ...claim], mark);
      }
      const now = clock.now();
      if (key.revoked_at) throw new AppError("api_key_revoked", "API key has been revoked");
      if (key.expires_at && key.expires_at <= now.toISOString()) {
        throw new AppError("api_key_expired", "API key has expired");
      }
      if (!key.last_used_at || now.getTime() - Date.parse(key.last_used_at) > TOUCH_INTERVAL_MS) {
        await repo.touchKey(db, key.id, now.toISOString());
        key.last_used_at = now.toISOString();
      }
      return {
        userId: key.user_id,
        kind: "api_key",
        sessionId: null,
        apiKeyId: key.id,
        workspaceClaim: key.current_workspace_id,
      };
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
