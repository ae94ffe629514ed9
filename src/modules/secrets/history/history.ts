// A secret's history: every version (a paid capability) with who wrote it and, for a rollback,
// which version's value it made current again; one version's value, read on purpose (an audited
// read, like any read of a value); and the secret's audit log.
import type { RequestContext } from "../../../auth/context.ts";
import { DecryptionError } from "../../../crypto/data-keys.ts";
import { AppError } from "../../../errors.ts";
import type { EnvironmentPath } from "../../environments/index.ts";
import { planOf } from "../../workspaces/index.ts";
import type { SecretsCore, SecretsDeps } from "../core.ts";
import { repo } from "../store/index.ts";
import type { createSecretReads } from "../values/index.ts";
import { restoredFrom, versionAuthors } from "./version-authors.ts";

type Reads = Pick<ReturnType<typeof createSecretReads>, "recordRead">;

export function createSecretHistory(deps: SecretsDeps, core: SecretsCore, reads: Reads) {
  const { db, audit } = deps;
  const { environmentFor, requireSecret, decryptRow } = core;

  /** The secret, once the caller is proven to read it and the plan to keep history. */
  async function historyOf(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
    const environment = await environmentFor(ctx, path, "secret.read");
    const secret = await requireSecret(db, ctx, path, secretId);
    deps.plans.requireCapability(await planOf(db, ctx.workspaceId), "version_history");
    return { environment, secret };
  }

  return {
    /** Every version, newest first: when, by whom, and which version a rollback restored. */
    async versions(ctx: RequestContext, path: EnvironmentPath, secretId: string) {
      await historyOf(ctx, path, secretId);
      const versions = await repo.versionsOf(db, ctx.workspaceId, secretId);
      const authors = await versionAuthors(
        audit,
        ctx.workspaceId,
        secretId,
        versions.map((v) => v.version),
      );
      return versions.map((v) => {
        const entry = authors.get(v.version);
        return { ...v, author: entry?.actor ?? null, restored_from_version: restoredFrom(entry) };
      });
    },

    /** One version's value as stored (references unresolved): a read, in the audit trail. */
    async versionValue(ctx: RequestContext, path: EnvironmentPath, secretId: string, version: number) {
      const { environment, secret } = await historyOf(ctx, path, secretId);
      const stored = await repo.versionOf(db, secretId, version);
      if (!stored) {
        throw new AppError(
          "not_found",
          `Version ${version} of ${secret.key} does not exist (it has ${secret.current_version})`,
        );
      }
      const value = await decryptRow(secret, stored.ciphertext, version).catch((error: unknown) => {
        if (!(error instanceof DecryptionError)) throw error;
        throw new AppError(
          "decryption_failed",
          `The stored value of version ${version} of ${secret.key} cannot be decrypted`,
        );
      });
      await reads.recordRead(ctx, environment, { secret: { id: secret.id, key: secret.key, version } });
      return { version, value, created_at: stored.created_at };
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
  };
}
