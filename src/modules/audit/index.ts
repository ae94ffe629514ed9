// The audit module's front door: the audit trail (table: audit_events).

export { insertOperatorEvent, resealChainKey } from "./chain-writer.ts";
export type { AuditRow } from "./repo.ts";
export { auditRoutes } from "./routes.ts";
export { AuditEntry } from "./schemas.ts";
export {
  type AccountAudit,
  type AuditActor,
  type AuditEntryInput,
  type AuditListener,
  type AuditService,
  createAuditService,
  type PlaceNames,
  purgeAuditTrail,
  recordAccountEvent,
} from "./service.ts";
