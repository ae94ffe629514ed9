// Secret and version queries, always scoped by workspace and environment.

import { sql } from "kysely";
import { inBatches } from "../../../db/batches.ts";
import { preparedInsert } from "../../../db/prepared.ts";
import type { Queryable, SecretsTable, SecretVersionsTable, WriterColumns } from "../../../db/schema.ts";
import { deleteInWorkspace, preparedRowWhere, updateInWorkspace } from "../../../db/workspace-rows.ts";
import {
  countOf,
  pageOf,
  replaceCiphertext,
  type StoredVersion,
  shelvedVersions,
  versionCurrentAt,
} from "./stored-versions.ts";

export type SecretRow = SecretsTable;
export type VersionRow = SecretVersionsTable;

/** A version's writer, selected beside its secret's row (whose own columns name the current value's). */
export const VERSION_WRITER = [
  "v.writer_kind as version_writer_kind",
  "v.writer_id as version_writer_id",
  "v.writer_scope as version_writer_scope",
] as const;

/** The writer columns of a version selected with VERSION_WRITER. */
export const writerOfVersion = (row: {
  version_writer_kind: string | null;
  version_writer_id: string | null;
  version_writer_scope: string | null;
}): WriterColumns => ({
  writer_kind: row.version_writer_kind,
  writer_id: row.version_writer_id,
  writer_scope: row.version_writer_scope,
});

export function listSecrets(db: Queryable, workspaceId: string, environmentId: string) {
  return db
    .selectFrom("secrets")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("environment_id", "=", environmentId)
    .orderBy("key")
    .execute();
}

/**
 * Secrets of the workspace whose key or description holds `text` (any case), by key, at most
 * `limit`; only in `teamIds` when given. Names and descriptions only: values are never searched.
 */
export function searchSecrets(
  db: Queryable,
  workspaceId: string,
  text: string,
  options: { limit: number; teamIds?: readonly string[] },
) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom("secrets")
    .select(["id", "key", "description", "team_id", "project_id", "environment_id", "updated_at"])
    .where("workspace_id", "=", workspaceId)
    .$if(options.teamIds !== undefined, (q) =>
      q.where("team_id", "in", options.teamIds!.length > 0 ? [...options.teamIds!] : [""]),
    )
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(key) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(description, '')) like ${pattern} escape '\\'`,
      ]),
    )
    .orderBy("key")
    .orderBy("id")
    .limit(options.limit)
    .execute();
}

// Version numbers are 32-bit integer columns: a larger n reads the newest version all the same.
const MAX_VERSION = 2_147_483_647;

/** Each secret with the ciphertext of version min(n, current). */
export function listSecretsAtVersion(
  db: Queryable,
  workspaceId: string,
  environmentId: string,
  requested: number,
) {
  const version = Math.min(requested, MAX_VERSION);
  return db
    .selectFrom("secrets as s")
    .innerJoin("secret_versions as v", (join) =>
      join
        .onRef("v.secret_id", "=", "s.id")
        .on(
          "v.version",
          "=",
          sql<number>`case when s.current_version < ${version} then s.current_version else ${version} end`,
        ),
    )
    .selectAll("s")
    .select(["v.ciphertext as version_ciphertext", "v.version as read_version", ...VERSION_WRITER])
    .where("s.workspace_id", "=", workspaceId)
    .where("s.environment_id", "=", environmentId)
    .orderBy("s.key")
    .execute();
}

/** The environment's secrets that existed at `at`, each with the version that was current then. */
export function listSecretsAt(db: Queryable, workspaceId: string, environmentId: string, at: string) {
  return db
    .selectFrom("secrets as s")
    .innerJoin("secret_versions as v", "v.secret_id", "s.id")
    .selectAll("s")
    .select(["v.version as at_version", "v.ciphertext as at_ciphertext", ...VERSION_WRITER])
    .where("s.workspace_id", "=", workspaceId)
    .where("s.environment_id", "=", environmentId)
    .where("s.created_at", "<=", at)
    .where("v.version", "=", versionCurrentAt(db, "live", at))
    .orderBy("s.key")
    .execute();
}

// Every read or write of one secret starts here.
const secretAt = preparedRowWhere(
  "secrets",
  {
    id: true,
    workspace_id: true,
    team_id: true,
    project_id: true,
    environment_id: true,
    key: true,
    description: true,
    current_version: true,
    ciphertext: true,
    rotation_days: true,
    last_rotated_at: true,
    created_at: true,
    updated_at: true,
    reference_targets: true,
    writer_kind: true,
    writer_id: true,
    writer_scope: true,
  },
  ["environment_id", "id"],
);

export async function findSecret(
  db: Queryable,
  workspaceId: string,
  environmentId: string,
  secretId: string,
): Promise<SecretRow | undefined> {
  return secretAt(db, { workspace_id: workspaceId, environment_id: environmentId, id: secretId });
}

/**
 * The environment's secrets whose `column` is one of `values` (batched under the parameter limit).
 * By id, the workspace's index serves (workspace_id, id). By key, only the unique index on
 * (environment_id, key) does, and SQLite, which has no statistics, guessed the workspace's index
 * cheaper against a long IN list and read every secret of the workspace (a bulk of 1,000 took 16 ms
 * per lookup at 30,000 secrets): that WHERE leaves the workspace out, and the rows are checked
 * against it instead.
 */
async function findSecretsWhere(
  db: Queryable,
  workspaceId: string,
  environmentId: string,
  column: "key" | "id",
  values: string[],
): Promise<SecretRow[]> {
  const found: SecretRow[] = [];
  await inBatches(values, async (batch) => {
    const rows = await db
      .selectFrom("secrets")
      .selectAll()
      .$if(column === "id", (q) => q.where("workspace_id", "=", workspaceId))
      .where("environment_id", "=", environmentId)
      .where(column, "in", batch)
      .execute();
    found.push(...rows.filter((row) => row.workspace_id === workspaceId));
  });
  return found;
}

export const findSecretsByKeys = (
  db: Queryable,
  workspaceId: string,
  environmentId: string,
  keys: string[],
) => findSecretsWhere(db, workspaceId, environmentId, "key", keys);

/** Of the environments, those with a secret of their own under `key`. */
export async function environmentsWithKey(
  db: Queryable,
  workspaceId: string,
  environmentIds: readonly string[],
  key: string,
): Promise<Set<string>> {
  if (environmentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("secrets")
    .select("environment_id")
    .where("workspace_id", "=", workspaceId)
    .where("environment_id", "in", [...environmentIds])
    .where("key", "=", key)
    .execute();
  return new Set(rows.map((row) => row.environment_id));
}

export const findSecretsByIds = (db: Queryable, workspaceId: string, environmentId: string, ids: string[]) =>
  findSecretsWhere(db, workspaceId, environmentId, "id", ids);

export const insertSecrets = preparedInsert("secrets");

export const insertVersions = preparedInsert("secret_versions");

/**
 * Takes the row lock of a secret for the rest of the transaction (touching updated_at) and returns
 * the row as committed now; undefined when it is gone.
 */
export function lockSecret(db: Queryable, workspaceId: string, secretId: string, now: string) {
  return db
    .updateTable("secrets")
    .set({ updated_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", secretId)
    .returningAll()
    .executeTakeFirst();
}

export async function updateSecret(
  db: Queryable,
  workspaceId: string,
  secretId: string,
  patch: Partial<
    Omit<SecretRow, "id" | "workspace_id" | "team_id" | "project_id" | "environment_id" | "created_at">
  >,
): Promise<void> {
  await updateInWorkspace(db, "secrets", workspaceId, secretId, patch);
}

export async function deleteSecret(db: Queryable, workspaceId: string, secretId: string): Promise<void> {
  await deleteInWorkspace(db, "secrets", workspaceId, secretId);
}

export function secretKeysOf(db: Queryable, workspaceId: string, environmentId: string) {
  return db
    .selectFrom("secrets")
    .select(["id", "key"])
    .where("workspace_id", "=", workspaceId)
    .where("environment_id", "=", environmentId)
    .execute();
}

export async function deleteAllSecrets(
  db: Queryable,
  workspaceId: string,
  environmentId: string,
): Promise<number> {
  const result = await db
    .deleteFrom("secrets")
    .where("workspace_id", "=", workspaceId)
    .where("environment_id", "=", environmentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function versionOf(db: Queryable, secretId: string, version: number) {
  return db
    .selectFrom("secret_versions")
    .selectAll()
    .where("secret_id", "=", secretId)
    .where("version", "=", version)
    .executeTakeFirst();
}

export function versionsOf(db: Queryable, workspaceId: string, secretId: string) {
  return db
    .selectFrom("secret_versions as v")
    .innerJoin("secrets as s", "s.id", "v.secret_id")
    .select(["v.version", "v.ciphertext", "v.created_at"])
    .where("s.workspace_id", "=", workspaceId)
    .where("v.secret_id", "=", secretId)
    .orderBy("v.version", "desc")
    .execute();
}

/**
 * Secret versions of the workspace that are not entirely stored under `prefix` (one data key
 * version): the version's own value, or for the current version the secret row's copy of it.
 */
function versionsNotAllUnder(db: Queryable, workspaceId: string, prefix: string) {
  return shelvedVersions(db, "live", workspaceId).where((eb) =>
    eb.or([
      eb("v.ciphertext", "not like", `${prefix}%`),
      eb.and([
        eb("s.current_version", "=", eb.ref("v.version")),
        // The live table alone keeps the current value's copy on the secret's row.
        eb(sql.ref<string>("s.ciphertext"), "not like", `${prefix}%`),
      ]),
    ]),
  );
}

export const countVersionsNotUnder = (db: Queryable, workspaceId: string, prefix: string) =>
  countOf(versionsNotAllUnder(db, workspaceId, prefix));

/** The next `limit` of those, in (secret, version) order after `after`. */
export const versionsNotUnder = (
  db: Queryable,
  workspaceId: string,
  prefix: string,
  after: StoredVersion | undefined,
  limit: number,
) => pageOf(versionsNotAllUnder(db, workspaceId, prefix), after, limit);

/** Stored values of the workspace's secrets (versions and current copies) under `prefix`. */
export async function countValuesUnder(db: Queryable, workspaceId: string, prefix: string): Promise<number> {
  const versions = await countOf(
    shelvedVersions(db, "live", workspaceId).where("v.ciphertext", "like", `${prefix}%`),
  );
  const copies = await db
    .selectFrom("secrets")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("workspace_id", "=", workspaceId)
    .where("ciphertext", "like", `${prefix}%`)
    .executeTakeFirstOrThrow();
  return versions + Number(copies.n);
}

/**
 * Re-encryption of one version in place: the version's value is replaced only while it is still
 * `stored.ciphertext` (compare-and-set), and the secret row's copy only while that version is
 * still the current one (a concurrent update moves current_version on, and is never undone).
 * False when the version's value changed meanwhile (another rotation run did it).
 */
export async function replaceVersionCiphertext(
  tx: Queryable,
  workspaceId: string,
  stored: StoredVersion,
  ciphertext: string,
): Promise<boolean> {
  if (!(await replaceCiphertext(tx, "live", workspaceId, stored, ciphertext))) return false;
  await tx
    .updateTable("secrets")
    .set({ ciphertext })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", stored.secret_id)
    .where("current_version", "=", stored.version)
    .execute();
  return true;
}
