// Workspace and membership queries. Every query names the workspace it touches.
import { pastPosition } from "../../db/keyset.ts";
import type { Queryable, WorkspacesTable } from "../../db/schema.ts";
import type { Position } from "../../lib/cursor.ts";

export type WorkspaceRow = WorkspacesTable;

export async function insertWorkspace(db: Queryable, row: WorkspaceRow): Promise<void> {
  await db.insertInto("workspaces").values(row).execute();
}

export async function insertMember(
  db: Queryable,
  member: { workspace_id: string; user_id: string; role: number; now: string },
): Promise<void> {
  await db
    .insertInto("workspace_members")
    .values({
      workspace_id: member.workspace_id,
      user_id: member.user_id,
      role: member.role,
      created_at: member.now,
      updated_at: member.now,
    })
    .execute();
}

export function findWorkspace(db: Queryable, workspaceId: string) {
  return db.selectFrom("workspaces").selectAll().where("id", "=", workspaceId).executeTakeFirst();
}

/** Every workspace of the store, in id order (operator commands that go through them all). */
export function allWorkspaces(db: Queryable) {
  return db.selectFrom("workspaces").select(["id", "name"]).orderBy("id").execute();
}

export async function roleOf(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("workspace_members")
    .select("role")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role;
}

/** The user's role in the workspace, and what the workspace requires of its members' sign-in. */
export function membershipOf(db: Queryable, workspaceId: string, userId: string) {
  return db
    .selectFrom("workspace_members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["m.role", "w.two_factor_required_at", "w.sso_required_at"])
    .where("m.workspace_id", "=", workspaceId)
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
}

/** The user's workspaces that require two-factor sign-in (id and name). */
export function requiringTwoFactorOf(db: Queryable, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom("workspace_members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["w.id", "w.name"])
    .where("m.user_id", "=", userId)
    .where("w.two_factor_required_at", "is not", null)
    .orderBy("w.name")
    .execute();
}

export function workspacesOfUser(db: Queryable, userId: string) {
  return db
    .selectFrom("workspace_members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .selectAll("w")
    .select("m.role")
    .where("m.user_id", "=", userId)
    .orderBy("w.created_at")
    .orderBy("w.id")
    .execute();
}

/**
 * The user's workspaces, each with whether the user founded it: a founder's membership is made with
 * the workspace, and everyone else came in later through an invite.
 */
export async function foundingOf(
  db: Queryable,
  userId: string,
): Promise<{ workspaceId: string; founded: boolean }[]> {
  const rows = await db
    .selectFrom("workspace_members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["w.id", "w.created_at as workspace_created_at", "m.created_at as joined_at"])
    .where("m.user_id", "=", userId)
    .execute();
  return rows.map((r) => ({ workspaceId: r.id, founded: r.joined_at <= r.workspace_created_at }));
}

/** The ids of a workspace's members. */
export async function memberIdsOf(db: Queryable, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("workspace_members")
    .select("user_id")
    .where("workspace_id", "=", workspaceId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Who a member is, as a list of members shows them: the person (`u`, users) and their role in the
 * workspace (`m`, workspace_members). A team's members are listed with the same.
 */
export const MEMBER_COLUMNS = [
  "u.id as user_id",
  "u.email",
  "u.first_name",
  "u.middle_name",
  "u.last_name",
  "m.role",
] as const;

const memberColumns = [...MEMBER_COLUMNS, "m.created_at as joined_at"] as const;

const membersQuery = (db: Queryable, workspaceId: string) =>
  db
    .selectFrom("workspace_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(memberColumns)
    .where("m.workspace_id", "=", workspaceId);

/** Members in the order they joined, from just after `after` (a page position) when given. */
export function membersOf(db: Queryable, workspaceId: string, page: { limit: number; after?: Position }) {
  let query = membersQuery(db, workspaceId);
  const { after } = page;
  if (after)
    query = query.where((eb) => pastPosition(eb, after, ">", { createdAt: "m.created_at", id: "u.id" }));
  return query.orderBy("m.created_at").orderBy("u.id").limit(page.limit).execute();
}

export function memberOf(db: Queryable, workspaceId: string, userId: string) {
  return membersQuery(db, workspaceId).where("u.id", "=", userId).executeTakeFirst();
}

/** Workspaces where this user is the only Owner: deleting the user deletes them. */
export async function workspacesSolelyOwnedBy(db: Queryable, userId: string): Promise<string[]> {
  const owned = await db
    .selectFrom("workspace_members")
    .select("workspace_id")
    .where("user_id", "=", userId)
    .where("role", "=", 3)
    .execute();
  const result: string[] = [];
  for (const { workspace_id } of owned) {
    const owners = await db
      .selectFrom("workspace_members")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspace_id", "=", workspace_id)
      .where("role", "=", 3)
      .executeTakeFirstOrThrow();
    if (Number(owners.n) === 1) result.push(workspace_id);
  }
  return result;
}

export async function deleteWorkspaces(db: Queryable, workspaceIds: string[]): Promise<number> {
  if (workspaceIds.length === 0) return 0;
  const result = await db.deleteFrom("workspaces").where("id", "in", workspaceIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function updateWorkspace(
  db: Queryable,
  workspaceId: string,
  patch: Partial<
    Pick<
      WorkspaceRow,
      "name" | "avatar_url" | "plan" | "updated_at" | "two_factor_required_at" | "sso_required_at"
    >
  >,
): Promise<number> {
  const result = await db
    .updateTable("workspaces")
    .set(patch)
    .where("id", "=", workspaceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setMemberRole(
  db: Queryable,
  workspaceId: string,
  userId: string,
  role: number,
  now: string,
) {
  await db
    .updateTable("workspace_members")
    .set({ role, updated_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .execute();
}

export async function deleteMember(db: Queryable, workspaceId: string, userId: string): Promise<void> {
  await db
    .deleteFrom("workspace_members")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .execute();
}

/** The members of a workspace (those of one role, when given). */
export async function countMembers(db: Queryable, workspaceId: string, role?: number): Promise<number> {
  let query = db
    .selectFrom("workspace_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", workspaceId);
  if (role !== undefined) query = query.where("role", "=", role);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Takes the workspace row's lock for the rest of the transaction (a no-op write; SQLite serialises anyway). */
export async function lockWorkspace(db: Queryable, workspaceId: string): Promise<void> {
  await db
    .updateTable("workspaces")
    .set((eb) => ({ plan: eb.ref("plan") }))
    .where("id", "=", workspaceId)
    .execute();
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

export async function planOf(db: Queryable, workspaceId: string): Promise<string> {
  const row = await db
    .selectFrom("workspaces")
    .select("plan")
    .where("id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return row.plan;
}
