// The four levels of Coffer's hierarchy as `init` and `setup` walk them: each listed (and created)
// under its parent, and one picked by id, slug or name (or with the arrow keys in a terminal).
import type { CofferClient } from "../client/index.ts";
import { byEnvironmentType, type TYPE_ORDER } from "../lib/environment-order.ts";
import { CliError, EXIT, failure } from "./api.ts";

export type Named = { id: string; name: string; slug?: string };
export type EnvironmentType = (typeof TYPE_ORDER)[number];

export function ok<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (!result.response.ok) throw failure(result.response, result.error, what);
  return result.data as T;
}

export const match = (items: Named[], wanted: string) =>
  items.find((i) => i.id === wanted || i.slug === wanted || i.name === wanted);

/** The four levels of the hierarchy, each listed (and created) under its parent. */
export function hierarchy(c: CofferClient) {
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
      byEnvironmentType(
        ok(
          await c.GET("/environments/{workspace_id}/{team_id}/{project_id}/", { params: { path } }),
          "cannot list environments",
        ),
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
export async function pick<T extends Named>(
  items: T[],
  wanted: string | undefined,
  what: string,
): Promise<T> {
  if (wanted === undefined) {
    // Outside a terminal (a script, an agent) the only choice is taken, and said.
    if (!process.stdin.isTTY && items.length === 1) {
      process.stderr.write(`coffer: using the only ${what}, ${items[0]!.name}\n`);
      return items[0]!;
    }
    if (!process.stdin.isTTY) {
      const have = items.length ? ` (have: ${items.map((i) => i.name).join(", ")})` : "";
      throw new CliError(`give --${what}${have}, or run in a terminal to pick one`, EXIT.usage);
    }
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
