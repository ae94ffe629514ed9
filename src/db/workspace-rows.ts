// Which of some ids name rows of a workspace, and what those rows are called: the scope checks of
// keys and webhooks and the audit trail's place names ask this of projects and environments alike.
// The owning module passes its own table (the one-owner-per-table rule is the caller's to keep).
import { type ExpressionBuilder, sql, type UpdateObject } from "kysely";
import { prepared } from "./prepared.ts";
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
    .where((eb) => allEqual(eb, row))
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
    .where((eb) => allEqual(eb, row))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The tables whose rows belong to one workspace. */
type TenantTable = {
  [T in keyof Database]: Database[T] extends { workspace_id: string } ? T : never;
}[keyof Database];

/**
 * The row of `table` whose columns hold the values in `match`, its workspace always among them.
 * The match is an object so that one helper serves every table: Kysely types a chain of `where`
 * over one named table only.
 */
export function rowWhere<T extends TenantTable>(
  q: Queryable,
  table: T,
  match: { workspace_id: string } & Partial<Database[T]>,
): Promise<Database[T] | undefined> {
  return q
    .selectFrom(table as TenantTable)
    .selectAll()
    .where((eb) => allEqual(eb, match))
    .executeTakeFirst() as Promise<Database[T] | undefined>;
}

/**
 * As rowWhere, compiled once (src/db/prepared.ts): for the reads every request makes. The workspace
 * is always matched (first), then the `match` columns. The row's columns are named, as a prepared
 * query's must be; `columns` is a Record over the row's type, so the compiler refuses a list that
 * misses one.
 */
export function preparedRowWhere<T extends TenantTable, M extends keyof Database[T] & string>(
  table: T,
  columns: Record<keyof Database[T], true>,
  match: readonly Exclude<M, "workspace_id">[],
): (q: Queryable, values: { workspace_id: string } & Record<M, string>) => Promise<Database[T] | undefined> {
  type Values = { workspace_id: string } & Record<M, string>;
  const read = prepared<Values, Database[T]>(
    ["workspace_id", ...match] as (keyof Values & string)[],
    (q, values) =>
      q
        .selectFrom(table as TenantTable)
        .select(Object.keys(columns) as never)
        .where((eb) => allEqual(eb, values)),
  );
  return async (q, values) => (await read(q, values))[0];
}

/** The tables whose rows belong to one workspace and say when they were made. */
type DatedTenantTable = {
  [T in TenantTable]: Database[T] extends { id: string; created_at: string } ? T : never;
}[TenantTable];

/**
 * The rows of `table` whose columns hold the values in `match` (its workspace always among them),
 * oldest first, ties by id: the order a list answers in, stable from one page to the next.
 */
export function rowsOldestFirst<T extends DatedTenantTable>(
  q: Queryable,
  table: T,
  match: { workspace_id: string } & Partial<Database[T]>,
): Promise<Database[T][]> {
  return q
    .selectFrom(table as DatedTenantTable)
    .selectAll()
    .where((eb) => allEqual(eb, match))
    .orderBy(sql.ref("created_at"))
    .orderBy(sql.ref("id"))
    .execute() as Promise<Database[T][]>;
}

/**
 * `column = value` for every entry. Not Kysely's filter object: that one drops an undefined value's
 * condition (a missing workspace id would read every tenant's rows) and turns null into `is null`.
 */
export function allEqual<T extends keyof Database>(eb: ExpressionBuilder<Database, T>, match: object) {
  return eb.and(
    Object.entries(match).map(([column, value]) => {
      if (value === undefined) throw new Error(`No value to match ${column} against`);
      return eb(sql.ref<unknown>(column), "=", value);
    }),
  );
}
