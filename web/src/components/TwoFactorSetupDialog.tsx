// Setting up two-factor sign-in: the new secret as a QR code and as text to type, then the app's
// first code turns it on. The secret lives only in this dialog's props while it is open.
import { useState } from "react";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import type { Ok } from "../api/queries.ts";
import { groupSecret, requireCode } from "../lib/security.ts";
import { CodeField } from "./CodeField.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { FormDialog } from "./FormDialog.tsx";
import { QrCode } from "./QrCode.tsx";

export function TwoFactorSetupDialog({
  setup,
  onClose,
  onEnabled,
}: {
  setup: Ok<"setUpTwoFactor">;
  onClose: () => void;
  onEnabled: (recoveryCodes: string[]) => Promise<unknown>;
}) {
  const [code, setCode] = useState("");

  async function enable() {
    requireCode(code, "app");
    try {
      const enabled = await unwrap(api.POST("/auth/2fa/enable", { body: { code } }));
      await onEnabled(enabled.recovery_codes);
    } catch (failure) {
      setCode("");
      throw failure;
    }
  }

  return (
    <FormDialog
      open
      wide
      title="Set up two-factor sign-in"
      submitLabel="Turn on"
      onClose={onClose}
      onSubmit={enable}
    >
      <ol className="setup-steps">
        <li>
          <p>Scan this QR code with an authenticator app on your phone.</p>
          <div className="setup-secret">
            <QrCode text={setup.otpauth_url} label="QR code to add Coffer to an authenticator app" />
            <div className="stack">
              <p className="muted">Cannot scan it? Add an account in the app by hand with this key:</p>
              <div className="token-box">
                <code className="token secret-key" data-testid="two-factor-secret">
                  {groupSecret(setup.secret)}
                </code>
                <CopyButton value={setup.secret} label="Copy the key" />
              </div>
              <p className="muted">Time-based, 6 digits, every 30 seconds.</p>
            </div>
          </div>
        </li>
        <li>
          <p>Enter the code the app now shows for Coffer.</p>
          <CodeField kind="app" value={code} onChange={setCode} />
        </li>
      </ol>
    </FormDialog>
  );
}
