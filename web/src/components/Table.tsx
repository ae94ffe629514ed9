// The shared data table: a real <table> in a container that scrolls sideways on narrow screens,
// or (with `cards`) rows laid out as cards below 640 px, each cell labelled by its column.
import type { ReactNode } from "react";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** Hide the header text (e.g. an actions column) while keeping it for screen readers. */
  hideHeader?: boolean;
}

export interface TableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  empty?: ReactNode;
  cards?: boolean;
  /** A class for the table's container, for a screen's own layout of it. */
  className?: string;
}

export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
  cards,
  className,
}: TableProps<Row>) {
  if (rows.length === 0 && empty) return <div className="empty">{empty}</div>;
  return (
    <div className={["table-wrap", cards ? "table-cards" : "", className ?? ""].join(" ").trim()}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.className} data-label={column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A row's actions: last, its header read by screen readers only. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): Column<Row> {
  return { header: "Actions", hideHeader: true, className: "col-actions", cell };
}

/** A row's name cell: the name, its description under it, then anything more. */
export function NameCell({
  name,
  description,
  children,
}: {
  name: ReactNode;
  description: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <span>
      {name}
      {description && <span className="description">{description}</span>}
      {children}
    </span>
  );
}
