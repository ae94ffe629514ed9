// Query keys and the read hooks every screen shares. Keys are hierarchical so invalidating a
// parent (a workspace, a project) refreshes everything below it.
import { useQuery } from "@tanstack/react-query";
import {
  type Environment,
  type EnvironmentPath,
  type Ok,
  type Profile,
  type Project,
  readEnvironment,
  type Secret,
  type Team,
  type Unresolved,
  type Workspace,
} from "coffer/client";
import { api } from "./client.ts";
import { unwrap } from "./errors.ts";

export type { Environment, Ok, Profile, Project, Secret, Team, Unresolved, Workspace };

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
    queryFn: () =>
      unwrap(
        api.GET("/environments/{workspace_id}/{team_id}/{project_id}/", {
          params: { path: { workspace_id: ws, team_id: team, project_id: project } },
        }),
      ),
  });

export interface SecretList {
  secrets: Secret[];
  /** Secrets whose value the server could not decrypt or whose references it could not resolve (a 207). */
  failedIds: string[];
  /** Of failedIds, those with a reference that does not resolve for this user, and why. */
  unresolved: Unresolved[];
}

// The last answer per environment with its ETag, in memory only: a refetch sends If-None-Match
// and a 304 (nothing changed) costs no body and no decryption on the server.
const lastLists = new Map<string, { etag: string; list: SecretList }>();

export const forgetSecretLists = (): void => lastLists.clear();

async function fetchSecrets(path: EnvPath): Promise<SecretList> {
  const cacheKey = path.environment_id;
  const previous = lastLists.get(cacheKey);
  const read = await readEnvironment(api, path, previous ? { ifNoneMatch: previous.etag } : {});
  if (!read.changed && previous) return previous.list;
  if (!read.changed) throw new Error("unreachable: a 304 answers only the tag of a copy held here");
  const list: SecretList = { secrets: read.secrets, failedIds: read.failedIds, unresolved: read.unresolved };
  if (read.etag) lastLists.set(cacheKey, { etag: read.etag, list });
  else lastLists.delete(cacheKey);
  return list;
}

export const useSecrets = (path: EnvPath) =>
  useQuery({ queryKey: queryKeys.secrets(path), queryFn: () => fetchSecrets(path) });
