// One newest-first page of what several sources hold, each read newest first by time: a page is cut
// only where every source has been read that far, and rows at the cut's own time are read whole,
// so items written in the same millisecond (a bulk write) are never skipped or repeated. Some rows
// may make no item (a source read wider than what is shown): reading goes on until the page is full.

/** A page's position: its last item's time and id (ids order items of the same time). */
export interface Position {
  at: string;
  id: string;
}

export interface Source<R> {
  /** Up to `limit` rows strictly older than `before` (the newest when undefined), newest first. */
  older(before: string | undefined, limit: number): Promise<R[]>;
  /** Every row at exactly `at`. */
  at(at: string): Promise<R[]>;
}

/** Newest first: later time first, then the greater id. */
export const newestFirst = (a: Position, b: Position): number =>
  a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

const olderThan = (item: Position, position: Position) => newestFirst(item, position) > 0;

/**
 * The `limit` newest items strictly older than `after` (a previous page's last position) and than
 * `before`, and the position to go on from (null when nothing is left).
 */
export async function newestFirstPage<R extends { at: string }, T extends Position>(
  sources: Source<R>[],
  make: (rows: R[]) => Promise<T[]>,
  page: { limit: number; after?: Position; before?: string },
): Promise<{ items: T[]; next: Position | null }> {
  const { limit } = page;
  const bound: Position | undefined =
    page.after && (page.before === undefined || page.after.at < page.before)
      ? page.after
      : page.before !== undefined
        ? { at: page.before, id: "" }
        : undefined;
  const found: T[] = [];
  // The rest of the bound's own millisecond first: its rows are read whole, the page went up to `id`.
  if (bound && bound.id !== "") {
    const tied = await Promise.all(sources.map((s) => s.at(bound.at)));
    found.push(...(await make(tied.flat())).filter((item) => olderThan(item, bound)));
  }
  let edge = bound?.at;
  for (;;) {
    const read = await Promise.all(sources.map((s) => s.older(edge, limit + 1)));
    // A source that had more than a page may hold more rows older than its last: everything newer
    // than the latest such cut is read, from every source.
    const cuts = read.filter((rows) => rows.length > limit).map((rows) => rows[rows.length - 1]!.at);
    const cut = cuts.length > 0 ? cuts.reduce((a, b) => (a > b ? a : b)) : undefined;
    let rows = read.flat();
    if (cut !== undefined) {
      rows = rows.filter((row) => row.at > cut);
      rows.push(...(await Promise.all(sources.map((s) => s.at(cut)))).flat());
    }
    found.push(...(await make(rows)));
    if (cut === undefined || found.length > limit) break;
    edge = cut;
  }
  found.sort(newestFirst);
  const items = found.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: found.length > limit && last ? { at: last.at, id: last.id } : null };
}
