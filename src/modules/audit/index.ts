// The audit module's front door: the audit trail (tables: audit_events, the chain's audit_chain_*,
// audit_checkpoints, audit_verifications, and the streams' audit_stream_*).

export {
  chainTrailFromBeforeTheChain,
  purgeAuditTrail,
  verifyWorkspaceChain,
  workspacesWithTrails,
} from "./chain-service.ts";
export { insertOperatorEvent, resealChainKey } from "./chain-writer.ts";
export type { AuditRow } from "./repo.ts";
export { auditRoutes } from "./routes.ts";
export { AuditEntry, MAX_SEQUENCE } from "./schemas.ts";
export {
  type AccountAudit,
  type AuditEntryInput,
  type AuditListener,
  type AuditService,
  createAuditService,
  type PlaceNames,
  recordAccountEvent,
} from "./service.ts";
export {
  type AuditStreams,
  createSinks,
  type StreamObserver,
  startAuditStreams,
} from "./streams/streamer.ts";
export type { ChainBreak, Verification } from "./verify.ts";
