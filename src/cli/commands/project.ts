// Which environment this directory belongs to: `coffer init` picks an existing workspace, team,
// project and environment (flags, or arrow-key menus in a terminal); `coffer setup` creates what is
// missing. Both write `.coffer.json`. `coffer init --dir/--branch` adds a monorepo mapping to an
// existing one (project-map.ts reads it).
import type { Command } from "commander";
import { Option } from "commander";
import { DEFAULT_ENVIRONMENTS, TYPE_ORDER } from "../../lib/environment-order.ts";
import { CliError, EXIT } from "../api.ts";
import { globalsOf, sessionFor } from "../context.ts";
import { writeProjectFile } from "../files.ts";
import { type EnvironmentType, hierarchy, match, type Named, ok, pick } from "../hierarchy.ts";
import { print } from "../output.ts";
import { type InitOptions, writeMapping } from "./init-mapping.ts";

function written(program: Command, names: Named[], file: string): void {
  print(globalsOf(program).json ?? false, { file }, `${names.map((n) => n.name).join(" / ")} -> ${file}\n`);
}

export function registerProjectCommands(program: Command): void {
  program
    .command("setup")
    .description(
      "create the team, project (with development, staging and production) and environment when missing, and write .coffer.json",
    )
    .option("--workspace <id|name>", "workspace id, slug or name (default: the current one)")
    .requiredOption("--team <name>", "team name")
    .requiredOption("--project <name>", "project name")
    .requiredOption("--environment <name>", "environment name")
    .addOption(
      new Option("--type <type>", "environment type when it is created")
        .choices([...TYPE_ORDER])
        .default("dev"),
    )
    .option(
      "--no-default-environments",
      "when the project is created, do not also create development, staging and production",
    )
    .action(
      async (options: {
        workspace?: string;
        team: string;
        project: string;
        environment: string;
        type: EnvironmentType;
        defaultEnvironments: boolean;
      }) => {
        const session = sessionFor(program);
        const h = hierarchy(session.client);
        const ws = options.workspace
          ? match(await h.workspaces(), options.workspace)
          : (ok(
              await session.client.GET("/workspaces/current"),
              "cannot read the current workspace",
            ) as Named);
        if (!ws) throw new CliError(`no workspace "${options.workspace}"`, EXIT.notFound);
        const team = match(await h.teams(ws.id), options.team) ?? (await h.createTeam(ws.id, options.team));
        const t = { workspace_id: ws.id, team_id: team.id };
        const found = match(await h.projects(t), options.project);
        const proj = found ?? (await h.createProject(t, options.project));
        const pth = { ...t, project_id: proj.id };
        // A new project starts with development, staging and production, as in the dashboard.
        const listed: Named[] = found ? await h.environments(pth) : [];
        if (!found && options.defaultEnvironments) {
          for (const e of DEFAULT_ENVIRONMENTS)
            listed.push(await h.createEnvironment(pth, e.name, e.environment_type));
        }
        // "Production" names the default "production": one environment, not a second of that name.
        const wanted = options.environment.toLowerCase();
        const env =
          match(listed, options.environment) ??
          listed.find((e) => e.name.toLowerCase() === wanted) ??
          (await h.createEnvironment(pth, options.environment, options.type));
        const file = writeProjectFile({ api_url: session.apiUrl, ...pth, environment_id: env.id });
        written(program, [ws, team, proj, env], file);
      },
    );

  program
    .command("init")
    .description(
      "pick the workspace, team, project and environment of this directory (writes .coffer.json); " +
        "in a terminal, what the flags leave out is asked with arrow-key menus. With --dir or --branch, " +
        "add a monorepo mapping to the existing .coffer.json instead",
    )
    .option("--workspace <id|name>", "workspace id, slug or name")
    .option("--team <id|name>", "team id or name")
    .option("--project <id|name>", "project id, slug or name")
    .option(
      "--environment <id|name>",
      "environment id, slug or name; several, comma-separated, are merged in order (later wins)",
    )
    .option(
      "--dir <path>",
      "map this sub-directory (relative to here) to --environment, and --project if given",
    )
    .option(
      "--branch <pattern>",
      "map this git branch, or pattern (release/*), to --environment (within --dir if given)",
    )
    .action(async (options: InitOptions) => {
      if (options.dir !== undefined || options.branch !== undefined) return writeMapping(program, options);
      const session = sessionFor(program);
      const h = hierarchy(session.client);
      const ws = await pick(await h.workspaces(), options.workspace, "workspace");
      const team = await pick(await h.teams(ws.id), options.team, "team");
      const t = { workspace_id: ws.id, team_id: team.id };
      const proj = await pick(await h.projects(t), options.project, "project");
      const pth = { ...t, project_id: proj.id };
      const listed = await h.environments(pth);
      const several = options.environment?.includes(",")
        ? options.environment.split(",").map((e) => e.trim())
        : undefined;
      if (several) {
        // A merge is written by slug, in order.
        const envs = [];
        for (const name of several) envs.push(await pick(listed, name, "environment"));
        const file = writeProjectFile({
          api_url: session.apiUrl,
          ...pth,
          environments: envs.map((e) => e.slug ?? e.id),
        });
        written(program, [ws, team, proj, ...envs], file);
        return;
      }
      const env = await pick(listed, options.environment, "environment");
      const file = writeProjectFile({ api_url: session.apiUrl, ...pth, environment_id: env.id });
      written(program, [ws, team, proj, env], file);
    });
}
