// User account queries.
import type { Queryable, UsersTable } from "../../db/schema.ts";

export type UserRow = UsersTable;

export async function insertUser(db: Queryable, row: UserRow): Promise<void> {
  await db.insertInto("users").values(row).execute();
}

export function findUserByEmail(db: Queryable, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function findUser(db: Queryable, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export async function updateUser(
  db: Queryable,
  userId: string,
  patch: Partial<Omit<UserRow, "id" | "email" | "created_at">>,
): Promise<void> {
  await db.updateTable("users").set(patch).where("id", "=", userId).execute();
}

export async function deleteUser(db: Queryable, userId: string): Promise<void> {
  await db.deleteFrom("users").where("id", "=", userId).execute();
}

export async function setCurrentWorkspace(db: Queryable, userId: string, workspaceId: string): Promise<void> {
  await db.updateTable("users").set({ current_workspace_id: workspaceId }).where("id", "=", userId).execute();
}

/** Users whose current workspace is this one lose it (it is gone, or they left it). */
export async function clearCurrentWorkspace(
  db: Queryable,
  workspaceId: string,
  userId?: string,
): Promise<void> {
  let query = db
    .updateTable("users")
    .set({ current_workspace_id: null })
    .where("current_workspace_id", "=", workspaceId);
  if (userId) query = query.where("id", "=", userId);
  await query.execute();
}

export async function markEmailVerified(db: Queryable, userId: string, now: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ email_verified_at: now, updated_at: now })
    .where("id", "=", userId)
    .execute();
}
