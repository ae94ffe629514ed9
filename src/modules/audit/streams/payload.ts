// One entry as a stream carries it: as the API presents it, plus its workspace and its place in the
// chain, so that a receiver can drop repeats (workspace_id, sequence) and check the chain.
import type { AuditRow } from "../repo.ts";
import { presentEvent } from "../service.ts";

export function streamEntry(row: AuditRow) {
  return {
    workspace_id: row.workspace_id,
    sequence: row.sequence,
    ...presentEvent(row),
    prev_hmac: row.prev_hmac,
    hmac: row.hmac,
  };
}

export type StreamEntry = ReturnType<typeof streamEntry>;
