// The audit chain's arithmetic (docs/audit.md, "The chain"): what an entry's HMAC covers, how a
// workspace's chain key and a checkpoint's signature are made. Pure functions: the verifier, the
// writer and an outside verifier (docs/audit.md has one in Python) compute the same bytes.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { AuditEventsTable } from "../../db/schema.ts";

/** The `prev_hmac` of a workspace's first entry. */
export const GENESIS = "0".repeat(64);

const ENTRY_TAG = "coffer.audit.v1";
const CHECKPOINT_TAG = "coffer.audit.checkpoint.v1";

/** An entry's stored fields, its place in the chain included (the HMAC itself aside). */
export type ChainedFields = Omit<AuditEventsTable, "hmac"> & { sequence: number; prev_hmac: string };

/**
 * What an entry's HMAC covers: a JSON array of its stored fields in this order, `details` as the
 * JSON text stored. JSON.stringify of strings, integers and nulls is one byte sequence in every
 * language that escapes like it (Python's json.dumps with separators=(",", ":") and ensure_ascii=False).
 */
export function entryContent(row: ChainedFields): string {
  return JSON.stringify([
    ENTRY_TAG,
    row.workspace_id,
    row.sequence,
    row.prev_hmac,
    row.id,
    row.created_at,
    row.action,
    row.resource_type,
    row.resource_id,
    row.secret_id,
    row.version,
    row.project_id,
    row.environment_id,
    row.project_name,
    row.environment_name,
    row.batch_id,
    row.actor_type,
    row.actor_id,
    row.actor_user_id,
    row.actor_name,
    row.actor_key_id,
    row.actor_key_name,
    row.ip_address,
    row.user_agent,
    row.details,
  ]);
}

const hmacHex = (key: Buffer, text: string) => createHmac("sha256", key).update(text, "utf8").digest("hex");

export const entryHmac = (key: Buffer, row: ChainedFields): string => hmacHex(key, entryContent(row));

/** Equal HMACs, compared in constant time (a mismatch names tampering, not a guess). */
export function sameHmac(a: string | null, b: string | null): boolean {
  if (a === null || b === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A workspace's chain key: HKDF-SHA256 of the instance's chain root, bound to the workspace. */
export const workspaceChainKey = (root: Buffer, workspaceId: string): Buffer =>
  Buffer.from(hkdfSync("sha256", root, Buffer.alloc(0), `coffer/audit-chain/v1/${workspaceId}`, 32));

export interface CheckpointFields {
  workspace_id: string;
  sequence: number;
  hmac: string;
  purged: number;
  created_at: string;
}

/** A checkpoint's signature: the HMAC of its fields, so nobody without the key can move it. */
export const checkpointSignature = (key: Buffer, checkpoint: CheckpointFields): string =>
  hmacHex(
    key,
    JSON.stringify([
      CHECKPOINT_TAG,
      checkpoint.workspace_id,
      checkpoint.sequence,
      checkpoint.hmac,
      checkpoint.purged,
      checkpoint.created_at,
    ]),
  );
