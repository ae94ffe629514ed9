// What the workspaces service's parts share: their dependencies, how a workspace is shown (with
// the caller's role and the plan's seats), creating one with its Owner, the one-Owner rule of
// member changes, and the cached membership lookup every scoped request makes.
import { randomUUID } from "node:crypto";
import { type CacheObserver, cacheOn, type InvalidationBus, tags } from "../../auth/auth-cache.ts";
import type { AuditActor, RequestContext } from "../../auth/context.ts";
import { can, Role } from "../../auth/policy.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Clock } from "../../clock.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { freeSlug } from "../../db/slugs.ts";
import { AppError, notFound } from "../../errors.ts";
import type { MembershipLookup, ScopeMembership } from "../../http/scope.ts";
import type { AuditService } from "../audit/index.ts";
import type { SessionsService } from "../sessions/index.ts";
import type { Plans } from "./plans.ts";
import * as repo from "./repo.ts";

export interface WorkspacesDeps {
  db: Db;
  clock: Clock;
  plans: Plans;
  defaultPlan: string;
  audit: Pick<AuditService, "record">;
  sessions: Pick<SessionsService, "switchWorkspace">;
  /** Whether this deployment offers single sign-on (COFFER_OIDC_ISSUER). */
  ssoConfigured: boolean;
  /** Whether users have two-factor sign-in on (the two-factor module answers). */
  twoFactor: {
    isEnabled(userId: string): Promise<boolean>;
    enabledAmong(userIds: string[]): Promise<Set<string>>;
  };
  bus: InvalidationBus;
  observeCache?: CacheObserver;
  /** Empties the person's teams in the workspace when they leave it (the teams module's table). */
  removeFromAllTeams(tx: Queryable, workspaceId: string, userId: string): Promise<void>;
  /** Users' current workspace, kept by the accounts module: set on a switch, cleared when it is left or gone. */
  currentWorkspace: {
    set(tx: Queryable, userId: string, workspaceId: string): Promise<void>;
    /** Without `userId`: everyone whose current workspace it is. */
    clear(tx: Queryable, workspaceId: string, userId?: string): Promise<void>;
  };
}

export function createWorkspacesCore(deps: WorkspacesDeps) {
  const { db, clock, plans, audit } = deps;
  const present = ({ two_factor_required_at, sso_required_at, ...row }: repo.WorkspaceRow, role: number) => ({
    ...row,
    role,
    seat_limit: plans.seatLimit(row.plan),
    require_two_factor: two_factor_required_at !== null,
    require_sso: sso_required_at !== null,
  });

  async function requireWorkspace(tx: Queryable, workspaceId: string) {
    const row = await repo.findWorkspace(tx, workspaceId);
    if (!row) throw notFound("Workspace");
    return row;
  }

  /** Inserts a workspace with the actor as its Owner, inside the caller's transaction, audited. */
  async function createWithOwner(
    tx: Queryable,
    actor: AuditActor & { principal: Principal },
    input: { name: string; avatarUrl?: string | null },
  ) {
    const now = clock.now().toISOString();
    const ownerId = actor.principal.userId;
    const row: repo.WorkspaceRow = {
      id: randomUUID(),
      name: input.name,
      slug: await freeSlug(tx, "workspaces", input.name),
      avatar_url: input.avatarUrl ?? null,
      plan: deps.defaultPlan,
      created_at: now,
      updated_at: now,
      two_factor_required_at: null,
      sso_required_at: null,
    };
    await repo.insertWorkspace(tx, row);
    await repo.insertMember(tx, { workspace_id: row.id, user_id: ownerId, role: Role.Owner, now });
    await audit.record(tx, actor, {
      workspaceId: row.id,
      action: "workspace.created",
      resourceType: "workspace",
      resourceId: row.id,
      details: { name: row.name },
    });
    return present(row, Role.Owner);
  }

  /**
   * Member changes of one workspace go one at a time (the workspace row's lock) and are decided on
   * what the database says inside that lock, not on roles read before it: two Owners demoting each
   * other at once leave one Owner, never none. Refuses to leave a workspace without an Owner.
   */
  async function keepAnOwner(
    tx: Queryable,
    ctx: RequestContext,
    action: "member.update_role" | "member.remove" | "member.leave",
    userId: string,
    nextRole: number | null,
  ) {
    await repo.lockWorkspace(tx, ctx.workspaceId);
    const actorRole = await repo.roleOf(tx, ctx.workspaceId, ctx.principal.userId);
    if (actorRole === undefined || !can({ role: actorRole }, action)) {
      throw new AppError("forbidden", "Your role in this workspace changed: this is no longer allowed");
    }
    const current = await repo.roleOf(tx, ctx.workspaceId, userId);
    if (current === undefined) throw notFound("Member");
    if (
      current === Role.Owner &&
      nextRole !== Role.Owner &&
      (await repo.countMembers(tx, ctx.workspaceId, Role.Owner)) <= 1
    ) {
      throw new AppError(
        "conflict",
        "A workspace must keep at least one Owner: promote another member first",
      );
    }
    return current;
  }

  // Memberships by (workspace, user): every scoped request reads one. Only memberships are cached,
  // so a person who joins is seen at once; a role change, a removal or a change of the workspace's
  // requirements empties the workspace's entries, a user's two-factor change the user's.
  const memberships = cacheOn<ScopeMembership>(deps.bus, "workspace_role", deps.observeCache);
  const lookup: MembershipLookup = {
    async membershipIn(workspaceId, userId) {
      const key = `${workspaceId}|${userId}`;
      const cached = memberships.get(key);
      if (cached !== undefined) return cached;
      const mark = memberships.mark();
      const found = await repo.membershipOf(db, workspaceId, userId);
      if (found) {
        const requiresTwoFactor = found.two_factor_required_at !== null;
        const membership: ScopeMembership = {
          role: found.role,
          requirements: { requiresTwoFactor, requiresSso: found.sso_required_at !== null },
          twoFactor: requiresTwoFactor && (await deps.twoFactor.isEnabled(userId)),
        };
        memberships.set(key, membership, [tags.workspace(workspaceId), tags.user(userId)], mark);
        return membership;
      }
      return (await repo.findWorkspace(db, workspaceId)) ? null : undefined;
    },
  };

  return { present, requireWorkspace, createWithOwner, keepAnOwner, lookup };
}

export type WorkspacesCore = ReturnType<typeof createWorkspacesCore>;
