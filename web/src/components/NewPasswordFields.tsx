// A new password typed twice (the reset page and the password change share it). The problem, if
// any, shows once the person tries to send it, on the repeat field.
import { useState } from "react";
import { newPasswordProblem } from "../lib/security.ts";
import { Field } from "./Field.tsx";

export interface NewPassword {
  value: string;
  repeated: string;
  problem: string | undefined;
  set(value: string): void;
  setRepeated(value: string): void;
  /** Whether it can be sent; shows the problem when not. */
  ready(): boolean;
  clear(): void;
}

export function useNewPassword(): NewPassword {
  const [value, setValue] = useState("");
  const [repeated, setRepeated] = useState("");
  const [problem, setProblem] = useState<string>();
  return {
    value,
    repeated,
    problem,
    set: setValue,
    setRepeated,
    ready() {
      const found = newPasswordProblem(value, repeated);
      setProblem(found);
      return found === undefined;
    },
    clear() {
      setValue("");
      setRepeated("");
      setProblem(undefined);
    },
  };
}

export function NewPasswordFields({ state, autoFocus }: { state: NewPassword; autoFocus?: boolean }) {
  return (
    <>
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        autoFocus={autoFocus}
        hint="At least 8 characters."
        value={state.value}
        onChange={(e) => state.set(e.target.value)}
      />
      <Field
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        error={state.problem}
        value={state.repeated}
        onChange={(e) => state.setRepeated(e.target.value)}
      />
    </>
  );
}
