import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";

/** A form's text fields, and each field's change handler: `onChange={set("email")}`. */
export function useFields<T extends Record<string, string>>(initial: T) {
  const [fields, setFields] = useState(initial);
  const set = (name: keyof T) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));
  return [fields, set] as const;
}

interface Common {
  label: string;
  /** Shown under the control and tied to it with aria-describedby. */
  hint?: string;
  error?: string;
  /** Visually hidden label (still read by screen readers), for dense table cells. */
  hideLabel?: boolean;
}

interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A label, the control it names, and its hint and error, tied together by ids. */
function Labelled({
  label,
  hint,
  error,
  hideLabel,
  control,
}: Common & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const notes = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : "field-label"}>
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": notes || undefined })}
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** The label's part of a field's props, and the rest for its control. */
function split<Rest>({ label, hint, error, hideLabel, ...rest }: Common & Rest): [Common, Rest] {
  return [{ label, hint, error, hideLabel }, rest as Rest];
}

/** A labelled input: every control in the dashboard has a label. */
export function Field(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  const [common, input] = split(props);
  return (
    <Labelled
      {...common}
      control={(ids) => <input {...ids} {...input} data-autofocus={input.autoFocus || undefined} />}
    />
  );
}

export function TextArea(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [common, textarea] = split(props);
  return <Labelled {...common} control={(ids) => <textarea {...ids} {...textarea} />} />;
}

/** A labelled select; its options are the children. */
export function SelectField(props: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const [common, select] = split(props);
  return (
    <Labelled
      {...common}
      control={(ids) => <select {...ids} {...select} data-autofocus={select.autoFocus || undefined} />}
    />
  );
}
