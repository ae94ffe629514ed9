// A form's submit as most forms need it: busy while the action runs, its failure as a message.
// An action handles the refusals it has its own answer for and throws the rest.
import { type FormEvent, useState } from "react";
import { errorMessage } from "../api/errors.ts";

export function useSubmit(action: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, submit };
}
