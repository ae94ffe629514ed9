// Read hooks of the automation screens: a workspace's service accounts, their keys and OIDC
// trusts, and the workspace's whole tree (teams, projects, environments) that key scopes name.
import { useQueries, useQuery } from "@tanstack/react-query";
import { byEnvironmentType } from "../../../src/lib/environment-order.ts";
import { api } from "./client.ts";
import { unwrap } from "./errors.ts";
import { type Ok, queryKeys } from "./queries.ts";

export type ServiceAccount = Ok<"listServiceAccounts">[number];
export type ServiceAccountKey = Ok<"listServiceAccountKeys">[number];
export type Trust = Ok<"listServiceAccountTrusts">[number];

export const automationKeys = {
  accounts: (ws: string) => [...queryKeys.workspace(ws), "service-accounts"] as const,
  account: (ws: string, id: string) => [...automationKeys.accounts(ws), id] as const,
  keys: (ws: string, id: string) => [...automationKeys.account(ws, id), "keys"] as const,
  trusts: (ws: string, id: string) => [...automationKeys.account(ws, id), "trusts"] as const,
};

/** The path parameters of one service account, and of what is below it. */
export const accountPath = (ws: string, id: string) => ({ workspace_id: ws, service_account_id: id });

export const useServiceAccounts = (ws: string, enabled = true) =>
  useQuery({
    queryKey: automationKeys.accounts(ws),
    enabled,
    queryFn: () =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/service-accounts", { params: { path: { workspace_id: ws } } }),
      ),
  });

export const useServiceAccount = (ws: string, id: string) =>
  useQuery({
    queryKey: automationKeys.account(ws, id),
    queryFn: () =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/service-accounts/{service_account_id}", {
          params: { path: accountPath(ws, id) },
        }),
      ),
  });

export const useServiceAccountKeys = (ws: string, id: string) =>
  useQuery({
    queryKey: automationKeys.keys(ws, id),
    queryFn: () =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/service-accounts/{service_account_id}/keys", {
          params: { path: accountPath(ws, id) },
        }),
      ),
  });

export const useTrusts = (ws: string, id: string) =>
  useQuery({
    queryKey: automationKeys.trusts(ws, id),
    queryFn: () =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/service-accounts/{service_account_id}/trusts", {
          params: { path: accountPath(ws, id) },
        }),
      ),
  });

export interface TreeEnvironment {
  id: string;
  name: string;
}
export interface TreeProject {
  id: string;
  name: string;
  teamName: string;
  environments: TreeEnvironment[];
}
export interface WorkspaceTree {
  /** Every project the caller sees, with its environments; complete once `ready`. */
  projects: TreeProject[];
  ready: boolean;
}

/**
 * The workspace's projects and environments, for choosing what a key reaches and for naming the
 * ids a scope holds. Built from the same cached listings the tree screen reads (`enabled` false:
 * nothing is fetched).
 */
export function useWorkspaceTree(
  ws: string,
  teams: readonly { id: string; name: string }[],
  enabled = true,
): WorkspaceTree {
  const projectLists = useQueries({
    queries: teams.map((team) => ({
      queryKey: queryKeys.projects(ws, team.id),
      enabled,
      queryFn: () =>
        unwrap(
          api.GET("/projects/{workspace_id}/{team_id}/", {
            params: { path: { workspace_id: ws, team_id: team.id } },
          }),
        ),
    })),
  });
  const projects = projectLists.flatMap((list, i) =>
    (list.data ?? []).map((project) => ({ ...project, teamName: teams[i]?.name ?? "" })),
  );
  const environmentLists = useQueries({
    queries: projects.map((project) => ({
      queryKey: queryKeys.environments(ws, project.team_id, project.id),
      enabled,
      queryFn: () =>
        unwrap(
          api.GET("/environments/{workspace_id}/{team_id}/{project_id}/", {
            params: { path: { workspace_id: ws, team_id: project.team_id, project_id: project.id } },
          }),
        ).then(byEnvironmentType),
    })),
  });
  return {
    projects: projects.map((project, i) => ({
      id: project.id,
      name: project.name,
      teamName: project.teamName,
      environments: (environmentLists[i]?.data ?? []).map((e) => ({ id: e.id, name: e.name })),
    })),
    ready:
      enabled &&
      projectLists.every((list) => list.data !== undefined) &&
      environmentLists.every((list) => list.data !== undefined),
  };
}
