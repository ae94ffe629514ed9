// Environment queries, scoped by workspace, team and project.

import { sql } from "kysely";
import { preparedQuery } from "../../db/prepared.ts";
import type { EnvironmentsTable, Queryable } from "../../db/schema.ts";
import {
  deleteInWorkspace,
  preparedRowWhere,
  rowsOldestFirst,
  rowWhere,
  updateInWorkspace,
} from "../../db/workspace-rows.ts";

export type EnvironmentRow = EnvironmentsTable;

type EnvironmentIds = { workspaceId: string; teamId: string; projectId: string; environmentId: string };

// Every secrets call reads it first.
const environmentAt = preparedRowWhere(
  "environments",
  {
    id: true,
    workspace_id: true,
    team_id: true,
    project_id: true,
    name: true,
    slug: true,
    environment_type: true,
    default_policy: true,
    revision: true,
    parent_environment_id: true,
    references_from: true,
    protected: true,
    created_at: true,
    updated_at: true,
  },
  ["team_id", "project_id", "id"],
);

export function findEnvironment(db: Queryable, ids: EnvironmentIds): Promise<EnvironmentRow | undefined> {
  return environmentAt(db, {
    workspace_id: ids.workspaceId,
    team_id: ids.teamId,
    project_id: ids.projectId,
    id: ids.environmentId,
  });
}

/** The workspace's environment with this id, whatever its project. */
export function environmentById(db: Queryable, workspaceId: string, id: string) {
  return rowWhere(db, "environments", { workspace_id: workspaceId, id });
}

/** The project's environment with this id. */
export function environmentInProject(db: Queryable, workspaceId: string, projectId: string, id: string) {
  return rowWhere(db, "environments", { workspace_id: workspaceId, project_id: projectId, id });
}

/** The project's environment with this slug. */
export function environmentWithSlug(db: Queryable, workspaceId: string, projectId: string, slug: string) {
  return rowWhere(db, "environments", { workspace_id: workspaceId, project_id: projectId, slug });
}

export function listEnvironments(db: Queryable, workspaceId: string, projectId: string) {
  return rowsOldestFirst(db, "environments", { workspace_id: workspaceId, project_id: projectId });
}

/** The workspace's environments among `environmentIds` or in `projectIds` (a key's narrowed scope). */
export async function environmentsNamedOrIn(
  db: Queryable,
  workspaceId: string,
  environmentIds: readonly string[],
  projectIds: readonly string[],
): Promise<EnvironmentRow[]> {
  if (environmentIds.length === 0 && projectIds.length === 0) return [];
  return db
    .selectFrom("environments")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where((eb) =>
      eb.or([
        ...(environmentIds.length ? [eb("id", "in", [...environmentIds])] : []),
        ...(projectIds.length ? [eb("project_id", "in", [...projectIds])] : []),
      ]),
    )
    .orderBy("project_id")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function insertEnvironment(db: Queryable, row: EnvironmentRow): Promise<void> {
  await db.insertInto("environments").values(row).execute();
}

export async function updateEnvironment(
  db: Queryable,
  workspaceId: string,
  environmentId: string,
  patch: Partial<
    Pick<
      EnvironmentRow,
      | "name"
      | "slug"
      | "default_policy"
      | "parent_environment_id"
      | "references_from"
      | "protected"
      | "updated_at"
    >
  >,
): Promise<void> {
  await updateInWorkspace(db, "environments", workspaceId, environmentId, patch);
}

// Every write to an environment's secrets makes it: compiled once (no parameter but the ids).
const nextRevision = preparedQuery<{ workspaceId: string; environmentId: string }, never>(
  ["workspaceId", "environmentId"],
  (db, ids) =>
    db
      .updateTable("environments")
      .set({ revision: sql<number>`revision + 1` })
      .where("workspace_id", "=", ids.workspaceId)
      .where("id", "=", ids.environmentId),
);

/** Counts one more change of what the environment's secrets read as; takes its row lock on PostgreSQL. */
export async function bumpRevision(db: Queryable, workspaceId: string, environmentId: string): Promise<void> {
  await nextRevision(db, { workspaceId, environmentId });
}

export async function deleteEnvironment(
  db: Queryable,
  workspaceId: string,
  environmentId: string,
): Promise<void> {
  await deleteInWorkspace(db, "environments", workspaceId, environmentId);
}
