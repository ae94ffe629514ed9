// The audit module's front door: the audit trail (tables: audit_events and its chain's
// audit_chain_heads, audit_checkpoints, audit_chain_key, audit_verifications).

export {
  chainTrailFromBeforeTheChain,
  purgeAuditTrail,
  verifyWorkspaceChain,
  workspacesWithTrails,
} from "./chain-service.ts";
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
  recordAccountEvent,
} from "./service.ts";
export type { ChainBreak, Verification } from "./verify.ts";
