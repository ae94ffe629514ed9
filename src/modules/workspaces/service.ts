// Workspaces: creation (the caller becomes Owner), listing with plan, role and seats, update and
// delete (Owner), members and their roles, scope lookups, and the caller's current workspace.
import { randomUUID } from "node:crypto";
import { type CacheObserver, cacheOn, type InvalidationBus, tags } from "../../auth/auth-cache.ts";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import { can, meetsWorkspaceRequirements, Role } from "../../auth/policy.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Clock } from "../../clock.ts";
import { retryOnUniqueViolation } from "../../db/retry.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { freeSlug } from "../../db/slugs.ts";
import { AppError, notFound } from "../../errors.ts";
import type { MembershipLookup, ScopeMembership } from "../../http/scope.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import { fullName } from "../../lib/names.ts";
import { clearCurrentWorkspace, setCurrentWorkspace } from "../accounts/index.ts";
import type { AuditActor, AuditService } from "../audit/index.ts";
import type { SessionsService } from "../sessions/index.ts";
import { removeFromAllTeams } from "../teams/index.ts";
import type { Plans } from "./plans.ts";
import * as repo from "./repo.ts";

export interface WorkspacesDeps {
  db: Db;
  clock: Clock;
  plans: Plans;
  defaultPlan: string;
  audit: Pick<AuditService, "record">;
  sessions: Pick<SessionsService, "switchWorkspace">;
  /** Whether users have two-factor sign-in on (the two-factor module answers). */
  twoFactor: {
    isEnabled(userId: string): Promise<boolean>;
    enabledAmong(userIds: string[]): Promise<Set<string>>;
  };
  bus: InvalidationBus;
  observeCache?: CacheObserver;
}

/** Without `limit`, a members list answers everyone, up to this many. */
const MEMBERS_PAGE_MAX = 10_000;

export function createWorkspacesService(deps: WorkspacesDeps) {
  const { db, clock, plans, audit } = deps;
  const present = ({ two_factor_required_at, ...row }: repo.WorkspaceRow, role: number) => ({
    ...row,
    role,
    seat_limit: plans.seatLimit(row.plan),
    require_two_factor: two_factor_required_at !== null,
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
        const twoFactor = requiresTwoFactor && (await deps.twoFactor.isEnabled(userId));
        const membership = {
          role: found.role,
          meetsRequirements: meetsWorkspaceRequirements({ requiresTwoFactor }, { twoFactor }),
        };
        memberships.set(key, membership, [tags.workspace(workspaceId), tags.user(userId)], mark);
        return membership;
      }
      return (await repo.findWorkspace(db, workspaceId)) ? null : undefined;
    },
  };

  return {
    createWithOwner,
    lookup,

    create(
      actor: AuditActor & { principal: Principal },
      input: { name: string; avatar_url?: string | null },
    ) {
      return retryOnUniqueViolation(() =>
        db
          .transaction()
          .execute((tx) =>
            createWithOwner(tx, actor, { name: input.name.trim(), avatarUrl: input.avatar_url }),
          ),
      );
    },

    /** The ids of the user's workspaces, read inside the caller's transaction. */
    async idsOfMember(q: Queryable, userId: string): Promise<string[]> {
      return (await repo.workspacesOfUser(q, userId)).map((w) => w.id);
    },

    async listForUser(userId: string) {
      const rows = await repo.workspacesOfUser(db, userId);
      return rows.map(({ role, ...row }) => present(row, role));
    },

    async get(ctx: RequestContext) {
      await authorize(db, ctx, "workspace.read");
      return present(await requireWorkspace(db, ctx.workspaceId), ctx.role);
    },

    async update(
      ctx: RequestContext,
      patch: { name?: string; avatar_url?: string | null; require_two_factor?: boolean },
    ) {
      await authorize(db, ctx, "workspace.update");
      if (patch.require_two_factor && !(await deps.twoFactor.isEnabled(ctx.principal.userId))) {
        throw new AppError(
          "two_factor_not_enabled",
          "Turn on two-factor sign-in for your own account before you require it of every member",
        );
      }
      const now = clock.now().toISOString();
      const updated = await db.transaction().execute(async (tx) => {
        const changes: Parameters<typeof repo.updateWorkspace>[2] = { updated_at: now };
        if (patch.name !== undefined) changes.name = patch.name.trim();
        if (patch.avatar_url !== undefined) changes.avatar_url = patch.avatar_url;
        const before = await requireWorkspace(tx, ctx.workspaceId);
        const requirementChanges =
          patch.require_two_factor !== undefined &&
          patch.require_two_factor !== (before.two_factor_required_at !== null);
        if (requirementChanges) changes.two_factor_required_at = patch.require_two_factor ? now : null;
        await repo.updateWorkspace(tx, ctx.workspaceId, changes);
        await audit.record(tx, ctx, {
          action: "workspace.updated",
          resourceType: "workspace",
          resourceId: ctx.workspaceId,
          details: {
            fields: Object.keys(patch).join(","),
            ...(requirementChanges ? { require_two_factor: patch.require_two_factor ?? false } : {}),
          },
        });
        return { row: await requireWorkspace(tx, ctx.workspaceId), requirementChanges };
      });
      // Members' cached standing depends on the requirement.
      if (updated.requirementChanges) await deps.bus.publish(tags.workspace(ctx.workspaceId));
      return present(updated.row, ctx.role);
    },

    /** The user's workspaces that require two-factor sign-in (id and name). */
    requiringTwoFactorOf: (q: Queryable, userId: string) => repo.requiringTwoFactorOf(q, userId),

    /** Deletes the workspace and everything beneath it in one transaction. */
    async delete(ctx: RequestContext) {
      await authorize(db, ctx, "workspace.delete");
      await db.transaction().execute(async (tx) => {
        const workspace = await requireWorkspace(tx, ctx.workspaceId);
        await audit.record(tx, ctx, {
          action: "workspace.deleted",
          resourceType: "workspace",
          resourceId: ctx.workspaceId,
          details: { name: workspace.name },
        });
        await clearCurrentWorkspace(tx, ctx.workspaceId);
        await repo.deleteWorkspaces(tx, [ctx.workspaceId]);
      });
      await deps.bus.publish(tags.workspace(ctx.workspaceId));
      return { deleted: true, id: ctx.workspaceId };
    },

    async members(ctx: RequestContext, query: { limit?: number; cursor?: string } = {}) {
      await authorize(db, ctx, "workspace.read");
      const limit = query.limit ?? MEMBERS_PAGE_MAX;
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.membersOf(db, ctx.workspaceId, { limit: limit + 1, after });
      const page = pageOf(
        rows.map((m) => ({ ...m, name: fullName(m), id: m.user_id, created_at: m.joined_at })),
        limit,
      );
      const withTwoFactor = await deps.twoFactor.enabledAmong(page.items.map((m) => m.user_id));
      return {
        items: page.items.map(({ id: _id, created_at: _at, ...member }) => ({
          ...member,
          two_factor: withTwoFactor.has(member.user_id),
        })),
        nextCursor: page.nextCursor,
      };
    },

    async member(ctx: RequestContext, userId: string) {
      await authorize(db, ctx, "workspace.read");
      const found = await repo.memberOf(db, ctx.workspaceId, userId);
      if (!found) throw notFound("Member");
      return { ...found, name: fullName(found), two_factor: await deps.twoFactor.isEnabled(userId) };
    },

    async changeRole(ctx: RequestContext, userId: string, role: number) {
      await authorize(db, ctx, "member.update_role");
      await db.transaction().execute(async (tx) => {
        const previous = await keepAnOwner(tx, ctx, "member.update_role", userId, role);
        await repo.setMemberRole(tx, ctx.workspaceId, userId, role, clock.now().toISOString());
        await audit.record(tx, ctx, {
          action: "member.updated",
          resourceType: "member",
          resourceId: userId,
          details: { user_id: userId, previous_role: previous, role },
        });
      });
      await deps.bus.publish(tags.user(userId));
      return this.member(ctx, userId);
    },

    /** Owners remove anyone; any member may remove themselves (leave). The last Owner stays. */
    async removeMember(ctx: RequestContext, userId: string) {
      const action = userId === ctx.principal.userId ? "member.leave" : "member.remove";
      await authorize(db, ctx, action);
      await db.transaction().execute(async (tx) => {
        const previous = await keepAnOwner(tx, ctx, action, userId, null);
        await removeFromAllTeams(tx, ctx.workspaceId, userId);
        await repo.deleteMember(tx, ctx.workspaceId, userId);
        await clearCurrentWorkspace(tx, ctx.workspaceId, userId);
        await audit.record(tx, ctx, {
          action: "member.removed",
          resourceType: "member",
          resourceId: userId,
          details: { user_id: userId, previous_role: previous },
        });
      });
      await deps.bus.publish(tags.user(userId));
      return { removed: true, user_id: userId };
    },

    /** Makes `workspaceId` the caller's current workspace; a session also gets a token carrying it. */
    async switchTo(principal: Principal, workspaceId: string) {
      const token = await db.transaction().execute(async (tx) => {
        await setCurrentWorkspace(tx, principal.userId, workspaceId);
        return deps.sessions.switchWorkspace(principal, workspaceId, tx);
      });
      // The user's keys and sessions carry the claim: they are read afresh from now on.
      await deps.bus.publish(tags.user(principal.userId));
      return token;
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
