// API key queries. Only the SHA-256 digest of a token is ever stored or looked up.
import type { ApiKeysTable, Queryable } from "../../db/schema.ts";

export type ApiKeyRow = ApiKeysTable;

export async function insertKey(db: Queryable, row: ApiKeyRow): Promise<void> {
  await db.insertInto("api_keys").values(row).execute();
}

/** A key's name (the audit trail names the keys that act). */
export async function keyName(db: Queryable, keyId: string): Promise<string | undefined> {
  return (await db.selectFrom("api_keys").select("name").where("id", "=", keyId).executeTakeFirst())?.name;
}

export function findKeyByDigest(db: Queryable, tokenHash: string) {
  return db
    .selectFrom("api_keys as k")
    .innerJoin("users as u", "u.id", "k.user_id")
    .select([
      "k.id",
      "k.user_id",
      "k.name",
      "k.expires_at",
      "k.revoked_at",
      "k.last_used_at",
      "k.workspace_id",
      "k.access",
      "k.project_ids",
      "k.environment_ids",
      "k.allowed_cidrs",
      "u.current_workspace_id",
    ])
    .where("k.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export function findKeyOfUser(db: Queryable, userId: string, keyId: string) {
  return db
    .selectFrom("api_keys")
    .selectAll()
    .where("id", "=", keyId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function activeKeysOf(db: Queryable, userId: string, now: string) {
  return db
    .selectFrom("api_keys")
    .selectAll()
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export async function updateKey(
  db: Queryable,
  keyId: string,
  patch: Partial<Pick<ApiKeyRow, "name" | "description" | "expires_at" | "revoked_at" | "updated_at">>,
): Promise<void> {
  await db.updateTable("api_keys").set(patch).where("id", "=", keyId).execute();
}

export async function touchKey(db: Queryable, keyId: string, now: string): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: now }).where("id", "=", keyId).execute();
}

/** Revokes every key of the user that is not revoked yet; answers how many. */
export async function revokeAllOf(db: Queryable, userId: string, now: string): Promise<number> {
  const result = await db
    .updateTable("api_keys")
    .set({ revoked_at: now, updated_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
