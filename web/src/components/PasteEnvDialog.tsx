// Bulk paste of a .env: the preview (added / changed / unchanged, invalid lines named) updates as
// the person types; applying creates the new keys and updates the changed ones, nothing else.
// The table holds no values: the current value of each pasted key that is already here is read
// (as stored, once per key while the dialog is open, each read recorded) to tell changed from
// unchanged, and forgotten when the dialog closes.
import { useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "../api/errors.ts";
import type { EnvPath, SecretMetadata } from "../api/queries.ts";
import { readSecretValues } from "../api/secret-values.ts";
import { type PastedChange, type PastePlan, planOf, previewPaste, unreadKeys } from "../lib/env-paste.ts";
import { Alert } from "./Alert.tsx";
import { TextArea } from "./Field.tsx";
import { FormDialog } from "./FormDialog.tsx";
import { Table } from "./Table.tsx";

const mask = (value: string, shown: boolean) => (shown ? value : "••••••••");

/** Milliseconds the text must rest before the values it needs are read (not one read per keystroke). */
const READ_AFTER_MS = 400;

export function PasteEnvDialog({
  open,
  path,
  existing,
  onClose,
  onApply,
}: {
  open: boolean;
  path: EnvPath;
  /** The environment's secrets, as the table lists them (no values). */
  existing: readonly SecretMetadata[];
  onClose: () => void;
  onApply: (plan: PastePlan) => Promise<unknown>;
}) {
  const [text, setText] = useState("");
  const [showValues, setShowValues] = useState(false);
  const [current, setCurrent] = useState<ReadonlyMap<string, string>>(new Map());
  const [readFailure, setReadFailure] = useState<unknown>();
  /** Keys whose value was asked for (read, or being read). */
  const asked = useRef(new Set<string>());
  /** Counts the dialog's closings: a read answered after one is dropped, not kept. */
  const closings = useRef(0);
  const known = useMemo(
    () => existing.map((s) => ({ key: s.key, value: current.get(s.key) })),
    [existing, current],
  );
  const preview = useMemo(() => (text.trim() ? previewPaste(text, known) : undefined), [text, known]);
  const changes = preview?.ok ? preview.changes : [];
  const count = (kind: PastedChange["kind"]) => changes.filter((c) => c.kind === kind).length;
  const plan = planOf(changes);
  const invalid = count("invalid");
  const unread = count("unread");
  // One string, so the effect sees a change of keys, not a new array each render.
  const toRead = unreadKeys(preview).join("\n");

  useEffect(() => {
    const keys = toRead.split("\n").filter((key) => key && !asked.current.has(key));
    if (keys.length === 0) return undefined;
    const timer = setTimeout(() => {
      const opened = closings.current;
      for (const key of keys) asked.current.add(key);
      setReadFailure(undefined);
      const rows = existing.filter((s) => keys.includes(s.key));
      readSecretValues(path, rows, { raw: true }).then(
        (values) => {
          if (closings.current === opened) setCurrent((known) => new Map([...known, ...values]));
        },
        (error) => {
          if (closings.current !== opened) return;
          for (const key of keys) asked.current.delete(key); // asked again at the next change
          setReadFailure(error);
        },
      );
    }, READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [toRead, existing, path]);

  const close = () => {
    setText("");
    setCurrent(new Map());
    setReadFailure(undefined);
    asked.current.clear();
    closings.current += 1;
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
        if (unread > 0) throw new Error("The current values are still being read: apply again in a moment");
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
        hint="KEY=VALUE lines; quotes, export prefixes and comments are understood. Nothing is written until you apply. To tell changed from unchanged, the current value of each pasted key that exists here is read (the audit trail records each read)."
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {preview && !preview.ok && <Alert kind="error">{preview.error}</Alert>}
      {readFailure !== undefined && (
        <Alert kind="error">The current values could not be read: {errorMessage(readFailure)}</Alert>
      )}
      {preview?.ok && (
        <>
          <p className="paste-summary" role="status">
            <span className="badge kind-added">{count("added")} added</span>
            <span className="badge kind-changed">{count("changed")} changed</span>
            <span className="badge kind-unchanged">{count("unchanged")} unchanged</span>
            {unread > 0 && <span className="badge kind-unread">{unread} being compared</span>}
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
                  ) : c.kind === "unread" ? (
                    <span className="muted">reading the current value…</span>
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
