// Webhooks over HTTP (issue 23): /workspaces/{workspace_id}/webhooks…, for Admins and Owners.
import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { memberErrors, workspaceRoutes } from "../../http/route-options.ts";
import { ErrorBody } from "../../http/schemas.ts";
import { contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { WorkspacesService } from "../workspaces/index.ts";
import {
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryParams,
  DeliveryRecord,
  RotateSecretBody,
  UpdateWebhookBody,
  WebhookParams,
  WebhookRecord,
  WebhooksParams,
  WebhookWithSecret,
} from "./schemas.ts";
import { DEFAULT_OVERLAP_SECONDS, type WebhooksService } from "./service.ts";

const BASE = "/workspaces/:workspace_id/webhooks";

export const webhooksRoutes =
  (deps: { webhooks: WebhooksService; workspaces: WorkspacesService }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const { webhooks } = deps;
    const route = workspaceRoutes(["Webhooks"], workspaceScope(deps.workspaces.lookup));

    app.get(
      BASE,
      route("webhook.list", {
        description: "The workspace's webhooks (never their secrets). Admins and Owners.",
        params: WebhooksParams,
        response: { 200: Type.Array(WebhookRecord), ...memberErrors },
      }),
      async (request) => webhooks.list(contextOf(request)),
    );

    app.post(
      BASE,
      route("webhook.manage", {
        description:
          "Creates a webhook: events of the workspace (optionally of one project or environment, and of some event " +
          "types) are POSTed to `url`, signed with the `secret` the answer carries this once. A URL resolving to a " +
          "loopback, private, link-local or multicast address is refused (422) unless the operator allowed its network.",
        params: WebhooksParams,
        body: CreateWebhookBody,
        response: { 201: WebhookWithSecret, 409: ErrorBody, ...memberErrors },
      }),
      async (request, reply) => reply.code(201).send(await webhooks.create(contextOf(request), request.body)),
    );

    app.get(
      `${BASE}/:webhook_id`,
      route("webhook.list", {
        params: WebhookParams,
        response: { 200: WebhookRecord, ...memberErrors },
      }),
      async (request) => webhooks.get(contextOf(request), request.params.webhook_id),
    );

    app.patch(
      `${BASE}/:webhook_id`,
      route("webhook.manage", {
        description:
          "Changes the address, description, events or filters; `enabled: false` holds deliveries back, " +
          "`enabled: true` resumes a webhook (also one disabled for failing) and clears its failure count.",
        params: WebhookParams,
        body: UpdateWebhookBody,
        response: { 200: WebhookRecord, ...memberErrors },
      }),
      async (request) => webhooks.update(contextOf(request), request.params.webhook_id, request.body),
    );

    app.delete(
      `${BASE}/:webhook_id`,
      route("webhook.delete", {
        description: "Deletes the webhook and its delivery log; undelivered deliveries are dropped.",
        params: WebhookParams,
        response: { 200: Type.Object({ deleted: Type.Boolean(), id: Type.String() }), ...memberErrors },
      }),
      async (request) => webhooks.delete(contextOf(request), request.params.webhook_id),
    );

    app.post(
      `${BASE}/:webhook_id/rotate-secret`,
      route("webhook.manage", {
        description:
          "A new signing secret, shown once. The previous one keeps signing beside it (a second `v1` in " +
          "Coffer-Signature) for `overlap_seconds` (default 86400, at most 7 days; 0 ends it at once).",
        params: WebhookParams,
        body: Type.Optional(RotateSecretBody),
        response: { 200: WebhookWithSecret, ...memberErrors },
      }),
      async (request) =>
        webhooks.rotateSecret(
          contextOf(request),
          request.params.webhook_id,
          request.body?.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS,
        ),
    );

    app.post(
      `${BASE}/:webhook_id/test`,
      route("webhook.test", {
        description:
          "Queues a `webhook.test` event for this webhook alone and answers its delivery (202); follow it in the log.",
        params: WebhookParams,
        response: { 202: DeliveryRecord, 409: ErrorBody, ...memberErrors },
      }),
      async (request, reply) =>
        reply.code(202).send(await webhooks.sendTest(contextOf(request), request.params.webhook_id)),
    );

    app.get(
      `${BASE}/:webhook_id/deliveries`,
      route("webhook.list", {
        description:
          "The delivery log, newest first: status (pending, delivered, failed), attempts, last status code, error " +
          "and latency, and the body sent. `limit` (default 50), `cursor` from X-Next-Cursor, `status`.",
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: Type.Array(DeliveryRecord), ...memberErrors },
      }),
      async (request, reply) => {
        const page = await webhooks.deliveries(contextOf(request), request.params.webhook_id, {
          limit: request.query.limit ?? 50,
          cursor: request.query.cursor,
          status: request.query.status,
        });
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );

    app.post(
      `${BASE}/:webhook_id/deliveries/:delivery_id/redeliver`,
      route("webhook.test", {
        description:
          "Sends a delivered or given-up delivery again, as new (same id and body, fresh attempts): after a " +
          "receiver was fixed. 409 while it is still pending.",
        params: DeliveryParams,
        response: { 202: DeliveryRecord, 409: ErrorBody, ...memberErrors },
      }),
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await webhooks.redeliver(
              contextOf(request),
              request.params.webhook_id,
              request.params.delivery_id,
            ),
          ),
    );

    app.get(
      `${BASE}/:webhook_id/deliveries/:delivery_id`,
      route("webhook.list", {
        params: DeliveryParams,
        response: { 200: DeliveryRecord, ...memberErrors },
      }),
      async (request) =>
        webhooks.delivery(contextOf(request), request.params.webhook_id, request.params.delivery_id),
    );
  };
