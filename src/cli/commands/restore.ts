// `coffer restore --at <time> [--apply]`: put this directory's environment back to a moment — a
// preview of what would be recreated, changed and removed, and with --apply the restore itself, in
// one transaction on the server. Keys only on screen; --json prints the API's answer.
import type { Command } from "commander";
import { CliError, EXIT, failure } from "../api.ts";
import { globalsOf, pathOf, projectSession } from "../context.ts";
import { print } from "../output.ts";

export function registerRestoreCommand(program: Command): void {
  program
    .command("restore")
    .description("put the environment back to a moment (paid plans): a preview, or with --apply the restore")
    .requiredOption("--at <time>", "the moment, e.g. 2026-11-24T09:30:00Z (any date JavaScript reads)")
    .option("--apply", "restore (without it, only show what would change)")
    .action(async (options: { at: string; apply?: boolean }) => {
      const moment = new Date(options.at);
      if (Number.isNaN(moment.getTime()))
        throw new CliError(`--at "${options.at}" is not a date and time`, EXIT.usage);
      const { p, session } = await projectSession(program);
      const { data, error, response } = await session.client.POST(
        "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/restore",
        { params: { path: pathOf(p) }, body: { at: moment.toISOString(), apply: options.apply ?? false } },
      );
      if (!data) throw failure(response, error, "cannot restore the environment");
      const lines = [
        ...data.added.map((a) => `+ ${a.key} (deleted since: recreated)\n`),
        ...data.changed.map((c) => `~ ${c.key} (its value then becomes a new version)\n`),
        ...data.removed.map((r) => `- ${r.key} (created since: deleted, recoverable)\n`),
      ];
      const counts = `${data.added.length} recreated, ${data.changed.length} changed, ${data.removed.length} removed, ${data.unchanged.length} unchanged`;
      const text =
        lines.length === 0
          ? `nothing to do: the environment is as it was at ${data.at}\n`
          : `${lines.join("")}${data.applied ? `restored to ${data.at}: ${counts}\n` : `${counts} (preview: --apply restores)\n`}`;
      print(globalsOf(program).json ?? false, data, text);
    });
}
