// Queueing deliveries: one per webhook that wants an audited change, in the change's transaction.
import type { Clock } from "../../clock.ts";
import type { Queryable } from "../../db/schema.ts";
import { uuidv7 } from "../../lib/uuid7.ts";
import type { AuditRow } from "../audit/index.ts";
import { isWebhookEvent, orderingKeyOf, payloadOf } from "./events.ts";
import { eventsOf } from "./present.ts";
import * as repo from "./repo.ts";

/** A delivery queued now, due at once. */
export const pendingDelivery = (
  now: string,
  fields: Pick<
    repo.DeliveryRow,
    "webhook_id" | "workspace_id" | "event_id" | "event_type" | "ordering_key" | "payload"
  >,
): repo.DeliveryRow => ({
  id: uuidv7(),
  ...fields,
  status: "pending",
  attempts: 0,
  next_attempt_at: now,
  lease_until: null,
  last_status_code: null,
  last_error: null,
  last_latency_ms: null,
  created_at: now,
  finished_at: null,
});

/** Whether the webhook wants to hear of the entry (its events, project and environment filters). */
function wants(hook: Awaited<ReturnType<typeof repo.enabledWebhooks>>[number], row: AuditRow): boolean {
  const events = eventsOf(hook);
  if (events.length > 0 && !events.includes(row.action)) return false;
  if (hook.project_id !== null && row.project_id !== hook.project_id) return false;
  if (hook.environment_id !== null && row.environment_id !== hook.environment_id) return false;
  return true;
}

/**
 * Queues a delivery per matching webhook for each entry, inside the recording transaction; answers
 * how many were queued.
 */
export async function enqueueDeliveries(
  tx: Queryable,
  clock: Clock,
  rows: readonly AuditRow[],
): Promise<number> {
  const events = rows.filter((row) => isWebhookEvent(row.action) && row.action !== "webhook.test");
  if (events.length === 0) return 0;
  const now = clock.now().toISOString();
  const hooksOf = new Map<string, Awaited<ReturnType<typeof repo.enabledWebhooks>>>();
  const deliveries: repo.DeliveryRow[] = [];
  for (const row of events) {
    let hooks = hooksOf.get(row.workspace_id);
    if (!hooks) {
      hooks = await repo.enabledWebhooks(tx, row.workspace_id);
      hooksOf.set(row.workspace_id, hooks);
    }
    for (const hook of hooks) {
      if (!wants(hook, row)) continue;
      deliveries.push(
        pendingDelivery(now, {
          webhook_id: hook.id,
          workspace_id: row.workspace_id,
          event_id: row.id,
          event_type: row.action,
          ordering_key: orderingKeyOf(row),
          payload: JSON.stringify(payloadOf(row)),
        }),
      );
    }
  }
  await repo.insertDeliveries(tx, deliveries);
  return deliveries.length;
}
