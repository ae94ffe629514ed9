// A list that loads: what QueryStatus says while the query is on its way or failed, then the
// table as cards once it has answered. Every list screen shows its rows this way.
import { QueryStatus } from "./QueryStatus.tsx";
import { Table, type TableProps } from "./Table.tsx";

interface Pending {
  isPending: boolean;
  error: Error | null;
}

/** The rows are the query's own, or (a paged query's pages flattened) given beside it. */
type RowsOf<Row> =
  | { query: Pending & { data?: readonly Row[] }; rows?: undefined }
  | { query: Pending & { data?: unknown }; rows: readonly Row[] };

/** A row is known by its id unless told otherwise. */
type KeyOf<Row> = Row extends { id: string }
  ? { rowKey?: (row: Row) => string }
  : { rowKey: (row: Row) => string };

type QueryTableProps<Row> = Omit<TableProps<Row>, "rows" | "rowKey" | "cards"> &
  RowsOf<Row> &
  KeyOf<Row> & {
    /** "Loading members…". */
    loading: string;
  };

const idOf = (row: unknown) => (row as { id: string }).id;

export function QueryTable<Row>({ query, loading, rows, rowKey, ...table }: QueryTableProps<Row>) {
  const shown = rows ?? (query.data as readonly Row[] | undefined);
  return (
    <>
      <QueryStatus query={query} loading={loading} />
      {query.data !== undefined && shown && <Table cards rows={shown} rowKey={rowKey ?? idOf} {...table} />}
    </>
  );
}
