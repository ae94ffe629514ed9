// Which of some ids name rows of a workspace, and what those rows are called: the scope checks of
// keys and webhooks and the audit trail's place names ask this of projects and environments alike.
// The owning module passes its own table (the one-owner-per-table rule is the caller's to keep).
import type { UpdateObject } from "kysely";
import type { Database, Queryable } from "./schema.ts";

type NamedTable = "projects" | "environments";

/** Of the ids, those naming rows of `table` in the workspace. */
export async function idsInWorkspace(
  q: Queryable,
  table: NamedTable,
  workspaceId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q
    .selectFrom(table)
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The names of some rows of `table` in the workspace, by id, as `q` sees them. */
export async function namesInWorkspace(
  q: Queryable,
  table: NamedTable,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .selectFrom(table)
    .select(["id", "name"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The tables whose rows have an `id` of their own and belong to one workspace. */
export type WorkspaceTable = {
  [T in keyof Database]: Database[T] extends { workspace_id: string; id: string } ? T : never;
}[keyof Database];

/** Changes the row `id` of `table` if it belongs to the workspace. */
export async function updateInWorkspace<T extends WorkspaceTable>(
  q: Queryable,
  table: T,
  workspaceId: string,
  id: string,
  patch: Partial<Database[T]>,
): Promise<void> {
  const row = { workspace_id: workspaceId, id };
  await q
    .updateTable(table as WorkspaceTable)
    .set(patch as UpdateObject<Database, WorkspaceTable>)
    .where(({ and }) => and(row))
    .execute();
}

/** Deletes the row `id` of `table` if it belongs to the workspace; the number of rows deleted (0 or 1). */
export async function deleteInWorkspace(
  q: Queryable,
  table: WorkspaceTable,
  workspaceId: string,
  id: string,
): Promise<number> {
  const row = { workspace_id: workspaceId, id };
  const result = await q
    .deleteFrom(table)
    .where(({ and }) => and(row))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
