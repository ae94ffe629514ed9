// One dialog for the many small actions of a screen (create, rename, delete): a screen calls
// `ask({...})` from a button and renders `dialog` once. Fields are optional: a name, a choice.
import { type ReactNode, useState } from "react";
import { Field, SelectField } from "./Field.tsx";
import { FormDialog } from "./FormDialog.tsx";

export interface ActionSpec {
  title: string;
  submitLabel: string;
  danger?: boolean;
  /** Text shown above the fields (e.g. what a delete removes). */
  message?: ReactNode;
  name?: { label?: string; initial?: string };
  /** A select; its hint says what the choice does. */
  choice?: { label: string; options: readonly string[]; initial: string; hint?: string };
  run: (values: { name: string; choice: string }) => Promise<unknown>;
}

export function useActionDialog(): { ask: (spec: ActionSpec) => void; dialog: ReactNode } {
  const [spec, setSpec] = useState<ActionSpec | null>(null);
  const [name, setName] = useState("");
  const [choice, setChoice] = useState("");

  const ask = (next: ActionSpec) => {
    setName(next.name?.initial ?? "");
    setChoice(next.choice?.initial ?? "");
    setSpec(next);
  };

  const dialog = (
    <FormDialog
      open={spec !== null}
      title={spec?.title ?? ""}
      submitLabel={spec?.submitLabel ?? "OK"}
      danger={spec?.danger}
      onClose={() => setSpec(null)}
      onSubmit={() => spec?.run({ name: name.trim(), choice }) ?? Promise.resolve()}
    >
      {spec?.message && <p>{spec.message}</p>}
      {spec?.name && (
        <Field
          label={spec.name.label ?? "Name"}
          required
          maxLength={100}
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      )}
      {spec?.choice && (
        <SelectField
          label={spec.choice.label}
          hint={spec.choice.hint}
          autoFocus={!spec.name}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          {spec.choice.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </SelectField>
      )}
    </FormDialog>
  );
  return { ask, dialog };
}
