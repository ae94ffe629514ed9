// Signed webhooks (issue 23): Admins and Owners point a workspace's events at their own endpoints.
// A change queues its deliveries in its own transaction (the audit trail tells this module of every
// entry it records), so a delivery exists exactly when the change does; the delivery job sends them.
import { randomUUID } from "node:crypto";
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Clock } from "../../clock.ts";
import type { Keyring } from "../../crypto/data-keys.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import { uuidv7 } from "../../lib/uuid7.ts";
import type { AuditRow, AuditService } from "../audit/index.ts";
import { checkPlace, checkUrl } from "./destination.ts";
import type { WebhookEvent } from "./events.ts";
import { eventsOf, present, presentDelivery } from "./present.ts";
import { enqueueDeliveries, pendingDelivery } from "./queue.ts";
import * as repo from "./repo.ts";
import { newSigningSecret } from "./signing.ts";

/** A workspace's webhooks at most: each change is queued once per matching webhook. */
export const MAX_WEBHOOKS = 25;
/** How long a rotated secret may keep signing beside the new one, at most. */
export const MAX_OVERLAP_SECONDS = 7 * 86_400;
export const DEFAULT_OVERLAP_SECONDS = 86_400;

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  keyring: Keyring;
  audit: Pick<AuditService, "record">;
  /** The project an environment belongs to, and which of some ids are projects of the workspace. */
  places: {
    projectOf(workspaceId: string, environmentId: string): Promise<string | undefined>;
    projectsIn(workspaceId: string, ids: readonly string[]): Promise<Set<string>>;
  };
  allowedNetworks: readonly string[];
  /** Told when deliveries were queued, so this process's delivery job looks before its next poll. */
  onQueued?: () => void;
}

export const secretAad = (webhookId: string) => `webhook-secret:${webhookId}`;

export interface WebhookInput {
  url: string;
  description?: string | null;
  events?: WebhookEvent[];
  project_id?: string | null;
  environment_id?: string | null;
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { db, clock, keyring, audit } = deps;
  async function requireWebhook(q: Queryable, ctx: RequestContext, id: string) {
    const row = await repo.findWebhook(q, ctx.workspaceId, id);
    if (!row) throw notFound("Webhook");
    return row;
  }

  const auditEntry = (
    action: string,
    row: repo.WebhookRow,
    details: Record<string, string | number | boolean | null> = {},
  ) => ({
    action,
    resourceType: "webhook",
    resourceId: row.id,
    projectId: row.project_id,
    environmentId: row.environment_id,
    // The address names where events go; never the secret.
    details: { url: row.url, ...details },
  });

  return {
    /** Queues a delivery per matching webhook for each entry, inside the recording transaction. */
    async enqueue(tx: Queryable, rows: readonly AuditRow[]): Promise<void> {
      if ((await enqueueDeliveries(tx, clock, rows)) > 0) deps.onQueued?.();
    },

    async list(ctx: RequestContext) {
      await authorize(db, ctx, "webhook.list");
      return (await repo.listWebhooks(db, ctx.workspaceId)).map(present);
    },

    async get(ctx: RequestContext, id: string) {
      await authorize(db, ctx, "webhook.list");
      return present(await requireWebhook(db, ctx, id));
    },

    /** Creates a webhook; the answer carries its signing secret, shown this once. */
    async create(ctx: RequestContext, input: WebhookInput) {
      await authorize(db, ctx, "webhook.manage");
      const url = await checkUrl(input.url, deps.allowedNetworks);
      const place = await checkPlace(deps.places, ctx, input);
      const secret = newSigningSecret();
      const now = clock.now().toISOString();
      const id = randomUUID();
      const row = await keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
        if ((await repo.countWebhooks(tx, ctx.workspaceId)) >= MAX_WEBHOOKS) {
          throw new AppError(
            "conflict",
            `A workspace has at most ${MAX_WEBHOOKS} webhooks; delete one first`,
          );
        }
        const row: repo.WebhookRow = {
          id,
          workspace_id: ctx.workspaceId,
          url,
          description: input.description ?? null,
          events: JSON.stringify([...new Set(input.events ?? [])]),
          ...place,
          secret_ciphertext: keyring.encrypt(dataKey, secret, secretAad(id)),
          previous_secret_ciphertext: null,
          previous_secret_expires_at: null,
          disabled_at: null,
          disabled_reason: null,
          failing_since: null,
          consecutive_failures: 0,
          last_success_at: null,
          created_by: ctx.principal.userId,
          created_at: now,
          updated_at: now,
        };
        await repo.insertWebhook(tx, row);
        await audit.record(tx, ctx, auditEntry("webhook.created", row, { events: eventsOf(row).join(",") }));
        return row;
      });
      return { ...present(row), secret };
    },

    /** Changes the address, filters or description; `enabled: true` revives a disabled webhook. */
    async update(ctx: RequestContext, id: string, patch: Partial<WebhookInput> & { enabled?: boolean }) {
      await authorize(db, ctx, "webhook.manage");
      const current = await requireWebhook(db, ctx, id);
      const changes: Parameters<typeof repo.updateWebhook>[3] = { updated_at: clock.now().toISOString() };
      if (patch.url !== undefined) changes.url = await checkUrl(patch.url, deps.allowedNetworks);
      if (patch.description !== undefined) changes.description = patch.description;
      if (patch.events !== undefined) changes.events = JSON.stringify([...new Set(patch.events)]);
      if (patch.project_id !== undefined || patch.environment_id !== undefined) {
        Object.assign(
          changes,
          await checkPlace(deps.places, ctx, {
            project_id: patch.project_id === undefined ? current.project_id : patch.project_id,
            environment_id:
              patch.environment_id === undefined ? current.environment_id : patch.environment_id,
          }),
        );
      }
      if (patch.enabled === true && current.disabled_at !== null) {
        Object.assign(changes, {
          disabled_at: null,
          disabled_reason: null,
          failing_since: null,
          consecutive_failures: 0,
        });
      }
      if (patch.enabled === false && current.disabled_at === null) {
        Object.assign(changes, { disabled_at: changes.updated_at, disabled_reason: "disabled by a person" });
      }
      return db.transaction().execute(async (tx) => {
        await repo.updateWebhook(tx, ctx.workspaceId, id, changes);
        const row = await requireWebhook(tx, ctx, id);
        const fields = Object.keys(patch).filter((name) => patch[name as keyof typeof patch] !== undefined);
        await audit.record(tx, ctx, auditEntry("webhook.updated", row, { fields: fields.join(",") }));
        if (changes.disabled_at !== undefined) {
          await audit.record(
            tx,
            ctx,
            auditEntry(row.disabled_at ? "webhook.disabled" : "webhook.enabled", row),
          );
        }
        return present(row);
      });
    },

    async delete(ctx: RequestContext, id: string) {
      await authorize(db, ctx, "webhook.delete");
      await db.transaction().execute(async (tx) => {
        const row = await requireWebhook(tx, ctx, id);
        await repo.deleteWebhook(tx, ctx.workspaceId, id);
        await audit.record(tx, ctx, auditEntry("webhook.deleted", row));
      });
      return { deleted: true, id };
    },

    /**
     * A new signing secret, shown once; the old one keeps signing beside it (a second v1) for
     * `overlapSeconds`, so receivers can switch without missing a delivery.
     */
    async rotateSecret(ctx: RequestContext, id: string, overlapSeconds: number) {
      await authorize(db, ctx, "webhook.manage");
      const secret = newSigningSecret();
      const now = clock.now();
      const row = await keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
        const current = await requireWebhook(tx, ctx, id);
        const expires = new Date(now.getTime() + overlapSeconds * 1000).toISOString();
        await repo.updateWebhook(tx, ctx.workspaceId, id, {
          secret_ciphertext: keyring.encrypt(dataKey, secret, secretAad(id)),
          previous_secret_ciphertext: overlapSeconds > 0 ? current.secret_ciphertext : null,
          previous_secret_expires_at: overlapSeconds > 0 ? expires : null,
          updated_at: now.toISOString(),
        });
        const row = await requireWebhook(tx, ctx, id);
        await audit.record(
          tx,
          ctx,
          auditEntry("webhook.secret_rotated", row, { overlap_seconds: overlapSeconds }),
        );
        return row;
      });
      return { ...present(row), secret };
    },

    /** Queues a `webhook.test` event for this webhook alone; a disabled webhook is enabled first (409). */
    async sendTest(ctx: RequestContext, id: string) {
      await authorize(db, ctx, "webhook.test");
      const hook = await requireWebhook(db, ctx, id);
      if (hook.disabled_at !== null) {
        throw new AppError("conflict", "The webhook is disabled: enable it first (PATCH enabled: true)");
      }
      const now = clock.now().toISOString();
      const eventId = uuidv7();
      const delivery = pendingDelivery(now, {
        webhook_id: id,
        workspace_id: ctx.workspaceId,
        event_id: eventId,
        event_type: "webhook.test",
        ordering_key: `test:${eventId}`,
        payload: JSON.stringify({
          id: eventId,
          type: "webhook.test",
          created_at: now,
          workspace_id: ctx.workspaceId,
          project_id: hook.project_id,
          environment_id: hook.environment_id,
          data: { resource_type: "webhook", resource_id: id },
          actor: { type: ctx.principal.apiKeyId ? "api_key" : "user", id: ctx.principal.userId, name: "" },
        }),
      });
      await repo.insertDeliveries(db, [delivery]);
      deps.onQueued?.();
      return presentDelivery(delivery);
    },

    /** The webhook's delivery log, newest first. */
    async deliveries(
      ctx: RequestContext,
      id: string,
      query: { limit: number; cursor?: string; status?: repo.DeliveryRow["status"] },
    ) {
      await authorize(db, ctx, "webhook.list");
      await requireWebhook(db, ctx, id);
      const rows = await repo.listDeliveries(db, {
        webhookId: id,
        limit: query.limit + 1,
        before: query.cursor ? decodeCursor(query.cursor).id : undefined,
        status: query.status,
      });
      const page = pageOf(rows, query.limit);
      return { items: page.items.map(presentDelivery), nextCursor: page.nextCursor };
    },

    /** Sends a finished delivery again (after the receiver was fixed); 409 while it is still pending. */
    async redeliver(ctx: RequestContext, id: string, deliveryId: string) {
      await authorize(db, ctx, "webhook.test");
      await requireWebhook(db, ctx, id);
      const found = await repo.findDelivery(db, id, deliveryId);
      if (!found) throw notFound("Delivery");
      if (!(await repo.requeueDelivery(db, id, deliveryId, clock.now().toISOString()))) {
        throw new AppError("conflict", "The delivery is still pending: it is sent again on its own");
      }
      deps.onQueued?.();
      return presentDelivery((await repo.findDelivery(db, id, deliveryId))!);
    },

    async delivery(ctx: RequestContext, id: string, deliveryId: string) {
      await authorize(db, ctx, "webhook.list");
      await requireWebhook(db, ctx, id);
      const row = await repo.findDelivery(db, id, deliveryId);
      if (!row) throw notFound("Delivery");
      return presentDelivery(row);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
