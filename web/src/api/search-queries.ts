// The header's search across a workspace: keys and descriptions, never values, and only what the
// caller may read (the API filters). Keyed under the workspace, so refreshing it refreshes these.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client.ts";
import { unwrap } from "./errors.ts";
import { type Ok, queryKeys } from "./queries.ts";

export type SearchResult = Ok<"searchSecrets">[number];

/** How many results the header lists: more than that, and the person types more. */
export const SEARCH_LIMIT = 20;

export const useSecretSearch = (ws: string, text: string) =>
  useQuery({
    queryKey: [...queryKeys.workspace(ws), "search", text] as const,
    enabled: text.length > 0,
    // The last answer stays listed while the next one comes, so the list does not blink per key.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/search", {
          params: { path: { workspace_id: ws }, query: { q: text, limit: SEARCH_LIMIT } },
          signal,
        }),
      ),
  });
