#!/usr/bin/env node
// `coffer`: the command-line client. Talks to Coffer only through the typed client; keeps the ids
// of the hierarchy in `.coffer.json`; `coffer run -- <cmd>` injects an environment's secrets.
// Only light modules load on the start path: `coffer run -- true` must stay well under 300 ms.
import { Command, CommanderError, Option } from "commander";
import { CliError, EXIT } from "./api.ts";
import { registerAccountCommands } from "./commands/account.ts";
import { registerAutomationCommands } from "./commands/automation.ts";
import { registerCompletionCommand } from "./commands/completion.ts";
import { registerDiffCommand } from "./commands/diff.ts";
import { registerProjectCommands } from "./commands/project.ts";
import { registerRestoreCommand } from "./commands/restore.ts";
import { registerRunCommand } from "./commands/run.ts";
import { registerSecretsCommands } from "./commands/secrets.ts";
import { registerTransferCommands } from "./commands/transfer.ts";
import { VERSION } from "./user-agent.ts";

// `coffer --version` is answered here, not by commander: commander would take `--version` anywhere
// on the line for itself, and `coffer secrets rollback KEY --version 3` needs it.
const first = process.argv[2];
if (first === "--version" || first === "-V") {
  process.stdout.write(`${VERSION}\n`);
  process.exit(0);
}

const program = new Command("coffer")
  .description("Coffer's command-line client: secrets for your shell, your CI and `coffer run`")
  .addHelpText("before", `coffer ${VERSION}\n`)
  .addOption(new Option("--api-url <url>", "Coffer's address (env COFFER_API_URL)"))
  .option("--json", "machine-readable output")
  .showHelpAfterError()
  // A usage error (an unknown option, a bad choice) exits 2 like the CLI's own; commander would say 1.
  .exitOverride();

// `coffer run` (started by every deploy, test and dev server) builds its own command alone: the
// options of all the others were ~5 % of its start (its help is its own either way). Any other
// first word, a global option included, sees every command.
const commands =
  first === "run"
    ? [registerRunCommand]
    : [
        registerAccountCommands,
        registerProjectCommands,
        registerSecretsCommands,
        registerTransferCommands,
        registerDiffCommand,
        registerRestoreCommand,
        registerAutomationCommands,
        registerRunCommand,
        registerCompletionCommand,
      ];
for (const register of commands) register(program);

// A promise chain rather than a top-level await: the single-executable binary embeds the CLI as
// CommonJS (scripts/build-binary.mjs), which has no top-level await.
program
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (error instanceof CommanderError) {
      // commander has printed its message (or the help) already.
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    } else {
      process.stderr.write(`coffer: ${(error as Error).message}\n`);
      process.exitCode = error instanceof CliError ? error.exitCode : EXIT.error;
    }
  })
  // Done: exit once what we printed is flushed, rather than when the event loop empties — Node's
  // fetch (the CLI run from its sources; the bundle has its own, src/cli/transport) keeps an idle
  // connection to Coffer that would hold the process ~100 ms longer.
  .then(() => process.stdout.write("", () => process.stderr.write("", () => process.exit())));
