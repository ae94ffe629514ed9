// The dotenv parsers people read an exported file with, run for real: motdotla's `dotenv` (its
// default parser and its `fast` one) and python-dotenv (Debian's python3-dotenv, as `dotenv_values`
// reads a file: expanding ${VAR}, and with interpolate=False). Without python3-dotenv its tests are
// skipped, unless COFFER_REQUIRE_CLI_TOOLS=1 (as .ci/run sets), in which case they fail.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { cliToolsRequired } from "./cli-tools.ts";
import { tempDir } from "./server-process.ts";

const require = createRequire(import.meta.url);
const dotenv = require("dotenv") as {
  parse(text: string, options?: { fast?: boolean }): Record<string, string>;
};

export const PYTHON = "/usr/bin/python3";
export const pythonDotenvInstalled =
  spawnSync(PYTHON, ["-c", "import dotenv"], { stdio: "ignore" }).status === 0;
/** Whether the python-dotenv tests run (describe.runIf); they fail when required and missing. */
export const pythonDotenvTestsRun = pythonDotenvInstalled || cliToolsRequired;

export type Reader = "dotenv" | "dotenv fast" | "python-dotenv" | "python-dotenv raw";
export const NODE_READERS: Reader[] = ["dotenv", "dotenv fast"];
export const PYTHON_READERS: Reader[] = ["python-dotenv", "python-dotenv raw"];

/**
 * What python-dotenv reads from the text, in a process whose only variable is PATH (so `${HOME}`
 * expands to nothing): with its default interpolation and without.
 */
function readWithPython(text: string): Record<"python-dotenv" | "python-dotenv raw", Record<string, string>> {
  if (!pythonDotenvInstalled)
    throw new Error(
      "python-dotenv is missing: apt-get install -y python3-dotenv (.ci/run installs it with Chromium)",
    );
  const file = join(tempDir("coffer-dotenv-"), "exported.env");
  writeFileSync(file, text);
  const script = [
    "import json, sys",
    "from dotenv import dotenv_values",
    "print(json.dumps([dotenv_values(sys.argv[1]), dotenv_values(sys.argv[1], interpolate=False)]))",
  ].join("\n");
  const run = spawnSync(PYTHON, ["-c", script, file], {
    encoding: "utf8",
    env: { PATH: process.env.PATH },
  });
  if (run.status !== 0) throw new Error(`python-dotenv failed: ${run.stderr}`);
  const [expanded, raw] = JSON.parse(run.stdout) as Record<string, string>[];
  return { "python-dotenv": expanded!, "python-dotenv raw": raw! };
}

/** The variables each reader finds in the text. */
export function readAll(text: string, readers: Reader[]): Record<Reader, Record<string, string>> {
  const out = {} as Record<Reader, Record<string, string>>;
  if (readers.includes("dotenv")) out.dotenv = dotenv.parse(text);
  if (readers.includes("dotenv fast")) out["dotenv fast"] = dotenv.parse(text, { fast: true });
  if (readers.some((r) => PYTHON_READERS.includes(r))) Object.assign(out, readWithPython(text));
  return out;
}

/**
 * Values that are hard to write in a .env file, and the readers that cannot read them back as
 * they are whatever the quoting (docs/cli.md, "Exported .env files"). Docker compose (compose-go's
 * parser, measured outside CI) reads every one back but TRAILING_BACKSLASH_SPACE and
 * SINGLE_QUOTE_DOLLAR_NAME.
 */
export const TRICKY: [key: string, value: string, notReadBackBy: Reader[]][] = [
  ["PLAIN", "abc", []],
  ["DOLLAR_NAME", "$HOME", []],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text itself, not a template
  ["BRACED_NAME", "${HOME}", ["python-dotenv"]],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text itself, not a template
  ["EMPTY_BRACES", "${}", ["python-dotenv"]],
  ["DOLLAR_AT_END", "cost 5$", []],
  ["DOUBLE_DOLLAR", "a$$b", []],
  ["WINDOWS_PATH", "C:\\Users\\new\\table", []],
  ["DOUBLE_BACKSLASH", "a\\\\b", []],
  ["UNC_PATH", "\\\\server\\share", []],
  ["UNC_PATH_SPACED", " \\\\server\\share ", ["python-dotenv", "python-dotenv raw"]],
  ["TRAILING_BACKSLASH", "ends\\", []],
  ["TRAILING_BACKSLASH_SPACE", " x\\", ["python-dotenv", "python-dotenv raw"]],
  ["BACKSLASH_N_TEXT", "literal \\n here", []],
  ["BACKSLASH_QUOTE", "a\\'b", []],
  ["SINGLE_QUOTE", "it's", []],
  ["DOUBLE_QUOTES", 'say "hi"', []],
  ["BACKTICKS", "run `cmd`", []],
  ["ALL_QUOTES", `it's "q" \`x\``, []],
  ["WRAPPED_IN_SINGLE", "'quoted'", []],
  ["WRAPPED_IN_DOUBLE", '"quoted"', []],
  ["JSON", '{"a":[1,"b"]}', []],
  ["LF", "line1\nline2", []],
  ["CRLF", "line1\r\nline2", []],
  ["CR", "a\rb", []],
  ["PEM", "-----BEGIN KEY-----\nMIIB$x+/=\n-----END KEY-----\n", []],
  ["NEWLINE_DOLLAR", "a\n$B", []],
  ["NEWLINE_SINGLE_QUOTE", "it's\nnext", []],
  ["NEWLINE_BACKSLASH_QUOTE", "x\\y\nit's", []],
  ["SINGLE_QUOTE_DOLLAR", "it's $5", []],
  ["SINGLE_QUOTE_DOLLAR_NAME", "it's $HOME", []],
  ["SINGLE_QUOTE_TRAILING_BACKSLASH", "it's\\", []],
  ["SINGLE_QUOTE_TAB_TEXT", "it's \\t", []],
  ["HASH_LEADING", "#nope", []],
  ["HASH_AFTER_SPACE", "a #b", []],
  ["HASH_TIGHT", "a#b", []],
  ["LEADING_SPACES", "  lead", []],
  ["TRAILING_SPACES", "trail  ", []],
  ["SPACES_ONLY", "   ", []],
  ["EMPTY", "", []],
  ["TAB", "a\tb", []],
  ["UNICODE", "héllo ✓ 日本 🚀", []],
  ["NBSP_AROUND", "\u00a0x\u00a0", []],
  ["LINE_SEPARATOR", "a\u2028b", []],
  ["NEXT_LINE_CHAR", "a\u0085b", []],
  ["EQUALS", "a=b==c", []],
  ["URL", "postgres://u:p@h/db?x=1&y=2", []],
  ["ALL_QUOTES_MULTILINE", 'it\'s "q" `x`\nline2', ["dotenv", "dotenv fast"]],
  ["CR_AND_DOUBLE_QUOTE", 'a\r"b"', ["dotenv", "dotenv fast"]],
];
