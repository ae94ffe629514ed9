// The prompt behind api/second-factor.ts: when a sensitive action answers 403
// two_factor_code_required, this dialog asks for the current code (or a recovery code) and hands it
// to the middleware, which replays the action with it. Mounted once, beside the router.
import { useEffect, useRef, useState } from "react";
import { type AskForCode, setCodePrompt } from "../api/second-factor.ts";
import { type CodeKind, requireCode } from "../lib/security.ts";
import { Alert } from "./Alert.tsx";
import { CodeField } from "./CodeField.tsx";
import { FormDialog } from "./FormDialog.tsx";

export function SecondFactorPrompt() {
  const [asking, setAsking] = useState<{ again: boolean } | null>(null);
  const [kind, setKind] = useState<CodeKind>("app");
  const [code, setCode] = useState("");
  const answer = useRef<((code: string | null) => void) | null>(null);

  useEffect(() => {
    const ask: AskForCode = (attempt) =>
      new Promise((resolve) => {
        answer.current = resolve;
        setCode("");
        // A new question starts with the app's code; asking again keeps what the person chose.
        if (!attempt.again) setKind("app");
        setAsking(attempt);
      });
    return setCodePrompt(ask);
  }, []);

  /** Hands the code (null: cancelled) to the waiting request, once, and forgets it here. */
  const settle = (value: string | null) => {
    answer.current?.(value);
    answer.current = null;
    setCode("");
    setAsking(null);
  };

  return (
    <FormDialog
      open={asking !== null}
      title="Confirm with two-factor sign-in"
      submitLabel="Confirm"
      onClose={() => settle(null)}
      onSubmit={async () => {
        requireCode(code, kind);
        settle(code);
      }}
    >
      <p>This action needs the current code of your authenticator app.</p>
      {asking?.again && (
        <Alert kind="warning">
          That code was not accepted. A code works only once: if you just used this one, wait for the app to
          show the next one (every 30 seconds) and enter that.
        </Alert>
      )}
      <CodeField kind={kind} value={code} onChange={setCode} onKindChange={setKind} autoFocus />
    </FormDialog>
  );
}
