// Previous / next under a paged table, with where you are in words.
import type { Page } from "../lib/paging.ts";
import { Button } from "./Button.tsx";

export function Pager({
  page,
  label,
  onPage,
}: {
  page: Page<unknown>;
  label: string;
  onPage: (page: number) => void;
}) {
  if (page.pages <= 1) return null;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <Button size="sm" disabled={page.page === 0} onClick={() => onPage(page.page - 1)}>
        Previous
      </Button>
      <span className="muted" aria-live="polite">
        {page.from.toLocaleString("en")}–{page.to.toLocaleString("en")} of {page.total.toLocaleString("en")} ·
        page {page.page + 1} of {page.pages}
      </span>
      <Button size="sm" disabled={page.page >= page.pages - 1} onClick={() => onPage(page.page + 1)}>
        Next
      </Button>
    </nav>
  );
}
