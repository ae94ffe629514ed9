// A form's submit as most forms need it: busy while the action runs, its failure as a message.
// An action handles the refusals it has its own answer for and throws the rest. The action runs
// as a TanStack mutation (api/mutations.ts), like every write of the dashboard.
import type { FormEvent } from "react";
import { errorMessage } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";

export function useSubmit(action: () => Promise<unknown>) {
  const mutation = useWrite(action);
  async function submit(event?: FormEvent) {
    event?.preventDefault();
    // The failure is the mutation's state, shown as `error`.
    await mutation.mutateAsync().catch(() => undefined);
  }
  return {
    busy: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : undefined,
    submit,
  };
}

/**
 * A form's submit handler for a write the form shows itself (busy, its error): runs it, then
 * `onDone` once it succeeded. A failure stays the mutation's error, for the form to show.
 */
export function submitThen(write: { mutateAsync: () => Promise<unknown> }, onDone: () => void) {
  return async (event: FormEvent) => {
    event.preventDefault();
    try {
      await write.mutateAsync();
      onDone();
    } catch {
      // shown by the form: the mutation's error
    }
  };
}
