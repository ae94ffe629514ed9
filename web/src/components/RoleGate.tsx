// What the role may not do is not offered: children render only when the permission matrix
// (the server's own, see lib/permissions.ts) allows the action. The API still enforces it.
import type { ReactNode } from "react";
import { type EnvPath, useEnvironments } from "../api/queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { type Action, allows } from "../lib/permissions.ts";

export function useCan(): (action: Action, teamId?: string, environmentProtected?: boolean) => boolean {
  const { caller } = useWorkspace();
  return (action, teamId, environmentProtected) => allows(caller, action, teamId, environmentProtected);
}

/**
 * Whether the caller may take a write `action` in the environment: its protection (the project's
 * environments list, cached, says) is asked with the role.
 */
export function useCanInEnvironment(action: Action, path: EnvPath): boolean {
  const can = useCan();
  const environment = useEnvironments(path.workspace_id, path.team_id, path.project_id).data?.find(
    (e) => e.id === path.environment_id,
  );
  return can(action, path.team_id, environment?.protected === true);
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
