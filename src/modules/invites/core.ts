// What both halves of the invites service share: their dependencies, the invite's status as a
// reader sees it (pending past its expiry reads "expired"), how an invite is shown, and the invite
// behind a token if it can still be acted on.

import type { Clock } from "../../clock.ts";
import { sha256 } from "../../crypto/tokens.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AccountsService } from "../accounts/index.ts";
import type { AuditService } from "../audit/index.ts";
import type { Mailer } from "../mail/index.ts";
import type { Plans } from "../workspaces/index.ts";
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

export function createInvitesCore(deps: InvitesDeps) {
  const { db, clock } = deps;

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

  return { statusOf, present, usableInvite };
}

export type InvitesCore = ReturnType<typeof createInvitesCore>;
