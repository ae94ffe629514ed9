// One choice of a radio group: the button and its words in one label, so the words select it too.
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
