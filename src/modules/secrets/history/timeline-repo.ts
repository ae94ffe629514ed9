// What an environment's timeline reads from the secrets tables, newest first, never a value: each
// version written (of live secrets and of deleted ones still recoverable) and each deletion kept.
import type { Queryable } from "../../../db/schema.ts";

/** Rows older than `before` (the newest when absent), at most `limit`; or every row at exactly `at`. */
export type Window = { before: string | undefined; limit: number } | { at: string };

const parts = (window: Window) =>
  "at" in window
    ? { at: window.at, before: undefined, limit: undefined }
    : { at: undefined, before: window.before, limit: window.limit };

export interface VersionWritten {
  secret_id: string;
  version: number;
  at: string;
  /** The secret's key now (or when it was deleted). */
  key: string;
  /** Written to a secret that is deleted now. */
  deleted: boolean;
}

export interface Deletion {
  secret_id: string;
  /** The version it had when deleted. */
  version: number;
  at: string;
  key: string;
}

export async function versionsWritten(
  db: Queryable,
  workspaceId: string,
  environmentId: string,
  window: Window,
  of: "live" | "deleted",
): Promise<VersionWritten[]> {
  // The recovery tables have the columns read here under the same names: one query serves both.
  const [secrets, versions] =
    of === "live" ? ["secrets", "secret_versions"] : ["deleted_secrets", "deleted_secret_versions"];
  const { at, before, limit } = parts(window);
  const rows = await db
    .selectFrom(`${versions} as v` as "secret_versions as v")
    .innerJoin(`${secrets} as s` as "secrets as s", "s.id", "v.secret_id")
    .select(["v.secret_id", "v.version", "v.created_at as at", "s.key"])
    .where("s.workspace_id", "=", workspaceId)
    .where("s.environment_id", "=", environmentId)
    .$if(at !== undefined, (q) => q.where("v.created_at", "=", at!))
    .$if(before !== undefined, (q) => q.where("v.created_at", "<", before!))
    .orderBy("v.created_at", "desc")
    .orderBy("v.secret_id", "desc")
    .orderBy("v.version", "desc")
    .$if(limit !== undefined, (q) => q.limit(limit!))
    .execute();
  return rows.map((row) => ({ ...row, deleted: of === "deleted" }));
}

export function deletions(
  db: Queryable,
  workspaceId: string,
  environmentId: string,
  window: Window,
): Promise<Deletion[]> {
  const { at, before, limit } = parts(window);
  return db
    .selectFrom("deleted_secrets")
    .select(["id as secret_id", "current_version as version", "deleted_at as at", "key"])
    .where("workspace_id", "=", workspaceId)
    .where("environment_id", "=", environmentId)
    .$if(at !== undefined, (q) => q.where("deleted_at", "=", at!))
    .$if(before !== undefined, (q) => q.where("deleted_at", "<", before!))
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .$if(limit !== undefined, (q) => q.limit(limit!))
    .execute();
}

/** Every secret of the environment, live or recoverable, by id: its key now (or when deleted). */
export async function keysById(db: Queryable, workspaceId: string, environmentId: string) {
  const [live, deleted] = await Promise.all([
    db
      .selectFrom("secrets")
      .select(["id", "key"])
      .where("workspace_id", "=", workspaceId)
      .where("environment_id", "=", environmentId)
      .execute(),
    db
      .selectFrom("deleted_secrets")
      .select(["id", "key", "deleted_at"])
      .where("workspace_id", "=", workspaceId)
      .where("environment_id", "=", environmentId)
      .execute(),
  ]);
  return {
    keys: new Map([...live, ...deleted].map((s) => [s.id, s.key])),
    /** When each recoverable one was deleted. */
    deletedAt: new Map(deleted.map((s) => [s.id, s.deleted_at])),
  };
}
