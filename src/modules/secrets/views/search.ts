// Search across the workspace (issue 24): keys and descriptions, never values, and only what the
// caller may read — the policy is asked for each result's environment (team, role, key scope).
import { authorize, permits, teamsOf } from "../../../auth/authorize.ts";
import type { RequestContext } from "../../../auth/context.ts";
import type { SecretsDeps } from "../core.ts";
import { repo } from "../store/index.ts";

/** Rows read per search before the policy filters them (a bound on the work one search does). */
const SCANNED = 500;

export function createSecretSearch(deps: SecretsDeps) {
  const { db } = deps;
  return {
    async search(ctx: RequestContext, text: string, limit: number) {
      await authorize(db, ctx, "secret.search");
      const mayRead = await permits(db, ctx, "secret.read");
      // The caller's teams narrow the query itself; the policy still decides each row.
      const teams = await teamsOf(db, ctx);
      const rows = await repo.searchSecrets(db, ctx.workspaceId, text.trim(), {
        limit: SCANNED,
        teamIds: teams && [...teams],
      });
      const found = rows
        .filter((row) =>
          mayRead({ teamId: row.team_id, projectId: row.project_id, environmentId: row.environment_id }),
        )
        .slice(0, limit);
      const names = await deps.placeNames(db, ctx.workspaceId, {
        projectIds: [...new Set(found.map((row) => row.project_id))],
        environmentIds: [...new Set(found.map((row) => row.environment_id))],
      });
      return found.map((row) => ({
        id: row.id,
        key: row.key,
        description: row.description,
        team_id: row.team_id,
        project: { id: row.project_id, name: names.projects.get(row.project_id) ?? "" },
        environment: { id: row.environment_id, name: names.environments.get(row.environment_id) ?? "" },
        updated_at: row.updated_at,
      }));
    },
  };
}
