// The recovery codes, shown this once (after turning two-factor on, or renewing them): copy them or
// download them as a .txt, and say they are saved before the dialog lets go. They live only in
// this dialog's props.
import { useState } from "react";
import { download } from "../lib/download.ts";
import { recoveryCodesFile } from "../lib/security.ts";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { Dialog } from "./Dialog.tsx";

export function RecoveryCodesDialog({
  codes,
  account,
  onDone,
}: {
  codes: string[];
  account: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const [nagged, setNagged] = useState(false);
  const close = () => (saved ? onDone() : setNagged(true));
  const file = recoveryCodesFile(codes, account, new Date());

  return (
    <Dialog
      open
      title="Save your recovery codes"
      onClose={close}
      footer={
        <Button variant="primary" disabled={!saved} onClick={onDone}>
          Done
        </Button>
      }
    >
      <div className="stack">
        <Alert kind="warning">
          These codes are shown only now. If you lose your phone, each one signs you in once in place of the
          app's code. Keep them somewhere safe, apart from your phone.
        </Alert>
        <ol className="recovery-codes" aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <div className="actions">
          <CopyButton value={codes.join("\n")} label="Copy the recovery codes" />
          <Button size="sm" variant="ghost" onClick={() => download(file, "coffer-recovery-codes.txt")}>
            Download .txt
          </Button>
        </div>
        <label className="check recovery-saved">
          <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} /> I have saved
          these recovery codes
        </label>
        {nagged && !saved && (
          <Alert kind="error">Save the codes first, then tick the box: they cannot be shown again.</Alert>
        )}
      </div>
    </Dialog>
  );
}
