// What is wrong with a key or a value as it is typed, in words, before the API says 422: the rule
// and the offending part, not "match the requested format".
import { KEY_PATTERN, LIMITS } from "../../../src/lib/secret-limits.ts";

const KEY = new RegExp(KEY_PATTERN);

export function keyProblem(key: string): string | undefined {
  if (!key || KEY.test(key)) return undefined;
  if (/^[0-9]/.test(key)) return `A key cannot start with a digit ("${key[0]}"): start with a letter or _.`;
  const bad = [...new Set(key.replace(/[A-Za-z0-9_]/g, ""))];
  const shown = bad.map((c) => (c === " " ? "a space" : `"${c}"`)).join(", ");
  return `A key holds only letters, digits and _ (environment-variable names); this one has ${shown}. Use _ instead.`;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;

/** The size rule as a hint (with the size so far, once it matters), and an error past it. */
export function valueSize(value: string): { hint: string; error?: string } {
  const bytes = new TextEncoder().encode(value).length;
  const limit = `Up to ${kib(LIMITS.valueBytes)}`;
  if (bytes > LIMITS.valueBytes)
    return { hint: limit, error: `This value is ${kib(bytes)}: the limit is ${kib(LIMITS.valueBytes)}.` };
  return { hint: bytes > LIMITS.valueBytes / 4 ? `${limit} (this one: ${kib(bytes)}).` : `${limit}.` };
}
