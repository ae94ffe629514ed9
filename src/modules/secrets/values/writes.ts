import { authorize } from "../../../auth/authorize.ts";
import type { RequestContext } from "../../../auth/context.ts";
import type { Queryable } from "../../../db/schema.ts";
import { AppError } from "../../../errors.ts";
import type { AuditEntryInput } from "../../audit/index.ts";
import type { EnvironmentPath } from "../../environments/index.ts";
import {
  type BulkUpdateItem,
  checkValues,
  conflict,
  duplicates,
  inEnvironment,
  noSuchIds,
  type SecretInput,
  type SecretPatch,
  type SecretsCore,
  type SecretsDeps,
} from "../core.ts";
import { repo, type trash } from "../store/index.ts";
import type { WriteSteps } from "./write-steps.ts";

/** What a delete asks of the history room (recovery-steps.ts), handed in so the rooms go one way. */
interface KeepsRecoverable {
  keepRecoverable(tx: Queryable, workspaceId: string, doomed: trash.Doomed): Promise<void>;
}

export function createSecretWrites(
  deps: SecretsDeps,
  core: SecretsCore,
  steps: WriteSteps,
  recovery: KeepsRecoverable,
) {
  const { db, keyring, audit } = deps;
  const { present, environmentFor, requireSecret } = core;
  const { insertAll, guardKeys, applyUpdates, recordBulk, assertMayWrite, refusals } = steps;

  return {
    async create(ctx: RequestContext, path: EnvironmentPath, input: SecretInput) {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValues([input.value], () => ["body", "value"]);
      await assertMayWrite(ctx, environment, [{ value: input.value, loc: ["body", "value"] }]);
      const [row] = await guardKeys([input.key], () =>
        keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
          await deps.environments.markEnvironmentChanged(ctx.workspaceId, environment.id, tx);
          // No read first: the unique index on (environment_id, key) refuses a taken key, guardKeys
          // turns that into the 409, and the transaction leaves nothing (one round trip less).
          return insertAll(tx, ctx, environment, dataKey, [input]);
        }),
      );
      return present(row!, input.value, environment);
    },

    /** All or nothing: a key repeated in the batch or already present refuses the whole batch. */
    async bulkCreate(ctx: RequestContext, path: EnvironmentPath, items: SecretInput[]) {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValues(
        items.map((i) => i.value),
        (index) => ["body", "secrets", index, "value"],
      );
      await assertMayWrite(
        ctx,
        environment,
        items.map((item, index) => ({ value: item.value, loc: ["body", "secrets", index, "value"] })),
      );
      const keys = items.map((i) => i.key);
      const repeated = duplicates(keys);
      if (repeated.length > 0) throw conflict(repeated);
      const rows = await guardKeys(keys, () =>
        keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
          await deps.environments.markEnvironmentChanged(ctx.workspaceId, environment.id, tx);
          const existing = await repo.findSecretsByKeys(tx, ctx.workspaceId, path.environmentId, keys);
          if (existing.length > 0) throw conflict(existing.map((s) => s.key).sort());
          const batch: AuditEntryInput[] = [];
          const inserted = await insertAll(tx, ctx, environment, dataKey, items, batch);
          await recordBulk(tx, ctx, environment, { action: "environment.secrets_created" }, batch);
          return inserted;
        }),
      );
      return rows.map((row, index) => present(row, items[index]!.value, environment));
    },

    /** Only a changed value makes a new version; key, description and rotation_days change in place. */
    async update(ctx: RequestContext, path: EnvironmentPath, secretId: string, patch: SecretPatch) {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValues([patch.value], () => ["body", "value"]);
      const secret = await requireSecret(db, ctx, path, secretId);
      const [refused] = await refusals(ctx, environment, [{ value: patch.value, loc: ["body", "value"] }]);
      const [updated] = await applyUpdates(ctx, environment, [{ secret, patch, refused }]);
      return updated!;
    },

    /** Bulk update matched on `key`, atomic: unknown keys (404) or clashing new keys (409) change nothing. */
    async bulkUpdate(ctx: RequestContext, path: EnvironmentPath, items: BulkUpdateItem[]) {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValues(
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
      const refused = await refusals(
        ctx,
        environment,
        items.map((item, index) => ({ value: item.value, loc: ["body", "secrets", index, "value"] })),
      );
      return applyUpdates(
        ctx,
        environment,
        items.map((item, index) => ({
          secret: byKey.get(item.key)!,
          patch: { key: item.new_key, value: item.value, description: item.description },
          refused: refused[index],
        })),
        true,
      );
    },

    async delete(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
      const environment = await environmentFor(ctx, path, "secret.write");
      await db.transaction().execute(async (tx) => {
        await deps.environments.markEnvironmentChanged(ctx.workspaceId, path.environmentId, tx);
        const secret = await requireSecret(tx, ctx, path, secretId);
        await recovery.keepRecoverable(tx, ctx.workspaceId, {
          environmentId: path.environmentId,
          ids: [secretId],
        });
        await repo.deleteSecret(tx, ctx.workspaceId, secretId);
        await audit.recordMany(
          tx,
          ctx,
          inEnvironment(environment, [
            {
              action: "secret.deleted",
              resourceType: "secret",
              resourceId: secretId,
              secretId,
              details: { key: secret.key },
            },
          ]),
        );
      });
      return { deleted: true, id: secretId };
    },

    /**
     * Some secrets of the environment, all or nothing (404 naming the ids it has not): one entry in
     * the trail with the count and the keys, over each secret's own.
     */
    async bulkDelete(ctx: RequestContext, path: EnvironmentPath, ids: string[]) {
      const environment = await environmentFor(ctx, path, "secret.write");
      await db.transaction().execute(async (tx) => {
        await deps.environments.markEnvironmentChanged(ctx.workspaceId, path.environmentId, tx);
        const found = await repo.findSecretsByIds(tx, ctx.workspaceId, path.environmentId, ids);
        const missing = ids.filter((id) => !found.some((secret) => secret.id === id));
        if (missing.length > 0) {
          throw noSuchIds(missing);
        }
        await recovery.keepRecoverable(tx, ctx.workspaceId, { environmentId: path.environmentId, ids });
        for (const id of ids) await repo.deleteSecret(tx, ctx.workspaceId, id);
        await recordBulk(
          tx,
          ctx,
          environment,
          { action: "environment.secrets_deleted" },
          // In the order asked for, as the response names them.
          ids.map((id) => ({
            action: "secret.deleted",
            resourceType: "secret",
            resourceId: id,
            secretId: id,
            details: { key: found.find((secret) => secret.id === id)!.key },
          })),
        );
      });
      return { deleted: ids.length, ids };
    },

    /** Every secret of the environment: workspace Owners only. */
    async deleteAll(ctx: RequestContext, path: EnvironmentPath) {
      const environment = await deps.environments.requireEnvironment(ctx.workspaceId, path, db);
      await authorize(db, ctx, "secret.delete_all", path, environment);
      const deleted = await db.transaction().execute(async (tx) => {
        await deps.environments.markEnvironmentChanged(ctx.workspaceId, path.environmentId, tx);
        const doomed = await repo.secretKeysOf(tx, ctx.workspaceId, path.environmentId);
        await recovery.keepRecoverable(tx, ctx.workspaceId, { environmentId: path.environmentId });
        const count = await repo.deleteAllSecrets(tx, ctx.workspaceId, path.environmentId);
        // One entry for the whole, naming the keys (issue 24: a bulk operation is one entry, not
        // one per secret); the environment's timeline names its actor for each deletion.
        await audit.recordMany(
          tx,
          ctx,
          inEnvironment(environment, [
            {
              action: "environment.secrets_deleted",
              resourceType: "environment",
              resourceId: path.environmentId,
              // Keys are names, never values; a comma cannot be part of one.
              details: { count, keys: doomed.map((s) => s.key).join(",") },
            },
          ]),
        );
        return count;
      });
      return { deleted };
    },
  };
}
