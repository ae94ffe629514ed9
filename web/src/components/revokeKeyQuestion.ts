// The question before a key is revoked: the same for a person's key and a service account's.
import type { ActionSpec } from "./ActionDialog.tsx";

export const revokeKeyQuestion = (
  key: { name: string; prefix: string },
  run: () => Promise<unknown>,
): ActionSpec => ({
  title: `Revoke ${key.name}?`,
  submitLabel: "Revoke key",
  danger: true,
  message: `Anything still using the key starting ${key.prefix} is refused from now on. This cannot be undone.`,
  run,
});
