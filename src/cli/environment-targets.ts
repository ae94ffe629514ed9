// The environments a project file's selection names, as paths the API takes: ids as they are,
// slugs looked up in the project's list; and what --verbose says about where each key comes from.
import type { EnvironmentPath } from "../client/index.ts";
import { CliError, EXIT, failure, type Session } from "./api.ts";
import { environmentsNamed, keyReach } from "./key-reach.ts";
import { noEnvironment, type Selection } from "./project-map.ts";

/** One environment a command reads or writes, and the name the user knows it by. */
export interface EnvironmentTarget extends EnvironmentPath {
  label: string;
}

/** The project the selection is in: its three ids, or a refusal naming the one the file lacks. */
export function projectPathOf(selection: Selection) {
  const { workspace_id, team_id, project_id } = selection;
  for (const [name, value] of Object.entries({ workspace_id, team_id, project_id })) {
    if (!value) throw new CliError(`${selection.file} names no ${name} (coffer init writes it)`, EXIT.usage);
  }
  return { workspace_id: workspace_id!, team_id: team_id!, project_id: project_id! };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The selection's environments as paths. Ids go as they are (no request: a key scoped to one
 * environment may not list the others); slugs are looked up in the project's list, once.
 */
export async function resolveEnvironments(
  session: Session,
  selection: Selection,
): Promise<EnvironmentTarget[]> {
  const project = projectPathOf(selection);
  if (selection.environments.length === 0) throw noEnvironment(selection);
  let listed: { id: string; slug: string; name: string }[] | undefined;
  const list = async () => {
    if (listed) return listed;
    const { data, error, response } = await session.client.GET(
      "/environments/{workspace_id}/{team_id}/{project_id}/",
      { params: { path: project } },
    );
    // A key narrowed to environments may not list its project's: it says itself what it reaches.
    const reached = !data && response.status === 403 ? await keyReach(session) : null;
    if (reached) {
      listed = reached.filter((e) => e.project_id === project.project_id);
      return listed;
    }
    if (!data)
      throw failure(response, error, `cannot list the environments of project ${project.project_id}`);
    listed = data;
    return data;
  };
  const targets: EnvironmentTarget[] = [];
  for (const ref of selection.environments) {
    let target: EnvironmentTarget;
    if (selection.rule === "environment_id" || UUID.test(ref)) {
      target = { ...project, environment_id: ref, label: ref };
    } else {
      const environments = await list();
      const [found, other] = environmentsNamed(environments, ref);
      if (!found || other) {
        throw new CliError(
          `no environment "${ref}" in project ${project.project_id} (${selection.rule} in ${selection.file}); ` +
            `have: ${environments.map((e) => e.slug).join(", ")}`,
          EXIT.notFound,
        );
      }
      target = { ...project, environment_id: found.id, label: found.slug };
    }
    const twice = targets.find((t) => t.environment_id === target.environment_id);
    if (twice)
      throw new CliError(`${selection.rule} names environment ${twice.label} twice (${ref})`, EXIT.usage);
    targets.push(target);
  }
  return targets;
}

/** --verbose: which environments were read, why, and where each key comes from (stderr; keys only). */
export function explainSources(
  selection: Selection,
  targets: EnvironmentTarget[],
  keys: { key: string; from: string; overrides: string[] }[],
): void {
  const names = targets.map((t) => t.label).join(", ");
  const merged = targets.length > 1 ? "environments" : "environment";
  const order = targets.length > 1 ? ", merged in this order (later wins)" : "";
  const branch = selection.branch !== undefined ? `, branch ${selection.branch}` : "";
  const rule = selection.rule === "--env" ? "--env" : `${selection.rule} in ${selection.file}`;
  const lines = [`coffer: ${merged} ${names}${order} (${rule}${branch})`];
  for (const k of keys) {
    const over = k.overrides.length ? ` (overrides ${k.overrides.join(", ")})` : "";
    lines.push(`coffer:   ${k.key} from ${k.from}${over}`);
  }
  process.stderr.write(`${lines.join("\n")}\n`);
}
