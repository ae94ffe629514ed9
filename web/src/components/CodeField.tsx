// The field for a two-factor code: the authenticator app's six digits (numeric keyboard, the
// browser's one-time-code autofill) or, when `allowRecovery`, one of the recovery codes instead.
// Sign-in's second step, the set-up's first code and the code prompt of sensitive actions share it.
import { type CodeKind, normaliseCode } from "../lib/security.ts";
import { Button } from "./Button.tsx";
import { Field } from "./Field.tsx";

export interface CodeFieldProps {
  kind: CodeKind;
  value: string;
  onChange: (code: string) => void;
  /** Offers the switch between the app's code and a recovery code (which clears the field). */
  onKindChange?: (kind: CodeKind) => void;
  error?: string;
  autoFocus?: boolean;
}

export function CodeField({ kind, value, onChange, onKindChange, error, autoFocus }: CodeFieldProps) {
  const app = kind === "app";
  return (
    <div className="code-field">
      <Field
        key={kind}
        label={app ? "Authentication code" : "Recovery code"}
        hint={
          app
            ? "The 6-digit code your authenticator app shows now."
            : "One of the codes you saved when you turned on two-factor sign-in (xxxxx-xxxxx). Each works once."
        }
        className={app ? "otp-input" : "otp-input recovery"}
        inputMode={app ? "numeric" : "text"}
        autoComplete={app ? "one-time-code" : "off"}
        autoCapitalize="off"
        spellCheck={false}
        pattern={app ? "[0-9]{6}" : "[a-z0-9]{5}-?[a-z0-9]{5}"}
        maxLength={app ? 6 : 11}
        required
        autoFocus={autoFocus}
        error={error}
        value={value}
        onChange={(event) => onChange(normaliseCode(event.target.value, kind))}
      />
      {onKindChange && (
        <Button
          size="sm"
          variant="ghost"
          className="link-btn"
          onClick={() => {
            onChange("");
            onKindChange(app ? "recovery" : "app");
          }}
        >
          {app ? "Use a recovery code instead" : "Use the authenticator app instead"}
        </Button>
      )}
    </div>
  );
}
