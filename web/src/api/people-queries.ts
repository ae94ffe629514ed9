// Read hooks of the people and account screens (members, invites, API keys, sessions). Keys extend
// the shared ones in queries.ts, so invalidating a workspace refreshes its members and invites too.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { unwrapPage } from "coffer/client";
import { api } from "./client.ts";
import { cursorPages } from "./cursor-pages.ts";
import { unwrap } from "./errors.ts";
import { type Ok, queryKeys } from "./queries.ts";

export type Member = Ok<"listMembers">[number];
export type Invite = Ok<"listInvites">[number];
export type ApiKey = Ok<"listApiKeys">[number];
export type Session = Ok<"listSessions">[number];

export const peopleKeys = {
  members: (ws: string) => [...queryKeys.workspace(ws), "members"] as const,
  invites: (ws: string) => [...queryKeys.workspace(ws), "invites"] as const,
  apiKeys: () => ["api-keys"] as const,
  sessions: () => ["sessions"] as const,
};

const PAGE_SIZE = 50;

export const useMembers = (ws: string) =>
  useInfiniteQuery({
    ...cursorPages,
    queryKey: peopleKeys.members(ws),
    queryFn: ({ pageParam }) =>
      unwrapPage(
        api.GET("/workspaces/{workspace_id}/members", {
          params: { path: { workspace_id: ws }, query: { limit: PAGE_SIZE, cursor: pageParam } },
        }),
      ),
  });

export const useInvites = (ws: string, enabled: boolean) =>
  useInfiniteQuery({
    ...cursorPages,
    queryKey: peopleKeys.invites(ws),
    enabled,
    queryFn: ({ pageParam }) =>
      unwrapPage(
        api.GET("/invite/{workspace_id}", {
          params: { path: { workspace_id: ws }, query: { limit: PAGE_SIZE, cursor: pageParam } },
        }),
      ),
  });

export const useApiKeys = () =>
  useQuery({ queryKey: peopleKeys.apiKeys(), queryFn: () => unwrap(api.GET("/keys/")) });

export const useSessions = () =>
  useQuery({ queryKey: peopleKeys.sessions(), queryFn: () => unwrap(api.GET("/sessions/")) });
