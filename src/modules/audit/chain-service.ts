// The chain seen from requests and commands: verifying it (reading every entry), where it stands,
// the key an Owner verifies exports with, retention's purge and the start-up chaining of old
// entries. The arithmetic is chain.ts, the writing chain-writer.ts, the walk verify.ts.
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/keyring.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { type ChainKeys, chainAllLegacy, createChainKeys, purgeWithCheckpoints } from "./chain-writer.ts";
import * as repo from "./repo.ts";
import type { AuditEntryInput } from "./service.ts";
import { type ChainBreak, verifyChain } from "./verify.ts";

/** Records entries in the caller's transaction (the audit service's own write). */
type RecordEntries = (tx: Queryable, ctx: RequestContext, entries: AuditEntryInput[]) => Promise<void>;

export function chainOperations({
  db,
  clock,
  chainKeys,
  record,
}: {
  db: Db;
  clock: Clock;
  chainKeys: ChainKeys;
  record: RecordEntries;
}) {
  return {
    /**
     * Verifies the workspace's chain over a range of sequences (default: all of it), reading every
     * entry; remembers the outcome for the audit screen and records that it was done.
     */
    async verify(ctx: RequestContext, range: { from?: number; to?: number }) {
      await authorize(db, ctx, "audit.verify");
      const now = clock.now().toISOString();
      const outcome = await verifyChain(
        db,
        await chainKeys.forWorkspace(db, ctx.workspaceId, now),
        ctx.workspaceId,
        range,
      );
      await db.transaction().execute(async (tx) => {
        await repo.saveVerification(tx, {
          workspace_id: ctx.workspaceId,
          verified_at: now,
          holds: outcome.holds ? 1 : 0,
          checked: outcome.checked,
          first_break: outcome.first_break ? JSON.stringify(outcome.first_break) : null,
        });
        await record(tx, ctx, [
          {
            action: "audit.verified",
            resourceType: "workspace",
            resourceId: ctx.workspaceId,
            details: {
              holds: outcome.holds,
              checked: outcome.checked,
              from: outcome.from,
              to: outcome.to,
              break_sequence: outcome.first_break?.sequence ?? null,
              break_kind: outcome.first_break?.kind ?? null,
            },
          },
        ]);
      });
      return { ...outcome, verified_at: now };
    },

    /** Where the chain stands: its end, what retention removed, and the last verification. */
    async chainState(ctx: RequestContext) {
      await authorize(db, ctx, "audit.read");
      const head = await repo.readHead(db, ctx.workspaceId);
      const checkpoint = await repo.readCheckpoint(db, ctx.workspaceId);
      const last = await repo.readVerification(db, ctx.workspaceId);
      return {
        head: head ? { sequence: head.sequence, hmac: head.hmac } : null,
        checkpoint: checkpoint
          ? {
              sequence: checkpoint.sequence,
              hmac: checkpoint.hmac,
              purged: checkpoint.purged,
              created_at: checkpoint.created_at,
            }
          : null,
        last_verification: last
          ? {
              verified_at: last.verified_at,
              holds: last.holds === 1,
              checked: last.checked,
              first_break: last.first_break ? (JSON.parse(last.first_break) as ChainBreak) : null,
            }
          : null,
      };
    },

    /**
     * The workspace's chain key, for an Owner who hands an export to a verifier of their own. It
     * can forge entries as well as check them (an HMAC key): its every read is in the trail.
     */
    async verificationKey(ctx: RequestContext) {
      await authorize(db, ctx, "audit.verification_key");
      const now = clock.now().toISOString();
      return db.transaction().execute(async (tx) => {
        const key = await chainKeys.forWorkspace(tx, ctx.workspaceId, now);
        await record(tx, ctx, [
          { action: "audit.verification_key_read", resourceType: "workspace", resourceId: ctx.workspaceId },
        ]);
        return { workspace_id: ctx.workspaceId, algorithm: "HMAC-SHA256" as const, key: key.toString("hex") };
      });
    },
  };
}

/** Audit retention: entries older than the cutoff, each chain continuing from a signed checkpoint. */
export const purgeAuditTrail = (db: Db, masterKeys: MasterKeys, cutoff: string, clock: Clock) =>
  purgeWithCheckpoints(db, createChainKeys(masterKeys), cutoff, () => clock.now().toISOString());

/** Chains the entries written before the chain existed (at start-up, once migrations ran). */
export const chainTrailFromBeforeTheChain = (db: Db, masterKeys: MasterKeys) =>
  chainAllLegacy(db, createChainKeys(masterKeys), () => new Date().toISOString());

/** Verifies a workspace's chain with no request (the admin command, on a live store or a backup). */
export async function verifyWorkspaceChain(
  db: Db,
  masterKeys: MasterKeys,
  workspaceId: string,
  range: { from?: number; to?: number } = {},
) {
  const key = await createChainKeys(masterKeys).forWorkspace(db, workspaceId, new Date().toISOString());
  return verifyChain(db, key, workspaceId, range);
}

/** Every workspace with a trail (the admin command verifies them all). */
export const workspacesWithTrails = (db: Db) => repo.workspacesWithEntries(db);
