// An account's claim (accounts/takeover.ts): whoever proves an address takes over the account that
// a stranger may have made with it, and nothing that stranger let into a workspace may outlive it.
// Each module that holds a way in (invites, service accounts, webhooks, share links) ends its own,
// inside the claim's transaction, through one function of this shape.
import type { Queryable } from "../db/schema.ts";

/** Whose doings a claim ends in one workspace. */
export interface ClaimScope {
  workspaceId: string;
  /** The claimed account. */
  holderId: string;
  /**
   * "everyone": the holder founded the workspace while unverified, so whoever and whatever is in it
   * came through them. Otherwise the holder and the people who came in through the holder's
   * invites (and through theirs, in turn): what they did there ends.
   */
  circle: "everyone" | readonly string[];
}

/** What ended, by kind (for the `account.claimed` audit entry). */
export type ClaimEnded = Record<string, number>;

export type ClaimEnder = (tx: Queryable, scope: ClaimScope, now: string) => Promise<ClaimEnded>;
