// Applies the policy to a request context. Team membership is loaded only when the rule needs it.
import type { Queryable } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { teamIdsOf } from "../modules/teams/index.ts";
import type { RequestContext } from "./context.ts";
import { type Action, can, MATRIX, ROLE_NAMES, seesEveryTeam } from "./policy.ts";

/** Throws 403 unless the caller may perform `action` (on a resource of `teamId`, when given). */
export async function authorize(
  db: Queryable,
  ctx: RequestContext,
  action: Action,
  resource: { teamId?: string } = {},
): Promise<void> {
  const rule = MATRIX[action];
  const needsTeams = rule.team && !seesEveryTeam(ctx) && resource.teamId !== undefined;
  const teamIds = needsTeams ? await teamIdsOf(db, ctx.workspaceId, ctx.principal.userId) : undefined;
  if (can({ role: ctx.role, teamIds }, action, resource)) return;
  if (ctx.role < rule.minRole) {
    throw new AppError(
      "forbidden",
      `This needs the ${ROLE_NAMES[rule.minRole]} role or higher in this workspace`,
    );
  }
  throw new AppError("forbidden", "You are not a member of this team");
}
