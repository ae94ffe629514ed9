// A person's name as sign-up and the profile ask for it: first (required) and last, and on the
// profile a middle name, side by side.
import { Field } from "./Field.tsx";

type OnChange = (event: { target: { value: string } }) => void;

export function PersonNameFields({
  form,
  set,
  middle,
  maxLength,
}: {
  form: { first_name: string; last_name: string };
  /** useFields' change handlers. */
  set: (name: "first_name" | "last_name") => OnChange;
  middle?: { value: string; onChange: OnChange };
  maxLength?: number;
}) {
  return (
    <div className={middle ? "row-3" : "row-2"}>
      <Field
        label="First name"
        required
        maxLength={maxLength}
        autoComplete="given-name"
        value={form.first_name}
        onChange={set("first_name")}
      />
      {middle && (
        <Field
          label="Middle name"
          maxLength={maxLength}
          autoComplete="additional-name"
          value={middle.value}
          onChange={middle.onChange}
        />
      )}
      <Field
        label="Last name"
        maxLength={maxLength}
        autoComplete="family-name"
        value={form.last_name}
        onChange={set("last_name")}
      />
    </div>
  );
}
