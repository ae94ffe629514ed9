// Workspaces: creation (the caller becomes Owner), listing with plan, role and seats, update (the
// sign-in requirements among it) and delete (Owner), members and their roles (members.ts), scope lookups, and the caller's current
// workspace.
import { tags } from "../../auth/auth-cache.ts";
import { authorize } from "../../auth/authorize.ts";
import type { AuditActor, RequestContext } from "../../auth/context.ts";
import { ssoRequirementRefusal } from "../../auth/policy.ts";
import type { Principal } from "../../auth/principal.ts";
import { retryOnUniqueViolation } from "../../db/retry.ts";
import type { Queryable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { createWorkspacesCore, type WorkspacesDeps } from "./core.ts";
import { createWorkspaceMembers } from "./members.ts";
import * as repo from "./repo.ts";

export type { WorkspacesDeps } from "./core.ts";

/** Whether the patch stops a sign-in requirement the workspace has now. */
const relaxesSignIn = (
  workspace: { two_factor_required_at: string | null; sso_required_at: string | null },
  patch: { require_two_factor?: boolean; require_sso?: boolean },
): boolean =>
  (patch.require_two_factor === false && workspace.two_factor_required_at !== null) ||
  (patch.require_sso === false && workspace.sso_required_at !== null);

export function createWorkspacesService(deps: WorkspacesDeps) {
  const { db, clock, audit } = deps;

  /** Throws unless the Owner may make single sign-on a requirement now (policy.ts decides). */
  function refuseSsoRequirement(ctx: RequestContext) {
    const why = ssoRequirementRefusal(
      { ssoConfigured: deps.ssoConfigured },
      { kind: ctx.principal.kind, signInMethod: ctx.principal.signInMethod ?? null },
    );
    if (why === "not_configured") {
      throw new AppError(
        "sso_not_configured",
        "This deployment offers no single sign-on: its operator configures an OpenID Connect provider " +
          "(COFFER_OIDC_ISSUER) first",
      );
    }
    if (why === "not_signed_in_with_sso") {
      throw new AppError(
        "sso_session_required",
        "Sign in through single sign-on yourself, in the session that makes this change, before you require it " +
          "of every member: you cannot lock yourself out",
      );
    }
  }

  const core = createWorkspacesCore(deps);
  const { present, requireWorkspace, createWithOwner, lookup } = core;
  return {
    createWithOwner,
    lookup,
    ...createWorkspaceMembers(deps, core),

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
      patch: {
        name?: string;
        avatar_url?: string | null;
        require_two_factor?: boolean;
        require_sso?: boolean;
      },
    ) {
      await authorize(db, ctx, "workspace.update");
      let relaxChecked = false;
      if (patch.require_two_factor !== undefined || patch.require_sso !== undefined) {
        await authorize(db, ctx, "workspace.sign_in_requirements");
        const current = await requireWorkspace(db, ctx.workspaceId);
        relaxChecked = relaxesSignIn(current, patch);
        if (relaxChecked) await authorize(db, ctx, "workspace.relax_sign_in");
      }
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
        // Turned on since it was checked: the relaxing was not authorized as such.
        if (relaxesSignIn(before, patch) && !relaxChecked) {
          throw new AppError("conflict", "The workspace's sign-in requirements changed meanwhile: try again");
        }
        const requirementChanges =
          patch.require_two_factor !== undefined &&
          patch.require_two_factor !== (before.two_factor_required_at !== null);
        if (requirementChanges) changes.two_factor_required_at = patch.require_two_factor ? now : null;
        const ssoChanges =
          patch.require_sso !== undefined && patch.require_sso !== (before.sso_required_at !== null);
        if (ssoChanges && patch.require_sso) refuseSsoRequirement(ctx);
        if (ssoChanges) changes.sso_required_at = patch.require_sso ? now : null;
        await repo.updateWorkspace(tx, ctx.workspaceId, changes);
        await audit.record(tx, ctx, {
          action: "workspace.updated",
          resourceType: "workspace",
          resourceId: ctx.workspaceId,
          details: {
            fields: Object.keys(patch).join(","),
            ...(requirementChanges ? { require_two_factor: patch.require_two_factor ?? false } : {}),
            ...(ssoChanges ? { require_sso: patch.require_sso ?? false } : {}),
          },
        });
        if (ssoChanges) {
          // Its own entry: who locked password sign-ins out of the workspace (or let them back in) is
          // looked up by action.
          await audit.record(tx, ctx, {
            action: patch.require_sso ? "workspace.sso_required" : "workspace.sso_not_required",
            resourceType: "workspace",
            resourceId: ctx.workspaceId,
            details: { require_sso: patch.require_sso ?? false },
          });
        }
        return {
          row: await requireWorkspace(tx, ctx.workspaceId),
          requirementChanges: requirementChanges || ssoChanges,
        };
      });
      // Members' cached standing depends on the requirements.
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
        await deps.currentWorkspace.clear(tx, ctx.workspaceId);
        await repo.deleteWorkspaces(tx, [ctx.workspaceId]);
      });
      await deps.bus.publish(tags.workspace(ctx.workspaceId));
      return { deleted: true, id: ctx.workspaceId };
    },

    /** Makes `workspaceId` the caller's current workspace; a session also gets a token carrying it. */
    async switchTo(principal: Principal, workspaceId: string) {
      const token = await db.transaction().execute(async (tx) => {
        await deps.currentWorkspace.set(tx, principal.userId, workspaceId);
        return deps.sessions.switchWorkspace(principal, workspaceId, tx);
      });
      // The user's keys and sessions carry the claim: they are read afresh from now on.
      await deps.bus.publish(tags.user(principal.userId));
      return token;
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
