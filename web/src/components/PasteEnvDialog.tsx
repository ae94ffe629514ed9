// Bulk paste of a .env: the preview (added / changed / unchanged, invalid lines named) updates as
// the person types; applying creates the new keys and updates the changed ones, nothing else.
import { useMemo, useState } from "react";
import { type PastedChange, type PastePlan, planOf, previewPaste } from "../lib/env-paste.ts";
import { Alert } from "./Alert.tsx";
import { TextArea } from "./Field.tsx";
import { FormDialog } from "./FormDialog.tsx";
import { Table } from "./Table.tsx";

const mask = (value: string, shown: boolean) => (shown ? value : "••••••••");

export function PasteEnvDialog({
  open,
  existing,
  onClose,
  onApply,
}: {
  open: boolean;
  existing: readonly { key: string; value: string }[];
  onClose: () => void;
  onApply: (plan: PastePlan) => Promise<unknown>;
}) {
  const [text, setText] = useState("");
  const [showValues, setShowValues] = useState(false);
  const preview = useMemo(() => (text.trim() ? previewPaste(text, existing) : undefined), [text, existing]);
  const changes = preview?.ok ? preview.changes : [];
  const count = (kind: PastedChange["kind"]) => changes.filter((c) => c.kind === kind).length;
  const plan = planOf(changes);
  const invalid = count("invalid");

  const close = () => {
    setText("");
    onClose();
  };

  return (
    <FormDialog
      open={open}
      wide
      title="Paste a .env"
      submitLabel={`Apply ${plan.create.length + plan.update.length} change${plan.create.length + plan.update.length === 1 ? "" : "s"}`}
      onClose={close}
      onSubmit={async () => {
        if (!preview?.ok)
          throw new Error(preview ? preview.error : "Paste the contents of a .env file first");
        if (invalid > 0) throw new Error("Fix or remove the lines marked invalid first");
        if (plan.create.length + plan.update.length === 0)
          throw new Error("Nothing changes: every value is already set");
        await onApply(plan);
        setText("");
      }}
    >
      <TextArea
        label=".env contents"
        rows={8}
        className="mono"
        spellCheck={false}
        autoComplete="off"
        placeholder={"DATABASE_URL=postgres://…\nAPI_KEY=…"}
        hint="KEY=VALUE lines; quotes, export prefixes and comments are understood. Nothing is written until you apply."
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {preview && !preview.ok && <Alert kind="error">{preview.error}</Alert>}
      {preview?.ok && (
        <>
          <p className="paste-summary" role="status">
            <span className="badge kind-added">{count("added")} added</span>
            <span className="badge kind-changed">{count("changed")} changed</span>
            <span className="badge kind-unchanged">{count("unchanged")} unchanged</span>
            {invalid > 0 && <span className="badge kind-invalid">{invalid} invalid</span>}
            <label className="check">
              <input type="checkbox" checked={showValues} onChange={(e) => setShowValues(e.target.checked)} />{" "}
              Show values
            </label>
          </p>
          <Table
            caption="What applying changes"
            rows={changes}
            rowKey={(c) => c.key}
            rowClassName={(c) => `change-${c.kind}`}
            columns={[
              { header: "Change", cell: (c) => <span className={`badge kind-${c.kind}`}>{c.kind}</span> },
              { header: "Key", cell: (c) => <code>{c.key}</code> },
              {
                header: "Value",
                cell: (c) =>
                  c.kind === "invalid" ? (
                    <span className="field-error">{c.reason}</span>
                  ) : c.kind === "changed" ? (
                    <code>
                      {mask(c.previous ?? "", showValues)} → {mask(c.value, showValues)}
                    </code>
                  ) : (
                    <code>{mask(c.value, showValues)}</code>
                  ),
              },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}
