// Secret reads: the environment's list (cached per revision, at a version when asked) and one
// secret, each in two steps so a conditional read needs no decryption, and the snapshot a share
// link seals. A value that cannot be decrypted is reported apart (207), never fails the list.

import type { RequestContext } from "../../../auth/context.ts";
import { AppError, notFound } from "../../../errors.ts";
import { mayReference, UNRESOLVED_REASONS, type UnresolvedReason } from "../../../lib/references.ts";
import type { AuditEntryInput } from "../../audit/index.ts";
import type { EnvironmentPath, EnvironmentRow } from "../../environments/index.ts";
import { inEnvironment, noSuchIds, type SecretsCore, type SecretsDeps, type SecretView } from "../core.ts";
import {
  type CurrentRows,
  type ReachedRow,
  ReferenceResolution,
  type Resolution,
} from "../references/index.ts";
import { repo } from "../store/index.ts";
import { createReadRows } from "./read-rows.ts";

export interface ListOptions {
  /** Each secret at this version, or its newest when it has fewer. */
  version?: number;
  /** The stored text, references unresolved. */
  raw?: boolean;
  /** The environment's own secrets only, nothing inherited (what compare and restore work on). */
  own?: boolean;
}

/** A secret whose value holds a reference that cannot be resolved for this reader. */
export interface Unresolved {
  id: string;
  key: string;
  /** The stored text: the reader may read this environment, and needs it to mend the reference. */
  raw_value: string;
  reference: string;
  reason: UnresolvedReason;
}

function unresolvedError(secret: repo.SecretRow, failed: Extract<Resolution, { ok: false }>) {
  return new AppError(
    "reference_unresolved",
    `The value of ${secret.key} cannot be resolved: ${failed.reference} ${UNRESOLVED_REASONS[failed.reason]} ` +
      "(read it with raw=true to see the text as stored)",
    { body: { reference: failed.reference, reason: failed.reason } },
  );
}

export function createSecretReads(deps: SecretsDeps, core: SecretsCore) {
  const { db, keyring } = deps;
  const { present, environmentFor, requireSecret, decryptOrConflict } = core;
  const { currentRows, readableAncestors, effectiveRows } = createReadRows(deps);
  const resolver = { db, keyring, environments: deps.environments, currentRows };

  /** Walks the read's dependencies from the stored qualifiers of `rows` (nothing to do without any). */
  async function reach(resolution: ReferenceResolution, rows: readonly ReachedRow[]) {
    if (rows.some((row) => row.reference_targets !== null)) await resolution.reach(rows);
  }

  /**
   * Records of `rows` with their opened values (a string, else unreadable): references resolved
   * for the reader, as far as each value's writer may read too, unless `raw` (then the stored text,
   * as written). A record whose reference cannot be resolved is reported apart, as an unreadable
   * one is.
   */
  async function recordsOf(
    environment: EnvironmentRow,
    rows: readonly repo.SecretRow[],
    values: readonly (string | Error)[],
    options: {
      raw: boolean;
      resolution: ReferenceResolution;
      /** Per row, the environment it is inherited from (undefined: the environment's own). */
      origins?: readonly (EnvironmentRow | undefined)[];
    },
  ) {
    const succeeded: SecretView[] = [];
    const failedIds: string[] = [];
    /** The keys of failedIds, in the same order. */
    const failedKeys: string[] = [];
    const unresolved: Unresolved[] = [];
    const referencing = !options.raw && values.some((v) => typeof v === "string" && mayReference(v));
    if (referencing) options.resolution.seed(rows, values, options.origins);
    for (const [index, row] of rows.entries()) {
      const value = values[index];
      if (typeof value !== "string") {
        failedIds.push(row.id);
        failedKeys.push(row.key);
        continue;
      }
      const origin = options.origins?.[index];
      if (!referencing || !mayReference(value)) {
        succeeded.push(present(row, value, environment, undefined, origin));
        continue;
      }
      const resolved = await options.resolution.resolve(row.key, value, row);
      if (resolved.ok) {
        succeeded.push(present(row, resolved.value, environment, value, origin));
      } else {
        failedIds.push(row.id);
        failedKeys.push(row.key);
        unresolved.push({
          id: row.id,
          key: row.key,
          raw_value: value,
          reference: resolved.reference,
          reason: resolved.reason,
        });
      }
    }
    return { succeeded, failedIds, failedKeys, unresolved };
  }

  /** Decrypts the environment's secrets (at `version`, when asked); unreadable ones are reported apart. */
  async function readList(
    ctx: RequestContext,
    environment: EnvironmentRow,
    options: ListOptions,
    resolution: ReferenceResolution,
    ancestors: readonly EnvironmentRow[],
    current: CurrentRows | undefined,
  ) {
    const { rows, values, origins } = await effectiveRows(
      ctx,
      environment,
      ancestors,
      options.version,
      current,
    );
    const records = await recordsOf(environment, rows, values, {
      raw: options.raw ?? false,
      resolution,
      origins,
    });
    return { ...records, dependencies: resolution.dependencies() };
  }

  // The revision is read (with the environment) before the secrets: a list is never older than it.
  // So are the environments it inherits from and those its references reach (from what each row
  // stores), with their revisions: `dependencies` is part of the tag; read() says what the answer
  // did depend on.
  async function openList(ctx: RequestContext, path: EnvironmentPath, options: ListOptions = {}) {
    const environment = await environmentFor(ctx, path, "secret.read");
    const resolution = new ReferenceResolution(resolver, ctx, environment);
    // A past version is the environment's own; so is what compare and restore work on.
    const ancestors =
      options.version || options.own || environment.parent_environment_id === null
        ? []
        : await readableAncestors(ctx, environment, resolution);
    const current = options.version ? undefined : await currentRows(ctx, environment);
    if (current && !options.raw) {
      const inherited = await Promise.all(ancestors.map(async (a) => (await currentRows(ctx, a)).rows));
      await reach(resolution, ancestors.length === 0 ? current.rows : [...current.rows, ...inherited.flat()]);
    }
    return {
      revision: environment.revision,
      dependencies: resolution.dependencies(),
      read: () => readList(ctx, environment, options, resolution, ancestors, current),
      /** read() for a caller that answers the values: recorded in the audit trail as a read. */
      readAnswered: async (how: "list" | "export") => {
        const list = await readList(ctx, environment, options, resolution, ancestors, current);
        await recordRead(ctx, environment, { count: list.succeeded.length, how });
        return list;
      },
    };
  }

  /** The read of openOne (a function of its own: one made per request costs more than the read). */
  async function readOne(
    ctx: RequestContext,
    environment: EnvironmentRow,
    resolution: ReferenceResolution,
    ancestors: readonly EnvironmentRow[],
    { row, origin }: { row: repo.SecretRow; origin?: EnvironmentRow },
    raw: boolean,
  ) {
    const stored = await decryptOrConflict(row);
    if (raw || !mayReference(stored)) {
      return {
        record: present(row, stored, environment, undefined, origin),
        dependencies: resolution.dependencies(),
      };
    }
    // `${KEY}` names the key as this environment reads it, inherited ones included.
    if (ancestors.length > 0) {
      const { rows, values, origins } = await effectiveRows(ctx, environment, ancestors);
      resolution.seed(rows, values, origins);
    }
    const resolved = await resolution.resolve(row.key, stored, row);
    if (!resolved.ok) throw unresolvedError(row, resolved);
    return {
      record: present(row, resolved.value, environment, stored, origin),
      dependencies: resolution.dependencies(),
    };
  }

  /**
   * A single read of `located` in `environment`: its references resolved as the environment reads
   * them (inherited keys included), unless `raw`. 409 when it cannot be decrypted or resolved.
   */
  async function openOne(
    ctx: RequestContext,
    environment: EnvironmentRow,
    resolution: ReferenceResolution,
    ancestors: readonly EnvironmentRow[],
    located: { row: repo.SecretRow; origin?: EnvironmentRow },
    raw: boolean,
  ) {
    const { row } = located;
    if (!raw) await reach(resolution, [row]);
    return {
      revision: environment.revision,
      dependencies: resolution.dependencies(),
      read: async () => {
        const answer = await readOne(ctx, environment, resolution, ancestors, located, raw);
        await recordRead(ctx, environment, {
          secret: { id: row.id, key: row.key, version: row.current_version },
        });
        return answer;
      },
    };
  }

  async function openSecret(
    ctx: RequestContext,
    path: EnvironmentPath,
    secretId: string,
    options: { raw?: boolean } = {},
  ) {
    const environment = await environmentFor(ctx, path, "secret.read");
    const secret = await requireSecret(db, ctx, path, secretId);
    const resolution = new ReferenceResolution(resolver, ctx, environment);
    const ancestors = options.raw ? [] : await readableAncestors(ctx, environment, resolution);
    return openOne(ctx, environment, resolution, ancestors, { row: secret }, options.raw ?? false);
  }

  // A key names what the list shows under it: the environment's own secret, else the nearest
  // parent's (so the parents must be readable, raw or not, as for the list).
  async function openSecretByKey(
    ctx: RequestContext,
    path: EnvironmentPath,
    key: string,
    options: { raw?: boolean } = {},
  ) {
    const environment = await environmentFor(ctx, path, "secret.read");
    const resolution = new ReferenceResolution(resolver, ctx, environment);
    const ancestors = await readableAncestors(ctx, environment, resolution);
    for (const [index, holder] of [environment, ...ancestors].entries()) {
      const [row] = await repo.findSecretsByKeys(db, ctx.workspaceId, holder.id, [key]);
      if (!row) continue;
      const located = index === 0 ? { row } : { row, origin: holder };
      return openOne(ctx, environment, resolution, ancestors, located, options.raw ?? false);
    }
    throw notFound("Secret");
  }

  /**
   * Puts a read that answered values in the trail (never a value): one entry per answer, naming
   * the secret, or the count of an environment's. The caller has authorized the read.
   */
  async function recordRead(
    ctx: RequestContext,
    environment: Pick<EnvironmentRow, "id" | "project_id" | "name">,
    read: { secret: { id: string; key: string; version: number } } | { count: number; how: string },
  ) {
    const entry: AuditEntryInput =
      "secret" in read
        ? {
            action: "secret.read",
            resourceType: "secret",
            // Not in the secret's own log (secretId): that log holds what changed it.
            resourceId: read.secret.id,
            version: read.secret.version,
            details: { key: read.secret.key },
          }
        : {
            action: "environment.secrets_read",
            resourceType: "environment",
            resourceId: environment.id,
            details: { count: read.count, how: read.how },
          };
    await deps.audit.recordRead(ctx, inEnvironment(environment, [entry]));
  }

  /**
   * What the list shows of every secret the environment reads, inherited ones included, without
   * a value (nothing is decrypted): what a screen lists before anyone asks to see a value. In two
   * steps, as openList: authorization and the revisions first (a conditional read), then read().
   */
  async function openMetadata(ctx: RequestContext, path: EnvironmentPath) {
    const environment = await environmentFor(ctx, path, "secret.read");
    const resolution = new ReferenceResolution(resolver, ctx, environment);
    const ancestors = await readableAncestors(ctx, environment, resolution);
    return {
      revision: environment.revision,
      // The parents' revisions: what it inherits is part of the answer (and of its tag).
      dependencies: resolution.dependencies(),
      read: async () => {
        const seen = new Set<string>();
        const listed: Omit<SecretView, "value">[] = [];
        for (const holder of [environment, ...ancestors]) {
          for (const row of (await currentRows(ctx, holder)).rows) {
            if (seen.has(row.key)) continue;
            seen.add(row.key);
            const { value: _hidden, ...metadata } = present(
              row,
              "",
              environment,
              undefined,
              holder === environment ? undefined : holder,
            );
            listed.push(metadata);
          }
        }
        return listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      },
    };
  }

  return {
    recordRead,

    /** recordRead, for a caller that holds the environment's path only (it authorized the read). */
    async recordReadIn(ctx: RequestContext, path: EnvironmentPath, read: { count: number; how: string }) {
      await recordRead(ctx, await deps.environments.requireEnvironment(ctx.workspaceId, path, db), read);
    },

    openMetadata,

    /**
     * A read of every secret of the environment in two steps: authorization and the environment's
     * revision first (what a conditional read needs, no decryption), the decrypted list on read().
     */
    openList,

    /** Every secret of the environment, decrypted; unreadable and unresolvable ones are reported apart (207). */
    async list(ctx: RequestContext, path: EnvironmentPath, options: ListOptions = {}) {
      return (await openList(ctx, path, options)).read();
    },

    /** Records of rows whose values were opened elsewhere (a past moment), resolved as a list is. */
    async records(
      ctx: RequestContext,
      environment: EnvironmentRow,
      rows: readonly repo.SecretRow[],
      values: readonly (string | Error)[],
      raw: boolean,
    ) {
      const resolution = new ReferenceResolution(resolver, ctx, environment);
      return recordsOf(environment, rows, values, { raw, resolution });
    },

    /** One secret in two steps, as openList: authorization, existence and revision first, then read(). */
    openSecret,

    async get(ctx: RequestContext, path: EnvironmentPath, secretId: string, options: { raw?: boolean } = {}) {
      return (await (await openSecret(ctx, path, secretId, options)).read()).record;
    },

    /** One secret by key, as openSecret: the environment's own, else the one it inherits (404: neither). */
    openSecretByKey,

    /** Decrypted key/value pairs of the given secrets of one environment (for share links). */
    async snapshot(ctx: RequestContext, path: EnvironmentPath, secretIds: string[]) {
      const environment = await environmentFor(ctx, path, "secret.write");
      const unique = [...new Set(secretIds)];
      const rows = await repo.findSecretsByIds(db, ctx.workspaceId, path.environmentId, unique);
      const missing = unique.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length > 0) {
        throw noSuchIds(missing);
      }
      // A link shows what a read shows: references resolved with the sharer's permissions and
      // each writer's on the way, so a link carries nothing the sharer or a writer may not read.
      const resolution = new ReferenceResolution(resolver, ctx, environment);
      const shared = [];
      for (const row of rows) {
        const raw = await decryptOrConflict(row);
        const resolved = await resolution.resolve(row.key, raw, row);
        if (!resolved.ok) throw unresolvedError(row, resolved);
        shared.push({ id: row.id, key: row.key, value: resolved.value });
      }
      return shared;
    },
  };
}
