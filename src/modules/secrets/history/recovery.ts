// Putting secrets back: a rollback writes an earlier version's value as a new version (history only
// grows), and a deleted secret, kept for COFFER_DELETED_SECRETS_DAYS, is listed and restored with
// every version under its own id (so each stored value, bound to its id and version, still opens).
import type { RequestContext } from "../../../auth/context.ts";
import { DecryptionError } from "../../../crypto/data-keys.ts";
import { AppError, notFound, ValidationFailed } from "../../../errors.ts";
import type { EnvironmentPath } from "../../environments/index.ts";
import { inEnvironment, type SecretsCore, type SecretsDeps, valueAad } from "../core.ts";
import { repo, trash } from "../store/index.ts";
import type { WriteSteps } from "../values/index.ts";
import type { RecoverySteps } from "./recovery-steps.ts";

const unreadable = (secretId: string, version: number) =>
  new AppError(
    "decryption_failed",
    `The stored value of version ${version} of secret ${secretId} cannot be decrypted`,
  );

export function createSecretRecovery(
  deps: SecretsDeps,
  core: SecretsCore,
  steps: WriteSteps,
  recovery: RecoverySteps,
) {
  const { db, clock, keyring, audit } = deps;
  const { present, environmentFor, decryptRow } = core;

  /**
   * The value of version `version` of the environment's secret, if it can be read (else the
   * caller's own checks answer). A version's value never changes: it can be checked before the
   * transaction that makes it current again.
   */
  async function versionValue(path: EnvironmentPath, workspaceId: string, secretId: string, version: number) {
    const secret = await repo.findSecret(db, workspaceId, path.environmentId, secretId);
    const stored = secret && (await repo.versionOf(db, secretId, version));
    return stored ? decryptRow(secret, stored.ciphertext, version).catch(() => undefined) : undefined;
  }

  /** The current value of a deleted secret of the environment, if it can be read. */
  async function deletedValue(workspaceId: string, secretId: string, currentVersion: number) {
    const current = (await trash.trashedVersions(db, secretId)).find((v) => v.version === currentVersion);
    if (!current) return undefined;
    return keyring
      .decrypt(db, workspaceId, current.ciphertext, valueAad(secretId, currentVersion))
      .catch(() => undefined);
  }

  return {
    /**
     * Version `version`'s value becomes the newest version (current + 1), written by the caller;
     * 422 for the current or a missing one, or one whose references the caller may not write.
     */
    async rollback(ctx: RequestContext, path: EnvironmentPath, secretId: string, version: number) {
      const environment = await environmentFor(ctx, path, "secret.rollback");
      await steps.assertMayWrite(ctx, environment, [
        { value: await versionValue(path, ctx.workspaceId, secretId, version), loc: ["body", "version"] },
      ]);
      return keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
        // The environment's lock first, then the secret's: the order every writer takes them in.
        await deps.environments.markEnvironmentChanged(ctx.workspaceId, environment.id, tx);
        const now = clock.now().toISOString();
        const secret = await repo.lockSecret(tx, ctx.workspaceId, secretId, now);
        if (!secret || secret.environment_id !== path.environmentId) throw notFound("Secret");
        const problem =
          version === secret.current_version
            ? "is already the current version"
            : version > secret.current_version
              ? `does not exist (it has ${secret.current_version})`
              : undefined;
        if (problem) {
          throw new ValidationFailed([
            {
              loc: ["body", "version"],
              msg: `Version ${version} of ${secret.key} ${problem}`,
              type: "value_error",
            },
          ]);
        }
        const stored = await repo.versionOf(tx, secretId, version);
        if (!stored) throw notFound("Version");
        const value = await decryptRow(secret, stored.ciphertext, version, tx).catch((error: unknown) => {
          throw error instanceof DecryptionError ? unreadable(secretId, version) : error;
        });
        const row = await recovery.writeNewVersion(tx, ctx, dataKey, secret, value);
        await audit.recordMany(
          tx,
          ctx,
          inEnvironment(environment, [
            {
              action: "secret.rolled_back",
              resourceType: "secret",
              resourceId: secretId,
              secretId,
              version: row.current_version,
              details: { key: secret.key, from_version: version },
            },
          ]),
        );
        return present(row, value, environment);
      });
    },

    /** The environment's deleted secrets still recoverable, most recently deleted first (no values). */
    async deleted(ctx: RequestContext, path: EnvironmentPath) {
      await environmentFor(ctx, path, "secret.read");
      return trash.listTrashed(db, ctx.workspaceId, path.environmentId);
    },

    /**
     * Moves a deleted secret back with its versions, the caller the writer of its current value;
     * 409 when its key was taken meanwhile, 422 when the caller may not write its references.
     */
    async restore(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
      const environment = await environmentFor(ctx, path, "secret.restore");
      const found = await trash.findTrashed(db, ctx.workspaceId, path.environmentId, secretId);
      if (!found) throw notFound("Deleted secret");
      await steps.assertMayWrite(ctx, environment, [
        {
          value: await deletedValue(ctx.workspaceId, secretId, found.current_version),
          loc: ["path", "secret_id"],
          key: found.key,
        },
      ]);
      // A key taken between the check and the insert is the same 409 the check gives.
      const restored = await steps.guardKeys([found.key], () =>
        db.transaction().execute(async (tx) => {
          await deps.environments.markEnvironmentChanged(ctx.workspaceId, environment.id, tx);
          // Read again inside: a concurrent restore or purge may have taken it meanwhile.
          const row = await recovery.moveBack(tx, ctx, path.environmentId, secretId);
          if (!row) throw notFound("Deleted secret");
          await audit.recordMany(
            tx,
            ctx,
            inEnvironment(environment, [
              {
                action: "secret.restored",
                resourceType: "secret",
                resourceId: secretId,
                secretId,
                version: row.current_version,
                details: { key: row.key, new_version: false },
              },
            ]),
          );
          return row;
        }),
      );
      const value = await decryptRow(restored).catch((error: unknown) => {
        throw error instanceof DecryptionError ? unreadable(secretId, restored.current_version) : error;
      });
      return present(restored, value, environment);
    },
  };
}
