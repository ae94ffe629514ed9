// What an API key reaches, as it says itself (GET /keys/current). A deploy job holding only a key
// narrowed to Production needs no .coffer.json and no --env: the key's one environment is the
// environment; --env picks among those it reaches by id, slug or name. A key may not list its
// project's environments, so this is also how a project file's slugs resolve for it.
import { CliError, EXIT, failure, type Session } from "./api.ts";
import type { EnvironmentTarget } from "./environment-targets.ts";
import type { Selection } from "./project-map.ts";

export interface ReachedEnvironment {
  id: string;
  name: string;
  slug: string;
  workspace_id: string;
  team_id: string;
  project_id: string;
}

/** The environments the session's key may read; null when it is not narrowed to any (or is no key). */
export async function keyReach(session: Session): Promise<ReachedEnvironment[] | null> {
  if (!session.apiKey) return null;
  const { data, error, response } = await session.client.GET("/keys/current");
  if (!data) throw failure(response, error, "cannot ask the server what this key reaches");
  return data.environments;
}

/** The environments `ref` names: an id or slug exactly, else a name regardless of case. */
export function environmentsNamed<T extends { id: string; slug: string; name: string }>(
  environments: readonly T[],
  ref: string,
): T[] {
  const exact = environments.filter((e) => e.id === ref || e.slug === ref);
  if (exact.length > 0) return exact;
  return environments.filter((e) => e.name.toLowerCase() === ref.toLowerCase());
}

const KEY = "the API key";
const listed = (reached: readonly ReachedEnvironment[]) => reached.map((e) => e.slug).join(", ") || "none";

/**
 * Without a project file: the environments `refs` (--env) name among those the key reaches, or
 * its one environment when none are named. Refuses naming what to do when that is not one.
 */
export async function keyTargets(
  session: Session,
  refs: string[] | undefined,
): Promise<{ selection: Selection; targets: EnvironmentTarget[] }> {
  const reached = await keyReach(session);
  if (reached === null) {
    throw new CliError(
      "no .coffer.json here or above: run `coffer init` first (or use a key narrowed to the environment " +
        "in COFFER_TOKEN: it needs no project file)",
      EXIT.usage,
    );
  }
  const rule = refs ? "--env" : "the only environment";
  let chosen: ReachedEnvironment[];
  if (refs) {
    chosen = refs.map((ref) => {
      const named = environmentsNamed(reached, ref);
      if (named.length === 1) return named[0]!;
      if (named.length === 0) {
        throw new CliError(
          `--env ${ref}: ${KEY} reaches no environment of that id, slug or name (it reaches: ${listed(reached)})`,
          EXIT.notFound,
        );
      }
      throw new CliError(
        `--env ${ref} names ${named.length} environments ${KEY} reaches (in different projects): ` +
          `pass the id (${named.map((e) => e.id).join(", ")})`,
        EXIT.usage,
      );
    });
  } else if (reached.length === 1) {
    chosen = reached;
  } else if (reached.length === 0) {
    throw new CliError(
      `${KEY} reaches no environment whose secrets it may read now (its holder may have lost access)`,
      EXIT.auth,
    );
  } else {
    throw new CliError(
      `${KEY} reaches ${reached.length} environments (${listed(reached)}) and there is no .coffer.json ` +
        "here: name one with --env",
      EXIT.usage,
    );
  }
  const targets = chosen.map((e) => ({
    workspace_id: e.workspace_id,
    team_id: e.team_id,
    project_id: e.project_id,
    environment_id: e.id,
    label: e.slug,
  }));
  const selection: Selection = {
    file: `${KEY}'s scope`,
    environments: chosen.map((e) => e.id),
    rule,
    directory: "",
  };
  return { selection, targets };
}
