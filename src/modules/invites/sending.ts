// Sending invites: an Owner invites an address with a role (and optionally a team) within the
// plan's seats; the mailed link carries a random token stored only as a digest, and a re-send
// replaces it. Mail goes out after the commit, so a failed delivery leaves the invite to re-send.
import { randomUUID } from "node:crypto";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import { ROLE_NAMES } from "../../auth/policy.ts";
import { addSeconds } from "../../clock.ts";
import { randomToken, sha256 } from "../../crypto/tokens.ts";
import { AppError, notFound } from "../../errors.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import { fullName } from "../../lib/names.ts";
import * as accountsModule from "../accounts/index.ts";
import { normaliseEmail } from "../accounts/index.ts";
import { renderBody } from "../mail/index.ts";
import { findTeam } from "../teams/index.ts";
import * as workspacesModule from "../workspaces/index.ts";
import type { InvitesCore, InvitesDeps } from "./core.ts";
import * as repo from "./repo.ts";

export function createInviteSending(deps: InvitesDeps, { present }: InvitesCore) {
  const { db, clock, audit } = deps;

  async function mailInvite(
    invite: repo.InviteRow,
    token: string,
    inviterName: string,
    workspaceName: string,
  ) {
    const link = `${deps.publicUrl}/invite?token=${encodeURIComponent(token)}`;
    const delivery = await deps.mailer.send({
      to: invite.invitee_email,
      subject: `${inviterName} invited you to ${workspaceName} on Coffer`,
      ...renderBody([
        `${inviterName} invited you to join the workspace "${workspaceName}" on Coffer as ${ROLE_NAMES[invite.role]}.`,
        `Accept the invite: ${link}`,
        `The link works once and expires at ${invite.expiry_time}. If you do not know why you got this, ignore it.`,
      ]),
    });
    const now = clock.now().toISOString();
    await repo.updateInvite(db, invite.workspace_id, invite.id, {
      delivery_error: delivery.delivered ? null : (delivery.error ?? "not delivered"),
      updated_at: now,
    });
    return delivery;
  }

  async function inviterAndWorkspace(ctx: RequestContext) {
    const inviter = await accountsModule.findUser(db, ctx.principal.userId);
    const workspace = await workspacesModule.findWorkspace(db, ctx.workspaceId);
    if (!inviter || !workspace) throw notFound("Workspace");
    return { inviterName: fullName(inviter) || inviter.email, workspace };
  }

  return {
    async create(
      ctx: RequestContext,
      input: { invitee_email: string; role: number; team_id?: string | null },
    ) {
      await authorize(db, ctx, "member.invite");
      const email = normaliseEmail(input.invitee_email);
      if (input.team_id && !(await findTeam(db, ctx.workspaceId, input.team_id))) throw notFound("Team");
      const { inviterName, workspace } = await inviterAndWorkspace(ctx);
      const token = randomToken();
      const now = clock.now();
      const row: repo.InviteRow = {
        id: randomUUID(),
        workspace_id: ctx.workspaceId,
        team_id: input.team_id ?? null,
        invitee_email: email,
        role: input.role,
        token_hash: sha256(token),
        status: "pending",
        invited_by: ctx.principal.userId,
        expiry_time: addSeconds(now, deps.ttlSeconds).toISOString(),
        delivery_error: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await db.transaction().execute(async (tx) => {
        // Seats first: it also locks the workspace, so simultaneous invites take turns and one
        // address is never invited twice.
        await deps.plans.requireSeats(tx, workspace, row.created_at);
        const existing = await accountsModule.findUserByEmail(tx, email);
        if (existing && (await workspacesModule.roleOf(tx, ctx.workspaceId, existing.id)) !== undefined) {
          throw new AppError("conflict", "This person is already a member of the workspace");
        }
        if (await repo.pendingInviteFor(tx, ctx.workspaceId, email, row.created_at)) {
          throw new AppError("conflict", "A pending invite for this address exists; re-send it instead");
        }
        await repo.insertInvite(tx, row);
        await audit.record(tx, ctx, {
          action: "invite.created",
          resourceType: "invite",
          resourceId: row.id,
          details: { invitee_email: email, role: row.role, team_id: row.team_id },
        });
      });
      // Mailed after the commit: a failed delivery leaves the invite in place, to be re-sent.
      const delivery = await mailInvite(row, token, inviterName, workspace.name);
      return { ...present(row), mail_sent: delivery.delivered, mail_error: delivery.error ?? null };
    },

    async list(ctx: RequestContext, query: { limit: number; cursor?: string }) {
      await authorize(db, ctx, "invite.list");
      const before = query.cursor ? decodeCursor(query.cursor) : undefined;
      const page = pageOf(await repo.listInvites(db, ctx.workspaceId, query.limit + 1, before), query.limit);
      return {
        items: page.items.map((r) => ({ ...present(r), mail_error: r.delivery_error })),
        nextCursor: page.nextCursor,
      };
    },

    /** A new token and a new expiry, mailed again (the old link stops working). */
    async resend(ctx: RequestContext, inviteId: string) {
      await authorize(db, ctx, "member.invite");
      const invite = await repo.findInvite(db, ctx.workspaceId, inviteId);
      if (!invite) throw notFound("Invite");
      if (invite.status !== "pending")
        throw new AppError("invite_used", `This invite was already ${invite.status}`);
      const { inviterName, workspace } = await inviterAndWorkspace(ctx);
      const token = randomToken();
      const now = clock.now();
      const patch = {
        token_hash: sha256(token),
        expiry_time: addSeconds(now, deps.ttlSeconds).toISOString(),
        updated_at: now.toISOString(),
      };
      await db.transaction().execute(async (tx) => {
        await repo.updateInvite(tx, invite.workspace_id, invite.id, patch);
        await audit.record(tx, ctx, {
          action: "invite.resent",
          resourceType: "invite",
          resourceId: invite.id,
          details: {},
        });
      });
      const updated = { ...invite, ...patch };
      const delivery = await mailInvite(updated, token, inviterName, workspace.name);
      return { ...present(updated), mail_sent: delivery.delivered, mail_error: delivery.error ?? null };
    },

    async revoke(ctx: RequestContext, inviteId: string) {
      await authorize(db, ctx, "invite.withdraw");
      const invite = await repo.findInvite(db, ctx.workspaceId, inviteId);
      if (!invite) throw notFound("Invite");
      await db.transaction().execute(async (tx) => {
        await repo.deleteInvite(tx, invite.workspace_id, invite.id);
        await audit.record(tx, ctx, {
          action: "invite.revoked",
          resourceType: "invite",
          resourceId: invite.id,
          details: { invitee_email: invite.invitee_email },
        });
      });
      return { deleted: true, id: invite.id };
    },
  };
}
