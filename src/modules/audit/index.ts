// The audit module's front door: the audit trail (table: audit_events).
export { insertEvent } from "./repo.ts";
export { auditRoutes } from "./routes.ts";
export { AuditEntry } from "./schemas.ts";
export {
  type AccountAudit,
  type AuditActor,
  type AuditEntryInput,
  type AuditService,
  createAuditService,
  purgeEvents,
  recordAccountEvent,
} from "./service.ts";
