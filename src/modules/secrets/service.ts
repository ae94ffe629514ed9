// Secrets: envelope-encrypted values with per-secret versions, single and bulk writes (all or
// nothing), decrypted reads that survive an unreadable value (207), version history and logs.
// Every write records its audit entries in the same transaction; no entry ever holds a value.
import { randomUUID } from "node:crypto";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Clock } from "../../clock.ts";
import {
  type DataKey,
  DecryptionError,
  type Keyring,
  type Openable,
  openable,
} from "../../crypto/data-keys.ts";
import { isUniqueViolation } from "../../db/connect.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, notFound, ValidationFailed } from "../../errors.ts";
import type { AuditEntryInput, AuditService } from "../audit/index.ts";
import {
  type EnvironmentPath,
  type EnvironmentRow,
  markEnvironmentChanged,
  requireEnvironment,
} from "../environments/index.ts";
import { type Plans, planOf } from "../workspaces/index.ts";
import { createListCache } from "./list-cache.ts";
import * as repo from "./repo.ts";
import { LIMITS } from "./schemas.ts";

export interface SecretsDeps {
  db: Db;
  clock: Clock;
  keyring: Keyring;
  audit: Pick<AuditService, "recordMany" | "list" | "forgetSecrets">;
  plans: Plans;
}

export interface SecretInput {
  key: string;
  value: string;
  description?: string | null;
  rotation_days?: number | null;
}

export interface SecretPatch {
  key?: string;
  value?: string;
  description?: string | null;
  rotation_days?: number | null;
}

export interface BulkUpdateItem {
  key: string;
  new_key?: string;
  value?: string;
  description?: string | null;
}

/** A ciphertext is bound to its secret and version: moved anywhere else, it fails to decrypt. */
export const valueAad = (secretId: string, version: number) => `secret:${secretId}:${version}`;

const conflict = (keys: string[]) =>
  new AppError(
    "conflict",
    `These keys already exist in this environment or repeat in the batch: ${keys.join(", ")}`,
    {
      body: { keys },
    },
  );

function checkValueSizes(values: (string | undefined)[], loc: (index: number) => (string | number)[]): void {
  const issues = values.flatMap((value, index) =>
    value !== undefined && Buffer.byteLength(value, "utf8") > LIMITS.valueBytes
      ? [
          {
            loc: loc(index),
            msg: "Value should be at most 64 KiB",
            type: "string_too_long",
            ctx: { max_length: LIMITS.valueBytes },
          },
        ]
      : [],
  );
  if (issues.length > 0) throw new ValidationFailed(issues);
}

function duplicates(keys: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(keys.filter((key) => seen.has(key) || !seen.add(key)))];
}

export function createSecretsService(deps: SecretsDeps) {
  const { db, clock, keyring, audit } = deps;
  // Rows are shared by every request that reads them from the cache: frozen, never changed.
  const listCache = createListCache<{ rows: readonly repo.SecretRow[]; values: readonly Openable[] }>(
    (entry) => entry.rows.length,
  );

  function present(row: repo.SecretRow, value: string, environment: EnvironmentRow) {
    return {
      id: row.id,
      key: row.key,
      value,
      description: row.description,
      created_at: row.created_at,
      updated_at: row.updated_at,
      current_version: row.current_version,
      environment_type: environment.environment_type,
      last_rotated_at: row.last_rotated_at,
      rotation_days: row.rotation_days ?? environment.default_policy,
    };
  }

  /** The environment at the end of the path, after proving the caller may do `action` there. */
  async function environmentFor(
    ctx: RequestContext,
    path: EnvironmentPath,
    action: "secret.read" | "secret.write",
  ) {
    const environment = await requireEnvironment(db, ctx.workspaceId, path);
    await authorize(db, ctx, action, { teamId: path.teamId });
    return environment;
  }

  async function requireSecret(tx: Queryable, ctx: RequestContext, path: EnvironmentPath, secretId: string) {
    const secret = await repo.findSecret(tx, ctx.workspaceId, path.environmentId, secretId);
    if (!secret) throw notFound("Secret");
    return secret;
  }

  async function decryptRow(
    row: repo.SecretRow,
    ciphertext = row.ciphertext,
    version = row.current_version,
    q: Queryable = db,
  ) {
    return keyring.decrypt(q, row.workspace_id, ciphertext, valueAad(row.id, version));
  }

  async function decryptOrConflict(row: repo.SecretRow): Promise<string> {
    try {
      return await decryptRow(row);
    } catch (error) {
      if (error instanceof DecryptionError) {
        throw new AppError("decryption_failed", `The stored value of secret ${row.id} cannot be decrypted`);
      }
      throw error;
    }
  }

  /**
   * Inserts new secrets (version 1 each) and their audit entries, in the caller's transaction, which
   * gave the data key (keyring.sealing).
   */
  async function insertAll(
    tx: Queryable,
    ctx: RequestContext,
    environment: EnvironmentRow,
    dataKey: DataKey,
    items: SecretInput[],
  ) {
    const now = clock.now().toISOString();
    const rows = items.map((item): repo.SecretRow => {
      const id = randomUUID();
      return {
        id,
        workspace_id: ctx.workspaceId,
        team_id: environment.team_id,
        project_id: environment.project_id,
        environment_id: environment.id,
        key: item.key,
        description: item.description ?? null,
        current_version: 1,
        ciphertext: keyring.encrypt(dataKey, item.value, valueAad(id, 1)),
        rotation_days: item.rotation_days ?? null,
        last_rotated_at: now,
        created_at: now,
        updated_at: now,
      };
    });
    await repo.insertSecrets(tx, rows);
    await repo.insertVersions(
      tx,
      rows.map((r) => ({ secret_id: r.id, version: 1, ciphertext: r.ciphertext, created_at: now })),
    );
    await audit.recordMany(
      tx,
      ctx,
      rows.map((r) => ({
        action: "secret.created",
        resourceType: "secret",
        resourceId: r.id,
        secretId: r.id,
        version: 1,
        details: { key: r.key },
      })),
    );
    return rows;
  }

  /** Runs a write, turning a lost race on (environment, key) into the same 409 a pre-check gives. */
  async function guardKeys<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(keys);
      throw error;
    }
  }

  /**
   * Applies updates inside the caller's transaction, which gave the data key (keyring.sealing).
   * Renames must be guarded by the caller (guardKeys).
   */
  async function writeUpdates(
    tx: Queryable,
    ctx: RequestContext,
    environment: EnvironmentRow,
    dataKey: DataKey,
    changes: { secret: repo.SecretRow; patch: SecretPatch }[],
  ) {
    const renamed = changes.filter((c) => c.patch.key !== undefined && c.patch.key !== c.secret.key);
    const touchedIds = new Set(changes.map((c) => c.secret.id));
    // Lock every touched row (in id order, so that concurrent batches cannot deadlock) and
    // work from what is committed now: a row read before the transaction may be stale, and
    // writing it back would undo a concurrent change (value, version) or repeat its version.
    const now = clock.now().toISOString();
    const fresh = new Map<string, repo.SecretRow>();
    for (const id of [...touchedIds].sort()) {
      const row = await repo.lockSecret(tx, ctx.workspaceId, id, now);
      if (!row) throw notFound("Secret");
      fresh.set(id, row);
    }
    // null marks an unreadable value.
    const currentValues = await Promise.all(
      changes.map((c) => {
        const row = fresh.get(c.secret.id)!;
        return decryptRow(row, row.ciphertext, row.current_version, tx).catch(() => null);
      }),
    );
    const others = (
      await repo.findSecretsByKeys(
        tx,
        ctx.workspaceId,
        environment.id,
        renamed.map((c) => c.patch.key!),
      )
    ).filter((s) => !touchedIds.has(s.id));
    if (others.length > 0) throw conflict(others.map((s) => s.key));
    // Park renamed rows on names no real key can have, then give them their new names.
    for (const c of renamed)
      await repo.updateSecret(tx, ctx.workspaceId, c.secret.id, { key: `~${c.secret.id}` });
    const entries: AuditEntryInput[] = [];
    const results = [];
    for (const [index, change] of changes.entries()) {
      const { patch } = change;
      const secret = fresh.get(change.secret.id)!;
      const valueChanged = patch.value !== undefined && patch.value !== currentValues[index];
      const row: repo.SecretRow = { ...secret, updated_at: now };
      if (patch.key !== undefined) row.key = patch.key;
      if (patch.description !== undefined) row.description = patch.description;
      if (patch.rotation_days !== undefined) row.rotation_days = patch.rotation_days;
      if (valueChanged) {
        row.current_version = secret.current_version + 1;
        row.ciphertext = keyring.encrypt(dataKey, patch.value!, valueAad(secret.id, row.current_version));
        row.last_rotated_at = now;
        await repo.insertVersions(tx, [
          {
            secret_id: secret.id,
            version: row.current_version,
            ciphertext: row.ciphertext,
            created_at: now,
          },
        ]);
      }
      await repo.updateSecret(tx, ctx.workspaceId, secret.id, {
        key: row.key,
        description: row.description,
        rotation_days: row.rotation_days,
        current_version: row.current_version,
        ciphertext: row.ciphertext,
        last_rotated_at: row.last_rotated_at,
        updated_at: now,
      });
      const fields = Object.entries(patch)
        .filter(([name, value]) => value !== undefined && (name !== "value" || valueChanged))
        .map(([name]) => name);
      entries.push({
        action: "secret.updated",
        resourceType: "secret",
        resourceId: secret.id,
        secretId: secret.id,
        version: row.current_version,
        details: { key: row.key, fields: fields.join(","), new_version: valueChanged },
      });
      const value = patch.value ?? currentValues[index];
      if (value == null) {
        throw new AppError(
          "decryption_failed",
          `The stored value of secret ${secret.id} cannot be decrypted`,
        );
      }
      results.push(present(row, value, environment));
    }
    await audit.recordMany(tx, ctx, entries);
    return results;
  }

  /** The shared write path of single and bulk updates, in one transaction. */
  async function applyUpdates(
    ctx: RequestContext,
    environment: EnvironmentRow,
    changes: { secret: repo.SecretRow; patch: SecretPatch }[],
  ) {
    // Keys after the change; renames may swap names, which a unique index sees mid-way.
    const renamed = changes.filter((c) => c.patch.key !== undefined && c.patch.key !== c.secret.key);
    const finalKeys = changes.map((c) => c.patch.key ?? c.secret.key);
    const clashes = duplicates(finalKeys);
    if (clashes.length > 0) throw conflict(clashes);
    return guardKeys(
      renamed.map((c) => c.patch.key!),
      () =>
        keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
          await markEnvironmentChanged(tx, ctx.workspaceId, environment.id);
          return writeUpdates(tx, ctx, environment, dataKey, changes);
        }),
    );
  }

  /** The environment's current rows with their values ready to open (kept per revision). */
  function currentRows(ctx: RequestContext, environment: EnvironmentRow) {
    return listCache.get(`${ctx.workspaceId}/${environment.id}`, environment.revision, async () => {
      const rows = await repo.listSecrets(db, ctx.workspaceId, environment.id);
      for (const row of rows) Object.freeze(row);
      return {
        rows: Object.freeze(rows),
        values: Object.freeze(
          rows.map((row) => openable(row.ciphertext, valueAad(row.id, row.current_version))),
        ),
      };
    });
  }

  /** Each secret with its value at version `version` (or its newest when it has fewer), ready to open. */
  async function rowsAtVersion(ctx: RequestContext, environment: EnvironmentRow, version: number) {
    const found = await repo.listSecretsAtVersion(db, ctx.workspaceId, environment.id, version);
    return {
      rows: found as repo.SecretRow[],
      values: found.map((r) => openable(r.version_ciphertext, valueAad(r.id, r.read_version))),
    };
  }

  /** Decrypts the environment's secrets (at `version`, when asked); unreadable ones are reported apart. */
  async function readList(ctx: RequestContext, environment: EnvironmentRow, version?: number) {
    const { rows, values: sealed } = version
      ? await rowsAtVersion(ctx, environment, version)
      : await currentRows(ctx, environment);
    const values = await keyring.decryptAll(db, ctx.workspaceId, sealed);
    const succeeded: ReturnType<typeof present>[] = [];
    const failedIds: string[] = [];
    rows.forEach((row, index) => {
      const value = values[index];
      if (typeof value === "string") succeeded.push(present(row, value, environment));
      else failedIds.push(row.id);
    });
    return { succeeded, failedIds };
  }

  // The revision is read (with the environment) before the secrets: a list is never older than it.
  async function openList(ctx: RequestContext, path: EnvironmentPath, version?: number) {
    const environment = await environmentFor(ctx, path, "secret.read");
    return { revision: environment.revision, read: () => readList(ctx, environment, version) };
  }

  async function openSecret(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
    const environment = await environmentFor(ctx, path, "secret.read");
    const secret = await requireSecret(db, ctx, path, secretId);
    return {
      revision: environment.revision,
      read: async () => present(secret, await decryptOrConflict(secret), environment),
    };
  }

  return {
    /**
     * What an import compares against: every key of the environment with its value (null when it
     * cannot be decrypted). Importing writes, so it needs the write right even to preview.
     */
    async importBaseline(ctx: RequestContext, path: EnvironmentPath): Promise<Map<string, string | null>> {
      await environmentFor(ctx, path, "secret.write");
      const rows = await repo.listSecrets(db, ctx.workspaceId, path.environmentId);
      const values = await keyring.decryptAll(
        db,
        ctx.workspaceId,
        rows.map((row) => openable(row.ciphertext, valueAad(row.id, row.current_version))),
      );
      return new Map(
        rows.map((row, index) => [row.key, typeof values[index] === "string" ? values[index] : null]),
      );
    },

    /**
     * Writes an import in one transaction: new keys become version 1, existing keys get a new
     * version. A key created meanwhile refuses the whole import (409), as bulk create does.
     */
    async importApply(
      ctx: RequestContext,
      path: EnvironmentPath,
      creates: { key: string; value: string }[],
      updates: { key: string; value: string }[],
    ): Promise<void> {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValueSizes(
        [...creates, ...updates].map((i) => i.value),
        () => ["body", "source"],
      );
      const createKeys = creates.map((c) => c.key);
      await guardKeys(createKeys, () =>
        keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
          await markEnvironmentChanged(tx, ctx.workspaceId, environment.id);
          const existing = await repo.findSecretsByKeys(tx, ctx.workspaceId, environment.id, createKeys);
          if (existing.length > 0) throw conflict(existing.map((s) => s.key).sort());
          if (creates.length > 0) await insertAll(tx, ctx, environment, dataKey, creates);
          if (updates.length === 0) return;
          const found = await repo.findSecretsByKeys(
            tx,
            ctx.workspaceId,
            environment.id,
            updates.map((u) => u.key),
          );
          const byKey = new Map(found.map((s) => [s.key, s]));
          const gone = updates.filter((u) => !byKey.has(u.key)).map((u) => u.key);
          if (gone.length > 0) {
            throw new AppError("conflict", `These keys were deleted meanwhile: ${gone.join(", ")}`, {
              body: { keys: gone },
            });
          }
          await writeUpdates(
            tx,
            ctx,
            environment,
            dataKey,
            updates.map((u) => ({ secret: byKey.get(u.key)!, patch: { value: u.value } })),
          );
        }),
      );
    },

    /**
     * A read of every secret of the environment in two steps: authorization and the environment's
     * revision first (what a conditional read needs, no decryption), the decrypted list on read().
     */
    openList,

    /** Every secret of the environment, decrypted; unreadable ones are reported apart (207). */
    async list(ctx: RequestContext, path: EnvironmentPath, version?: number) {
      return (await openList(ctx, path, version)).read();
    },

    /** One secret in two steps, as openList: authorization, existence and revision first, then read(). */
    openSecret,

    async get(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
      return (await openSecret(ctx, path, secretId)).read();
    },

    async create(ctx: RequestContext, path: EnvironmentPath, input: SecretInput) {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValueSizes([input.value], () => ["body", "value"]);
      const [row] = await guardKeys([input.key], () =>
        keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
          await markEnvironmentChanged(tx, ctx.workspaceId, environment.id);
          if (
            (await repo.findSecretsByKeys(tx, ctx.workspaceId, path.environmentId, [input.key])).length > 0
          ) {
            throw conflict([input.key]);
          }
          return insertAll(tx, ctx, environment, dataKey, [input]);
        }),
      );
      return present(row!, input.value, environment);
    },

    /** All or nothing: a key repeated in the batch or already present refuses the whole batch. */
    async bulkCreate(ctx: RequestContext, path: EnvironmentPath, items: SecretInput[]) {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValueSizes(
        items.map((i) => i.value),
        (index) => ["body", "secrets", index, "value"],
      );
      const keys = items.map((i) => i.key);
      const repeated = duplicates(keys);
      if (repeated.length > 0) throw conflict(repeated);
      const rows = await guardKeys(keys, () =>
        keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
          await markEnvironmentChanged(tx, ctx.workspaceId, environment.id);
          const existing = await repo.findSecretsByKeys(tx, ctx.workspaceId, path.environmentId, keys);
          if (existing.length > 0) throw conflict(existing.map((s) => s.key).sort());
          return insertAll(tx, ctx, environment, dataKey, items);
        }),
      );
      return rows.map((row, index) => present(row, items[index]!.value, environment));
    },

    /** Only a changed value makes a new version; key, description and rotation_days change in place. */
    async update(ctx: RequestContext, path: EnvironmentPath, secretId: string, patch: SecretPatch) {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValueSizes([patch.value], () => ["body", "value"]);
      const secret = await requireSecret(db, ctx, path, secretId);
      const [updated] = await applyUpdates(ctx, environment, [{ secret, patch }]);
      return updated!;
    },

    /** Bulk update matched on `key`, atomic: unknown keys (404) or clashing new keys (409) change nothing. */
    async bulkUpdate(ctx: RequestContext, path: EnvironmentPath, items: BulkUpdateItem[]) {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValueSizes(
        items.map((i) => i.value),
        (index) => ["body", "secrets", index, "value"],
      );
      const repeated = duplicates(items.map((i) => i.key));
      if (repeated.length > 0) throw conflict(repeated);
      const found = await repo.findSecretsByKeys(
        db,
        ctx.workspaceId,
        path.environmentId,
        items.map((i) => i.key),
      );
      const byKey = new Map(found.map((s) => [s.key, s]));
      const missing = items.filter((i) => !byKey.has(i.key)).map((i) => i.key);
      if (missing.length > 0) {
        throw new AppError(
          "not_found",
          `No secret with these keys in this environment: ${missing.join(", ")}`,
          {
            body: { keys: missing },
          },
        );
      }
      return applyUpdates(
        ctx,
        environment,
        items.map((item) => ({
          secret: byKey.get(item.key)!,
          patch: { key: item.new_key, value: item.value, description: item.description },
        })),
      );
    },

    async delete(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
      await environmentFor(ctx, path, "secret.write");
      await db.transaction().execute(async (tx) => {
        await markEnvironmentChanged(tx, ctx.workspaceId, path.environmentId);
        const secret = await requireSecret(tx, ctx, path, secretId);
        await repo.deleteSecret(tx, ctx.workspaceId, secretId);
        await audit.forgetSecrets(tx, ctx.workspaceId, [secretId]);
        await audit.recordMany(tx, ctx, [
          {
            action: "secret.deleted",
            resourceType: "secret",
            resourceId: secretId,
            details: { key: secret.key },
          },
        ]);
      });
      return { deleted: true, id: secretId };
    },

    /** Every secret of the environment: workspace Owners only. */
    async deleteAll(ctx: RequestContext, path: EnvironmentPath) {
      await requireEnvironment(db, ctx.workspaceId, path);
      await authorize(db, ctx, "secret.delete_all", { teamId: path.teamId });
      const deleted = await db.transaction().execute(async (tx) => {
        await markEnvironmentChanged(tx, ctx.workspaceId, path.environmentId);
        const ids = await repo.secretIdsOf(tx, ctx.workspaceId, path.environmentId);
        const count = await repo.deleteAllSecrets(tx, ctx.workspaceId, path.environmentId);
        await audit.forgetSecrets(tx, ctx.workspaceId, ids);
        await audit.recordMany(tx, ctx, [
          {
            action: "environment.secrets_deleted",
            resourceType: "environment",
            resourceId: path.environmentId,
            details: { count },
          },
        ]);
        return count;
      });
      return { deleted };
    },

    /** Stored ciphertext of every version, newest first: a paid capability. */
    async versions(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
      await environmentFor(ctx, path, "secret.read");
      await requireSecret(db, ctx, path, secretId);
      deps.plans.requireCapability(await planOf(db, ctx.workspaceId), "version_history");
      return repo.versionsOf(db, ctx.workspaceId, secretId);
    },

    async logs(
      ctx: RequestContext,
      path: EnvironmentPath,
      secretId: string,
      page: { limit: number; cursor?: string },
    ) {
      await environmentFor(ctx, path, "secret.read");
      await requireSecret(db, ctx, path, secretId);
      return audit.list({ workspaceId: ctx.workspaceId, secretId, ...page });
    },

    /** Decrypted key/value pairs of the given secrets of one environment (for share links). */
    async snapshot(ctx: RequestContext, path: EnvironmentPath, secretIds: string[]) {
      await environmentFor(ctx, path, "secret.write");
      const unique = [...new Set(secretIds)];
      const rows = await repo.findSecretsByIds(db, ctx.workspaceId, path.environmentId, unique);
      const missing = unique.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length > 0) {
        throw new AppError(
          "not_found",
          `No secret with these ids in this environment: ${missing.join(", ")}`,
          {
            body: { ids: missing },
          },
        );
      }
      return Promise.all(
        rows.map(async (row) => ({ id: row.id, key: row.key, value: await decryptOrConflict(row) })),
      );
    },
  };
}

export type SecretsService = ReturnType<typeof createSecretsService>;
