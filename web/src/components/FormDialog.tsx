// A dialog around a form: submit runs the action, errors show inside, success closes it. The
// create/rename/confirm dialogs of every screen are this one component.
import { type FormEvent, type ReactNode, useState } from "react";
import { errorMessage } from "../api/errors.ts";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { Dialog } from "./Dialog.tsx";

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
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const formId = `form-${title.replace(/\W+/g, "-").toLowerCase()}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={title}
      wide={wide}
      onClose={() => {
        setError(undefined);
        onClose();
      }}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant={danger ? "danger" : "primary"} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="stack">
        {children}
        {error && <Alert kind="error">{error}</Alert>}
      </form>
    </Dialog>
  );
}
