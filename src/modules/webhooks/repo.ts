// The webhooks module's tables: webhooks, and the deliveries queued for them.

import { sql } from "kysely";
import { purgeInBatches } from "../../db/batches.ts";
import { prepared } from "../../db/prepared.ts";
import type { Queryable, WebhookDeliveriesTable, WebhooksTable } from "../../db/schema.ts";
import { deleteInWorkspace, rowsOldestFirst, rowWhere, updateInWorkspace } from "../../db/workspace-rows.ts";

export type WebhookRow = WebhooksTable;
export type DeliveryRow = WebhookDeliveriesTable;

export const listWebhooks = (db: Queryable, workspaceId: string) =>
  rowsOldestFirst(db, "webhooks", { workspace_id: workspaceId });

/** The webhooks that may hear of an event in this workspace (enabled ones; filters apply after). */
// Every recorded change asks it (queue.ts): compiled once.
const enabledIn = prepared<
  { workspaceId: string },
  Pick<WebhooksTable, "id" | "events" | "project_id" | "environment_id">
>(["workspaceId"], (db, args) =>
  db
    .selectFrom("webhooks")
    .select(["id", "events", "project_id", "environment_id"])
    .where("workspace_id", "=", args.workspaceId)
    .where("disabled_at", "is", null),
);

export const enabledWebhooks = (db: Queryable, workspaceId: string) => enabledIn(db, { workspaceId });

export const findWebhook = (db: Queryable, workspaceId: string, id: string) =>
  rowWhere(db, "webhooks", { workspace_id: workspaceId, id });

export const findWebhookById = (db: Queryable, id: string) =>
  db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();

export async function countWebhooks(db: Queryable, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertWebhook(db: Queryable, row: WebhookRow): Promise<void> {
  await db.insertInto("webhooks").values(row).execute();
}

export async function updateWebhook(
  db: Queryable,
  workspaceId: string,
  id: string,
  changes: Partial<Omit<WebhookRow, "id" | "workspace_id">>,
): Promise<void> {
  await updateInWorkspace(db, "webhooks", workspaceId, id, changes);
}

export async function deleteWebhook(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  return (await deleteInWorkspace(db, "webhooks", workspaceId, id)) > 0;
}

export async function insertDeliveries(db: Queryable, rows: DeliveryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto("webhook_deliveries").values(rows).execute();
}

/** A page of one webhook's deliveries, newest first (ids are time-ordered). */
export function listDeliveries(
  db: Queryable,
  q: { webhookId: string; limit: number; before?: string; status?: DeliveryRow["status"] },
) {
  let query = db.selectFrom("webhook_deliveries").selectAll().where("webhook_id", "=", q.webhookId);
  if (q.before) query = query.where("id", "<", q.before);
  if (q.status) query = query.where("status", "=", q.status);
  return query.orderBy("id", "desc").limit(q.limit).execute();
}

export const findDelivery = (db: Queryable, webhookId: string, id: string) =>
  db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", webhookId)
    .where("id", "=", id)
    .executeTakeFirst();

/**
 * Deliveries due now, of enabled webhooks, each the oldest unfinished one of its webhook and
 * ordering key: a later change to a secret waits until the earlier one is delivered or given up.
 */
export function dueDeliveries(db: Queryable, now: string, limit: number) {
  return db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhooks as w", "w.id", "d.webhook_id")
    .select(["d.id"])
    .where("d.status", "=", "pending")
    .where("d.next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("d.lease_until", "is", null), eb("d.lease_until", "<=", now)]))
    .where("w.disabled_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("webhook_deliveries as e")
            .select(sql`1`.as("one"))
            .whereRef("e.webhook_id", "=", "d.webhook_id")
            .whereRef("e.ordering_key", "=", "d.ordering_key")
            .where("e.status", "=", "pending")
            .whereRef("e.id", "<", "d.id"),
        ),
      ),
    )
    .orderBy("d.next_attempt_at")
    .orderBy("d.id")
    .limit(limit)
    .execute();
}

/**
 * Takes a delivery for one attempt until `leaseUntil`: true for exactly one of several processes
 * or nodes asking at once (the update is conditional on nobody holding it).
 */
export async function claimDelivery(
  db: Queryable,
  id: string,
  now: string,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({ lease_until: leaseUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
    .where("webhook_id", "in", (eb) =>
      eb.selectFrom("webhooks").select("id").where("disabled_at", "is", null),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markSuccess(db: Queryable, webhookId: string, now: string): Promise<void> {
  await db
    .updateTable("webhooks")
    .set({ last_success_at: now, failing_since: null, consecutive_failures: 0 })
    .where("id", "=", webhookId)
    .execute();
}

/** Counts a failed attempt (in one statement: several processes may fail at once); the row after. */
export async function markFailure(db: Queryable, webhookId: string, now: string) {
  await db
    .updateTable("webhooks")
    .set((eb) => ({
      consecutive_failures: eb("consecutive_failures", "+", 1),
      failing_since: eb.fn.coalesce("failing_since", eb.val(now)),
    }))
    .where("id", "=", webhookId)
    .execute();
  return findWebhookById(db, webhookId);
}

export async function disableWebhook(
  db: Queryable,
  webhookId: string,
  now: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable("webhooks")
    .set({ disabled_at: now, disabled_reason: reason, updated_at: now })
    .where("id", "=", webhookId)
    .where("disabled_at", "is", null)
    .execute();
}

/** Queues a finished delivery again, as new: due now, no attempts yet. */
export async function requeueDelivery(
  db: Queryable,
  webhookId: string,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ status: "pending", attempts: 0, next_attempt_at: now, lease_until: null, finished_at: null })
    .where("webhook_id", "=", webhookId)
    .where("id", "=", id)
    .where("status", "!=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findDeliveryById = (db: Queryable, id: string) =>
  db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();

export async function recordAttempt(
  db: Queryable,
  id: string,
  outcome: Pick<
    DeliveryRow,
    "status" | "next_attempt_at" | "last_status_code" | "last_error" | "last_latency_ms" | "finished_at"
  >,
): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({ ...outcome, lease_until: null })
    .where("id", "=", id)
    .execute();
}

/** Deliveries finished before the cutoff (the log keeps the rest). */
export function purgeDeliveries(db: Queryable, cutoff: string): Promise<number> {
  return purgeInBatches(db, "webhook_deliveries", "id", (w) => w("finished_at", "<", cutoff));
}
