// Team and team-membership queries, always scoped by workspace.

import type { Queryable, TeamsTable } from "../../db/schema.ts";
import { deleteInWorkspace, rowWhere, updateInWorkspace } from "../../db/workspace-rows.ts";
import { MEMBER_COLUMNS } from "../workspaces/index.ts";

export type TeamRow = TeamsTable;

export function findTeam(db: Queryable, workspaceId: string, teamId: string) {
  return rowWhere(db, "teams", { workspace_id: workspaceId, id: teamId });
}

export function listTeams(db: Queryable, workspaceId: string, onlyForUser?: string) {
  let query = db.selectFrom("teams").selectAll("teams").where("teams.workspace_id", "=", workspaceId);
  if (onlyForUser) {
    query = query
      .innerJoin("team_members", "team_members.team_id", "teams.id")
      .where("team_members.user_id", "=", onlyForUser);
  }
  return query.orderBy("teams.created_at").orderBy("teams.id").execute();
}

export async function insertTeam(db: Queryable, row: TeamRow): Promise<void> {
  await db.insertInto("teams").values(row).execute();
}

export async function updateTeam(
  db: Queryable,
  workspaceId: string,
  teamId: string,
  patch: Partial<Pick<TeamRow, "name" | "avatar_url" | "updated_at">>,
): Promise<void> {
  await updateInWorkspace(db, "teams", workspaceId, teamId, patch);
}

export async function deleteTeam(db: Queryable, workspaceId: string, teamId: string): Promise<void> {
  await deleteInWorkspace(db, "teams", workspaceId, teamId);
}

export async function teamNameTaken(db: Queryable, workspaceId: string, name: string, exceptId?: string) {
  let query = db
    .selectFrom("teams")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("name", "=", name);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function teamMembers(db: Queryable, workspaceId: string, teamId: string) {
  return db
    .selectFrom("team_members as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .innerJoin("workspace_members as m", (join) =>
      join.onRef("m.user_id", "=", "t.user_id").onRef("m.workspace_id", "=", "t.workspace_id"),
    )
    .select([...MEMBER_COLUMNS, "t.created_at as added_at"])
    .where("t.workspace_id", "=", workspaceId)
    .where("t.team_id", "=", teamId)
    .orderBy("t.created_at")
    .orderBy("u.id")
    .execute();
}

/** The teams of the workspace a user is a member of (the policy's team rule). */
export async function teamIdsOf(db: Queryable, workspaceId: string, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("team_members")
    .select("team_id")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .execute();
  return new Set(rows.map((r) => r.team_id));
}

export async function isTeamMember(db: Queryable, teamId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("team_members")
    .select("user_id")
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function addTeamMember(
  db: Queryable,
  row: { team_id: string; user_id: string; workspace_id: string; created_at: string },
): Promise<void> {
  await db.insertInto("team_members").values(row).execute();
}

export async function removeTeamMember(db: Queryable, workspaceId: string, teamId: string, userId: string) {
  const result = await db
    .deleteFrom("team_members")
    .where("workspace_id", "=", workspaceId)
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function removeFromAllTeams(db: Queryable, workspaceId: string, userId: string): Promise<void> {
  await db
    .deleteFrom("team_members")
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .execute();
}
