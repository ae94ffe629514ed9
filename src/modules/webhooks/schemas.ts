import Type from "typebox";
import { DateTime, Int32, Nullable, PageQuery, Uuid } from "../../http/schemas.ts";
import { WEBHOOK_EVENTS } from "./events.ts";
import { MAX_OVERLAP_SECONDS } from "./service.ts";

export const WebhooksParams = Type.Object({ workspace_id: Uuid });
export const WebhookParams = Type.Object({ workspace_id: Uuid, webhook_id: Uuid });
export const DeliveryParams = Type.Object({ workspace_id: Uuid, webhook_id: Uuid, delivery_id: Uuid });

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: "where deliveries are POSTed: https (plain http only to networks in COFFER_OUTBOUND_ALLOW)",
});
const Description = Nullable(Type.String({ maxLength: 1000 }));
const Events = Type.Array(
  Type.Union(WEBHOOK_EVENTS.filter((event) => event !== "webhook.test").map((event) => Type.Literal(event))),
  { maxItems: WEBHOOK_EVENTS.length, description: "the event types to send; empty or absent: every one" },
);
const ProjectId = Nullable(
  Type.String({ format: "uuid", maxLength: 36, description: "only events in this project" }),
);
const EnvironmentId = Nullable(
  Type.String({
    format: "uuid",
    maxLength: 36,
    description: "only events in this environment (its project is implied)",
  }),
);

export const CreateWebhookBody = Type.Object({
  url: Url,
  description: Type.Optional(Description),
  events: Type.Optional(Events),
  project_id: Type.Optional(ProjectId),
  environment_id: Type.Optional(EnvironmentId),
});

export const UpdateWebhookBody = Type.Object({
  url: Type.Optional(Url),
  description: Type.Optional(Description),
  events: Type.Optional(Events),
  project_id: Type.Optional(ProjectId),
  environment_id: Type.Optional(EnvironmentId),
  enabled: Type.Optional(
    Type.Boolean({
      description: "false stops deliveries (they wait); true resumes them and clears the failure count",
    }),
  ),
});

export const RotateSecretBody = Type.Object({
  overlap_seconds: Type.Optional(
    Int32({
      minimum: 0,
      maximum: MAX_OVERLAP_SECONDS,
      description: "how long the old secret keeps signing beside the new one (default 86400)",
    }),
  ),
});

export const WebhookRecord = Type.Object({
  id: Uuid,
  workspace_id: Uuid,
  url: Type.String(),
  description: Description,
  events: Type.Array(Type.String({ maxLength: Math.max(...WEBHOOK_EVENTS.map((event) => event.length)) }), {
    maxItems: WEBHOOK_EVENTS.length,
  }),
  project_id: Nullable(Uuid),
  environment_id: Nullable(Uuid),
  enabled: Type.Boolean(),
  disabled_at: Nullable(DateTime),
  disabled_reason: Nullable(Type.String()),
  failing_since: Nullable(DateTime),
  consecutive_failures: Int32(),
  last_success_at: Nullable(DateTime),
  previous_secret_expires_at: Nullable(DateTime),
  created_by: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});

export const WebhookWithSecret = Type.Object({
  ...WebhookRecord.properties,
  secret: Type.String({ description: "the signing secret, shown this once" }),
});

export const DeliveryRecord = Type.Object({
  id: Uuid,
  webhook_id: Uuid,
  event_id: Type.String(),
  event_type: Type.String(),
  status: Type.Union([Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed")]),
  attempts: Int32(),
  next_attempt_at: Nullable(DateTime),
  last_status_code: Nullable(Int32()),
  last_error: Nullable(Type.String()),
  last_latency_ms: Nullable(Int32()),
  created_at: DateTime,
  finished_at: Nullable(DateTime),
  payload: Type.Object({}, { additionalProperties: true, description: "the JSON body sent" }),
});

export const DeliveriesQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(
    Type.Union([Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed")]),
  ),
});
