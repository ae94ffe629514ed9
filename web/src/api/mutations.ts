// Writes as TanStack Query mutations: the query client knows what is being written (pending,
// failed) as it knows what is being read, and a write's success refetches the queries it changed
// before it resolves, so whatever the screen does next sees the new state.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./client.ts";
import { unwrap } from "./errors.ts";

export interface WriteOptions<Vars, Data> {
  /** The queries this write changes (a parent key refreshes everything below it). */
  invalidates?: (vars: Vars, data: Data) => readonly QueryKey[];
}

export function useWrite<Vars = void, Data = unknown>(
  write: (vars: Vars) => Promise<Data>,
  { invalidates = () => [] }: WriteOptions<Vars, Data> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Offline, a write fails at once with its error shown where the person acted, rather than
    // waiting unseen for the network and being sent later when no one expects it any more.
    networkMode: "always",
    onSuccess: (data, vars) =>
      Promise.all(invalidates(vars, data).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Makes a workspace the session's scope: the answer carries a token scoped to it. */
export const useSwitchWorkspace = () =>
  useWrite((workspaceId: string) =>
    unwrap(
      api.POST("/workspaces/{workspace_id}/switch", { params: { path: { workspace_id: workspaceId } } }),
    ),
  );
