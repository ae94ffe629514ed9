// Secret reads: the environment's list (cached per revision, at a version when asked) and one
// secret, each in two steps so a conditional read needs no decryption, and the snapshot a share
// link seals. A value that cannot be decrypted is reported apart (207), never fails the list.
import type { RequestContext } from "../../auth/context.ts";
import { type Openable, openable } from "../../crypto/data-keys.ts";
import { AppError } from "../../errors.ts";
import type { EnvironmentPath, EnvironmentRow } from "../environments/index.ts";
import { type SecretsCore, type SecretsDeps, valueAad } from "./core.ts";
import { createListCache } from "./list-cache.ts";
import * as repo from "./repo.ts";

export function createSecretReads(deps: SecretsDeps, core: SecretsCore) {
  const { db, keyring } = deps;
  const { present, environmentFor, requireSecret, decryptOrConflict } = core;
  // Rows are shared by every request that reads them from the cache: frozen, never changed.
  const listCache = createListCache<{ rows: readonly repo.SecretRow[]; values: readonly Openable[] }>(
    (entry) => entry.rows.length,
  );

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
