// Read hooks of the webhooks screens: a workspace's webhooks and each one's delivery log. The keys
// sit below the workspace's, so a write that refreshes the workspace refreshes these too.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type operations, unwrapPage } from "coffer/client";
import { api } from "./client.ts";
import { cursorPages } from "./cursor-pages.ts";
import { unwrap } from "./errors.ts";
import { type Ok, queryKeys } from "./queries.ts";

export type Webhook = Ok<"listWebhooks">[number];
export type Delivery = Ok<"listWebhookDeliveries">[number];
export type DeliveryStatus = NonNullable<
  NonNullable<operations["listWebhookDeliveries"]["parameters"]["query"]>["status"]
>;

export const webhookKeys = {
  all: (ws: string) => [...queryKeys.workspace(ws), "webhooks"] as const,
  one: (ws: string, id: string) => [...webhookKeys.all(ws), id] as const,
  deliveries: (ws: string, id: string) => [...webhookKeys.one(ws, id), "deliveries"] as const,
};

export const webhookPath = (ws: string, id: string) => ({ workspace_id: ws, webhook_id: id });

const PAGE_SIZE = 50;

export const useWebhooks = (ws: string, enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.all(ws),
    enabled,
    queryFn: () =>
      unwrap(api.GET("/workspaces/{workspace_id}/webhooks", { params: { path: { workspace_id: ws } } })),
  });

export const useWebhook = (ws: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.one(ws, id),
    enabled,
    queryFn: () =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/webhooks/{webhook_id}", {
          params: { path: webhookPath(ws, id) },
        }),
      ),
  });

/** A webhook's delivery log, newest first, read again every `whilePendingMs` while one is pending. */
export const useDeliveries = (
  ws: string,
  id: string,
  status: DeliveryStatus | undefined,
  whilePendingMs: number,
) =>
  useInfiniteQuery({
    ...cursorPages,
    queryKey: [...webhookKeys.deliveries(ws, id), status ?? "all"],
    queryFn: ({ pageParam }) =>
      unwrapPage(
        api.GET("/workspaces/{workspace_id}/webhooks/{webhook_id}/deliveries", {
          params: { path: webhookPath(ws, id), query: { limit: PAGE_SIZE, cursor: pageParam, status } },
        }),
      ),
    // After queryFn, which the pages' type is inferred from.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((d) => d.status === "pending"))
        ? whilePendingMs
        : false,
  });
