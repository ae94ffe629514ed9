// A dialog around a form: submit runs the action (a TanStack mutation), errors show inside,
// success closes it. The create/rename/confirm dialogs of every screen are this one component.
import type { ReactNode } from "react";
import { errorMessage } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { Dialog } from "./Dialog.tsx";
import { submitThen } from "./useSubmit.ts";

export interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  onClose: () => void;
  /** Resolves when done (the dialog closes); a rejection is shown in the dialog. */
  onSubmit: () => Promise<unknown>;
  danger?: boolean;
  wide?: boolean;
  children: ReactNode;
}

export function FormDialog({
  open,
  title,
  submitLabel,
  onClose,
  onSubmit,
  danger,
  wide,
  children,
}: FormDialogProps) {
  const mutation = useWrite(onSubmit);
  const error = mutation.error ? errorMessage(mutation.error) : undefined;
  const busy = mutation.isPending;
  const formId = `form-${title.replace(/\W+/g, "-").toLowerCase()}`;
  const close = () => {
    mutation.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      title={title}
      wide={wide}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" form={formId} variant={danger ? "danger" : "primary"} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submitThen(mutation, close)} className="stack">
        {children}
        {error && <Alert kind="error">{error}</Alert>}
      </form>
    </Dialog>
  );
}
