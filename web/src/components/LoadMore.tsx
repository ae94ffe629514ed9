// Under a list read a page at a time: the button that reads the next page, while there is one.
import { Button } from "./Button.tsx";

export function LoadMore({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  /** "Load more members". */
  label: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <p className="load-more">
      <Button onClick={() => void query.fetchNextPage()} busy={query.isFetchingNextPage}>
        {label}
      </Button>
    </p>
  );
}
