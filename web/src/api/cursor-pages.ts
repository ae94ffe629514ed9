// How a list the API pages by cursor is read as an infinite query: the first page asks with no
// cursor, each next one with the cursor the page before it ended on (none: the list is complete).
import type { Page } from "coffer/client";

export const cursorPages = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: Page<unknown>) => last.nextCursor,
};
