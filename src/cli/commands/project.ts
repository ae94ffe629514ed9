// Which environment this directory belongs to: `coffer init` picks an existing workspace, team,
// project and environment (flags, or arrow-key menus in a terminal); `coffer setup` creates what is
// missing. Both write `.coffer.json`.
import type { Command } from "commander";
import { Option } from "commander";
import type { CofferClient } from "../../client/index.ts";
import { CliError, EXIT, failure } from "../api.ts";
import { globalsOf, sessionFor } from "../context.ts";
import { writeProjectFile } from "../files.ts";
import { print } from "../output.ts";

type Named = { id: string; name: string; slug?: string };
type EnvironmentType = "dev" | "staging" | "prod" | "pilot" | "custom";

function ok<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (!result.response.ok) throw failure(result.response, result.error, what);
  return result.data as T;
}

const match = (items: Named[], wanted: string) =>
  items.find((i) => i.id === wanted || i.slug === wanted || i.name === wanted);

/** The four levels of the hierarchy, each listed (and created) under its parent. */
function hierarchy(c: CofferClient) {
  return {
    workspaces: async () => ok(await c.GET("/workspaces/"), "cannot list workspaces") as Named[],
    teams: async (workspace_id: string) =>
      ok(await c.GET("/teams/{workspace_id}/", { params: { path: { workspace_id } } }), "cannot list teams"),
    createTeam: async (workspace_id: string, name: string) =>
      ok(
        await c.POST("/teams/{workspace_id}/", { params: { path: { workspace_id } }, body: { name } }),
        "cannot create the team",
      ) as Named,
    projects: async (path: { workspace_id: string; team_id: string }) =>
      ok(await c.GET("/projects/{workspace_id}/{team_id}/", { params: { path } }), "cannot list projects"),
    createProject: async (path: { workspace_id: string; team_id: string }, name: string) =>
      ok(
        await c.POST("/projects/{workspace_id}/{team_id}/", { params: { path }, body: { name } }),
        "cannot create the project",
      ) as Named,
    environments: async (path: { workspace_id: string; team_id: string; project_id: string }) =>
      ok(
        await c.GET("/environments/{workspace_id}/{team_id}/{project_id}/", { params: { path } }),
        "cannot list environments",
      ),
    createEnvironment: async (
      path: { workspace_id: string; team_id: string; project_id: string },
      name: string,
      environment_type: EnvironmentType,
    ) =>
      ok(
        await c.POST("/environments/{workspace_id}/{team_id}/{project_id}/", {
          params: { path },
          body: { name, environment_type },
        }),
        "cannot create the environment",
      ) as Named,
  };
}

/** One level of `init`: the named item, or (in a terminal) the one picked with the arrow keys. */
async function pick<T extends Named>(items: T[], wanted: string | undefined, what: string): Promise<T> {
  if (wanted === undefined) {
    if (!process.stdin.isTTY)
      throw new CliError(`give --${what} (or run in a terminal to pick one)`, EXIT.usage);
    if (items.length === 0)
      throw new CliError(`there is no ${what} to pick: create one first`, EXIT.notFound);
    // Loaded only here: the prompt library stays off every other command's start path.
    const { default: select } = await import("@inquirer/select");
    return select({ message: `Pick the ${what}`, choices: items.map((i) => ({ name: i.name, value: i })) });
  }
  const found = match(items, wanted) as T | undefined;
  if (!found)
    throw new CliError(
      `no ${what} "${wanted}" (have: ${items.map((i) => i.name).join(", ")})`,
      EXIT.notFound,
    );
  return found;
}

function written(program: Command, names: Named[], file: string): void {
  print(globalsOf(program).json ?? false, { file }, `${names.map((n) => n.name).join(" / ")} -> ${file}\n`);
}

export function registerProjectCommands(program: Command): void {
  program
    .command("setup")
    .description("create the team, project and environment when missing, and write .coffer.json")
    .option("--workspace <id|name>", "workspace id, slug or name (default: the current one)")
    .requiredOption("--team <name>", "team name")
    .requiredOption("--project <name>", "project name")
    .requiredOption("--environment <name>", "environment name")
    .addOption(
      new Option("--type <type>", "environment type when it is created")
        .choices(["dev", "staging", "prod", "pilot", "custom"])
        .default("dev"),
    )
    .action(
      async (options: {
        workspace?: string;
        team: string;
        project: string;
        environment: string;
        type: EnvironmentType;
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
        const proj =
          match(await h.projects(t), options.project) ?? (await h.createProject(t, options.project));
        const pth = { ...t, project_id: proj.id };
        const env =
          match(await h.environments(pth), options.environment) ??
          (await h.createEnvironment(pth, options.environment, options.type));
        const file = writeProjectFile({ api_url: session.apiUrl, ...pth, environment_id: env.id });
        written(program, [ws, team, proj, env], file);
      },
    );

  program
    .command("init")
    .description(
      "pick the workspace, team, project and environment of this directory (writes .coffer.json); " +
        "in a terminal, what the flags leave out is asked with arrow-key menus",
    )
    .option("--workspace <id|name>", "workspace id, slug or name")
    .option("--team <id|name>", "team id or name")
    .option("--project <id|name>", "project id, slug or name")
    .option("--environment <id|name>", "environment id, slug or name")
    .action(
      async (options: { workspace?: string; team?: string; project?: string; environment?: string }) => {
        const session = sessionFor(program);
        const h = hierarchy(session.client);
        const ws = await pick(await h.workspaces(), options.workspace, "workspace");
        const team = await pick(await h.teams(ws.id), options.team, "team");
        const t = { workspace_id: ws.id, team_id: team.id };
        const proj = await pick(await h.projects(t), options.project, "project");
        const pth = { ...t, project_id: proj.id };
        const env = await pick(await h.environments(pth), options.environment, "environment");
        const file = writeProjectFile({ api_url: session.apiUrl, ...pth, environment_id: env.id });
        written(program, [ws, team, proj, env], file);
      },
    );
}
