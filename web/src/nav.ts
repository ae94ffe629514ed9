// The header's navigation inside a workspace, in order. `action` hides an entry the caller's role
// may not use (the permission matrix decides, see lib/permissions.ts).
import type { Action } from "./lib/permissions.ts";

export interface NavEntry {
  label: string;
  /** A route path under /w/$workspaceId (see routes.tsx). */
  to: "/w/$workspaceId" | "/w/$workspaceId/audit";
  action?: Action;
}

export const NAV: NavEntry[] = [
  { label: "Projects", to: "/w/$workspaceId" },
  { label: "Audit", to: "/w/$workspaceId/audit", action: "audit.read" },
];
