// A secret's value in the table: masked (a fixed-length mask that says nothing of the value) until
// someone asks to see it, copyable, and edited in place (a new value is a new version). Show, Copy
// and Edit each read the value from the server then (see useSecretValues); the value lives in
// memory and in the DOM only while it is shown.
import { type KeyboardEvent, useState } from "react";
import { errorMessage } from "../api/errors.ts";
import type { SecretValue as ReadValue } from "../api/secret-values.ts";
import { Button } from "./Button.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { TextArea } from "./Field.tsx";

const MASK = "••••••••••••";

export interface SecretValueProps {
  secretKey: string;
  /** The value read for this row: shown; undefined: masked. */
  shown: ReadValue | undefined;
  /** A read of the value is under way. */
  reading: boolean;
  /** Why the last read failed (it cannot be decrypted, a reference does not resolve…). */
  failure: string | undefined;
  onShow: () => void;
  onHide: () => void;
  /** Reads the value for Copy. */
  readValue: () => Promise<string>;
  /** The stored text the editor starts from (read when Edit was chosen); undefined: not editing. */
  editing: string | undefined;
  onEditDone: () => void;
  onSave: (value: string) => Promise<unknown>;
}

export function SecretValue({
  secretKey,
  shown,
  reading,
  failure,
  onShow,
  onHide,
  readValue,
  editing,
  onEditDone,
  onSave,
}: SecretValueProps) {
  if (editing !== undefined)
    return <InlineEdit secretKey={secretKey} value={editing} onDone={onEditDone} onSave={onSave} />;
  return (
    <div className="secret-value">
      <span className="value-stack">
        <code className={shown ? "value revealed" : "value masked"}>
          {shown ? (
            shown.value || "(empty)"
          ) : (
            <>
              <span aria-hidden="true">{MASK}</span>
              <span className="visually-hidden">value hidden</span>
            </>
          )}
        </code>
        {/* The stored text can hold a secret of its own (a password around the reference): shown only with the value. */}
        {shown?.rawValue !== undefined && (
          <span className="reference-source">
            from <code>{shown.rawValue}</code>
          </span>
        )}
        {failure && (
          <span className="field-error" role="alert">
            {failure}
          </span>
        )}
      </span>
      <span className="value-actions">
        <Button
          size="sm"
          variant="ghost"
          aria-busy={reading || undefined}
          aria-label={`${shown ? "Hide" : "Show"} ${secretKey}`}
          onClick={shown ? onHide : onShow}
        >
          {shown ? "Hide" : "Show"}
        </Button>
        <CopyButton value={readValue} label={`Copy the value of ${secretKey}`} />
      </span>
    </div>
  );
}

function InlineEdit({
  secretKey,
  value,
  onDone,
  onSave,
}: {
  secretKey: string;
  value: string;
  onDone: () => void;
  onSave: (value: string) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState(value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function save() {
    if (draft === value) return onDone();
    setBusy(true);
    setError(undefined);
    try {
      await onSave(draft);
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onDone();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div className="inline-edit">
      <TextArea
        label={`New value for ${secretKey}`}
        hideLabel
        rows={Math.min(6, Math.max(1, draft.split("\n").length))}
        autoFocus
        spellCheck={false}
        autoComplete="off"
        value={draft}
        error={error}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span className="value-actions">
        <Button size="sm" variant="primary" busy={busy} onClick={() => void save()}>
          Save
        </Button>
        <Button size="sm" onClick={onDone}>
          Cancel
        </Button>
      </span>
    </div>
  );
}
