// Which audit entries are webhook events, and what a receiver is told of one: ids, keys, versions,
// the actor and the time — never a value (audit entries never hold one, and nothing else is read).
import type { AuditRow } from "../audit/index.ts";

export const WEBHOOK_EVENTS = [
  "secret.created",
  "secret.updated",
  "secret.deleted",
  "secret.restored",
  "secret.rolled_back",
  "environment.created",
  "environment.updated",
  "environment.deleted",
  "environment.restored",
  "environment.secrets_deleted",
  "project.created",
  "project.updated",
  "project.deleted",
  "import.applied",
  "api_key.revoked",
  "service_account.key_revoked",
  "webhook.test",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const SUBSCRIBABLE = new Set<string>(WEBHOOK_EVENTS);
export const isWebhookEvent = (action: string): action is WebhookEvent => SUBSCRIBABLE.has(action);

/** The JSON a receiver gets. */
export interface EventPayload {
  id: string;
  type: string;
  created_at: string;
  workspace_id: string;
  project_id: string | null;
  environment_id: string | null;
  /** Their names when it happened. */
  project_name: string | null;
  environment_name: string | null;
  data: Record<string, unknown>;
  actor: { type: string; id: string; name: string };
}

export function payloadOf(row: AuditRow): EventPayload {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  return {
    id: row.id,
    type: row.action,
    created_at: row.created_at,
    workspace_id: row.workspace_id,
    project_id: row.project_id,
    environment_id: row.environment_id,
    project_name: row.project_name,
    environment_name: row.environment_name,
    data: {
      resource_type: row.resource_type,
      resource_id: row.resource_id,
      ...(row.version !== null ? { version: row.version } : {}),
      ...details,
    },
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
  };
}

/** Deliveries of one webhook sharing this key are sent in the order they were queued. */
export const orderingKeyOf = (row: AuditRow) => row.secret_id ?? row.resource_id ?? row.action;
