// A modal on the native <dialog>: the browser makes the rest of the page inert (focus stays
// inside), Escape closes it, and focus returns to what opened it.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./Button.tsx";

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom; the dialog's own close button is always there. */
  footer?: ReactNode;
  wide?: boolean;
}

const FIELDS = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

function firstStop(dialog: HTMLDialogElement): HTMLElement | null {
  return (
    dialog.querySelector<HTMLElement>("[data-autofocus]") ??
    dialog.querySelector<HTMLElement>(`.dialog-body :is(${FIELDS})`) ??
    dialog.querySelector<HTMLElement>(
      ".dialog-body button:not([disabled]), .dialog-footer button:not([disabled])",
    )
  );
}

export function Dialog({ open, title, onClose, children, footer, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // React's autoFocus ran while the dialog was still closed (and so did nothing); the field
      // that asked for it (Field marks it) gets the focus now, else the first field, else the
      // first button of the footer (Cancel, in a confirmation) — never the close button.
      firstStop(dialog)?.focus();
      return () => {
        dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={wide ? "dialog dialog-wide" : "dialog"}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: let React state close it, so the two never disagree
        onClose();
      }}
    >
      {open && (
        <>
          <header className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </header>
          <div className="dialog-body">{children}</div>
          {footer && <footer className="dialog-footer">{footer}</footer>}
        </>
      )}
    </dialog>
  );
}

/** A dialog that only tells something: its one button, Done, closes it. */
export function NoticeDialog(props: Omit<DialogProps, "footer">) {
  return (
    <Dialog
      {...props}
      footer={
        <Button variant="primary" onClick={props.onClose}>
          Done
        </Button>
      }
    />
  );
}
