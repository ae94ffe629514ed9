// Workspace scope resolution (spec §4 "Scope headers"): the path's {workspace_id}, else the
// X-Workspace-Id header, else the credential's own scope. Non-members get 403.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { ActorContext, RequestContext } from "../auth/context.ts";
import { scopeReachesWorkspace, unmetRequirement, type WorkspaceRequirements } from "../auth/policy.ts";
import type { Queryable } from "../db/schema.ts";
import { AppError, ValidationFailed } from "../errors.ts";
import { principalOf } from "./auth.ts";

export interface WorkspaceScope {
  workspaceId: string;
  role: number;
}

/** A person's teams in a workspace: the teams module answers, handed in by app.ts. */
export type TeamMemberships = (
  db: Queryable,
  workspaceId: string,
  userId: string,
) => Promise<ReadonlySet<string>>;

declare module "fastify" {
  interface FastifyRequest {
    workspace: WorkspaceScope | null;
    /** Where contextOf() reads the caller's teams from (registerTeamMemberships). */
    teamIdsOf: TeamMemberships;
  }
}

/** Gives every request context its caller's teams, read by the teams module when a rule asks. */
export function registerTeamMemberships(app: FastifyInstance, teamIdsOf: TeamMemberships): void {
  app.decorateRequest("teamIdsOf", teamIdsOf);
}

/** A member as the scope check sees them. */
export interface ScopeMembership {
  role: number;
  /** What the workspace requires of its members' sign-in. */
  requirements: WorkspaceRequirements;
  /** Whether the member has two-factor sign-in on (only asked when the workspace requires it). */
  twoFactor: boolean;
}

export interface MembershipLookup {
  /** undefined when the workspace does not exist; null when it exists but the user is no member. */
  membershipIn(workspaceId: string, userId: string): Promise<ScopeMembership | null | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requestedWorkspace(request: FastifyRequest): string {
  const params = request.params as { workspace_id?: string } | undefined;
  if (params?.workspace_id && params.workspace_id !== "null") return params.workspace_id;
  const header = request.headers["x-workspace-id"];
  if (typeof header === "string" && header.trim() !== "") {
    const value = header.trim();
    if (!UUID.test(value)) {
      throw new ValidationFailed([
        {
          loc: ["header", "x-workspace-id"],
          msg: "Input should be a valid UUID",
          type: "uuid_parsing",
          input: value,
        },
      ]);
    }
    return value.toLowerCase();
  }
  const claim = principalOf(request).workspaceClaim;
  if (claim) return claim;
  throw new ValidationFailed([
    {
      loc: ["header", "x-workspace-id"],
      msg: "No workspace selected: name one in the path or the X-Workspace-Id header",
      type: "missing",
    },
  ]);
}

/**
 * A preHandler that resolves the workspace and proves the caller is a member of it who meets its
 * requirements (two-factor sign-in, single sign-on). `exempt` names the requests a member who does
 * not meet them may still make (to read what is required, or to leave).
 */
export function workspaceScope(
  lookup: MembershipLookup,
  exempt: (request: FastifyRequest) => boolean = () => false,
): preHandlerAsyncHookHandler {
  return async (request) => {
    const workspaceId = requestedWorkspace(request);
    const principal = principalOf(request);
    // A service account's keys carry its workspace in their scope; its own is checked as well.
    const serviceAccountElsewhere =
      principal.serviceAccount && principal.serviceAccount.workspaceId !== workspaceId;
    if (!scopeReachesWorkspace(principal.scope, workspaceId) || serviceAccountElsewhere) {
      throw new AppError("key_scope_forbidden", "This key is bound to another workspace");
    }
    // A service account is a member of its own workspace only, in the role it was given.
    const serviceAccount = principal.serviceAccount;
    if (serviceAccount) {
      request.workspace = { workspaceId, role: serviceAccount.role };
      return;
    }
    const membership = await lookup.membershipIn(workspaceId, principal.userId);
    if (membership === undefined) throw new AppError("not_found", "Workspace not found");
    if (membership === null) throw new AppError("not_a_member", "You are not a member of this workspace");
    const unmet = unmetRequirement(membership.requirements, {
      twoFactor: membership.twoFactor,
      credential: { kind: principal.kind, signInMethod: principal.signInMethod ?? null },
    });
    if (unmet === "two_factor" && !exempt(request)) {
      throw new AppError(
        "two_factor_enrollment_required",
        "This workspace requires two-factor sign-in: turn it on for your account (dashboard: Account, Two-factor " +
          "sign-in; API: POST /auth/2fa/setup) to reach it",
      );
    }
    if (unmet === "sso" && !exempt(request)) {
      throw new AppError(
        "sso_required",
        "This workspace requires single sign-on: sign in through the single sign-on provider " +
          "(dashboard: the single sign-on button; API: GET /auth/oidc-login) to reach it",
      );
    }
    request.workspace = { workspaceId, role: membership.role };
  };
}

export function scopeOf(request: FastifyRequest): WorkspaceScope {
  if (!request.workspace) throw new Error("workspaceScope preHandler missing on this route");
  return request.workspace;
}

/** Where a request comes from, as the audit log records it. */
export function clientOf(request: FastifyRequest): { ipAddress: string | null; userAgent: string | null } {
  return { ipAddress: request.ip ?? null, userAgent: request.headers["user-agent"]?.slice(0, 512) ?? null };
}

/** The client a session is bound to: one live session per user agent, so it always has one. */
export function sessionClientOf(request: FastifyRequest): { ipAddress: string | null; userAgent: string } {
  const { ipAddress, userAgent } = clientOf(request);
  return { ipAddress, userAgent: userAgent || "unknown" };
}

/** Who acts, from where — for use cases outside any workspace scope (e.g. creating one). */
export function actorOf(request: FastifyRequest): ActorContext {
  return { principal: principalOf(request), ...clientOf(request) };
}

/** The request context of a workspace-scoped route (needs the workspaceScope preHandler). */
export function contextOf(request: FastifyRequest): RequestContext {
  const scope = scopeOf(request);
  const actor = actorOf(request);
  return {
    ...actor,
    workspaceId: scope.workspaceId,
    role: scope.role,
    secondFactor: () => request.proveSecondFactor(),
    memberTeamIds: (db) => request.teamIdsOf(db, scope.workspaceId, actor.principal.userId),
  };
}
