import { useState } from "react";
import { keyProblem, valueSize } from "../lib/secret-input.ts";
import { Field, TextArea } from "./Field.tsx";
import { FormDialog } from "./FormDialog.tsx";
import { DescriptionField } from "./NameFields.tsx";

export interface NewSecret {
  key: string;
  value: string;
  description?: string;
}

const REFERENCE_HINT =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference syntax, as users write it.
  "${KEY}, ${environment.KEY} or ${project.environment.KEY} reads another secret; $${ is a literal ${.";

export function AddSecretDialog({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  onCreate: (secret: NewSecret) => Promise<unknown>;
}) {
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const [description, setDescription] = useState("");
  const size = valueSize(value);
  const close = () => {
    setKey("");
    setValue("");
    setDescription("");
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Add a secret"
      submitLabel="Add secret"
      onClose={close}
      onSubmit={() =>
        keyProblem(key) || size.error
          ? Promise.reject(new Error(keyProblem(key) ?? size.error))
          : onCreate({ key, value, ...(description ? { description } : {}) })
      }
    >
      <Field
        label="Key"
        required
        autoFocus
        maxLength={256}
        spellCheck={false}
        autoComplete="off"
        hint="Letters, digits and _, not starting with a digit."
        error={keyProblem(key)}
        value={key}
        onChange={(e) => setKey(e.target.value)}
      />
      <TextArea
        label="Value"
        rows={3}
        spellCheck={false}
        autoComplete="off"
        hint={`${size.hint} ${REFERENCE_HINT}`}
        error={size.error}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <DescriptionField maxLength={1024} value={description} onChange={setDescription} />
    </FormDialog>
  );
}
