// Everything a use case needs to know about who acts, where, and from which client.
import type { Queryable } from "../db/schema.ts";
import type { Principal } from "./principal.ts";

/**
 * Who acted, as the audit trail records it: a principal, or nobody (an anonymous share-link viewer),
 * or Coffer itself (`system` names the part of it, e.g. a webhook the delivery job disabled).
 */
export type AuditActor = Pick<RequestContext, "ipAddress" | "userAgent"> & {
  principal: Principal | null;
  system?: string;
};

/** Who acts and from which client, outside any workspace scope (account-level routes). */
export type ActorContext = Omit<RequestContext, "workspaceId" | "role" | "secondFactor" | "memberTeamIds">;

export interface RequestContext {
  principal: Principal;
  /** The resolved workspace (spec §4) and the caller's role in it. */
  workspaceId: string;
  role: number;
  ipAddress: string | null;
  userAgent: string | null;
  /**
   * Proves the account's second factor for this request (the X-Coffer-OTP code, once); resolves at
   * once for an account without two-factor sign-in. authorize() asks it before an action that grants power.
   */
  secondFactor: () => Promise<void>;
  /**
   * The person's teams in this workspace, read through `db` (the use case's transaction, when it
   * has one). authorize() asks it only when a rule depends on teams.
   */
  memberTeamIds: (db: Queryable) => Promise<ReadonlySet<string>>;
}
