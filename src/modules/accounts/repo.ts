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

export async function firstMembership(db: Queryable, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("workspace_members")
    .select("workspace_id")
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("workspace_id")
    .executeTakeFirst();
  return row?.workspace_id;
}

export async function countMemberships(db: Queryable, userId: string): Promise<number> {
  const row = await db
    .selectFrom("workspace_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
