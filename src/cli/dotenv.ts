// .env files in and out. Parsing follows what dotenv and docker compose accept: `export ` prefixes,
// comments (whole-line, and after an unquoted value), single quotes (literal), double quotes
// (escapes \n \r \t \" \\ and multi-line), backticks, CRLF and a BOM; a repeated key: last wins.

export class DotenvError extends Error {}

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\", $: "$" };

export function parseDotenv(text: string): Map<string, string> {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const out = new Map<string, string>();
  let i = 0;
  let line = 1;
  const fail = (why: string): never => {
    throw new DotenvError(`line ${line}: ${why}`);
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
    const head = rest.match(/^[ \t]*(?:export[ \t]+)?([^=\s]+)[ \t]*=[ \t]*/);
    if (!head) fail("expected KEY=VALUE");
    const key = head![1]!;
    if (!KEY.test(key)) fail(`"${key}" is not a valid key`);
    i += head![0].length;
    const quote = source[i];
    let value = "";
    if (quote === '"' || quote === "'" || quote === "`") {
      i++;
      for (;;) {
        if (i >= source.length) fail(`unterminated ${quote} quote`);
        const c = source[i]!;
        if (c === quote) {
          i++;
          break;
        }
        if (c === "\\" && quote === '"' && i + 1 < source.length) {
          const next = source[i + 1]!;
          value += ESCAPES[next] ?? `\\${next}`;
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
      const raw = end === -1 ? source.slice(i) : source.slice(i, end);
      i = end === -1 ? source.length : end + 1;
      // An unquoted value ends at a # preceded by whitespace.
      value = raw.replace(/[ \t]+#.*$/, "").trim();
    }
    out.set(key, value);
    line++;
  }
  return out;
}

const SAFE = /^[A-Za-z0-9_./:@%+,=-]*$/;

function doubleQuoted(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\$/g, "\\$")}"`;
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
      return entries.map(([k, v]) => `${k}=${SAFE.test(v) && v !== "" ? v : doubleQuoted(v)}\n`).join("");
  }
}
