// Lists paged by cursor (audit trails, a secret's log): the next cursor travels in the
// X-Next-Cursor response header, so the page is read from the whole answer, not just its body.
import { type FetchResult, unwrap } from "./errors.ts";

export interface Page<T> {
  items: T[];
  /** Absent on the last page. */
  nextCursor?: string;
}

export async function unwrapPage<T>(call: Promise<FetchResult<T[]>>): Promise<Page<T>> {
  const result = await call;
  const items = await unwrap(Promise.resolve(result));
  const next = result.response.headers.get("x-next-cursor");
  return next ? { items, nextCursor: next } : { items };
}
