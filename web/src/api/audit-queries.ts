// Reads of the audit screen: the workspace trail a page at a time (the cursor is the X-Next-Cursor
// header), the items of one bulk operation, the members its actor filter names, and the trail as a
// file (fetched with the session's token, then saved: a link could not carry the header).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrapPage } from "coffer/client";
import type { TrailFilter } from "../lib/audit-filters.ts";
import { api } from "./client.ts";
import { cursorPages } from "./cursor-pages.ts";
import { unwrap } from "./errors.ts";
import { type Ok, queryKeys } from "./queries.ts";

export type AuditEntry = Ok<"listAuditEntries">[number];

export const auditKeys = {
  trail: (ws: string, filter: TrailFilter) => [...queryKeys.workspace(ws), "audit", filter] as const,
  batch: (ws: string, batchId: string) => [...queryKeys.workspace(ws), "audit", "batch", batchId] as const,
  // Not useMembers' key: that one holds pages (an infinite query), this one a plain list. As a
  // child of the workspace's key, it is still refreshed whenever the members are.
  members: (ws: string) => [...queryKeys.workspace(ws), "members", "all"] as const,
  chain: (ws: string) => [...queryKeys.workspace(ws), "audit-chain"] as const,
};

export type ChainState = Ok<"getAuditChain">;

/** Where the trail's tamper-evident chain stands, and its last verification. */
export const useAuditChain = (ws: string, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.chain(ws),
    enabled,
    queryFn: () =>
      unwrap(api.GET("/workspaces/{workspace_id}/audit/chain", { params: { path: { workspace_id: ws } } })),
  });

/** Verifies the whole chain now (the server reads every entry); the state and the trail then refresh. */
export function useVerifyAuditChain(ws: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.GET("/workspaces/{workspace_id}/audit/verify", { params: { path: { workspace_id: ws } } })),
    onSettled: () => client.invalidateQueries({ queryKey: [...queryKeys.workspace(ws), "audit"] }),
    onSuccess: () => client.invalidateQueries({ queryKey: auditKeys.chain(ws) }),
  });
}

const PAGE = 50;
/** The most items of one bulk operation the expander annotates (the keys themselves are all shown). */
const BATCH_ITEMS = 1000;

/** The trail, newest first, one entry per operation; `filter` null: nothing is asked. */
export const useAuditTrail = (ws: string, filter: TrailFilter | null) =>
  useInfiniteQuery({
    ...cursorPages,
    queryKey: auditKeys.trail(ws, filter ?? {}),
    enabled: filter !== null,
    queryFn: ({ pageParam }) =>
      unwrapPage(
        api.GET("/workspaces/{workspace_id}/audit", {
          // One entry per operation, reads and sign-ins included: the trail as people read it.
          params: {
            path: { workspace_id: ws },
            query: { ...filter, view: "operations", limit: PAGE, cursor: pageParam },
          },
        }),
      ),
  });

/** The items of a bulk operation (what happened to each secret), read when its entry is opened. */
export const useAuditBatch = (ws: string, batchId: string, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.batch(ws, batchId),
    enabled,
    // An operation's items never change once written.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/audit", {
          params: { path: { workspace_id: ws }, query: { batch: batchId, limit: BATCH_ITEMS } },
        }),
      ),
  });

/** Every member, for the actor filter and for naming the people entries hold only ids of. */
export const useAllMembers = (ws: string, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.members(ws),
    enabled,
    queryFn: () =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/members", {
          params: { path: { workspace_id: ws }, query: { limit: 1000 } },
        }),
      ),
  });

/** The file name the server gave (Content-Disposition), else one of ours. */
function fileNameOf(response: Response, format: "csv" | "json"): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return given ?? `coffer-audit.${format}`;
}

/** The trail as the server exports it (CSV or JSON, with the filters), as a file to save. */
export async function exportAuditTrail(
  ws: string,
  filter: TrailFilter,
  format: "csv" | "json",
): Promise<{ blob: Blob; fileName: string }> {
  const result = await api.GET("/workspaces/{workspace_id}/audit/export", {
    params: { path: { workspace_id: ws }, query: { ...filter, view: "operations", format } },
    parseAs: "blob",
  });
  const blob = await unwrap(result);
  return { blob, fileName: fileNameOf(result.response, format) };
}
