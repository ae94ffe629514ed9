// The steps that put a secret back, inside the caller's transaction (which took the environment's
// lock first): a value written as the newest version, and a deleted secret moved back from the
// recovery tables with every version. Rollback, restore and the point-in-time restore share them.
// Whoever puts a value back makes it current again: they become its writer (references/writers.ts),
// and the caller has checked that they may write it (references/reference-checks.ts).
import type { RequestContext } from "../../../auth/context.ts";
import type { DataKey } from "../../../crypto/data-keys.ts";
import type { Queryable } from "../../../db/schema.ts";
import { conflict, type SecretsDeps, storedTargets, valueAad } from "../core.ts";
import { writerColumns } from "../references/index.ts";
import { repo, trash } from "../store/index.ts";

export function createRecoverySteps(deps: SecretsDeps) {
  const { clock, keyring } = deps;

  return {
    /** `value` becomes version current + 1 of the (locked) secret, written by `ctx`; the row as written. */
    async writeNewVersion(
      tx: Queryable,
      ctx: RequestContext,
      dataKey: DataKey,
      secret: repo.SecretRow,
      value: string,
    ) {
      const now = clock.now().toISOString();
      const next = secret.current_version + 1;
      const ciphertext = keyring.encrypt(dataKey, value, valueAad(secret.id, next));
      const writer = writerColumns(ctx);
      await repo.insertVersions(tx, [
        { secret_id: secret.id, version: next, ciphertext, created_at: now, ...writer },
      ]);
      const fields = {
        current_version: next,
        ciphertext,
        last_rotated_at: now,
        updated_at: now,
        reference_targets: storedTargets(value),
        ...writer,
      };
      await repo.updateSecret(tx, secret.workspace_id, secret.id, fields);
      return { ...secret, ...fields };
    },

    /**
     * Moves a deleted secret back under its own id with every version, `ctx` the writer of its
     * current value (each version keeps its own); undefined when it is not recoverable (restored or
     * purged meanwhile); 409 when its key is taken.
     */
    async moveBack(tx: Queryable, ctx: RequestContext, environmentId: string, secretId: string) {
      const kept = await trash.findTrashed(tx, ctx.workspaceId, environmentId, secretId);
      if (!kept) return undefined;
      const versions = await trash.trashedVersions(tx, secretId);
      const current = versions.find((v) => v.version === kept.current_version);
      if (!current) return undefined;
      if ((await repo.findSecretsByKeys(tx, ctx.workspaceId, environmentId, [kept.key])).length > 0) {
        throw conflict([kept.key]);
      }
      const { deleted_at: _deletedAt, purge_after: _purgeAfter, ...fields } = kept;
      const row: repo.SecretRow = {
        ...fields,
        ciphertext: current.ciphertext,
        updated_at: clock.now().toISOString(),
        ...writerColumns(ctx),
      };
      await repo.insertSecrets(tx, [row]);
      await repo.insertVersions(tx, versions);
      await trash.forget(tx, secretId);
      return row;
    },

    /** Keeps the doomed secrets recoverable (unless the retention is 0), in the delete's transaction. */
    keepRecoverable(tx: Queryable, workspaceId: string, doomed: trash.Doomed): Promise<void> {
      if (deps.deletedSecretsDays === 0) return Promise.resolve();
      const now = clock.now();
      const purgeAfter = new Date(now.getTime() + deps.deletedSecretsDays * 86_400_000);
      return trash.trash(tx, workspaceId, doomed, {
        deletedAt: now.toISOString(),
        purgeAfter: purgeAfter.toISOString(),
      });
    },
  };
}

export type RecoverySteps = ReturnType<typeof createRecoverySteps>;
