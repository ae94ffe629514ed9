// `coffer completion bash|zsh|fish` (issue 23): the script the real CLI prints, loaded in the real
// shell and driven as the shell drives it — bash's completion function with COMP_WORDS and
// COMP_CWORD, zsh's with `words` and CURRENT (compadd, zsh's builtin, stubbed to print what it is
// given), fish's own `complete -C`. The shells run with a PATH holding neither coffer nor node: the
// script asks nothing of anyone. Commands and options are checked against `coffer … --help`.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCoffer } from "./helpers/cli-process.ts";
import { cliToolsRequired, installed } from "./helpers/cli-tools.ts";
import { tempDir } from "./helpers/server-process.ts";

type Shell = "bash" | "zsh" | "fish";
const scripts = {} as Record<Shell, string>;
const where = { home: tempDir("coffer-completion-home-"), cwd: tempDir("coffer-completion-") };
/** No coffer, no node: completing must not run either. */
const SHELL_ENV = { PATH: "/usr/bin:/bin", HOME: where.home };

// zsh's compadd, stubbed: the words it is given (with their -P prefix) that match the word being
// completed, one a line, as zsh would offer them.
const ZSH_COMPADD = `compadd() {
  local prefix='' word
  while (( $# )); do
    case $1 in
      --) shift; break ;;
      -P|-d|-S|-J|-X) [[ $1 == -P ]] && prefix=$2; shift 2 ;;
      *) shift ;;
    esac
  done
  for word in "$@"; do [[ $prefix$word == \${PREFIX}* ]] && print -r -- "$prefix$word"; done
}`;

/** What the shell offers when the line's words are `words`, the last being the one completed. */
function complete(shell: Shell, words: string[]): string[] {
  const file = join(where.cwd, `coffer.${shell}`);
  const run =
    shell === "bash"
      ? spawnSync(
          "bash",
          [
            "--norc",
            "--noprofile",
            "-c",
            `source ${file}; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _coffer; printf '%s\\n' "\${COMPREPLY[@]}"`,
            "bash",
            ...words,
          ],
          { encoding: "utf8", env: SHELL_ENV },
        )
      : shell === "zsh"
        ? spawnSync(
            "zsh",
            [
              "-f",
              "-c",
              `${ZSH_COMPADD}\nsource ${file}\nwords=("$@"); CURRENT=$#; PREFIX=$words[CURRENT]; _coffer; true`,
              "zsh",
              ...words,
            ],
            { encoding: "utf8", env: SHELL_ENV },
          )
        : spawnSync("fish", ["--no-config", "-c", `source ${file}; complete -C $argv[1]`, words.join(" ")], {
            encoding: "utf8",
            env: SHELL_ENV,
          });
  expect(run.status, `${shell}: ${run.stderr}`).toBe(0);
  expect(run.stderr).toBe("");
  return run.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t")[0]!)
    .sort();
}

const helps = new Map<string, Promise<{ commands: string[]; options: string[] }>>();
/** The command names and long options `coffer ARGS --help` lists (asked once per ARGS). */
function helpOf(args: string[]): Promise<{ commands: string[]; options: string[] }> {
  const key = args.join(" ");
  if (!helps.has(key)) helps.set(key, readHelp(args));
  return helps.get(key)!;
}

async function readHelp(args: string[]): Promise<{ commands: string[]; options: string[] }> {
  const help = await runCoffer([...args, "--help"], where);
  expect(help.code, help.stderr).toBe(0);
  // An entry starts two spaces in; its description may go on over more indented lines.
  const section = (title: string) =>
    (help.stdout.split(`${title}:\n`)[1]?.split("\n\n")[0]?.split("\n") ?? []).filter((l) =>
      /^ {2}\S/.test(l),
    );
  return {
    commands: section("Commands").map((line) => line.trim().split(/[\s|]/)[0]!),
    options: section("Options").flatMap((line) => line.match(/--[a-z-]+/)?.[0] ?? []),
  };
}

beforeAll(async () => {
  for (const shell of ["bash", "zsh", "fish"] as const) {
    const printed = await runCoffer(["completion", shell], where);
    expect(printed.code, printed.stderr).toBe(0);
    scripts[shell] = printed.stdout;
    writeFileSync(join(where.cwd, `coffer.${shell}`), printed.stdout);
  }
}, 60_000);

it("refuses a shell it does not know", async () => {
  const refused = await runCoffer(["completion", "powershell"], where);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain("bash, zsh, fish");
});

describe.each([
  ["bash", true],
  ["zsh", installed("zsh") || cliToolsRequired],
  ["fish", installed("fish") || cliToolsRequired],
] as const)("coffer completion %s", (shell, runs) => {
  describe.runIf(runs)("driven in the shell", () => {
    it("the shell is installed (apt-get install -y zsh fish)", () => {
      expect(installed(shell)).toBe(true);
    });

    it("offers every command `coffer --help` lists, and completes a prefix", async () => {
      const top = await helpOf([]);
      expect(complete(shell, ["coffer", ""])).toEqual([...top.commands].sort());
      expect(complete(shell, ["coffer", "exp"])).toEqual(["export"]);
      expect(complete(shell, ["coffer", "import"])).toEqual(["import", "import-preview"]);
    });

    it("offers the subcommands and options of the command typed so far", async () => {
      const secrets = await helpOf(["secrets"]);
      expect(complete(shell, ["coffer", "secrets", ""])).toEqual([...secrets.commands].sort());
      expect(complete(shell, ["coffer", "secrets", "l"])).toEqual(["list"]);
      const list = await helpOf(["secrets", "list"]);
      const top = await helpOf([]);
      expect(complete(shell, ["coffer", "secrets", "list", "--"])).toEqual(
        [...new Set([...list.options, ...top.options])].sort(),
      );
      expect(complete(shell, ["coffer", "secrets", "list", "--r"])).toEqual(["--raw", "--reveal"]);
      expect(complete(shell, ["coffer", "keys", "create", "--read"])).toEqual(["--read-only"]);
    });

    it("offers an option's choices, and an argument's", () => {
      expect(complete(shell, ["coffer", "export", "--format", ""])).toEqual([
        "dotenv",
        "json",
        "shell",
        "yaml",
      ]);
      expect(complete(shell, ["coffer", "export", "--format", "y"])).toEqual(["yaml"]);
      expect(complete(shell, ["coffer", "import-preview", "--from", ""])).toEqual([
        "railway",
        "render",
        "vercel",
      ]);
      expect(complete(shell, ["coffer", "completion", ""])).toEqual(["bash", "fish", "zsh"]);
      const joined =
        shell === "bash" ? ["coffer", "export", "--format", "=", "j"] : ["coffer", "export", "--format=j"];
      expect(complete(shell, joined)).toEqual([shell === "bash" ? "json" : "--format=json"]);
    });

    it("skips global options and their values to find the command", () => {
      expect(
        complete(shell, ["coffer", "--api-url", "http://127.0.0.1:8080", "--json", "secrets", "h"]),
      ).toEqual(["help", "history"]);
      expect(complete(shell, ["coffer", "--api-url", "se"])).toEqual([]);
      expect(complete(shell, ["coffer", "help", "se"])).toEqual(["secrets", "service-accounts", "setup"]);
    });
  });
});

it("is the script each shell loads, naming where the install steps are", () => {
  expect(scripts.bash).toContain("complete -o default -F _coffer coffer");
  expect(scripts.zsh.startsWith("#compdef coffer\n")).toBe(true);
  expect(scripts.fish).toContain("complete -c coffer -f -a '(__coffer_complete)'");
  for (const script of Object.values(scripts)) expect(script).toContain('docs/cli.md, "Shell completion"');
});
