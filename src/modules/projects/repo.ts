// Project queries, scoped by workspace and team.

import type { ProjectsTable, Queryable } from "../../db/schema.ts";
import { deleteInWorkspace, rowsOldestFirst, rowWhere, updateInWorkspace } from "../../db/workspace-rows.ts";

export type ProjectRow = ProjectsTable;

export function findProject(db: Queryable, workspaceId: string, teamId: string, projectId: string) {
  return rowWhere(db, "projects", { workspace_id: workspaceId, team_id: teamId, id: projectId });
}

/** The workspace's projects with this slug (one per team at most). */
export function projectsWithSlug(db: Queryable, workspaceId: string, slug: string) {
  return db
    .selectFrom("projects")
    .select(["id", "team_id"])
    .where("workspace_id", "=", workspaceId)
    .where("slug", "=", slug)
    .execute();
}

export function listProjects(db: Queryable, workspaceId: string, teamId: string) {
  return rowsOldestFirst(db, "projects", { workspace_id: workspaceId, team_id: teamId });
}

export async function insertProject(db: Queryable, row: ProjectRow): Promise<void> {
  await db.insertInto("projects").values(row).execute();
}

export async function updateProject(
  db: Queryable,
  workspaceId: string,
  projectId: string,
  patch: Partial<Pick<ProjectRow, "name" | "slug" | "is_active" | "proj_metadata" | "updated_at">>,
): Promise<void> {
  await updateInWorkspace(db, "projects", workspaceId, projectId, patch);
}

export async function deleteProject(db: Queryable, workspaceId: string, projectId: string): Promise<void> {
  await deleteInWorkspace(db, "projects", workspaceId, projectId);
}
