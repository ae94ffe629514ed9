// What the role may not do is not offered: children render only when the permission matrix
// (the server's own, see lib/permissions.ts) allows the action. The API still enforces it.
import type { ReactNode } from "react";
import { useWorkspace } from "../api/workspace.tsx";
import { type Action, allows } from "../lib/permissions.ts";

export function useCan(): (action: Action, teamId?: string, environmentProtected?: boolean) => boolean {
  const { caller } = useWorkspace();
  return (action, teamId, environmentProtected) => allows(caller, action, teamId, environmentProtected);
}

export function RoleGate({
  action,
  teamId,
  children,
  fallback = null,
}: {
  action: Action;
  teamId?: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const can = useCan();
  return <>{can(action, teamId) ? children : fallback}</>;
}
