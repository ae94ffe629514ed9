// A secret's value in the table: masked until revealed, copyable, and edited in place (a new
// value is a new version). The value only ever lives in memory and in the DOM while revealed.
import { type KeyboardEvent, useState } from "react";
import { errorMessage } from "../api/errors.ts";
import { Button } from "./Button.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { TextArea } from "./Field.tsx";

const MASK = "••••••••••••";

export interface SecretValueProps {
  secretKey: string;
  value: string;
  /** The stored text, when references (${KEY}) make it differ from the value: what an edit changes. */
  rawValue?: string;
  revealed: boolean;
  onToggleReveal: () => void;
  editing: boolean;
  onEditDone: () => void;
  onSave: (value: string) => Promise<unknown>;
}

export function SecretValue({
  secretKey,
  value,
  rawValue,
  revealed,
  onToggleReveal,
  editing,
  onEditDone,
  onSave,
}: SecretValueProps) {
  if (editing)
    return <InlineEdit secretKey={secretKey} value={rawValue ?? value} onDone={onEditDone} onSave={onSave} />;
  return (
    <div className="secret-value">
      <span className="value-stack">
        <code className={revealed ? "value revealed" : "value masked"}>
          {revealed ? (
            value || "(empty)"
          ) : (
            <>
              <span aria-hidden="true">{MASK}</span>
              <span className="visually-hidden">value hidden</span>
            </>
          )}
        </code>
        {/* The stored text can hold a secret of its own (a password around the reference): shown only revealed. */}
        {rawValue !== undefined &&
          (revealed ? (
            <span className="reference-source">
              from <code>{rawValue}</code>
            </span>
          ) : (
            <span className="reference-source">holds a reference</span>
          ))}
      </span>
      <span className="value-actions">
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={revealed}
          aria-label={`${revealed ? "Hide" : "Reveal"} ${secretKey}`}
          onClick={onToggleReveal}
        >
          {revealed ? "Hide" : "Reveal"}
        </Button>
        <CopyButton value={value} label={`Copy the value of ${secretKey}`} />
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
