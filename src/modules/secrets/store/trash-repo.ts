// Deleted secrets, kept for their retention period: moved out of `secrets` (and their versions out
// of `secret_versions`) by a delete, moved back by a restore, purged by housekeeping.

import { sql } from "kysely";
import { purgeInBatches } from "../../../db/batches.ts";
import type { Queryable } from "../../../db/schema.ts";
import { rowWhere } from "../../../db/workspace-rows.ts";
import { VERSION_WRITER } from "./repo.ts";
import {
  countOf,
  pageOf,
  replaceCiphertext,
  type StoredVersion,
  shelvedVersions,
  versionCurrentAt,
} from "./stored-versions.ts";

const ROW_COLUMNS = [
  "id",
  "workspace_id",
  "team_id",
  "project_id",
  "environment_id",
  "key",
  "description",
  "current_version",
  "rotation_days",
  "last_rotated_at",
  "created_at",
  "updated_at",
  "reference_targets",
  "writer_kind",
  "writer_id",
  "writer_scope",
] as const;

const VERSION_COLUMNS = [
  "secret_id",
  "version",
  "ciphertext",
  "created_at",
  "writer_kind",
  "writer_id",
  "writer_scope",
] as const;

/** Which secrets a delete takes: some of an environment, or all of it. */
export type Doomed = { environmentId: string; ids?: string[] };

/**
 * Copies the doomed secrets and their versions into the trash, in the caller's transaction, before
 * the caller deletes them. Text parameters are cast so PostgreSQL types them in a select list.
 */
export async function trash(
  tx: Queryable,
  workspaceId: string,
  doomed: Doomed,
  times: { deletedAt: string; purgeAfter: string },
): Promise<void> {
  await tx
    .insertInto("deleted_secrets")
    .columns([...ROW_COLUMNS, "deleted_at", "purge_after"])
    .expression((eb) =>
      eb
        .selectFrom("secrets")
        .select([
          ...ROW_COLUMNS,
          sql<string>`cast(${times.deletedAt} as text)`.as("deleted_at"),
          sql<string>`cast(${times.purgeAfter} as text)`.as("purge_after"),
        ])
        .where("workspace_id", "=", workspaceId)
        .where("environment_id", "=", doomed.environmentId)
        .$if(doomed.ids !== undefined, (q) => q.where("id", "in", doomed.ids!)),
    )
    .execute();
  await tx
    .insertInto("deleted_secret_versions")
    .columns([...VERSION_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("secret_versions as v")
        .innerJoin("secrets as s", "s.id", "v.secret_id")
        .select(VERSION_COLUMNS.map((column) => `v.${column}` as const))
        .where("s.workspace_id", "=", workspaceId)
        .where("s.environment_id", "=", doomed.environmentId)
        .$if(doomed.ids !== undefined, (q) => q.where("s.id", "in", doomed.ids!)),
    )
    .execute();
}

export function listTrashed(db: Queryable, workspaceId: string, environmentId: string) {
  return db
    .selectFrom("deleted_secrets")
    .select(["id", "key", "description", "current_version", "created_at", "deleted_at", "purge_after"])
    .where("workspace_id", "=", workspaceId)
    .where("environment_id", "=", environmentId)
    .orderBy("deleted_at", "desc")
    .orderBy("key")
    .execute();
}

export function findTrashed(db: Queryable, workspaceId: string, environmentId: string, secretId: string) {
  return rowWhere(db, "deleted_secrets", {
    workspace_id: workspaceId,
    environment_id: environmentId,
    id: secretId,
  });
}

export function trashedVersions(db: Queryable, secretId: string) {
  return db
    .selectFrom("deleted_secret_versions")
    .selectAll()
    .where("secret_id", "=", secretId)
    .orderBy("version")
    .execute();
}

export async function forget(db: Queryable, secretId: string): Promise<void> {
  await db.deleteFrom("deleted_secrets").where("id", "=", secretId).execute();
}

/** Deleted secrets whose retention ended before `now`, with their versions, in batches; the count. */
export function purgeTrash(db: Queryable, now: string): Promise<number> {
  return purgeInBatches(db, "deleted_secrets", "id", (w) => w("purge_after", "<", now));
}

/** The workspace's deleted-secret versions not stored under the data key version with `prefix`. */
const trashedNotUnder = (db: Queryable, workspaceId: string, prefix: string) =>
  shelvedVersions(db, "deleted", workspaceId).where("v.ciphertext", "not like", `${prefix}%`);

export const countTrashedNotUnder = (db: Queryable, workspaceId: string, prefix: string) =>
  countOf(trashedNotUnder(db, workspaceId, prefix));

export const trashedPageNotUnder = (
  db: Queryable,
  workspaceId: string,
  prefix: string,
  after: StoredVersion | undefined,
  limit: number,
) => pageOf(trashedNotUnder(db, workspaceId, prefix), after, limit);

/** Re-encryption of one deleted version in place, while it still holds what was read. */
export const replaceTrashedCiphertext = (
  tx: Queryable,
  workspaceId: string,
  stored: StoredVersion,
  ciphertext: string,
) => replaceCiphertext(tx, "deleted", workspaceId, stored, ciphertext);

export const countTrashedUnder = (db: Queryable, workspaceId: string, prefix: string) =>
  countOf(shelvedVersions(db, "deleted", workspaceId).where("v.ciphertext", "like", `${prefix}%`));

/** The environment's deleted secrets that existed at `at` (created by then, deleted after), with their version then. */
export function trashedAt(db: Queryable, workspaceId: string, environmentId: string, at: string) {
  return db
    .selectFrom("deleted_secrets as s")
    .innerJoin("deleted_secret_versions as v", "v.secret_id", "s.id")
    .selectAll("s")
    .select(["v.version as at_version", "v.ciphertext as at_ciphertext", ...VERSION_WRITER])
    .where("s.workspace_id", "=", workspaceId)
    .where("s.environment_id", "=", environmentId)
    .where("s.created_at", "<=", at)
    .where("s.deleted_at", ">", at)
    .where("v.version", "=", versionCurrentAt(db, "deleted", at))
    .orderBy("s.key")
    .execute();
}
