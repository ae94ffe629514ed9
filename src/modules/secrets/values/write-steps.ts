// The write steps that single, bulk and import writes share, inside the caller's transaction:
// insert new secrets at version 1, update (lock, re-read, rename safely, version a changed value),
// and turn a taken (environment, key) — a lost race, or a single create, which reads nothing first —
// into the 409 a bulk's pre-check gives.
import type { RequestContext } from "../../../auth/context.ts";
import type { DataKey } from "../../../crypto/data-keys.ts";
import { isUniqueViolation } from "../../../db/connect.ts";
import type { Queryable } from "../../../db/schema.ts";
import { AppError, notFound, ValidationFailed, type ValidationIssue } from "../../../errors.ts";
import { uuidv7 } from "../../../lib/uuid7.ts";
import type { AuditEntryInput } from "../../audit/index.ts";
import type { EnvironmentRow } from "../../environments/index.ts";
import {
  conflict,
  duplicates,
  inEnvironment,
  type SecretInput,
  type SecretPatch,
  type SecretsCore,
  type SecretsDeps,
  storedTargets,
  valueAad,
} from "../core.ts";
import { createReferenceChecks, writerColumns } from "../references/index.ts";
import { repo } from "../store/index.ts";

/** A change to a secret; `refused` says why its value may not be written by this caller, if it changes. */
export interface Change {
  secret: repo.SecretRow;
  patch: SecretPatch;
  refused?: ValidationIssue | null;
}

/** The write steps the public writes and imports share, inside the caller's transaction. */
export function createWriteSteps(deps: SecretsDeps, core: SecretsCore) {
  const { db, clock, keyring, audit } = deps;
  const { present, decryptRow } = core;
  const checks = createReferenceChecks(deps);

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
    /** A bulk operation's entries, recorded by the caller under its summary (else recorded here). */
    batch?: AuditEntryInput[],
  ) {
    const now = clock.now().toISOString();
    const writer = writerColumns(ctx);
    const rows = items.map((item): repo.SecretRow => {
      // Time-ordered (version 7): the five indexes keyed by a secret's id (its row, its workspace's,
      // its versions', and the trail's by secret and by resource) then grow at their ends, where a
      // random id made each create change a page of each anywhere in them.
      const id = uuidv7();
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
        reference_targets: storedTargets(item.value),
        ...writer,
      };
    });
    await repo.insertSecrets(tx, rows);
    await repo.insertVersions(
      tx,
      rows.map((r) => ({
        secret_id: r.id,
        version: 1,
        ciphertext: r.ciphertext,
        created_at: now,
        ...writer,
      })),
    );
    const entries = rows.map(
      (r): AuditEntryInput => ({
        action: "secret.created",
        resourceType: "secret",
        resourceId: r.id,
        secretId: r.id,
        version: 1,
        details: { key: r.key },
      }),
    );
    if (batch) batch.push(...entries);
    else await audit.recordMany(tx, ctx, inEnvironment(environment, entries));
    return rows;
  }

  /**
   * Runs a write, turning a taken (environment, key) into the same 409 a pre-check gives. Only the
   * secrets table's own violations: one elsewhere (an audit entry's place in its chain, a version)
   * is a fault to report as such, not a key someone else took.
   */
  async function guardKeys<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, "secrets")) throw conflict(keys);
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
    changes: Change[],
    /** As for insertAll. */
    batch?: AuditEntryInput[],
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
    const valueChanged = changes.map(
      (c, index) => c.patch.value !== undefined && c.patch.value !== currentValues[index],
    );
    // Only a value this write changes (against what is committed now) becomes the caller's, and
    // only such a one is refused: a value sent back unchanged keeps its writer.
    const refused = changes.flatMap((c, index) => (valueChanged[index] && c.refused ? [c.refused] : []));
    if (refused.length > 0) throw new ValidationFailed(refused);
    const writer = writerColumns(ctx);
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
      const changed = valueChanged[index]!;
      const row: repo.SecretRow = { ...secret, updated_at: now };
      if (patch.key !== undefined) row.key = patch.key;
      if (patch.description !== undefined) row.description = patch.description;
      if (patch.rotation_days !== undefined) row.rotation_days = patch.rotation_days;
      if (changed) {
        row.current_version = secret.current_version + 1;
        row.ciphertext = keyring.encrypt(dataKey, patch.value!, valueAad(secret.id, row.current_version));
        row.last_rotated_at = now;
        row.reference_targets = storedTargets(patch.value!);
        Object.assign(row, writer);
        await repo.insertVersions(tx, [
          {
            secret_id: secret.id,
            version: row.current_version,
            ciphertext: row.ciphertext,
            created_at: now,
            ...writer,
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
        reference_targets: row.reference_targets,
        writer_kind: row.writer_kind,
        writer_id: row.writer_id,
        writer_scope: row.writer_scope,
        updated_at: now,
      });
      const fields = Object.entries(patch)
        .filter(([name, value]) => value !== undefined && (name !== "value" || changed))
        .map(([name]) => name);
      entries.push({
        action: "secret.updated",
        resourceType: "secret",
        resourceId: secret.id,
        secretId: secret.id,
        version: row.current_version,
        details: {
          key: row.key,
          fields: fields.join(","),
          new_version: changed,
          // The timeline tells of a rename by it (a rename makes no version).
          ...(row.key !== secret.key ? { previous_key: secret.key } : {}),
        },
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
    if (batch) batch.push(...entries);
    else await audit.recordMany(tx, ctx, inEnvironment(environment, entries));
    return results;
  }

  /**
   * Records a bulk operation on an environment's secrets: one summary entry with the count and the
   * keys (the trail shows it), and the entry of each secret under it.
   */
  async function recordBulk(
    tx: Queryable,
    ctx: RequestContext,
    environment: EnvironmentRow,
    summary: { action: string; details?: Record<string, string | number | boolean | null> },
    entries: AuditEntryInput[],
  ) {
    const [head] = inEnvironment(environment, [
      {
        action: summary.action,
        resourceType: "environment",
        resourceId: environment.id,
        // Names, never values; a comma cannot be part of a key.
        details: {
          count: entries.length,
          keys: entries.map((entry) => entry.details?.key).join(","),
          ...summary.details,
        },
      },
    ]);
    await audit.recordBatch(tx, ctx, head!, inEnvironment(environment, entries));
  }

  /** The shared write path of single and bulk updates, in one transaction. */
  async function applyUpdates(
    ctx: RequestContext,
    environment: EnvironmentRow,
    changes: Change[],
    /** A bulk update: one summary entry over the secrets' own. */
    bulk = false,
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
          await deps.environments.markEnvironmentChanged(ctx.workspaceId, environment.id, tx);
          if (!bulk) return writeUpdates(tx, ctx, environment, dataKey, changes);
          const batch: AuditEntryInput[] = [];
          const results = await writeUpdates(tx, ctx, environment, dataKey, changes, batch);
          await recordBulk(tx, ctx, environment, { action: "environment.secrets_updated" }, batch);
          return results;
        }),
    );
  }

  return {
    insertAll,
    guardKeys,
    writeUpdates,
    applyUpdates,
    recordBulk,
    /**
     * Why each value may not be written by the caller (references/reference-checks.ts); asked before
     * the transaction.
     */
    refusals: checks.refusals,
    assertMayWrite: checks.assertMayWrite,
  };
}

export type WriteSteps = ReturnType<typeof createWriteSteps>;
