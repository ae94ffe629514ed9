// Everything a use case needs to know about who acts, where, and from which client.
import type { Principal } from "./principal.ts";

/** Who acts and from which client, outside any workspace scope (account-level routes). */
export type ActorContext = Omit<RequestContext, "workspaceId" | "role">;

export interface RequestContext {
  principal: Principal;
  /** The resolved workspace (spec §4) and the caller's role in it. */
  workspaceId: string;
  role: number;
  ipAddress: string | null;
  userAgent: string | null;
}
