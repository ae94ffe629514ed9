// Invites: the only way into someone else's workspace. An Owner invites an address with a role
// (and optionally a team); the mailed link carries a random token stored only as a digest. The
// invite is pending until accepted, rejected or expired (COFFER_INVITE_TTL); a token works once.
import { randomUUID } from "node:crypto";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import { ROLE_NAMES } from "../../auth/policy.ts";
import { type Principal, personActing } from "../../auth/principal.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { hashPassword } from "../../crypto/passwords.ts";
import { randomToken, sha256 } from "../../crypto/tokens.ts";
import { retryOnUniqueViolation } from "../../db/retry.ts";
import type { Db } from "../../db/schema.ts";
import { AppError, notFound, ValidationFailed } from "../../errors.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import { fullName, splitName } from "../../lib/names.ts";
import * as accountsModule from "../accounts/index.ts";
import { type AccountsService, normaliseEmail, presentProfile } from "../accounts/index.ts";
import type { AuditService } from "../audit/index.ts";
import { type Mailer, renderBody } from "../mail/index.ts";
import { addTeamMember, findTeam } from "../teams/index.ts";
import type { Plans } from "../workspaces/index.ts";
import * as workspacesModule from "../workspaces/index.ts";
import * as repo from "./repo.ts";

export interface InvitesDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  plans: Plans;
  audit: Pick<AuditService, "record">;
  publicUrl: string;
  ttlSeconds: number;
  /** Proves an existing account's password (with the account's budget of failures). */
  passwords: Pick<AccountsService, "passwordMatches" | "proveSecondFactor">;
}

export interface AcceptInput {
  token: string;
  name?: string;
  password: string;
  /** An existing account's two-factor code, when it accepts with its password. */
  otp?: string;
  role?: number;
  team_id?: string | null;
}

export function createInvitesService(deps: InvitesDeps) {
  const { db, clock, audit } = deps;

  const statusOf = (
    row: repo.InviteRow,
    now = clock.now().toISOString(),
  ): repo.InviteRow["status"] | "expired" =>
    row.status === "pending" && row.expiry_time <= now ? "expired" : row.status;

  const present = (row: repo.InviteRow) => ({
    id: row.id,
    workspace_id: row.workspace_id,
    invitee_email: row.invitee_email,
    invited_by: row.invited_by,
    status: statusOf(row),
    role: row.role,
    team_id: row.team_id,
    expiry_time: row.expiry_time,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  /** The invite behind a token, if it can still be acted on. */
  async function usableInvite(token: string) {
    const invite = await repo.findByTokenHash(db, sha256(token));
    if (!invite) throw new AppError("not_found", "No invite has this token");
    const status = statusOf(invite);
    if (status === "expired")
      throw new AppError("invite_expired", "This invite has expired; ask for a new one");
    if (status !== "pending") throw new AppError("invite_used", `This invite was already ${status}`);
    return invite;
  }

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

  async function acceptOnce(
    input: AcceptInput,
    caller: Principal | null,
    client: { ipAddress: string | null; userAgent: string | null },
  ) {
    const invite = await usableInvite(input.token);
    if (input.role !== undefined && input.role > invite.role) {
      throw new AppError(
        "forbidden",
        `This invite grants ${ROLE_NAMES[invite.role]}; it cannot be accepted as ${ROLE_NAMES[input.role]}`,
      );
    }
    if (input.team_id && input.team_id !== invite.team_id) {
      throw new AppError("forbidden", "This invite is for another team");
    }
    let user = await accountsModule.findUserByEmail(db, invite.invitee_email);
    if (caller && (!user || caller.userId !== user.id)) {
      throw new AppError("forbidden", "This invite was sent to another address than the signed-in account's");
    }
    if (user && !caller) {
      if (!(await deps.passwords.passwordMatches(user, input.password))) {
        throw new AppError(
          "invalid_credentials",
          "An account with this address exists: its password is needed to accept",
        );
      }
      await deps.passwords.proveSecondFactor(user, input.otp, {
        ipAddress: client.ipAddress,
        userAgent: client.userAgent ?? "unknown",
      });
    }
    let passwordHash: string | null = null;
    if (!user) {
      const issues = [];
      if (!input.name?.trim())
        issues.push({ loc: ["body", "name"], msg: "Field required for a new account", type: "missing" });
      if (input.password.length < 8 || input.password.length > 128) {
        issues.push({
          loc: ["body", "password"],
          msg: "Password should have 8 to 128 characters",
          type: "string_too_short",
        });
      }
      if (issues.length > 0) throw new ValidationFailed(issues);
      passwordHash = await hashPassword(input.password);
    }
    const now = clock.now().toISOString();
    const result = await db.transaction().execute(async (tx) => {
      if (!user) {
        user = {
          id: randomUUID(),
          email: invite.invitee_email,
          password_hash: passwordHash,
          ...splitName(input.name ?? ""),
          email_verified_at: now,
          current_workspace_id: invite.workspace_id,
          created_at: now,
          updated_at: now,
        };
        await accountsModule.insertUser(tx, user);
      }
      if ((await workspacesModule.roleOf(tx, invite.workspace_id, user.id)) !== undefined) {
        throw new AppError("conflict", "You are already a member of this workspace");
      }
      if (!(await repo.settle(tx, invite.workspace_id, invite.id, "accepted", now)))
        throw new AppError("invite_used", "This invite was already used");
      await workspacesModule.insertMember(tx, {
        workspace_id: invite.workspace_id,
        user_id: user.id,
        role: invite.role,
        now,
      });
      if (invite.team_id && (await findTeam(tx, invite.workspace_id, invite.team_id))) {
        await addTeamMember(tx, {
          team_id: invite.team_id,
          user_id: user.id,
          workspace_id: invite.workspace_id,
          created_at: now,
        });
      }
      if (!user.current_workspace_id)
        await accountsModule.setCurrentWorkspace(tx, user.id, invite.workspace_id);
      const principal = personActing(user.id);
      await audit.record(
        tx,
        { principal, ...client, workspaceId: invite.workspace_id },
        {
          action: "invite.accepted",
          resourceType: "invite",
          resourceId: invite.id,
          details: { user_id: user.id, role: invite.role, team_id: invite.team_id },
        },
      );
      return { ...invite, status: "accepted" as const, updated_at: now };
    });
    const profile = await accountsModule.findUser(db, user!.id);
    return {
      invite: present(result),
      user: presentProfile(profile!),
      workspace_id: invite.workspace_id,
      role: invite.role,
    };
  }

  return {
    present,

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
      await authorize(db, ctx, "member.invite");
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

    /** No side effects: what the invite is, where to, from whom. */
    async validate(token: string) {
      const invite = await usableInvite(token);
      const workspace = await workspacesModule.findWorkspace(db, invite.workspace_id);
      const inviter = await accountsModule.findUser(db, invite.invited_by);
      return {
        ...present(invite),
        workspace_name: workspace?.name ?? "",
        inviter: inviter
          ? { id: inviter.id, name: fullName(inviter), email: inviter.email }
          : { id: invite.invited_by, name: "", email: "" },
      };
    },

    /**
     * Joins the workspace (and team) with the invite's role. A new address gets an account (its
     * email counts as verified: the mailed link proves it); an existing account proves itself with
     * its password or its credential. Asking for a higher role or another team is refused.
     */
    accept(
      input: AcceptInput,
      caller: Principal | null,
      client: { ipAddress: string | null; userAgent: string | null },
    ) {
      // Two accepts of one invite for a new address race on the account's unique email: the
      // loser starts over once and then finds the invite used (410), never a 500.
      return retryOnUniqueViolation(() => acceptOnce(input, caller, client), 2);
    },

    async reject(token: string, client: { ipAddress: string | null; userAgent: string | null }) {
      const invite = await usableInvite(token);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (tx) => {
        if (!(await repo.settle(tx, invite.workspace_id, invite.id, "rejected", now)))
          throw new AppError("invite_used", "This invite was already used");
        await audit.record(
          tx,
          { principal: null, ...client, workspaceId: invite.workspace_id },
          {
            action: "invite.rejected",
            resourceType: "invite",
            resourceId: invite.id,
            details: { invitee_email: invite.invitee_email },
          },
        );
      });
      return present({ ...invite, status: "rejected" as const, updated_at: now });
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;

/** Housekeeping: expired or answered invites past retention. */
export const purgeInvites = (db: Db, cutoff: string) => repo.purgeInvites(db, cutoff);
