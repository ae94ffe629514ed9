// Answering invites, by whoever holds the mailed token: read what it is (no side effects), accept
// it (a new address gets an account; an existing account proves itself), or reject it. A token
// works once.
import { randomUUID } from "node:crypto";
import { ROLE_NAMES } from "../../auth/policy.ts";
import { type Principal, personActing } from "../../auth/principal.ts";
import { hashPassword } from "../../crypto/passwords.ts";
import { retryOnUniqueViolation } from "../../db/retry.ts";
import { AppError, ValidationFailed } from "../../errors.ts";
import { fullName, splitName } from "../../lib/names.ts";
import * as accountsModule from "../accounts/index.ts";
import { presentProfile } from "../accounts/index.ts";
import { addTeamMember, findTeam } from "../teams/index.ts";
import * as workspacesModule from "../workspaces/index.ts";
import type { AcceptInput, InvitesCore, InvitesDeps } from "./core.ts";
import * as repo from "./repo.ts";

export function createInviteAnswers(deps: InvitesDeps, { present, usableInvite }: InvitesCore) {
  const { db, clock, audit } = deps;

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
      } else if (!user.email_verified_at) {
        // The token was mailed to the address and the account proved itself: one person holds both,
        // so a later claim of the address has nothing to take over.
        await accountsModule.markEmailVerified(tx, user.id, now);
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
