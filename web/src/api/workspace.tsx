// The workspace a page is about (from the URL) and the caller's place in it: role from the
// workspace listing, teams from the teams listing. RoleGate reads it. A workspace that requires
// two-factor sign-in of a member who has none, or single sign-on of a session that did not come
// through it, refuses them everything in it (403 two_factor_enrollment_required, sso_required):
// the "enrollment" state, which says which requirement and whose value has no teams.
import { createContext, type ReactNode, useContext, useMemo, useRef } from "react";
import type { Caller } from "../lib/permissions.ts";
import { type Requirement, requirementOf } from "../lib/security.ts";
import { type Team, useTeams, useWorkspaces, type Workspace } from "./queries.ts";

interface WorkspaceValue {
  workspace: Workspace;
  teams: Team[];
  caller: Caller;
}

const WorkspaceContext = createContext<WorkspaceValue | null>(null);

export type WorkspaceState =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "error"; error: unknown }
  | { status: "enrollment"; requirement: Requirement; value: WorkspaceValue }
  | { status: "ready"; value: WorkspaceValue };

export function useWorkspaceState(workspaceId: string): WorkspaceState {
  const workspaces = useWorkspaces();
  const workspace = workspaces.data?.find((w) => w.id === workspaceId);
  const teams = useTeams(workspaceId);
  // Refetching a query that failed clears its error until the answer comes: the refusal is kept
  // meanwhile, or the account pages (and a two-factor set-up open on them) would unmount for a
  // "loading" each time the window regains focus.
  const refused = useRef<{ workspaceId: string; requirement: Requirement | null }>({
    workspaceId,
    requirement: null,
  });
  if (refused.current.workspaceId !== workspaceId) refused.current = { workspaceId, requirement: null };
  if (teams.error || teams.data) refused.current.requirement = requirementOf(teams.error);
  const requirement = refused.current.requirement;
  return useMemo<WorkspaceState>(() => {
    if (workspaces.error) return { status: "error", error: workspaces.error };
    if (!workspaces.data) return { status: "loading" };
    if (!workspace) return { status: "missing" };
    if (requirement) {
      return {
        status: "enrollment",
        requirement,
        value: { workspace, teams: [], caller: { role: workspace.role, teamIds: new Set() } },
      };
    }
    if (teams.error) return { status: "error", error: teams.error };
    if (!teams.data) return { status: "loading" };
    const caller = { role: workspace.role, teamIds: new Set(teams.data.map((t) => t.id)) };
    return { status: "ready", value: { workspace, teams: teams.data, caller } };
  }, [workspaces.data, workspaces.error, workspace, teams.data, teams.error, requirement]);
}

export function WorkspaceProvider({ value, children }: { value: WorkspaceValue; children: ReactNode }) {
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error("useWorkspace outside a workspace page");
  return value;
}
