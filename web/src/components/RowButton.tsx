// The small quiet button of a table row's actions ("Edit", "Revoke"); a `danger` one reads in red.
// Edit, disable or enable, and delete come as one set: in a row, and at the head of the item's page.
import { Button, type ButtonProps } from "./Button.tsx";

export function RowButton({ danger, ...rest }: Omit<ButtonProps, "size" | "variant"> & { danger?: boolean }) {
  return <Button size="sm" variant="ghost" className={danger ? "danger-text" : undefined} {...rest} />;
}

interface EditToggleDeleteProps {
  enabled: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** A row's actions when it can be edited, switched off and on, and deleted (a service account, a webhook). */
export function EditToggleDelete({
  name,
  enabled,
  onEdit,
  onToggle,
  onDelete,
}: EditToggleDeleteProps & {
  /** How the buttons name the row to a screen reader. */
  name: string;
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

/** The same actions at the head of the item's own page, full size: the page's title names the item. */
export function EditToggleDeleteButtons({ enabled, onEdit, onToggle, onDelete }: EditToggleDeleteProps) {
  return (
    <>
      <Button onClick={onEdit}>Edit</Button>
      <Button onClick={onToggle}>{enabled ? "Disable" : "Enable"}</Button>
      <Button className="danger-text" onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}
