// Project queries, scoped by workspace and team.
import type { ProjectsTable, Queryable } from "../../db/schema.ts";
import { firstFreeSlug, slugify } from "../../lib/slug.ts";

export type ProjectRow = ProjectsTable;

export function findProject(db: Queryable, workspaceId: string, teamId: string, projectId: string) {
  return db
    .selectFrom("projects")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("team_id", "=", teamId)
    .where("id", "=", projectId)
    .executeTakeFirst();
}

export function listProjects(db: Queryable, workspaceId: string, teamId: string) {
  return db
    .selectFrom("projects")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("team_id", "=", teamId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function freeProjectSlug(db: Queryable, teamId: string, name: string, exceptId?: string) {
  const base = slugify(name);
  let query = db
    .selectFrom("projects")
    .select("slug")
    .where("team_id", "=", teamId)
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]));
  if (exceptId) query = query.where("id", "!=", exceptId);
  const rows = await query.execute();
  return firstFreeSlug(
    base,
    rows.map((r) => r.slug),
  );
}

export async function insertProject(db: Queryable, row: ProjectRow): Promise<void> {
  await db.insertInto("projects").values(row).execute();
}

export async function updateProject(
  db: Queryable,
  projectId: string,
  patch: Partial<Pick<ProjectRow, "name" | "slug" | "is_active" | "proj_metadata" | "updated_at">>,
): Promise<void> {
  await db.updateTable("projects").set(patch).where("id", "=", projectId).execute();
}

export async function deleteProject(db: Queryable, projectId: string): Promise<void> {
  await db.deleteFrom("projects").where("id", "=", projectId).execute();
}
