// Writing the chain: every entry takes the next sequence of its workspace under the lock of the
// workspace's head row, in the transaction that records it, so the chain has no fork and no gap
// whichever node writes. The chain keys derive from one random root key sealed under the master
// key (a rotation re-seals it: old chains keep verifying), created by the first writer.
import { randomBytes } from "node:crypto";
import { DecryptionError } from "../../crypto/aead.ts";
import { lockActiveMasterKeyId } from "../../crypto/data-keys.ts";
import type { MasterKeys } from "../../crypto/keyring.ts";
import { openUnderMaster, sealWith } from "../../crypto/master-sealed.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { type ChainedFields, checkpointSignature, entryHmac, GENESIS, workspaceChainKey } from "./chain.ts";
import * as repo from "./repo.ts";

const KEY_AAD = "audit-chain-key";
/** Entries from before the chain, chained this many per query. */
const LEGACY_PAGE = 1000;

interface Head {
  sequence: number;
  hmac: string;
}

/** The chain root, read (and, the first time anywhere, created) through the caller's transaction. */
export function createChainKeys(masterKeys: MasterKeys) {
  let root: Buffer | undefined;
  const perWorkspace = new Map<string, Buffer>();

  async function rootIn(q: Queryable, now: string): Promise<Buffer> {
    if (root) return root;
    let row = await repo.readChainKey(q);
    let created = false;
    if (!row) {
      // Sealed under the store's active master key, as data keys are (data-keys.ts).
      const activeId = await lockActiveMasterKeyId(q, masterKeys.current().id, now);
      const master = masterKeys.find(activeId);
      if (!master)
        throw new AppError("master_key_unavailable", "this node does not hold the active master key");
      await repo.insertChainKey(
        q,
        sealWith(master, randomBytes(32).toString("base64"), KEY_AAD),
        activeId,
        now,
      );
      row = (await repo.readChainKey(q))!;
      created = true;
    }
    let key: Buffer;
    try {
      key = Buffer.from(openUnderMaster(masterKeys, row.wrapped, row.master_key_id, KEY_AAD), "base64");
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      // A node left on a rotated-away key records nothing rather than entries nobody could verify.
      throw new AppError(
        "master_key_unavailable",
        "This node cannot open the audit trail's key: it does not hold the master key the store uses now",
      );
    }
    // A key created in a transaction that may still roll back is not remembered.
    if (!created) root = key;
    return key;
  }

  return {
    /** Where this process last left each workspace's chain (a guess that the store confirms). */
    heads: new Map<string, Head>(),
    /** The workspace's chain key. */
    async forWorkspace(q: Queryable, workspaceId: string, now: string): Promise<Buffer> {
      const known = perWorkspace.get(workspaceId);
      if (known) return known;
      const key = workspaceChainKey(await rootIn(q, now), workspaceId);
      // Remembered once the root is (a root just created may still roll back with its transaction).
      if (root) perWorkspace.set(workspaceId, key);
      return key;
    },
  };
}

export type ChainKeys = ReturnType<typeof createChainKeys>;

/** Re-seals the chain root under a new master key, in a rotation's transaction (admin/cli.ts). */
export async function resealChainKey(
  tx: Queryable,
  held: MasterKeys,
  next: { key: Buffer; id: string },
): Promise<void> {
  const row = await repo.readChainKey(tx);
  if (!row) return;
  const plain = openUnderMaster(held, row.wrapped, row.master_key_id, KEY_AAD);
  await repo.rewrapChainKey(tx, sealWith(next.key, plain, KEY_AAD), next.id);
}

/** An entry before it takes its place in the chain. */
export type Unchained = Omit<repo.AuditRow, "sequence" | "prev_hmac" | "hmac">;

/** Locks the workspace's head, first chaining what was written before the chain existed. */
async function lockedHead(tx: Queryable, key: Buffer, workspaceId: string, now: string) {
  const head = await repo.lockHead(tx, workspaceId);
  if (head) return head;
  await repo.startHead(tx, workspaceId, GENESIS, now);
  let locked = (await repo.lockHead(tx, workspaceId))!;
  if (locked.sequence === 0) locked = await chainLegacy(tx, key, workspaceId, locked, now);
  return locked;
}

/** Chains a workspace's entries from before the chain, oldest first, after the head it holds locked. */
async function chainLegacy(
  tx: Queryable,
  key: Buffer,
  workspaceId: string,
  head: { sequence: number; hmac: string },
  now: string,
) {
  let { sequence, hmac } = head;
  for (;;) {
    const rows = await repo.unchainedEvents(tx, workspaceId, LEGACY_PAGE);
    for (const row of rows) {
      const chained = { ...row, sequence: sequence + 1, prev_hmac: hmac };
      const next = entryHmac(key, chained);
      await repo.chainEvent(tx, row.id, { sequence: chained.sequence, prev_hmac: hmac, hmac: next });
      sequence = chained.sequence;
      hmac = next;
    }
    if (rows.length < LEGACY_PAGE) break;
  }
  await repo.moveHead(tx, workspaceId, sequence, hmac, now);
  return { sequence, hmac };
}

/**
 * Inserts entries at the ends of their workspaces' chains, in the caller's transaction: heads are
 * locked in workspace order (two transactions writing to the same two workspaces cannot deadlock).
 */
export async function appendEntries(
  tx: Queryable,
  keys: ChainKeys,
  rows: readonly Unchained[],
  now: string,
): Promise<repo.AuditRow[]> {
  const byWorkspace = new Map<string, Unchained[]>();
  for (const row of rows) {
    const list = byWorkspace.get(row.workspace_id) ?? [];
    list.push(row);
    byWorkspace.set(row.workspace_id, list);
  }
  const chained = new Map<string, repo.AuditRow>();
  const link = (key: Buffer, from: Head, list: Unchained[]): Head => {
    let { sequence, hmac } = from;
    for (const row of list) {
      const fields: ChainedFields = { ...row, sequence: sequence + 1, prev_hmac: hmac };
      const next = entryHmac(key, fields);
      chained.set(row.id, { ...fields, hmac: next });
      sequence = fields.sequence;
      hmac = next;
    }
    return { sequence, hmac };
  };
  for (const workspaceId of [...byWorkspace.keys()].sort()) {
    const key = await keys.forWorkspace(tx, workspaceId, now);
    const list = byWorkspace.get(workspaceId)!;
    // Where this process last left the chain: moving the head on from there, only if it is still
    // there, locks and moves it in one statement. Another writer since (a node, a worker): the head
    // is read under its lock and the entries linked again.
    const known = keys.heads.get(workspaceId);
    let end = known && link(key, known, list);
    if (!end || !(await repo.moveHeadFrom(tx, workspaceId, known!, end, now))) {
      end = link(key, await lockedHead(tx, key, workspaceId, now), list);
      await repo.moveHead(tx, workspaceId, end.sequence, end.hmac, now);
    }
    // A transaction that rolls back leaves this ahead of the store: the next write then reads it again.
    keys.heads.set(workspaceId, end);
  }
  const inOrder = rows.map((row) => chained.get(row.id)!);
  await repo.insertEvents(tx, inOrder);
  return inOrder;
}

/**
 * Chains the entries from before the chain of every workspace that has no chain yet (at start-up;
 * each workspace in its own transaction). A workspace's first new entry does the same for it: its
 * old entries always come first. Once a workspace has a chain, nothing outside it is ever added to
 * it — an entry without a sequence there was put in by hand, and verification names it.
 */
export async function chainAllLegacy(db: Db, keys: ChainKeys, now: () => string): Promise<number> {
  const workspaces = await repo.workspacesToChain(db);
  for (const workspaceId of workspaces) {
    await db.transaction().execute(async (tx) => {
      await lockedHead(tx, await keys.forWorkspace(tx, workspaceId, now()), workspaceId, now());
    });
  }
  return workspaces.length;
}

/**
 * Audit retention: per workspace, deletes the entries before `cutoff` up to the first one kept
 * (chain order), and signs a checkpoint naming the last entry gone, which the chain verifies from.
 */
export async function purgeWithCheckpoints(db: Db, keys: ChainKeys, cutoff: string, now: () => string) {
  let purged = 0;
  for (const { workspace_id: workspaceId } of await repo.purgeableUpTo(db, cutoff)) {
    purged += await db.transaction().execute(async (tx) => {
      const key = await keys.forWorkspace(tx, workspaceId, now());
      // Writers wait meanwhile: the first entry kept cannot change under the purge.
      const head = await lockedHead(tx, key, workspaceId, now());
      const firstKept = await repo.firstKeptSequence(tx, workspaceId, cutoff);
      const through = firstKept === null ? head.sequence : Number(firstKept) - 1;
      const last = through > 0 ? await repo.eventAtSequence(tx, workspaceId, through) : undefined;
      if (!last?.hmac) return 0;
      const gone = await repo.purgeThrough(tx, workspaceId, through);
      const previous = await repo.readCheckpoint(tx, workspaceId);
      const checkpoint = {
        workspace_id: workspaceId,
        sequence: through,
        hmac: last.hmac,
        purged: (previous?.purged ?? 0) + gone,
        created_at: now(),
      };
      await repo.saveCheckpoint(tx, { ...checkpoint, signature: checkpointSignature(key, checkpoint) });
      return gone;
    });
  }
  // Entries no chain reached (none once the chain has run at start-up) go by time, as before.
  return purged + (await repo.purgeEvents(db, cutoff));
}

/** Records one entry that no request makes (an operator's change), in the caller's transaction. */
export async function insertOperatorEvent(
  tx: Queryable,
  masterKeys: MasterKeys,
  row: Unchained,
): Promise<void> {
  await appendEntries(tx, createChainKeys(masterKeys), [row], row.created_at);
}
