// .env text, written one way for the CLI's `coffer export` and the API's `export?format=dotenv`:
// each value in the first form that motdotla's `dotenv`, python-dotenv and docker compose all read
// back (tested against the real packages on tricky and random values; the cases no form carries:
// docs/cli.md, "Exported .env files"). The API answers such a value (one only python-dotenv and
// docker compose read back) as not representable rather than write it changed for dotenv.

/** KEY=value lines for `dotenv.parse`; `unrepresentable` names the keys it cannot read back as written. */
export function toDotenv(entries: readonly (readonly [string, string])[]): {
  text: string;
  unrepresentable: string[];
} {
  const lines: string[] = [];
  const unrepresentable: string[] = [];
  for (const [key, value] of entries) {
    // dotenv assigns what it reads into a plain object, where this name sets the prototype instead.
    // The last resort form is read exactly by python-dotenv and docker compose, not by dotenv.
    const written =
      key === "__proto__" || dotenvForm(value) === "escaped-double" ? undefined : dotenvValue(value);
    if (written === undefined) unrepresentable.push(key);
    else lines.push(`${key}=${written}\n`);
  }
  return { text: lines.join(""), unrepresentable };
}

// Writing: one form per value, the first that motdotla's `dotenv`, python-dotenv and docker compose
// (which expands `$X`, `${X}` and `$$` unless single-quoted) all read back as the value, and so
// does `coffer import`. Where no form does, the one motdotla's dotenv reads exactly, as long as no
// parser can then run into the next lines; last, the form python-dotenv and docker compose read
// exactly. python-dotenv expands `${X}` even in single quotes: no form carries that text to it.
// The cases: docs/cli.md.

/** `$` followed by what docker compose would expand (`$X`, `${…}`, `$$`; python-dotenv: `${…}`). */
const EXPANDS = /\$[$_A-Za-z{]/;
/** Spaces that some parser trims from an unquoted value, or a line separator one of them splits at. */
const EDGE_SPACE = /^[\s\u0085]|[\s\u0085]$/;
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
// In double quotes, backslash sequences that python-dotenv or docker compose decode, or that
// motdotla's dotenv or `coffer import` do; and a final \ (or one before a line break, which is
// written \n or \r).
const DECODED_BACKSLASH = /\\([\\'"abfnrtv$0\n\r]|$)/;
const RAW_DOUBLE_BACKSLASH = /\\([nrt"\\$\n\r]|$)/;

export type DotenvForm = "bare" | "single" | "double" | "raw-double" | "backtick" | "escaped-double";

/** Which form a value is written in; the first three read back the same in every parser (but `${X}`). */
export function dotenvForm(value: string): DotenvForm {
  const expands = EXPANDS.test(value);
  if (
    value !== "" &&
    !EDGE_SPACE.test(value) &&
    !LINE_BREAK.test(value) &&
    !/[#'"`]/.test(value[0]!) &&
    !value.includes("#") &&
    !expands
  )
    return "bare";
  // python-dotenv reads \\ and \' in single quotes as escapes, docker compose \'; a final \ escapes
  // the closing quote. Both read a CR as a line break.
  const endsInBackslash = value.endsWith("\\");
  const single = !/['\r]/.test(value) && !value.includes("\\\\") && !endsInBackslash;
  const double = !value.includes('"') && !DECODED_BACKSLASH.test(value) && !expands;
  // A line break as \n keeps the entry on one line, for tools that read a line at a time.
  if (double && value.includes("\n")) return "double";
  if (single) return "single";
  if (double) return "double";
  // No common form. motdotla's dotenv reads single quotes and backticks literally, and in double
  // quotes decodes \n and \r only.
  if (!/['\r]/.test(value) && !endsInBackslash) return "single";
  if (!value.includes('"') && !RAW_DOUBLE_BACKSLASH.test(value)) return "raw-double";
  // A backtick is a quote to motdotla's dotenv alone: the others read the line as it stands, so
  // the value must stay on it.
  if (!/[`\n\r\u0085\u2028\u2029]/.test(value)) return "backtick";
  return "escaped-double";
}

const newlines = (value: string) => value.replace(/\n/g, "\\n").replace(/\r/g, "\\r");

/**
 * After a quoted value that ends in a backslash: motdotla's dotenv (and python-dotenv, in double
 * quotes) would take `\"` for an escaped quote and read on, through the next lines, to the next
 * quote at the end of a line. A quote that cannot close the value stops them on this line.
 */
const guard = (quote: string, value: string) =>
  value.endsWith("\\") ? ` # ${quote}\\${quote} ends the value` : "";

/** The value in its form (dotenvForm), ready to follow `KEY=`. */
export function dotenvValue(value: string): string {
  switch (dotenvForm(value)) {
    case "bare":
      return value;
    case "single":
      return `'${value}'`;
    case "double":
    case "raw-double":
      return `"${newlines(value)}"`;
    case "backtick":
      return `\`${value}\`${guard("`", value)}`;
    case "escaped-double":
      return `"${newlines(value.replace(/\\/g, "\\\\").replace(/"/g, '\\"'))}"${guard('"', value)}`;
  }
}
