// Opaque page cursors for lists that grow without bound (DESIGN.md §3): the position of the last
// item of a page, as (created_at, id), base64url-encoded. A malformed cursor is a 422.
import { ValidationFailed } from "../errors.ts";

export interface Position {
  createdAt: string;
  id: string;
}

export const encodeCursor = (row: { created_at: string; id: string }): string =>
  Buffer.from(`${row.created_at}|${row.id}`).toString("base64url");

export function decodeCursor(cursor: string): Position {
  const [createdAt, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || extra !== undefined || Number.isNaN(Date.parse(createdAt))) {
    throw new ValidationFailed([{ loc: ["query", "cursor"], msg: "Invalid cursor", type: "value_error" }]);
  }
  return { createdAt, id };
}

/** Splits the limit+1 rows a query fetched into a page and the cursor of the next one. */
export function pageOf<T extends { created_at: string; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
