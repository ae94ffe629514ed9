// Invites: the only way into someone else's workspace. An Owner invites an address with a role
// (and optionally a team); the mailed link carries a random token stored only as a digest. The
// invite is pending until accepted, rejected or expired (COFFER_INVITE_TTL); a token works once.
// The factory composes the sending side and the answering side.
import type { Db } from "../../db/schema.ts";
import { createInviteAnswers } from "./answers.ts";
import { createInvitesCore, type InvitesDeps } from "./core.ts";
import * as repo from "./repo.ts";
import { createInviteSending } from "./sending.ts";

export type { AcceptInput, InvitesDeps } from "./core.ts";

export function createInvitesService(deps: InvitesDeps) {
  const core = createInvitesCore(deps);
  return {
    present: core.present,
    ...createInviteSending(deps, core),
    ...createInviteAnswers(deps, core),
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;

/** Housekeeping: expired or answered invites past retention. */
export const purgeInvites = (db: Db, cutoff: string) => repo.purgeInvites(db, cutoff);
