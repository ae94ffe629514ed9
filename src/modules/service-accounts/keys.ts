// A service account's keys: minted by an Admin or Owner from a session (the token shown once),
// always bound to the account's workspace, narrowed like personal keys, revocable. The same table
// holds the short-lived keys an OIDC exchange hands out (trust_id set), which are not listed.
import { randomUUID } from "node:crypto";
import { cacheOn, tags } from "../../auth/auth-cache.ts";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import { assertKeyLive, touchDue } from "../../auth/key-life.ts";
import {
  assertUsableFrom,
  type KeyScopeInput,
  keyScopeOf,
  presentScope,
  scopeColumns,
} from "../../auth/key-scope.ts";
import type { Principal } from "../../auth/principal.ts";
import { addSeconds } from "../../clock.ts";
import { newServiceKeyToken, sha256 } from "../../crypto/tokens.ts";
import type { Queryable } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { checkScopeTargets } from "../keys/index.ts";
import type { ServiceAccountsCore, ServiceAccountsDeps } from "./core.ts";
import * as repo from "./repo.ts";

const DISPLAY_PREFIX_LENGTH = 14;

type KeyFields = KeyScopeInput & { name: string; description?: string | null };

export function createServiceAccountKeys(deps: ServiceAccountsDeps, core: ServiceAccountsCore) {
  const { db, clock, audit, bus } = deps;
  const cache = cacheOn<NonNullable<Awaited<ReturnType<typeof repo.findKeyByDigest>>>>(
    bus,
    "service_account_key",
    deps.observeCache,
  );
  // An account's teams, for its keys' principals (a change of the account empties the entry).
  const teams = cacheOn<string[]>(bus, "service_account_teams", deps.observeCache);

  const present = (row: repo.KeyRow, workspaceId: string) => ({
    ...row,
    ...presentScope(row),
    workspace_id: workspaceId,
    is_revoked: row.revoked_at !== null,
  });

  /** Inserts a key of the account inside the caller's transaction; answers the row and the token. */
  async function insertKey(
    tx: Queryable,
    account: repo.AccountRow,
    input: KeyFields,
    options: { createdBy: string; expiresAt: string | null; trustId: string | null },
  ) {
    const token = newServiceKeyToken();
    const now = clock.now().toISOString();
    const row: repo.KeyRow = {
      id: randomUUID(),
      service_account_id: account.id,
      name: input.name,
      description: input.description ?? null,
      prefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
      token_hash: sha256(token),
      trust_id: options.trustId,
      created_by: options.createdBy,
      created_at: now,
      updated_at: now,
      expires_at: options.expiresAt,
      revoked_at: null,
      last_used_at: null,
      ...scopeColumns(input),
    };
    await repo.insertKey(tx, row);
    return { row, token };
  }

  return {
    insertKey,

    async mint(ctx: RequestContext, accountId: string, input: KeyFields & { expires_at?: number | null }) {
      await authorize(db, ctx, "service_account.grant");
      const account = await core.requireAccount(db, ctx, accountId);
      await checkScopeTargets(deps.scopeTargets, ctx.workspaceId, input);
      const expiresAt =
        input.expires_at == null ? null : addSeconds(clock.now(), input.expires_at * 60).toISOString();
      const { row, token } = await db.transaction().execute(async (tx) => {
        const minted = await insertKey(tx, account, input, {
          createdBy: ctx.principal.userId,
          expiresAt,
          trustId: null,
        });
        const scope = presentScope(minted.row);
        await audit.record(tx, ctx, {
          action: "service_account.key_created",
          resourceType: "service_account",
          resourceId: account.id,
          details: {
            key_id: minted.row.id,
            name: minted.row.name,
            expires_at: expiresAt,
            access: scope.access,
            project_ids: minted.row.project_ids,
            environment_ids: minted.row.environment_ids,
            allowed_cidrs: minted.row.allowed_cidrs,
          },
        });
        return minted;
      });
      return { ...present(row, ctx.workspaceId), token };
    },

    async list(ctx: RequestContext, accountId: string) {
      await authorize(db, ctx, "service_account.list");
      await core.requireAccount(db, ctx, accountId);
      const rows = await repo.liveKeysOf(db, accountId, clock.now().toISOString());
      return rows.map((row) => present(row, ctx.workspaceId));
    },

    /** Revokes a key; revoking a revoked key succeeds and changes nothing. */
    async revoke(ctx: RequestContext, accountId: string, keyId: string) {
      await authorize(db, ctx, "service_account.revoke");
      await core.requireAccount(db, ctx, accountId);
      const key = await repo.findKey(db, accountId, keyId);
      if (!key) throw notFound("Key");
      if (!key.revoked_at) {
        const now = clock.now().toISOString();
        await db.transaction().execute(async (tx) => {
          await repo.revokeKey(tx, keyId, now);
          await audit.record(tx, ctx, {
            action: "service_account.key_revoked",
            resourceType: "service_account",
            resourceId: accountId,
            details: { key_id: keyId, name: key.name },
          });
        });
        await bus.publish(tags.apiKey(keyId));
      }
      return present((await repo.findKey(db, accountId, keyId)) as repo.KeyRow, ctx.workspaceId);
    },

    async authenticate(token: string, address: string): Promise<Principal> {
      const digest = sha256(token);
      const key = await cache.getOrLoad(
        digest,
        () => repo.findKeyByDigest(db, digest),
        (found) => [
          tags.apiKey(found.id),
          tags.serviceAccount(found.account_id),
          tags.workspace(found.workspace_id),
        ],
      );
      if (!key) throw new AppError("invalid_token", "Invalid API key");
      const now = clock.now();
      assertKeyLive(key, now);
      if (key.disabled_at) {
        throw new AppError("service_account_disabled", "This key's service account is disabled");
      }
      assertUsableFrom(key, address);
      if (touchDue(key, now)) await repo.touchKey(db, key.id, now.toISOString());
      const teamIds = await teamsOf(key.account_id);
      return {
        userId: key.account_id,
        kind: "api_key",
        sessionId: null,
        apiKeyId: key.id,
        apiKeyName: key.name,
        workspaceClaim: key.workspace_id,
        scope: keyScopeOf(key, key.workspace_id),
        serviceAccount: {
          id: key.account_id,
          name: key.account_name,
          workspaceId: key.workspace_id,
          role: key.role,
          teamIds,
        },
      };
    },
  };

  async function teamsOf(accountId: string): Promise<string[]> {
    const cached = teams.get(accountId);
    if (cached) return cached;
    const mark = teams.mark();
    const found = (await repo.teamIdsOf(db, [accountId])).get(accountId) ?? [];
    teams.set(accountId, found, [tags.serviceAccount(accountId)], mark);
    return found;
  }
}
