// A workspace's members: listing them (paged, with their two-factor state), one member, changing a
// role and removing someone (or leaving). Changes go one at a time per workspace and never leave
// it without an Owner (core.ts keepAnOwner); each empties the person's cached memberships.
import { tags } from "../../auth/auth-cache.ts";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Queryable } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import { fullName } from "../../lib/names.ts";
import type { WorkspacesCore, WorkspacesDeps } from "./core.ts";
import * as repo from "./repo.ts";

/** Without `limit`, a members list answers everyone, up to this many. */
const MEMBERS_PAGE_MAX = 10_000;

export function createWorkspaceMembers(deps: WorkspacesDeps, { keepAnOwner }: WorkspacesCore) {
  const { db, clock, audit, removeFromAllTeams, currentWorkspace } = deps;
  return {
    /**
     * Takes people out of a workspace without asking anyone (an account's claim ends what its
     * unverified holder let in): out of its teams, out of it, and no longer their current workspace.
     */
    async removeMembers(tx: Queryable, workspaceId: string, userIds: readonly string[]): Promise<void> {
      for (const userId of userIds) {
        await removeFromAllTeams(tx, workspaceId, userId);
        await repo.deleteMember(tx, workspaceId, userId);
        await currentWorkspace.clear(tx, workspaceId, userId);
      }
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
        await currentWorkspace.clear(tx, ctx.workspaceId, userId);
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
  };
}
