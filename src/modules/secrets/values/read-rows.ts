// What an environment reads before any reference in it is resolved: its own rows (kept per
// revision, or at a version when asked) overlaid on what it inherits from its parents, each parent
// proven readable by the caller first.
import { authorize } from "../../../auth/authorize.ts";
import type { RequestContext } from "../../../auth/context.ts";
import { type Openable, openable } from "../../../crypto/data-keys.ts";
import { AppError } from "../../../errors.ts";
import type { EnvironmentRow } from "../../environments/index.ts";
import { type SecretsDeps, valueAad } from "../core.ts";
import type { CurrentRows, ReferenceResolution } from "../references/index.ts";
import { repo } from "../store/index.ts";
import { createListCache } from "./list-cache.ts";

export function createReadRows(deps: SecretsDeps) {
  const { db, keyring } = deps;
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

  /**
   * Each secret with its value at version `version` (or its newest when it has fewer), ready to
   * open; its writer is that version's (history reads as it was written).
   */
  async function rowsAtVersion(ctx: RequestContext, environment: EnvironmentRow, version: number) {
    const found = await repo.listSecretsAtVersion(db, ctx.workspaceId, environment.id, version);
    return {
      rows: found.map((r): repo.SecretRow => ({ ...r, ...repo.writerOfVersion(r) })),
      values: found.map((r) => openable(r.version_ciphertext, valueAad(r.id, r.read_version))),
    };
  }

  /**
   * The environments whose secrets this one inherits, nearest first, each proven readable by the
   * caller (an inherited value is a read of its environment: a key or member that may not read the
   * parent may not read the child either). Their revisions join the read's dependencies.
   */
  async function readableAncestors(
    ctx: RequestContext,
    environment: EnvironmentRow,
    resolution: ReferenceResolution,
  ) {
    if (environment.parent_environment_id === null) return [];
    const ancestors = await deps.environments.ancestorsOf(ctx.workspaceId, environment);
    for (const ancestor of ancestors) {
      try {
        await authorize(db, ctx, "secret.read", {
          teamId: ancestor.team_id,
          projectId: ancestor.project_id,
          environmentId: ancestor.id,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw new AppError(
          error.code,
          `This environment inherits the secrets of ${ancestor.name}, which you may not read: ${error.message}`,
        );
      }
      resolution.depend(`inherits:${ancestor.id}@${ancestor.revision}`);
    }
    return ancestors;
  }

  /**
   * The environment's rows and opened values (at `version`, when asked), overlaid on what it
   * inherits (current values; a key of its own wins, then the nearest parent's), sorted by key.
   */
  async function effectiveRows(
    ctx: RequestContext,
    environment: EnvironmentRow,
    ancestors: readonly EnvironmentRow[],
    version?: number,
    /** The environment's current rows, when the caller read them already. */
    current?: CurrentRows,
  ) {
    const own = version
      ? await rowsAtVersion(ctx, environment, version)
      : (current ?? (await currentRows(ctx, environment)));
    const opened = await keyring.decryptAll(db, ctx.workspaceId, own.values);
    if (ancestors.length === 0) return { rows: own.rows, values: opened, origins: undefined };
    const seen = new Set(own.rows.map((row) => row.key));
    const merged = own.rows.map((row, i) => ({
      row,
      value: opened[i]!,
      origin: undefined as EnvironmentRow | undefined,
    }));
    for (const ancestor of ancestors) {
      const layer = await currentRows(ctx, ancestor);
      const values = await keyring.decryptAll(db, ctx.workspaceId, layer.values);
      layer.rows.forEach((row, i) => {
        if (seen.has(row.key)) return;
        seen.add(row.key);
        merged.push({ row, value: values[i]!, origin: ancestor });
      });
    }
    merged.sort((a, b) => (a.row.key < b.row.key ? -1 : a.row.key > b.row.key ? 1 : 0));
    return {
      rows: merged.map((m) => m.row),
      values: merged.map((m) => m.value),
      origins: merged.map((m) => m.origin),
    };
  }

  return { currentRows, readableAncestors, effectiveRows };
}
