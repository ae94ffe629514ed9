// The lists that grow without bound (audit trails, a secret's log, members, invites) are paged by
// `limit` and `cursor`; the next cursor travels in the X-Next-Cursor header, so a page is read off
// the whole answer, not just its body.
import { type FetchResult, unwrap } from "./errors.ts";

export interface Page<T> {
  items: T[];
  /** Absent on the last page: pass it as `cursor` for the next one. */
  nextCursor?: string;
}

/** One page of a paged list; an error answer throws its ApiError. */
export async function unwrapPage<T>(call: Promise<FetchResult<T[]>> | FetchResult<T[]>): Promise<Page<T>> {
  const result = await call;
  const items = await unwrap(result);
  const next = result.response.headers.get("x-next-cursor");
  return next ? { items, nextCursor: next } : { items };
}
