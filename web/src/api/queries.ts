// Query keys and the read hooks every screen shares. Keys are hierarchical so invalidating a
// parent (a workspace, a project) refreshes everything below it.
import { useQuery } from "@tanstack/react-query";
import type { Environment, EnvironmentPath, Ok, Profile, Project, Team, Workspace } from "coffer/client";
import { byEnvironmentType } from "../../../src/lib/environment-order.ts";
import { api } from "./client.ts";
import { unwrap } from "./errors.ts";

export type { Environment, Ok, Profile, Project, Team, Workspace };

export type EnvPath = EnvironmentPath;

export const queryKeys = {
  me: () => ["me"] as const,
  providers: () => ["providers"] as const,
  workspaces: () => ["workspaces"] as const,
  workspace: (ws: string) => ["workspace", ws] as const,
  teams: (ws: string) => ["workspace", ws, "teams"] as const,
  projects: (ws: string, team: string) => ["workspace", ws, "teams", team, "projects"] as const,
  environments: (ws: string, team: string, project: string) =>
    ["workspace", ws, "teams", team, "projects", project, "environments"] as const,
  secrets: (p: EnvPath) =>
    [
      "workspace",
      p.workspace_id,
      "teams",
      p.team_id,
      "projects",
      p.project_id,
      "environments",
      p.environment_id,
      "secrets",
    ] as const,
};

export const useMe = () => useQuery({ queryKey: queryKeys.me(), queryFn: () => unwrap(api.GET("/auth/me")) });

export const useProviders = () =>
  useQuery({
    queryKey: queryKeys.providers(),
    queryFn: () => unwrap(api.GET("/auth/providers")),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useWorkspaces = () =>
  useQuery({ queryKey: queryKeys.workspaces(), queryFn: () => unwrap(api.GET("/workspaces/")) });

export const useTeams = (ws: string) =>
  useQuery({
    queryKey: queryKeys.teams(ws),
    queryFn: () => unwrap(api.GET("/teams/{workspace_id}/", { params: { path: { workspace_id: ws } } })),
  });

export const useProjects = (ws: string, team: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.projects(ws, team),
    enabled,
    queryFn: () =>
      unwrap(
        api.GET("/projects/{workspace_id}/{team_id}/", {
          params: { path: { workspace_id: ws, team_id: team } },
        }),
      ),
  });

export const useEnvironments = (ws: string, team: string, project: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.environments(ws, team, project),
    enabled,
    // Sorted once here, so the tree, the tabs and every select list them alike.
    queryFn: () =>
      unwrap(
        api.GET("/environments/{workspace_id}/{team_id}/{project_id}/", {
          params: { path: { workspace_id: ws, team_id: team, project_id: project } },
        }),
      ).then(byEnvironmentType),
  });

/** A row of the secrets table: everything the list shows of a secret but its value. */
export type SecretMetadata = Ok<"listSecretMetadata">[number];

const METADATA = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/metadata" as const;

/** An environment's secrets without their values: nothing decrypted, no read recorded. */
export const readSecretMetadata = (path: EnvPath) => unwrap(api.GET(METADATA, { params: { path } }));

// The table lists metadata: the server decrypts nothing and records no read. A value is read only
// when someone asks for it (api/secret-values.ts), and is never part of this query's cache.
export const useSecretMetadata = (path: EnvPath) =>
  useQuery({ queryKey: queryKeys.secrets(path), queryFn: () => readSecretMetadata(path) });
