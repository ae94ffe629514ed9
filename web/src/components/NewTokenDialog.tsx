// A credential shown once (a new API key, a service account's key, a webhook's signing secret): a
// warning, the token with a copy button, what to do with it, and Done. The token lives only in the
// caller's state while this is open.
import type { ReactNode } from "react";
import { Alert } from "./Alert.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { NoticeDialog } from "./Dialog.tsx";

const KEY_WARNING = "Copy the key now: this is the only time it is shown. Coffer keeps only a hash of it.";

export function NewTokenDialog({
  title,
  created,
  onClose,
  warning = KEY_WARNING,
  copyLabel = "Copy the API key",
  testId = "new-api-key",
  wide,
  children,
}: {
  title: string;
  created: { name: string; token: string } | null;
  onClose: () => void;
  warning?: ReactNode;
  copyLabel?: string;
  testId?: string;
  wide?: boolean;
  /** Shown below the token: how to use it. */
  children?: ReactNode;
}) {
  return (
    <NoticeDialog open={created !== null} title={title} wide={wide} onClose={onClose}>
      {created && (
        <div className="stack">
          <Alert kind="warning">{warning}</Alert>
          <p className="break">
            <strong>{created.name}</strong>
          </p>
          <div className="token-box">
            <code className="token" data-testid={testId}>
              {created.token}
            </code>
            <CopyButton value={created.token} label={copyLabel} />
          </div>
          {children}
        </div>
      )}
    </NoticeDialog>
  );
}
