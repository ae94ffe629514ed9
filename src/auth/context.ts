// Everything a use case needs to know about who acts, where, and from which client.
import type { Principal } from "./principal.ts";

/** Who acts and from which client, outside any workspace scope (account-level routes). */
export type ActorContext = Omit<RequestContext, "workspaceId" | "role" | "secondFactor">;

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
}
