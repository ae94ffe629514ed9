// .env files in and out. Parsing follows what dotenv and docker compose accept: `export ` prefixes,
// comments (whole-line, and after an unquoted value), single quotes (literal), double quotes
// (escapes \n \r \t \" \\ and multi-line), backticks, CRLF and a BOM; a repeated key: last wins.
import { dotenvValue } from "../lib/dotenv.ts";
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

export { type DotenvForm, dotenvForm } from "../lib/dotenv.ts";

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
