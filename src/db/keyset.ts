// Keyset paging over (created_at, id), the order of the lists that grow without bound (DESIGN.md §3
// cursors): the condition a page puts on the rows past the position it starts from.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Position } from "../lib/cursor.ts";

/** The columns of a query's (created_at, id) order, as the query names them ("m.created_at"). */
export interface OrderColumns {
  createdAt: string;
  id: string;
}

/**
 * The rows past `position`: `<` for a newest-first list, `>` for an oldest-first one. The columns
 * are plain references, so the condition fits any query's tables and aliases.
 */
export function pastPosition<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  position: Position,
  direction: "<" | ">",
  columns: OrderColumns = { createdAt: "created_at", id: "id" },
): Expression<SqlBool> {
  const createdAt = sql.ref<string>(columns.createdAt);
  const id = sql.ref<string>(columns.id);
  return eb.or([
    eb(createdAt, direction, position.createdAt),
    eb.and([eb(createdAt, "=", position.createdAt), eb(id, direction, position.id)]),
  ]);
}
