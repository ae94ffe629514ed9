// The secrets table's columns. Rows stay one line high on a wide screen: a long key ends in an
// ellipsis (the whole key on hover), the description and the inherited note follow it on the same
// line, "Updated" is relative ("3 h ago", the exact time on hover), and the row's actions never wrap.
import type { ReactNode } from "react";
import type { SecretMetadata } from "../api/queries.ts";
import type { ActionSpec } from "../components/ActionDialog.tsx";
import { Button } from "../components/Button.tsx";
import { KeyName } from "../components/KeyName.tsx";
import { RotationBadge } from "../components/RotationBadge.tsx";
import { SecretValue } from "../components/SecretValue.tsx";
import type { Column } from "../components/Table.tsx";
import type { useSecretValues } from "../components/useSecretValues.ts";
import { ago } from "../components/When.tsx";

export interface SecretsColumnsContext {
  mayWrite: boolean;
  now: Date;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  values: ReturnType<typeof useSecretValues>;
  editing: { id: string; value: string } | null;
  onEditDone: (key: string) => void;
  onSave: (secret: SecretMetadata, value: string) => Promise<unknown>;
  onStartEdit: (secret: SecretMetadata) => void;
  onHistory: (secret: SecretMetadata) => void;
  /** Asks to delete one secret (the screen's confirmation dialog). */
  ask: (spec: ActionSpec) => void;
  remove: (secret: SecretMetadata) => Promise<unknown>;
  nameOf: (environmentId: string) => string;
  /** Which environments inheriting this secret lose it with it, as a sentence ("" for none). */
  lossNote: (secret: SecretMetadata) => Promise<string>;
}

const DELETE_MESSAGE =
  "It leaves every list and read at once, with its log. Until it is purged (after 30 days by default) it can be restored, with its versions, from Recently deleted.";

/** Edit and delete, for those who may write; an inherited secret offers an override instead. */
function writeActions(s: SecretMetadata, c: SecretsColumnsContext): ReactNode {
  if (s.inherited_from) {
    return (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Override ${s.key} in this environment`}
        data-edit-for={s.key}
        onClick={() => c.onStartEdit(s)}
      >
        Override
      </Button>
    );
  }
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Edit ${s.key}`}
        data-edit-for={s.key}
        onClick={() => c.onStartEdit(s)}
      >
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="danger-text"
        aria-label={`Delete ${s.key}`}
        onClick={async () => {
          const losing = await c.lossNote(s);
          c.ask({
            title: `Delete ${s.key}?`,
            submitLabel: "Delete secret",
            danger: true,
            message: losing ? `${losing} ${DELETE_MESSAGE}` : DELETE_MESSAGE,
            run: () => c.remove(s),
          });
        }}
      >
        Delete
      </Button>
    </>
  );
}

export function secretsColumns(c: SecretsColumnsContext): Column<SecretMetadata>[] {
  const columns: Column<SecretMetadata>[] = [];
  if (c.mayWrite) {
    columns.push({
      header: "Select",
      hideHeader: true,
      className: "col-select",
      cell: (s) =>
        !s.inherited_from && (
          <input
            type="checkbox"
            aria-label={`Select ${s.key}`}
            checked={c.selected.has(s.id)}
            onChange={() => c.onToggle(s.id)}
          />
        ),
    });
  }
  columns.push(
    {
      header: "Key",
      className: "col-key",
      // One element: on a phone the cell is a label-and-content grid.
      cell: (s) => (
        <span className="key-cell" title={s.description ? `${s.key}: ${s.description}` : s.key}>
          <code className="key">
            <KeyName name={s.key} />
          </code>
          {s.inherited_from && <span className="inherited">inherited from {c.nameOf(s.inherited_from)}</span>}
          {s.description && <span className="description">{s.description}</span>}
        </span>
      ),
    },
    {
      header: "Value",
      className: "col-value",
      cell: (s) => (
        <SecretValue
          secretKey={s.key}
          shown={c.values.valueOf(s)}
          reading={c.values.isReading(s)}
          failure={c.values.failureOf(s)}
          onShow={() => c.values.show(s)}
          onHide={() => c.values.forget([s.id])}
          readValue={() => c.values.read(s).then((read) => read.value)}
          editing={c.editing?.id === s.id ? c.editing.value : undefined}
          onEditDone={() => c.onEditDone(s.key)}
          onSave={(value) => c.onSave(s, value)}
        />
      ),
    },
    { header: "Rotation", className: "col-rotation", cell: (s) => <RotationBadge secret={s} now={c.now} /> },
    { header: "Version", className: "col-num", cell: (s) => `v${s.current_version}` },
    { header: "Updated", className: "col-when", cell: (s) => ago(s.updated_at, c.now) },
    {
      header: "Actions",
      hideHeader: true,
      className: "col-actions",
      cell: (s) => (
        <span className="row-actions">
          {!s.inherited_from && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`History of ${s.key}`}
              onClick={() => c.onHistory(s)}
            >
              History
            </Button>
          )}
          {c.mayWrite && writeActions(s, c)}
        </span>
      ),
    },
  );
  return columns;
}
