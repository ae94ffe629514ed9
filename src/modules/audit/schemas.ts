import Type from "typebox";
import { DateTime, Nullable, PageQuery, Uuid } from "../../http/schemas.ts";

export const AuditEntry = Type.Object({
  id: Uuid,
  action: Type.String({ description: "<resource>.<past-tense verb>, e.g. secret.created" }),
  resource_type: Type.String(),
  resource_id: Nullable(Type.String()),
  secret_id: Nullable(Type.String()),
  version: Nullable(Type.Integer()),
  project_id: Nullable(Type.String({ description: "the project it happened in, if any" })),
  environment_id: Nullable(Type.String({ description: "the environment it happened in, if any" })),
  actor: Type.Object({
    type: Type.String({ description: "user | api_key | service_account | anonymous | system | operator" }),
    id: Type.String({ description: "the person, the person's key, or the service account" }),
    user_id: Type.String({ description: "the person (for a service account: its id)" }),
    name: Type.String(),
    key: Nullable(
      Type.Object(
        { id: Type.String(), name: Type.String() },
        { description: "the key that acted, if one did" },
      ),
    ),
  }),
  ip_address: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  details: Type.Object({}, { additionalProperties: true }),
  created_at: DateTime,
});

export const AuditQuery = Type.Object({
  ...PageQuery.properties,
  action: Type.Optional(Type.String({ maxLength: 100 })),
  actor: Type.Optional(Uuid),
});
