// The small quiet button of a table row's actions ("Edit", "Revoke"); a `danger` one reads in red.
import { Button, type ButtonProps } from "./Button.tsx";

export function RowButton({ danger, ...rest }: Omit<ButtonProps, "size" | "variant"> & { danger?: boolean }) {
  return <Button size="sm" variant="ghost" className={danger ? "danger-text" : undefined} {...rest} />;
}

/** A row's actions when it can be edited, switched off and on, and deleted (a service account, a webhook). */
export function EditToggleDelete({
  name,
  enabled,
  onEdit,
  onToggle,
  onDelete,
}: {
  /** How the buttons name the row to a screen reader. */
  name: string;
  enabled: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const toggle = enabled ? "Disable" : "Enable";
  return (
    <span className="actions">
      <RowButton aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </RowButton>
      <RowButton aria-label={`${toggle} ${name}`} onClick={onToggle}>
        {toggle}
      </RowButton>
      <RowButton danger aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </RowButton>
    </span>
  );
}
