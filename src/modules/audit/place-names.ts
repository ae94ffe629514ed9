// The names of projects and environments, remembered for a second for the reads' rounds: a busy
// node commits a round of reads every few milliseconds, and asking the database the same names
// each time cost more than the round's own insert. A read within a second of a rename may name the
// place as it was just before; a change's entry (written in its own transaction) always asks.
import type { Queryable } from "../../db/schema.ts";
import type { PlaceNames } from "./service.ts";

const REMEMBER_MS = 1_000;

export function rememberedPlaceNames(
  ask: () => PlaceNames | undefined,
  now: () => number = Date.now,
): PlaceNames {
  const known = new Map<string, { name: string; until: number }>();
  const fresh = (key: string, at: number) => {
    const hit = known.get(key);
    return hit && hit.until > at ? hit.name : undefined;
  };
  return async (q: Queryable, workspaceId: string, ids) => {
    const at = now();
    const projects = new Map<string, string>();
    const environments = new Map<string, string>();
    const missing = { projectIds: [] as string[], environmentIds: [] as string[] };
    for (const id of ids.projectIds) {
      const name = fresh(`p:${workspaceId}:${id}`, at);
      if (name === undefined) missing.projectIds.push(id);
      else projects.set(id, name);
    }
    for (const id of ids.environmentIds) {
      const name = fresh(`e:${workspaceId}:${id}`, at);
      if (name === undefined) missing.environmentIds.push(id);
      else environments.set(id, name);
    }
    const names = ask();
    if (names && (missing.projectIds.length > 0 || missing.environmentIds.length > 0)) {
      const found = await names(q, workspaceId, missing);
      if (known.size > 10_000) known.clear();
      for (const [id, name] of found.projects) {
        projects.set(id, name);
        known.set(`p:${workspaceId}:${id}`, { name, until: at + REMEMBER_MS });
      }
      for (const [id, name] of found.environments) {
        environments.set(id, name);
        known.set(`e:${workspaceId}:${id}`, { name, until: at + REMEMBER_MS });
      }
    }
    return { projects, environments };
  };
}
