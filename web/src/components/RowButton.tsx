// The small quiet button of a table row's actions ("Edit", "Revoke"); a `danger` one reads in red.
import { Button, type ButtonProps } from "./Button.tsx";

export function RowButton({ danger, ...rest }: Omit<ButtonProps, "size" | "variant"> & { danger?: boolean }) {
  return <Button size="sm" variant="ghost" className={danger ? "danger-text" : undefined} {...rest} />;
}
