// The name and optional description every key and service account carries, as two labelled fields;
// the description field alone serves whatever else has one.
import { Field } from "./Field.tsx";

export function NameFields({
  name,
  description,
  onName,
  onDescription,
}: {
  name: string;
  description: string;
  onName: (name: string) => void;
  onDescription: (description: string) => void;
}) {
  return (
    <>
      <Field
        label="Name"
        required
        autoFocus
        maxLength={100}
        value={name}
        onChange={(e) => onName(e.target.value)}
      />
      <DescriptionField value={description} onChange={onDescription} />
    </>
  );
}

/** The optional description of a key, an account, a webhook or a secret; maxLength is the API's limit for it. */
export function DescriptionField({
  value,
  onChange,
  maxLength = 1000,
  error,
}: {
  value: string;
  onChange: (description: string) => void;
  maxLength?: number;
  error?: string;
}) {
  return (
    <Field
      label="Description (optional)"
      maxLength={maxLength}
      error={error}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
