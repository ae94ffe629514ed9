// What of a webhook and of a delivery leaves the server: never the signing secret.
import type * as repo from "./repo.ts";

export const eventsOf = (row: Pick<repo.WebhookRow, "events">) => JSON.parse(row.events) as string[];

export function present(row: repo.WebhookRow) {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    url: row.url,
    description: row.description,
    events: eventsOf(row),
    project_id: row.project_id,
    environment_id: row.environment_id,
    enabled: row.disabled_at === null,
    disabled_at: row.disabled_at,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    consecutive_failures: row.consecutive_failures,
    last_success_at: row.last_success_at,
    previous_secret_expires_at: row.previous_secret_expires_at,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentDelivery(row: repo.DeliveryRow) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === "pending" ? row.next_attempt_at : null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_latency_ms: row.last_latency_ms,
    created_at: row.created_at,
    finished_at: row.finished_at,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  };
}
