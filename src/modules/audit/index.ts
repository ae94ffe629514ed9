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
  chainTrailFromBeforeTheChain,
  createAuditService,
  type PlaceNames,
  purgeAuditTrail,
  recordAccountEvent,
  verifyWorkspaceChain,
  workspacesWithTrails,
} from "./service.ts";
export type { ChainBreak, Verification } from "./verify.ts";
