// The name and optional description every key and service account carries, as two labelled fields.
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
      <Field
        label="Description (optional)"
        maxLength={1000}
        value={description}
        onChange={(e) => onDescription(e.target.value)}
      />
    </>
  );
}
