// What the imports module asks of secrets: the environment's keys and values to compare against,
// and one transaction that writes the import (new keys at version 1, existing keys a new version).
import type { RequestContext } from "../../../auth/context.ts";
import { openable } from "../../../crypto/data-keys.ts";
import { AppError } from "../../../errors.ts";
import type { AuditEntryInput } from "../../audit/index.ts";
import type { EnvironmentPath } from "../../environments/index.ts";
import { checkValues, conflict, type SecretsCore, type SecretsDeps, valueAad } from "../core.ts";
import { repo } from "../store/index.ts";
import type { WriteSteps } from "./write-steps.ts";

export function createSecretImports(deps: SecretsDeps, core: SecretsCore, steps: WriteSteps) {
  const { db, keyring } = deps;
  const { environmentFor } = core;
  const { insertAll, guardKeys, writeUpdates, recordBulk, assertMayWrite, refusals } = steps;

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
      /** Where the values came from (a platform's name), for the audit trail. */
      source: string,
    ): Promise<void> {
      const environment = await environmentFor(ctx, path, "secret.write");
      checkValues(
        [...creates, ...updates].map((i) => i.value),
        () => ["body", "source"],
      );
      const written = (items: { key: string; value: string }[]) =>
        items.map(({ key, value }) => ({ key, value, loc: ["body", "source"] }));
      await assertMayWrite(ctx, environment, written(creates));
      const refused = await refusals(ctx, environment, written(updates));
      const createKeys = creates.map((c) => c.key);
      await guardKeys(createKeys, () =>
        keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
          await deps.environments.markEnvironmentChanged(ctx.workspaceId, environment.id, tx);
          const existing = await repo.findSecretsByKeys(tx, ctx.workspaceId, environment.id, createKeys);
          if (existing.length > 0) throw conflict(existing.map((s) => s.key).sort());
          const batch: AuditEntryInput[] = [];
          if (creates.length > 0) await insertAll(tx, ctx, environment, dataKey, creates, batch);
          if (updates.length > 0) {
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
              updates.map((u, index) => ({
                secret: byKey.get(u.key)!,
                patch: { value: u.value },
                refused: refused[index],
              })),
              batch,
            );
          }
          // One entry for the import as a whole (the trail shows it; webhooks subscribe to it), over
          // each secret's own.
          await recordBulk(
            tx,
            ctx,
            environment,
            {
              action: "import.applied",
              details: { source, created: creates.length, updated: updates.length },
            },
            batch,
          );
        }),
      );
    },
  };
}
