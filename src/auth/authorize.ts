// Applies the policy to a request context. Team membership is loaded only when the rule needs it,
// through the context (the teams module answers it: auth/ sits below the modules).
import type { Queryable } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { RequestContext } from "./context.ts";
import {
  type Action,
  credentialMayGrant,
  type KeyScope,
  MATRIX,
  PROTECTED_MIN_ROLE,
  type ResourceScope,
  ROLE_NAMES,
  refusal,
  seesEveryTeam,
} from "./policy.ts";

/**
 * 403 key_scope_forbidden. A read-only key refused a change is told so in those words: a deploy
 * job's log then says what to fix (a key with read_write access), not only that a scope refused.
 */
export const keyScopeRefused = (scope?: KeyScope | null, action?: Action) =>
  new AppError(
    "key_scope_forbidden",
    scope?.access === "read" && action !== undefined && !MATRIX[action].reads
      ? "This key is read-only: it may read, but not change anything (a change needs a key with read_write access)"
      : "This key's scope does not allow this (GET /keys/current shows what the key reaches)",
  );

export const environmentProtected = (name: string) =>
  new AppError(
    "environment_protected",
    `The environment "${name}" is protected: writing into it needs the ${ROLE_NAMES[PROTECTED_MIN_ROLE]} role or higher in this workspace (ask an Admin)`,
  );

export const sessionRequired = () =>
  new AppError(
    "session_required",
    "This needs a session: sign in with your password or a provider. An API key cannot do it",
  );

/**
 * The teams the caller acts in, as the policy asks them: undefined for Admins and Owners (they
 * see every team), a service account's own, else the person's memberships.
 */
export async function teamsOf(db: Queryable, ctx: RequestContext): Promise<ReadonlySet<string> | undefined> {
  if (seesEveryTeam(ctx)) return undefined;
  const serviceAccount = ctx.principal.serviceAccount;
  return serviceAccount ? new Set(serviceAccount.teamIds) : ctx.memberTeamIds(db);
}

/**
 * Throws 403 unless the caller may perform `action` on the resource (its team, project and
 * environment, as far as known): the role, the team and the acting key's scope are all asked; an
 * action that grants power also needs a session and, when the account has it, the second factor.
 */
export async function authorize(
  db: Queryable,
  ctx: RequestContext,
  action: Action,
  resource: Omit<ResourceScope, "workspaceId" | "environmentProtected"> = {},
  /** The environment written into, when the action writes into one: its protection is asked. */
  environment?: { name: string; protected: number },
): Promise<void> {
  const rule = MATRIX[action];
  const teamIds = rule.team && resource.teamId !== undefined ? await teamsOf(db, ctx) : undefined;
  const why = refusal({ role: ctx.role, teamIds, scope: ctx.principal.scope }, action, {
    ...resource,
    workspaceId: ctx.workspaceId,
    environmentProtected: environment !== undefined && environment.protected === 1,
  });
  if (why === null) {
    if (!rule.grants) return;
    if (!credentialMayGrant(action, ctx.principal)) throw sessionRequired();
    return ctx.secondFactor();
  }
  if (why === "role") {
    throw new AppError(
      "forbidden",
      `This needs the ${ROLE_NAMES[rule.minRole]} role or higher in this workspace`,
    );
  }
  if (why === "team") throw new AppError("forbidden", "You are not a member of this team");
  if (why === "protected") throw environmentProtected(environment?.name ?? "");
  throw keyScopeRefused(ctx.principal.scope, action);
}

/**
 * The policy's answer for many resources at once (a search): the caller's teams are loaded once,
 * then each resource is asked without a query.
 */
export async function permits(
  db: Queryable,
  ctx: RequestContext,
  action: Action,
): Promise<(resource: Omit<ResourceScope, "workspaceId">) => boolean> {
  const teamIds = MATRIX[action].team ? await teamsOf(db, ctx) : undefined;
  const member = { role: ctx.role, teamIds, scope: ctx.principal.scope };
  return (resource) => refusal(member, action, { ...resource, workspaceId: ctx.workspaceId }) === null;
}
