// What the secrets table says around deleting the selected secrets at once: the confirmation
// (how many, which keys, how they come back) and a refusal in the person's words.
import { pluralGrouped } from "./plural.ts";

/** Keys the confirmation names before it says "and N more". */
export const KEYS_NAMED = 10;

/**
 * "Delete 3 secrets?" and the keys. The dashboard is not told how long deleted secrets are kept
 * (COFFER_DELETED_SECRETS_DAYS is the server's), so it points to where they are restored.
 */
export function bulkDeleteConfirmation(keys: readonly string[]): {
  title: string;
  message: string;
  submitLabel: string;
} {
  const named = keys.slice(0, KEYS_NAMED).join(", ");
  const more = keys.length > KEYS_NAMED ? ` and ${keys.length - KEYS_NAMED} more` : "";
  const restore =
    keys.length === 1
      ? "it can be restored, with its versions, from Recently deleted until it is purged."
      : "they can be restored, with their versions, from Recently deleted until they are purged.";
  const what = pluralGrouped(keys.length, "secret");
  return { title: `Delete ${what}?`, message: `${named}${more}; ${restore}`, submitLabel: `Delete ${what}` };
}

const listed = (names: readonly string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * Which environments lose secrets of the selection they inherit from here ("" for none):
 * "Staging and QA inherit DATABASE_URL and API_TOKEN from here and will lose them."
 */
export function bulkHeirsNote(
  losses: readonly { key: string; heirs: readonly { name: string }[] }[],
): string {
  const losing = losses.filter((l) => l.heirs.length > 0);
  if (losing.length === 0) return "";
  const heirs = [...new Set(losing.flatMap((l) => l.heirs.map((h) => h.name)))];
  const keys = losing.map((l) => l.key);
  const named =
    keys.length > KEYS_NAMED
      ? `${keys.slice(0, KEYS_NAMED).join(", ")} and ${keys.length - KEYS_NAMED} more`
      : listed(keys);
  return `${listed(heirs)} ${heirs.length === 1 ? "inherits" : "inherit"} ${named} from here and will lose ${keys.length === 1 ? "it" : "them"}.`;
}

/** A bulk delete refused because some secrets are no longer here: nothing was deleted. */
export function bulkDeleteRefusal(missingKeys: readonly string[]): string {
  const which = missingKeys.length === 1 ? `${missingKeys[0]} is` : `${missingKeys.join(", ")} are`;
  return `Nothing was deleted: ${which} no longer in this environment (changed since the page loaded). The list is reloaded; check the selection and try again.`;
}

/** `work` over `items`, at most `width` at a time, answers in the items' order. */
export async function inBatches<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    answers.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  }
  return answers;
}
