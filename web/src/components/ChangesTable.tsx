// A preview of what would change in an environment (an import, a restore to a moment): each key's
// change as a badge, the key, and its value as the preview shows it. The kind that is bad news
// (a variable skipped, a secret removed) reads in red.
import type { ReactNode } from "react";
import { Table } from "./Table.tsx";

export function ChangesTable<Row extends { kind: string; key: string }>({
  caption,
  rows,
  redKind,
  value,
  empty,
}: {
  caption: string;
  rows: readonly Row[];
  redKind: Row["kind"];
  value: (row: Row) => ReactNode;
  empty: ReactNode;
}) {
  return (
    <Table
      caption={caption}
      cards
      rows={rows}
      rowKey={(r) => `${r.kind}-${r.key}`}
      empty={empty}
      columns={[
        {
          header: "Change",
          cell: (r) => (
            <span className={`badge kind-${r.kind === redKind ? "invalid" : r.kind}`}>{r.kind}</span>
          ),
        },
        { header: "Key", className: "col-key", cell: (r) => <code className="key">{r.key}</code> },
        { header: "Value", className: "col-value", cell: value },
      ]}
    />
  );
}
