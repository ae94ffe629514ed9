// `coffer diff <env> [env...]`: environments of this directory's project side by side — which
// keys are missing where, and which differ — from fingerprints the server computes; values stay
// on the server unless --values is given. A key an environment inherits is present there, marked
// with where it comes from (as the dashboard's grid shows it). One name compares that environment
// with this directory's own (.coffer.json, or --env).
import type { Command } from "commander";
import { CliError, EXIT, failure } from "../api.ts";
import { globalsOf, projectSelection, sessionFor } from "../context.ts";
import { projectPathOf } from "../environment-targets.ts";
import { print } from "../output.ts";
import { noEnvironment } from "../project-map.ts";

/** This directory's one environment (a merge of several is refused: which one would it be?). */
function hereOf(selection: ReturnType<typeof projectSelection>["selection"]): string {
  if (selection.environments.length === 0) throw noEnvironment(selection);
  if (selection.environments.length > 1) {
    throw new CliError(
      `here ${selection.file} merges ${selection.environments.join(", ")}: name both environments to compare, ` +
        "or pick this directory's one with --env",
      EXIT.usage,
    );
  }
  return selection.environments[0]!;
}

export function registerDiffCommand(program: Command): void {
  program
    .command("diff <environments...>")
    .description(
      "compare environments of this project (names, slugs or ids; 2 to 10): keys missing in some, values " +
        "that differ; with one name, that environment against this directory's",
    )
    .option(
      "--env <slug|id>",
      "this directory's environment, when one name is given (default: .coffer.json's)",
    )
    .option("--values", "show the values that differ (needs read access to each)")
    .option("--all", "list the keys that are the same everywhere too")
    .action(async (wanted: string[], options: { env?: string; values?: boolean; all?: boolean }) => {
      const { found, selection } = projectSelection(options.env);
      const session = sessionFor(program, found);
      const path = projectPathOf(selection);
      const listed = await session.client.GET("/environments/{workspace_id}/{team_id}/{project_id}/", {
        params: { path },
      });
      if (!listed.data) throw failure(listed.response, listed.error, "cannot list the environments");
      const idOf = (name: string, why = "in this project") => {
        const found = listed.data.find((e) => e.id === name || e.slug === name || e.name === name);
        if (!found) {
          throw new CliError(
            `no environment "${name}" ${why} (have: ${listed.data.map((e) => e.name).join(", ")})`,
            EXIT.notFound,
          );
        }
        return found.id;
      };
      const ids = wanted.map((name) => idOf(name));
      if (ids.length === 1) {
        const here = idOf(hereOf(selection), `(this directory's, ${selection.file})`);
        if (here === ids[0])
          throw new CliError(
            `${wanted[0]} is this directory's environment: name another to compare`,
            EXIT.usage,
          );
        ids.unshift(here);
      }
      const { data, error, response } = await session.client.GET(
        "/environments/{workspace_id}/{team_id}/{project_id}/compare",
        { params: { path, query: { environments: ids.join(","), values: options.values ?? false } } },
      );
      if (!data) throw failure(response, error, "cannot compare the environments");
      const names = data.environments.map((e) => e.name);
      const shown = data.keys.filter((k) => options.all || k.status !== "same");
      const cell = (c: (typeof shown)[number]["environments"][number]) => {
        if (!c.present) return "—";
        const text = options.values && c.value !== undefined ? c.value : `v${c.version}`;
        return c.inherited_from ? `${text} (from ${c.inherited_from.name})` : text;
      };
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
      const inherited = data.keys.filter((k) => k.environments.some((c) => c.inherited_from)).length;
      const inheritedNote =
        inherited > 0
          ? `${inherited} ${inherited === 1 ? "key is" : "keys are"} inherited from a parent environment ` +
            "there, which counts as present (from …)\n"
          : "";
      const summary =
        shown.length === 0 && !options.all
          ? `no differences: ${data.keys.length} keys, the same in ${names.join(", ")}\n${inheritedNote}`
          : `${table}${options.all ? "" : `(${same} keys the same everywhere not shown; --all lists them)\n`}${inheritedNote}`;
      print(globalsOf(program).json ?? false, data, summary);
    });
}
