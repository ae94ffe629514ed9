// Files the browser saves from what the page already holds (or fetched itself): nothing in the address.
import { toDotenv } from "../../../src/lib/dotenv.ts";

/** Saves text as a file through a short-lived blob: URL. */
export const download = (text: string, fileName: string) =>
  downloadBlob(new Blob([text], { type: "text/plain" }), fileName);

/** Saves a blob (a file the page fetched with its token) under a name. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from names people typed: letters, digits, dot, dash and underscore only. */
export const fileNameOf = (...parts: (string | undefined)[]): string =>
  parts
    .filter((part): part is string => Boolean(part))
    .map((part) =>
      part
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, "-")
        .replace(/^-+|-+$/g, ""),
    )
    .filter(Boolean)
    .join("-") || "secrets";

/**
 * .env text of these secrets, in the CLI's and the API's one writer (every common parser reads it
 * back as written); `left_out` names the keys no such form exists for.
 */
export function envFileOf(secrets: readonly { key: string; value: string }[]): {
  text: string;
  leftOut: string[];
} {
  const { text, unrepresentable } = toDotenv(secrets.map((s) => [s.key, s.value] as const));
  return { text, leftOut: unrepresentable };
}
