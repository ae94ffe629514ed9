// `coffer diff <env> <env> [...]`: environments of this directory's project side by side — which
// keys are missing where, and which differ — from fingerprints the server computes; values stay
// on the server unless --values is given.
import type { Command } from "commander";
import { CliError, EXIT, failure } from "../api.ts";
import { globalsOf, projectSelection, sessionFor } from "../context.ts";
import { projectPathOf } from "../environment-targets.ts";
import { print } from "../output.ts";

export function registerDiffCommand(program: Command): void {
  program
    .command("diff <environments...>")
    .description(
      "compare environments of this project (names, slugs or ids; 2 to 10): keys missing in some, values that differ",
    )
    .option("--values", "show the values that differ (needs read access to each)")
    .option("--all", "list the keys that are the same everywhere too")
    .action(async (wanted: string[], options: { values?: boolean; all?: boolean }) => {
      if (wanted.length < 2) throw new CliError("name at least two environments", EXIT.usage);
      // The project only: the directory's environments do not matter here.
      const { found, selection } = projectSelection();
      const session = sessionFor(program, found);
      const path = projectPathOf(selection);
      const listed = await session.client.GET("/environments/{workspace_id}/{team_id}/{project_id}/", {
        params: { path },
      });
      if (!listed.data) throw failure(listed.response, listed.error, "cannot list the environments");
      const ids = wanted.map((name) => {
        const found = listed.data.find((e) => e.id === name || e.slug === name || e.name === name);
        if (!found) {
          throw new CliError(
            `no environment "${name}" in this project (have: ${listed.data.map((e) => e.name).join(", ")})`,
            EXIT.notFound,
          );
        }
        return found.id;
      });
      const { data, error, response } = await session.client.GET(
        "/environments/{workspace_id}/{team_id}/{project_id}/compare",
        { params: { path, query: { environments: ids.join(","), values: options.values ?? false } } },
      );
      if (!data) throw failure(response, error, "cannot compare the environments");
      const names = data.environments.map((e) => e.name);
      const shown = data.keys.filter((k) => options.all || k.status !== "same");
      const cell = (c: (typeof shown)[number]["environments"][number]) =>
        !c.present ? "—" : options.values && c.value !== undefined ? c.value : `v${c.version}`;
      const note = (k: (typeof shown)[number]) =>
        k.status === "missing"
          ? `missing in ${k.environments
              .map((c, i) => (c.present ? null : names[i]))
              .filter(Boolean)
              .join(", ")}`
          : k.status;
      const rows = [
        ["KEY", ...names, ""],
        ...shown.map((k) => [k.key, ...k.environments.map(cell), note(k)]),
      ];
      const widths = rows[0]!.map((_, column) => Math.max(...rows.map((r) => r[column]!.length)));
      const table = rows
        .map(
          (r) =>
            `${r
              .map((text, i) => text.padEnd(widths[i]!))
              .join("  ")
              .trimEnd()}\n`,
        )
        .join("");
      const same = data.keys.length - data.keys.filter((k) => k.status !== "same").length;
      const summary =
        shown.length === 0 && !options.all
          ? `no differences: ${data.keys.length} keys, the same in ${names.join(", ")}\n`
          : `${table}${options.all ? "" : `(${same} keys the same everywhere not shown; --all lists them)\n`}`;
      print(globalsOf(program).json ?? false, data, summary);
    });
}
