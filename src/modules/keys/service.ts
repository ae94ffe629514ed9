// API keys: minted once (`sk-…` shown a single time), stored as a digest, revocable, optionally
// expiring. Revoked and expired keys answer distinct 401s.
import { randomUUID } from "node:crypto";
import { type CacheObserver, cacheOn, type InvalidationBus, tags } from "../../auth/auth-cache.ts";
import type { ActorContext } from "../../auth/context.ts";
import { assertKeyLive, touchDue } from "../../auth/key-life.ts";
import { assertUsableFrom, type KeyScopeInput, keyScopeOf, scopeColumns } from "../../auth/key-scope.ts";
import type { Principal } from "../../auth/principal.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { newApiKeyToken, sha256 } from "../../crypto/tokens.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, notFound, ValidationFailed } from "../../errors.ts";
import type { AccountAudit } from "../audit/index.ts";
import * as repo from "./repo.ts";

export interface KeysDeps {
  db: Db;
  clock: Clock;
  bus: InvalidationBus;
  accountAudit: AccountAudit;
  observeCache?: CacheObserver;
  /** What a scoped key may name (the workspaces, projects and environments modules answer). */
  scopeTargets: ScopeTargets;
}

export interface ScopeTargets {
  isMember(workspaceId: string, userId: string): Promise<boolean>;
  /** Of the ids, those that are projects (environments) of the workspace. */
  projectsIn(workspaceId: string, ids: readonly string[]): Promise<Set<string>>;
  environmentsIn(workspaceId: string, ids: readonly string[]): Promise<Set<string>>;
}

/**
 * 422 unless every project and environment a scope names belongs to the workspace. A scope naming
 * something elsewhere would never match; refusing it says so at once.
 */
export async function checkScopeTargets(
  targets: ScopeTargets,
  workspaceId: string,
  input: Pick<KeyScopeInput, "project_ids" | "environment_ids">,
): Promise<void> {
  const issues = [];
  for (const [field, ids, known] of [
    ["project_ids", input.project_ids ?? [], targets.projectsIn],
    ["environment_ids", input.environment_ids ?? [], targets.environmentsIn],
  ] as const) {
    if (ids.length === 0) continue;
    const found = await known(workspaceId, ids);
    for (const [index, id] of ids.entries()) {
      if (!found.has(id)) {
        issues.push({
          loc: ["body", field, index],
          msg: `Not ${field === "project_ids" ? "a project" : "an environment"} of the key's workspace`,
          type: "value_error",
          input: id,
        });
      }
    }
  }
  if (issues.length > 0) throw new ValidationFailed(issues);
}

const DISPLAY_PREFIX_LENGTH = 10;

const expiryFromMinutes = (now: Date, minutes: number | null | undefined) =>
  minutes == null ? null : addSeconds(now, minutes * 60).toISOString();

export function createKeysService({ db, clock, bus, accountAudit, observeCache, scopeTargets }: KeysDeps) {
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
      input: KeyScopeInput & {
        name: string;
        description?: string | null;
        expires_at?: number | null;
        workspace_id?: string | null;
      },
    ) {
      const userId = actor.principal.userId;
      const workspaceId = input.workspace_id ?? null;
      if (workspaceId === null && (input.project_ids || input.environment_ids)) {
        throw new ValidationFailed([
          {
            loc: ["body", "workspace_id"],
            msg: "A key narrowed to projects or environments is bound to their workspace: name it in workspace_id",
            type: "missing",
          },
        ]);
      }
      const scope = scopeColumns(input);
      if (workspaceId !== null) {
        if (!(await scopeTargets.isMember(workspaceId, userId)))
          throw new AppError("not_a_member", "You are not a member of this workspace");
        await checkScopeTargets(scopeTargets, workspaceId, input);
      }
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
        workspace_id: workspaceId,
        ...scope,
      };
      await db.transaction().execute(async (tx) => {
        await repo.insertKey(tx, row);
        await recordKeyEvent(tx, actor, "api_key.created", row.id, {
          name: row.name,
          expires_at: row.expires_at,
          workspace_id: workspaceId,
          access: scope.access,
          project_ids: scope.project_ids,
          environment_ids: scope.environment_ids,
          allowed_cidrs: scope.allowed_cidrs,
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

    async authenticateApiKey(token: string, address: string): Promise<Principal> {
      const digest = sha256(token);
      const key = await cache.getOrLoad(
        digest,
        () => repo.findKeyByDigest(db, digest),
        (found) => {
          const claim = found.current_workspace_id ? [tags.workspace(found.current_workspace_id)] : [];
          return [tags.apiKey(found.id), tags.user(found.user_id), ...claim];
        },
      );
      if (!key) throw new AppError("invalid_token", "Invalid API key");
      const now = clock.now();
      assertKeyLive(key, now);
      assertUsableFrom(key, address);
      if (touchDue(key, now)) await repo.touchKey(db, key.id, now.toISOString());
      return {
        userId: key.user_id,
        kind: "api_key",
        sessionId: null,
        apiKeyId: key.id,
        apiKeyName: key.name,
        // A key bound to a workspace speaks for that one, whatever its holder last chose.
        workspaceClaim: key.workspace_id ?? key.current_workspace_id,
        scope: keyScopeOf(key, key.workspace_id),
        serviceAccount: null,
      };
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
