// What a data-key rotation asks alike of the two tables of versions, the live one (repo.ts) and the
// recovery copies (trash-repo.ts): their stored values counted and paged in (secret, version) order,
// and one rewritten only while it still holds what was read. What the live table adds (the secret
// row's copy of its current value) stays in repo.ts.
import { sql } from "kysely";
import type { Queryable } from "../../../db/schema.ts";

/** A secret version's stored value, as a data-key rotation pages through them. */
export interface StoredVersion {
  secret_id: string;
  version: number;
  ciphertext: string;
}

/** Which pair of tables: the live secrets, or the deleted ones kept for their retention period. */
export type Shelf = "live" | "deleted";

const TABLES = {
  live: { secrets: "secrets", versions: "secret_versions" },
  deleted: { secrets: "deleted_secrets", versions: "deleted_secret_versions" },
} as const;

/** The columns both tables of secrets have that the queries here read. */
interface ShelvedSecret {
  id: string;
  workspace_id: string;
  current_version: number;
}

/**
 * The workspace's versions on `shelf`, each joined to its secret (`v` and `s`). The tables are
 * named as raw identifiers typed with the columns both pairs share: Kysely types a query over one
 * named table, not over either of two.
 */
export const shelvedVersions = (db: Queryable, shelf: Shelf, workspaceId: string) =>
  db
    .selectFrom(sql<StoredVersion>`${sql.table(TABLES[shelf].versions)}`.as("v"))
    .innerJoin(sql<ShelvedSecret>`${sql.table(TABLES[shelf].secrets)}`.as("s"), "s.id", "v.secret_id")
    .where("s.workspace_id", "=", workspaceId);

type Versions = ReturnType<typeof shelvedVersions>;

/**
 * The number of the version on `shelf` that was current at `at` for the secret its query names `s`:
 * the newest written by then. A point-in-time read of either shelf joins its versions on it.
 */
export const versionCurrentAt = (db: Queryable, shelf: Shelf, at: string) =>
  db
    .selectFrom(sql<StoredVersion & { created_at: string }>`${sql.table(TABLES[shelf].versions)}`.as("w"))
    .select((w) => w.fn.max("w.version").as("m"))
    .where("w.secret_id", "=", sql.ref<string>("s.id"))
    .where("w.created_at", "<=", at);

export async function countOf(versions: Versions): Promise<number> {
  const row = await versions.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next `limit` of `versions`, in (secret, version) order after `after`. */
export function pageOf(
  versions: Versions,
  after: StoredVersion | undefined,
  limit: number,
): Promise<StoredVersion[]> {
  return versions
    .select(["v.secret_id", "v.version", "v.ciphertext"])
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb(eb.refTuple("v.secret_id", "v.version"), ">", eb.tuple(after!.secret_id, after!.version)),
      ),
    )
    .orderBy("v.secret_id")
    .orderBy("v.version")
    .limit(limit)
    .execute();
}

/** Re-encryption of one version in place (compare-and-set); false when its value changed meanwhile. */
export async function replaceCiphertext(
  tx: Queryable,
  shelf: Shelf,
  workspaceId: string,
  stored: StoredVersion,
  ciphertext: string,
): Promise<boolean> {
  const { secrets, versions } = TABLES[shelf];
  const result = await tx
    .updateTable(versions)
    .set({ ciphertext })
    .where("secret_id", "=", stored.secret_id)
    .where("version", "=", stored.version)
    .where("ciphertext", "=", stored.ciphertext)
    .where("secret_id", "in", (eb) =>
      eb.selectFrom(secrets).select("id").where("workspace_id", "=", workspaceId),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
