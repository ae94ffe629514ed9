// One choice of a radio group: the button and its words in one label, so the words select it too;
// and the group itself, a fieldset whose legend names what is chosen.
import type { ReactNode } from "react";

export function RadioChoice({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className="check">
      <input type="radio" name={name} checked={checked} onChange={onSelect} /> {children}
    </label>
  );
}

/** A radio group from its options, one value chosen. */
export function RadioGroup<V extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: ReactNode;
  name: string;
  options: readonly { value: V; label: ReactNode }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="choice">
      <legend className="field-label">{legend}</legend>
      {options.map((option) => (
        <RadioChoice
          key={option.value}
          name={name}
          checked={option.value === value}
          onSelect={() => onChange(option.value)}
        >
          {option.label}
        </RadioChoice>
      ))}
    </fieldset>
  );
}
