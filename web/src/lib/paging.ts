// One page of a long list: the table renders at most a page of rows, so an environment of 5,000
// secrets costs the DOM what one of 100 does. Search and filters run over the whole list first.

export const PAGE_SIZE = 100;

export interface Page<Row> {
  rows: readonly Row[];
  /** Zero-based, clamped to the pages there are. */
  page: number;
  pages: number;
  /** One-based positions of the first and last row shown (0 and 0 when there are none). */
  from: number;
  to: number;
  total: number;
}

export function pageOf<Row>(all: readonly Row[], page: number, size = PAGE_SIZE): Page<Row> {
  const pages = Math.max(1, Math.ceil(all.length / size));
  const current = Math.min(Math.max(0, Math.trunc(page) || 0), pages - 1);
  const start = current * size;
  const rows = all.slice(start, start + size);
  return {
    rows,
    page: current,
    pages,
    from: rows.length ? start + 1 : 0,
    to: start + rows.length,
    total: all.length,
  };
}

/** "12 secrets", or "3 of 12 secrets" when a search or a filter hides some. */
export function countLabel(shown: number, total: number, noun: string, plural = `${noun}s`): string {
  const word = total === 1 ? noun : plural;
  return shown === total
    ? `${total.toLocaleString("en")} ${word}`
    : `${shown.toLocaleString("en")} of ${total.toLocaleString("en")} ${word}`;
}
