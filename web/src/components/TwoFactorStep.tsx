// Sign-in's second step: the password (or a provider) proved who this is and the API answered a
// challenge; this form takes the app's code or a recovery code and finishes with
// POST /auth/2fa/sign-in. A wrong code may be tried again (5 tries per challenge); an expired or
// spent challenge sends the person back to the first step (`onRestart`).
import { useState } from "react";
import { errorMessage } from "../api/errors.ts";
import { useSession } from "../api/session.tsx";
import { type CodeKind, refusalOf, requireCode } from "../lib/security.ts";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { CodeField } from "./CodeField.tsx";
import { useSubmit } from "./useSubmit.ts";

export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: () => Promise<unknown>;
  /** The challenge is no longer usable: start the sign-in again (the message says why). */
  onRestart: (message: string) => void;
}) {
  const { finishTwoFactor } = useSession();
  const [kind, setKind] = useState<CodeKind>("app");
  const [code, setCode] = useState("");
  const { busy, error, submit } = useSubmit(async () => {
    requireCode(code, kind);
    try {
      await finishTwoFactor(challenge, code);
    } catch (failure) {
      setCode("");
      if (refusalOf(failure) !== "restart") throw failure;
      onRestart(errorMessage(failure));
      return;
    }
    await onSignedIn();
  });

  return (
    <form onSubmit={submit} className="stack" aria-labelledby="two-factor-step-title">
      <h2 id="two-factor-step-title" className="step-title">
        Two-factor sign-in
      </h2>
      <p className="muted">
        {kind === "app"
          ? "Open your authenticator app and enter the code it shows for Coffer."
          : "Lost your phone? Enter one of your recovery codes."}
      </p>
      <CodeField kind={kind} value={code} onChange={setCode} onKindChange={setKind} autoFocus />
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" variant="primary" busy={busy}>
        Verify
      </Button>
    </form>
  );
}
