// Inheritance between the environments of a project: a parent's secrets show in its heirs, in
// chains that never circle and hold at most MAX_INHERITANCE_DEPTH parents.
import type { Queryable } from "../../db/schema.ts";
import { ValidationFailed } from "../../errors.ts";
import * as repo from "./repo.ts";

/** How many environments a chain of parents may hold above one environment. */
export const MAX_INHERITANCE_DEPTH = 3;

const parentIssue = (msg: string) =>
  new ValidationFailed([{ loc: ["body", "parent_environment_id"], msg, type: "value_error" }]);

/**
 * 422 unless giving `environmentId` the parent `parentId` leaves every chain of the project's
 * environments acyclic and at most MAX_INHERITANCE_DEPTH parents long.
 */
export function checkParent(
  environments: readonly repo.EnvironmentRow[],
  environmentId: string,
  parentId: string,
): void {
  const parents = new Map(environments.map((e) => [e.id, e.parent_environment_id]));
  if (!parents.has(parentId)) throw parentIssue("No environment with this id in this project");
  if (parentId === environmentId) throw parentIssue("An environment cannot inherit from itself");
  parents.set(environmentId, parentId);
  // The chains were acyclic: a cycle now would pass through the new link.
  let steps = 0;
  for (
    let at: string | null | undefined = parentId;
    at && steps <= parents.size;
    at = parents.get(at), steps++
  ) {
    if (at === environmentId) {
      throw parentIssue("This parent inherits from this environment: inheritance cannot go in a circle");
    }
  }
  for (const start of parents.keys()) {
    let depth = 0;
    for (let at = parents.get(start); at; at = parents.get(at)) {
      if (++depth > MAX_INHERITANCE_DEPTH) {
        throw parentIssue(`Inheritance may go at most ${MAX_INHERITANCE_DEPTH} environments up`);
      }
    }
  }
}

/** The environments `environment` inherits from, nearest first (at most MAX_INHERITANCE_DEPTH). */
export async function ancestorsOf(q: Queryable, workspaceId: string, environment: repo.EnvironmentRow) {
  const chain: repo.EnvironmentRow[] = [];
  let parentId = environment.parent_environment_id;
  while (parentId && chain.length < MAX_INHERITANCE_DEPTH) {
    const parent = await repo.environmentInProject(q, workspaceId, environment.project_id, parentId);
    if (!parent) break;
    chain.push(parent);
    parentId = parent.parent_environment_id;
  }
  return chain;
}

/** The environments that inherit from `environment`, directly or through others: parents before their children. */
export async function heirsOf(q: Queryable, workspaceId: string, environment: repo.EnvironmentRow) {
  const all = await repo.listEnvironments(q, workspaceId, environment.project_id);
  const heirs: repo.EnvironmentRow[] = [];
  // The chains are acyclic and at most MAX_INHERITANCE_DEPTH long: one step per level.
  let frontier = new Set([environment.id]);
  for (let depth = 0; depth < MAX_INHERITANCE_DEPTH && frontier.size > 0; depth++) {
    const next = all.filter((e) => e.parent_environment_id !== null && frontier.has(e.parent_environment_id));
    heirs.push(...next);
    frontier = new Set(next.map((e) => e.id));
  }
  return heirs;
}
