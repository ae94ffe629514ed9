// A credential shown once (a new API key, a service account's key): a warning, the token with a
// copy button, and Done. The token lives only in the caller's state while this is open.
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { Dialog } from "./Dialog.tsx";

export function NewTokenDialog({
  title,
  created,
  onClose,
}: {
  title: string;
  created: { name: string; token: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={created !== null}
      title={title}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {created && (
        <div className="stack">
          <Alert kind="warning">
            Copy the key now: this is the only time it is shown. Coffer keeps only a hash of it.
          </Alert>
          <p>
            <strong>{created.name}</strong>
          </p>
          <div className="token-box">
            <code className="token" data-testid="new-api-key">
              {created.token}
            </code>
            <CopyButton value={created.token} label="Copy the API key" />
          </div>
        </div>
      )}
    </Dialog>
  );
}
