// What an import from a hosting platform would do (or did): one row per variable — added, changed
// (current → incoming), unchanged or skipped with the reason — the counts, and the overwrite choice.
import type { ReactNode } from "react";
import type { Ok } from "../api/queries.ts";
import { ChangesTable } from "./ChangesTable.tsx";

type Report = Ok<"previewImport">;

type Row =
  | { kind: "added"; key: string; value: string }
  | { kind: "changed"; key: string; current: string; incoming: string }
  | { kind: "unchanged"; key: string }
  | { kind: "skipped"; key: string; reason: string };

function rowsOf(report: Report): Row[] {
  return [
    ...report.added.map((a) => ({ kind: "added" as const, ...a })),
    ...report.changed.map((c) => ({ kind: "changed" as const, ...c })),
    ...report.unchanged.map((key) => ({ kind: "unchanged" as const, key })),
    ...report.skipped.map((s) => ({ kind: "skipped" as const, ...s })),
  ];
}

export function ImportPreview({
  report,
  overwrite,
  onOverwrite,
  footer,
}: {
  report: Report;
  overwrite: boolean;
  onOverwrite: (overwrite: boolean) => void;
  footer: ReactNode;
}) {
  const rows = rowsOf(report);
  return (
    <section aria-labelledby="preview-title" className="stack import-preview">
      <h2 id="preview-title">Preview</h2>
      <p className="paste-summary" role="status">
        <span className="badge kind-added">{report.added.length} added</span>
        <span className="badge kind-changed">{report.changed.length} changed</span>
        <span className="badge kind-unchanged">{report.unchanged.length} unchanged</span>
        <span className="badge kind-invalid">{report.skipped.length} skipped</span>
        <span className="muted">{report.total} read from the platform</span>
      </p>
      <ChangesTable
        caption="What the import finds"
        rows={rows}
        redKind="skipped"
        empty={<p>The platform has no variables there.</p>}
        value={(r) =>
          r.kind === "added" ? (
            <code className="value">{r.value}</code>
          ) : r.kind === "changed" ? (
            <code className="value">
              {r.current} → {r.incoming}
            </code>
          ) : r.kind === "skipped" ? (
            <span className="field-error">{r.reason}</span>
          ) : (
            <span className="muted">same value</span>
          )
        }
      />
      {report.changed.length > 0 && (
        <label className="check">
          <input type="checkbox" checked={overwrite} onChange={(e) => onOverwrite(e.target.checked)} />{" "}
          Overwrite the {report.changed.length} changed key{report.changed.length === 1 ? "" : "s"} (each gets
          a new version)
        </label>
      )}
      <div className="actions">{footer}</div>
    </section>
  );
}
