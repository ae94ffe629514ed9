// Everything a use case needs to know about who acts, where, and from which client.
import type { Principal } from "./principal.ts";

export interface RequestContext {
  principal: Principal;
  /** The resolved workspace (spec §4) and the caller's role in it. */
  workspaceId: string;
  role: number;
  ipAddress: string | null;
  userAgent: string | null;
}
