// An environment as it was at a moment: each secret that existed then (created by then and, if
// deleted since, deleted after it and still recoverable) with the version that was current then.
// It can be read (`GET …/?at=`), and the environment restored to it in one transaction — previewed
// first: keys to recreate, values to change (a new version each), keys created since to delete
// (recoverable as any delete). A paid capability, like version history. Keys are shown under their
// current names (a rename makes no version, so the name at that moment is not known).
import type { RequestContext } from "../../../auth/context.ts";
import { openable } from "../../../crypto/data-keys.ts";
import { AppError, notFound } from "../../../errors.ts";
import type { AuditEntryInput } from "../../audit/index.ts";
import type { EnvironmentPath, EnvironmentRow } from "../../environments/index.ts";
import { planOf } from "../../workspaces/index.ts";
import { type SecretsCore, type SecretsDeps, valueAad } from "../core.ts";
import { repo, trash } from "../store/index.ts";
import type { createSecretReads, WriteSteps } from "../values/index.ts";
import type { RecoverySteps } from "./recovery-steps.ts";

type Reads = ReturnType<typeof createSecretReads>;

interface Then {
  row: repo.SecretRow;
  /** The version current at that moment. */
  version: number;
  value: string;
  /** Deleted since (it comes back from the recovery tables). */
  deleted: boolean;
}

export function createPointInTime(
  deps: SecretsDeps,
  core: SecretsCore,
  reads: Reads,
  steps: WriteSteps,
  recovery: RecoverySteps,
) {
  const { db, keyring } = deps;
  const { environmentFor } = core;

  /** Every secret of the environment as of `at`; unreadable values are reported apart. */
  async function stateAt(ctx: RequestContext, environment: EnvironmentRow, at: string) {
    const live = await repo.listSecretsAt(db, ctx.workspaceId, environment.id, at);
    const gone = await trash.trashedAt(db, ctx.workspaceId, environment.id, at);
    const rows = [
      // Each value with the writer of its version then: the past reads as it was written.
      ...live.map((r) => ({
        r: { ...r, ...repo.writerOfVersion(r) } as repo.SecretRow,
        version: r.at_version,
        stored: r.at_ciphertext,
        deleted: false,
      })),
      ...gone.map((r) => ({
        r: { ...r, ...repo.writerOfVersion(r), ciphertext: "" } as repo.SecretRow,
        version: r.at_version,
        stored: r.at_ciphertext,
        deleted: true,
      })),
    ];
    const values = await keyring.decryptAll(
      db,
      ctx.workspaceId,
      rows.map((x) => openable(x.stored, valueAad(x.r.id, x.version))),
    );
    const then: Then[] = [];
    const failedIds: string[] = [];
    rows.forEach((x, index) => {
      const value = values[index];
      if (typeof value === "string") then.push({ row: x.r, version: x.version, value, deleted: x.deleted });
      else failedIds.push(x.r.id);
    });
    then.sort((a, b) => (a.row.key < b.row.key ? -1 : a.row.key > b.row.key ? 1 : 0));
    return { then, failedIds };
  }

  async function opened(
    ctx: RequestContext,
    path: EnvironmentPath,
    action: "secret.read" | "secret.restore",
  ) {
    const environment = await environmentFor(ctx, path, action);
    deps.plans.requireCapability(await planOf(db, ctx.workspaceId), "version_history");
    return environment;
  }

  /** What a restore to `at` would do, against the environment's current values. */
  async function planFor(
    ctx: RequestContext,
    path: EnvironmentPath,
    environment: EnvironmentRow,
    at: string,
  ) {
    const [{ then, failedIds }, now] = await Promise.all([
      stateAt(ctx, environment, at),
      reads.list(ctx, path, { raw: true, own: true }),
    ]);
    if (failedIds.length > 0 || now.failedIds.length > 0) {
      throw new AppError(
        "decryption_failed",
        `Some values cannot be decrypted: ${[...failedIds, ...now.failedIds].join(", ")}; nothing was compared`,
      );
    }
    const current = new Map(now.succeeded.map((s) => [s.id, s]));
    const thenIds = new Set(then.map((t) => t.row.id));
    return {
      recreate: then.filter((t) => t.deleted),
      change: then.filter(
        (t) => !t.deleted && current.has(t.row.id) && current.get(t.row.id)?.value !== t.value,
      ),
      unchanged: then.filter((t) => !t.deleted && current.get(t.row.id)?.value === t.value),
      remove: now.succeeded.filter((s) => !thenIds.has(s.id)),
      current,
    };
  }

  type Plan = Awaited<ReturnType<typeof planFor>>;
  const summary = (plan: Plan, at: string, applied: boolean) => ({
    at,
    applied,
    added: plan.recreate.map((t) => ({ key: t.row.key, value: t.value })),
    changed: plan.change.map((t) => ({
      key: t.row.key,
      current: plan.current.get(t.row.id)?.value ?? "",
      incoming: t.value,
    })),
    unchanged: plan.unchanged.map((t) => t.row.key),
    removed: plan.remove.map((s) => ({ key: s.key, value: s.value })),
  });

  return {
    /** The environment as of `at`: each record at the version current then (`current_version`). */
    async listAt(ctx: RequestContext, path: EnvironmentPath, at: string, raw = false) {
      const environment = await opened(ctx, path, "secret.read");
      const { then, failedIds } = await stateAt(ctx, environment, at);
      const records = await reads.records(
        ctx,
        environment,
        then.map((t) => ({ ...t.row, current_version: t.version })),
        then.map((t) => t.value),
        raw,
      );
      await reads.recordRead(ctx, environment, { count: records.succeeded.length, how: "as_of" });
      return { ...records, failedIds: [...failedIds, ...records.failedIds] };
    },

    /** Previews (apply false) or restores the environment to `at` in one transaction. */
    async restoreTo(ctx: RequestContext, path: EnvironmentPath, at: string, apply: boolean) {
      const environment = await opened(ctx, path, "secret.restore");
      const plan = await planFor(ctx, path, environment, at);
      if (!apply) {
        // The preview shows values: those that would change and those that would go.
        const shown = plan.change.length + plan.remove.length;
        if (shown > 0) await reads.recordRead(ctx, environment, { count: shown, how: "restore_preview" });
        return summary(plan, at, false);
      }
      // The caller makes these values current again: their writer, asked as a write's is. The plan
      // holds as long as the environment does not change, which the transaction checks.
      await steps.assertMayWrite(
        ctx,
        environment,
        [...plan.recreate, ...plan.change].map((t) => ({
          value: t.value,
          loc: ["body", "at"],
          key: t.row.key,
        })),
      );
      return steps.guardKeys(
        plan.recreate.map((t) => t.row.key),
        () =>
          keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
            await deps.environments.markEnvironmentChanged(ctx.workspaceId, environment.id, tx);
            // Under the environment's lock: a write since the plan was made (the revision moved by
            // more than this bump) would make it stale, so nothing is applied.
            const fresh = await deps.environments.requireEnvironment(ctx.workspaceId, path, tx);
            if (fresh.revision !== environment.revision + 1) {
              throw new AppError(
                "conflict",
                "The environment changed while it was compared: preview the restore again",
              );
            }
            const entries: AuditEntryInput[] = [];
            const removedIds = plan.remove.map((s) => s.id);
            if (removedIds.length > 0) {
              await recovery.keepRecoverable(tx, ctx.workspaceId, {
                environmentId: environment.id,
                ids: removedIds,
              });
              for (const id of removedIds) await repo.deleteSecret(tx, ctx.workspaceId, id);
              for (const s of plan.remove) {
                entries.push({
                  action: "secret.deleted",
                  resourceType: "secret",
                  resourceId: s.id,
                  secretId: s.id,
                  details: { key: s.key, restored_to: at },
                });
              }
            }
            for (const t of plan.recreate) {
              const back = await recovery.moveBack(tx, ctx, environment.id, t.row.id);
              if (!back) throw notFound("Deleted secret");
              const row =
                back.current_version === t.version
                  ? back
                  : await recovery.writeNewVersion(tx, ctx, dataKey, back, t.value);
              entries.push({
                action: "secret.restored",
                resourceType: "secret",
                resourceId: row.id,
                secretId: row.id,
                version: row.current_version,
                details: { key: row.key, restored_to: at, new_version: row !== back },
              });
            }
            for (const t of plan.change) {
              const locked = await repo.lockSecret(
                tx,
                ctx.workspaceId,
                t.row.id,
                deps.clock.now().toISOString(),
              );
              if (!locked) throw notFound("Secret");
              const row = await recovery.writeNewVersion(tx, ctx, dataKey, locked, t.value);
              entries.push({
                action: "secret.rolled_back",
                resourceType: "secret",
                resourceId: row.id,
                secretId: row.id,
                version: row.current_version,
                details: { key: row.key, from_version: t.version, restored_to: at },
              });
            }
            await steps.recordBulk(
              tx,
              ctx,
              environment,
              {
                action: "environment.restored",
                details: {
                  at,
                  added: plan.recreate.length,
                  changed: plan.change.length,
                  removed: plan.remove.length,
                },
              },
              entries,
            );
            return summary(plan, at, true);
          }),
      );
    },
  };
}
