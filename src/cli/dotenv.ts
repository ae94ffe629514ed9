// .env files in and out. Parsing follows what dotenv and docker compose accept: `export ` prefixes,
// comments (whole-line, and after an unquoted value), single quotes (literal), double quotes
// (escapes \n \r \t \" \\ and multi-line), backticks, CRLF and a BOM; a repeated key: last wins.

import { escapeReferences } from "../lib/references.ts";

export class DotenvError extends Error {}

// Dots and dashes parse (dotenv accepts them) so that the caller can name the line the API would
// refuse; the key rule itself is src/lib/secret-limits.ts's.
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\", $: "$" };

/** One KEY=VALUE of a file, with the line its key is on. */
export interface DotenvEntry {
  key: string;
  value: string;
  line: number;
  /** In single quotes or backticks: text that no reader expands (`${KEY}` included). */
  literal: boolean;
}

/** The file's entries in order, repeated keys included; a syntax error names its line. */
export function parseDotenvEntries(text: string): DotenvEntry[] {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const out: DotenvEntry[] = [];
  let i = 0;
  let line = 1;
  const fail = (why: string, at = line): never => {
    throw new DotenvError(`line ${at}: ${why}`);
  };
  while (i < source.length) {
    // Skip blank space and comment lines.
    const rest = source.slice(i);
    const blank = rest.match(/^[ \t]*(#[^\n]*)?\n/);
    if (blank) {
      i += blank[0].length;
      line++;
      continue;
    }
    if (/^[ \t]*(#[^\n]*)?$/.test(rest)) break;
    const head = rest.match(/^[ \t]*(?:export[ \t]+)?([^=\s]+)[ \t]*=/);
    if (!head) fail("expected KEY=VALUE");
    const key = head![1]!;
    if (!KEY.test(key)) fail(`"${key}" is not a valid key`);
    const start = line;
    i += head![0].length;
    const afterEquals = i;
    while (source[i] === " " || source[i] === "\t") i++;
    const quote = source[i];
    let value = "";
    if (quote === '"' || quote === "'" || quote === "`") {
      i++;
      for (;;) {
        if (i >= source.length) fail(`unterminated ${quote} quote (the value of ${key} opens here)`, start);
        const c = source[i]!;
        if (c === quote) {
          i++;
          break;
        }
        if (c === "\\" && quote === '"' && i + 1 < source.length) {
          const next = source[i + 1]!;
          value += ESCAPES[next] ?? `\\${next}`;
          if (next === "\n") line++;
          i += 2;
          continue;
        }
        if (c === "\n") line++;
        value += c;
        i++;
      }
      // After the closing quote: spaces and an optional comment, then the end of the line.
      const tail = source.slice(i).match(/^[ \t]*(#[^\n]*)?(\n|$)/);
      if (!tail) fail("unexpected text after the closing quote");
      i += tail![0].length;
    } else {
      const end = source.indexOf("\n", i);
      // From right after `=`: `KEY= # note` is an empty value with a comment.
      const raw = end === -1 ? source.slice(afterEquals) : source.slice(afterEquals, end);
      i = end === -1 ? source.length : end + 1;
      // An unquoted value ends at a # preceded by whitespace.
      value = raw.replace(/[ \t]+#.*$/, "").trim();
    }
    out.push({ key, value, line: start, literal: quote === "'" || quote === "`" });
    line++;
  }
  return out;
}

/**
 * The text Coffer stores for an entry. `${KEY}` in a value is a reference to another secret (as a
 * dotenv reader would expand it), but not in single quotes or backticks, where no reader expands
 * anything: there it is kept as written (`$${`), and an export imports back unchanged.
 */
export const storedText = (entry: DotenvEntry) =>
  entry.literal ? escapeReferences(entry.value) : entry.value;

/** The file's variables; a repeated key: the last wins. */
export function parseDotenv(text: string): Map<string, string> {
  return new Map(parseDotenvEntries(text).map((e) => [e.key, e.value]));
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

function dotenvValue(value: string): string {
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

export type ExportFormat = "dotenv" | "json" | "yaml" | "shell";

export function formatSecrets(entries: [string, string][], format: ExportFormat): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
    case "yaml":
      // JSON strings are valid YAML scalars: every value quoted, nothing is read as a number or bool.
      return entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}\n`).join("");
    case "shell":
      return entries.map(([k, v]) => `export ${k}='${v.replace(/'/g, "'\\''")}'\n`).join("");
    default:
      return entries.map(([k, v]) => `${k}=${dotenvValue(v)}\n`).join("");
  }
}
