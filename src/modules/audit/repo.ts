// Audit entries: written inside the transaction of the change they record; read newest first.

import { purgeInBatches } from "../../db/batches.ts";
import { pastPosition } from "../../db/keyset.ts";
import { prepared, preparedInsert, preparedQuery } from "../../db/prepared.ts";
import type {
  AuditCheckpointsTable,
  AuditEventsTable,
  AuditVerificationsTable,
  Queryable,
} from "../../db/schema.ts";

export type AuditRow = AuditEventsTable;

export async function insertEvent(db: Queryable, row: AuditRow): Promise<void> {
  await db.insertInto("audit_events").values(row).execute();
}

export const insertEvents = preparedInsert("audit_events");

export interface AuditQuery {
  workspaceId: string;
  limit: number;
  /** Entries strictly older than this (created_at, id) position. */
  before?: { createdAt: string; id: string };
  /** Actions (`secret.created`) or every action of a resource (`secret.`), comma-separated. */
  action?: string;
  actorId?: string;
  secretId?: string;
  projectId?: string;
  environmentId?: string;
  /** created_at >= since, created_at < until (ISO times). */
  since?: string;
  until?: string;
  /** The items of one bulk operation (the view does not apply). */
  batchId?: string;
  view: TrailView;
}

/**
 * Which entries a list shows. `operations`: one per operation (a bulk operation's summary, not its
 * items), reads and sign-ins included — the trail as people read it. `changes`: the changes as
 * they were recorded one by one (each item of a bulk operation, no summary of a bulk create or
 * update, no reads or sign-ins) — what the trail was before it had either. `all`: every entry.
 */
export type TrailView = "operations" | "changes" | "all";

/** Reads of values and sign-ins: what happened that changed nothing. */
export const ACCESS_ACTIONS = [
  "secret.read",
  "environment.secrets_read",
  "user.signed_in",
  "user.sign_in_failed",
];
/** Summaries whose items are each a change of their own (the `changes` view shows the items). */
const SUMMARIES_OF_CHANGES = ["environment.secrets_created", "environment.secrets_updated"];

export function listEvents(db: Queryable, q: AuditQuery) {
  let query = db.selectFrom("audit_events").selectAll().where("workspace_id", "=", q.workspaceId);
  if (q.action) {
    const actions = q.action.split(",");
    // The schema lets no `%` through; a `_` matching any one character only widens a prefix harmlessly.
    query = query.where((eb) =>
      eb.or(
        actions.map((action) =>
          action.endsWith(".") ? eb("action", "like", `${action}%`) : eb("action", "=", action),
        ),
      ),
    );
  }
  if (q.actorId)
    query = query.where((eb) =>
      eb.or([eb("actor_id", "=", q.actorId!), eb("actor_user_id", "=", q.actorId!)]),
    );
  if (q.secretId) query = query.where("secret_id", "=", q.secretId);
  if (q.projectId) query = query.where("project_id", "=", q.projectId);
  if (q.environmentId) query = query.where("environment_id", "=", q.environmentId);
  if (q.since) query = query.where("created_at", ">=", q.since);
  if (q.until) query = query.where("created_at", "<", q.until);
  if (q.batchId) query = query.where("batch_id", "=", q.batchId);
  else if (q.view === "operations") query = query.where("batch_id", "is", null);
  else if (q.view === "changes")
    query = query.where("action", "not in", [...ACCESS_ACTIONS, ...SUMMARIES_OF_CHANGES]);
  const { before } = q;
  if (before) query = query.where((eb) => pastPosition(eb, before, "<"));
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(q.limit).execute();
}

/** Which entries about some resources to read (the service asks BATCH ids at a time): older than a moment, or at one. */
export interface ResourceQuery {
  workspaceId: string;
  resourceIds: string[];
  actions: string[];
  /** Entries strictly older than this (the newest when absent), at most `limit` of them. */
  before?: string;
  limit?: number;
  /** Instead: every entry written at exactly this moment. */
  at?: string;
}

export function listForResources(db: Queryable, q: ResourceQuery) {
  return db
    .selectFrom("audit_events")
    .selectAll()
    .where("workspace_id", "=", q.workspaceId)
    .where("resource_id", "in", q.resourceIds)
    .where("action", "in", q.actions)
    .$if(q.at !== undefined, (query) => query.where("created_at", "=", q.at!))
    .$if(q.at === undefined && q.before !== undefined, (query) => query.where("created_at", "<", q.before!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .$if(q.at === undefined && q.limit !== undefined, (query) => query.limit(q.limit!))
    .execute();
}

/** Entries that name versions of some secrets (at most BATCH ids): any of `versions`, one of `actions`. */
export function listForVersions(
  db: Queryable,
  q: { workspaceId: string; secretIds: string[]; versions: number[]; actions: string[] },
) {
  return db
    .selectFrom("audit_events")
    .selectAll()
    .where("workspace_id", "=", q.workspaceId)
    .where("secret_id", "in", q.secretIds)
    .where("version", "in", q.versions)
    .where("action", "in", q.actions)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Entries written before `cutoff` (audit retention). */
export function purgeEvents(db: Queryable, cutoff: string): Promise<number> {
  return purgeInBatches(db, "audit_events", "id", (w) =>
    w.and([w("created_at", "<", cutoff), w("sequence", "is", null)]),
  );
}

// The chain (chain.ts, chain-writer.ts, verify.ts).

/**
 * Locks a workspace's chain head for the rest of the transaction and answers it (undefined when the
 * workspace has no chain yet). A no-op UPDATE takes the row lock on both engines (SQLite already
 * holds the write lock), so two writers never take one sequence.
 */
export async function lockHead(tx: Queryable, workspaceId: string) {
  const [head] = await headLocked(tx, { workspaceId });
  return head;
}

const headLocked = prepared<{ workspaceId: string }, { sequence: number; hmac: string }>(
  ["workspaceId"],
  (tx, args) =>
    tx
      .updateTable("audit_chain_heads")
      .set((eb) => ({ sequence: eb.ref("sequence") }))
      .where("workspace_id", "=", args.workspaceId)
      .returning(["sequence", "hmac"]),
);

/** Starts a workspace's chain (a concurrent starter may have won: the caller locks it after). */
export async function startHead(tx: Queryable, workspaceId: string, genesis: string, now: string) {
  await tx
    .insertInto("audit_chain_heads")
    .values({ workspace_id: workspaceId, sequence: 0, hmac: genesis, updated_at: now })
    .onConflict((oc) => oc.column("workspace_id").doNothing())
    .execute();
}

export async function moveHead(
  tx: Queryable,
  workspaceId: string,
  sequence: number,
  hmac: string,
  now: string,
) {
  await tx
    .updateTable("audit_chain_heads")
    .set({ sequence, hmac, updated_at: now })
    .where("workspace_id", "=", workspaceId)
    .execute();
}

/** Moves the head on only if it is still where `from` says (which locks it): whether it moved. */
export async function moveHeadFrom(
  tx: Queryable,
  workspaceId: string,
  from: { sequence: number; hmac: string },
  to: { sequence: number; hmac: string },
  now: string,
): Promise<boolean> {
  const result = await headMovedFrom(tx, {
    workspaceId,
    fromSequence: from.sequence,
    fromHmac: from.hmac,
    toSequence: to.sequence,
    toHmac: to.hmac,
    now,
  });
  return Number(result.numAffectedRows) === 1;
}

// Every recorded change makes it: compiled once.
const headMovedFrom = preparedQuery<
  {
    workspaceId: string;
    fromSequence: number;
    fromHmac: string;
    toSequence: number;
    toHmac: string;
    now: string;
  },
  never
>(["workspaceId", "fromSequence", "fromHmac", "toSequence", "toHmac", "now"], (tx, args) =>
  tx
    .updateTable("audit_chain_heads")
    .set({ sequence: args.toSequence, hmac: args.toHmac, updated_at: args.now })
    .where("workspace_id", "=", args.workspaceId)
    .where("sequence", "=", args.fromSequence)
    .where("hmac", "=", args.fromHmac),
);

export const readHead = (db: Queryable, workspaceId: string) =>
  db.selectFrom("audit_chain_heads").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();

/** Entries written before the chain existed, oldest first (at most `limit`). */
export const unchainedEvents = (tx: Queryable, workspaceId: string, limit: number) =>
  tx
    .selectFrom("audit_events")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("sequence", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();

/** The workspaces holding entries from before the chain, and no chain yet. */
export const workspacesToChain = async (db: Queryable) =>
  (
    await db
      .selectFrom("audit_events")
      .select("workspace_id")
      .distinct()
      .where("sequence", "is", null)
      .where("workspace_id", "not in", (eb) => eb.selectFrom("audit_chain_heads").select("workspace_id"))
      .execute()
  ).map((row) => row.workspace_id);

export async function chainEvent(
  tx: Queryable,
  id: string,
  chain: { sequence: number; prev_hmac: string; hmac: string },
) {
  await tx.updateTable("audit_events").set(chain).where("id", "=", id).execute();
}

/** A workspace's chained entries in chain order (sequence, then id): from a sequence, after an entry. */
export const eventsInChainOrder = (
  db: Queryable,
  workspaceId: string,
  position: { from: number; after?: { sequence: number; id: string } },
  limit: number,
) =>
  db
    .selectFrom("audit_events")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("sequence", ">=", position.from)
    .$if(position.after !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb("sequence", ">", position.after!.sequence),
          eb.and([eb("sequence", "=", position.after!.sequence), eb("id", ">", position.after!.id)]),
        ]),
      ),
    )
    .orderBy("sequence")
    .orderBy("id")
    .limit(limit)
    .execute();

/** One entry outside the chain, if the workspace has any. */
export const firstUnchained = (db: Queryable, workspaceId: string) =>
  db
    .selectFrom("audit_events")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("sequence", "is", null)
    .limit(1)
    .executeTakeFirst();

/** The entry whose HMAC is this one, if any (a verifier placing an entry that moved). */
export const eventByHmac = (db: Queryable, workspaceId: string, hmac: string) =>
  db
    .selectFrom("audit_events")
    .select(["id", "sequence"])
    .where("workspace_id", "=", workspaceId)
    .where("hmac", "=", hmac)
    .executeTakeFirst();

export const readCheckpoint = (db: Queryable, workspaceId: string) =>
  db.selectFrom("audit_checkpoints").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();

export async function saveCheckpoint(tx: Queryable, row: AuditCheckpointsTable) {
  await tx
    .insertInto("audit_checkpoints")
    .values(row)
    .onConflict((oc) =>
      oc.column("workspace_id").doUpdateSet({
        sequence: row.sequence,
        hmac: row.hmac,
        purged: row.purged,
        created_at: row.created_at,
        signature: row.signature,
      }),
    )
    .execute();
}

/** Per workspace, the newest entry written before `cutoff` that only older entries precede. */
export const purgeableUpTo = (db: Queryable, cutoff: string) =>
  db
    .selectFrom("audit_events")
    .select(["workspace_id", (eb) => eb.fn.max("sequence").as("sequence")])
    .where("created_at", "<", cutoff)
    .where("sequence", "is not", null)
    .groupBy("workspace_id")
    .execute();

/** The oldest sequence written at or after `cutoff` in a workspace (a purge stops before it). */
export const firstKeptSequence = async (db: Queryable, workspaceId: string, cutoff: string) =>
  (
    await db
      .selectFrom("audit_events")
      .select((eb) => eb.fn.min("sequence").as("sequence"))
      .where("workspace_id", "=", workspaceId)
      .where("created_at", ">=", cutoff)
      .executeTakeFirst()
  )?.sequence ?? null;

export const eventAtSequence = (db: Queryable, workspaceId: string, sequence: number) =>
  db
    .selectFrom("audit_events")
    .select(["id", "hmac"])
    .where("workspace_id", "=", workspaceId)
    .where("sequence", "=", sequence)
    .executeTakeFirst();

/** Deletes a workspace's entries up to a sequence, BATCH at a time; answers how many went. */
export function purgeThrough(db: Queryable, workspaceId: string, sequence: number): Promise<number> {
  return purgeInBatches(db, "audit_events", "id", (w) =>
    w.and([w("workspace_id", "=", workspaceId), w("sequence", "<=", sequence)]),
  );
}

export const readChainKey = (db: Queryable) =>
  db.selectFrom("audit_chain_key").selectAll().where("id", "=", 1).executeTakeFirst();

export async function insertChainKey(tx: Queryable, wrapped: string, masterKeyId: string, now: string) {
  await tx
    .insertInto("audit_chain_key")
    .values({ id: 1, wrapped, master_key_id: masterKeyId, created_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function rewrapChainKey(tx: Queryable, wrapped: string, masterKeyId: string) {
  await tx
    .updateTable("audit_chain_key")
    .set({ wrapped, master_key_id: masterKeyId })
    .where("id", "=", 1)
    .execute();
}

export async function saveVerification(tx: Queryable, row: AuditVerificationsTable) {
  await tx
    .insertInto("audit_verifications")
    .values(row)
    .onConflict((oc) =>
      oc.column("workspace_id").doUpdateSet({
        verified_at: row.verified_at,
        holds: row.holds,
        checked: row.checked,
        first_break: row.first_break,
      }),
    )
    .execute();
}

export const readVerification = (db: Queryable, workspaceId: string) =>
  db.selectFrom("audit_verifications").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();

/** Every workspace that has a chain, or entries (the offline verifier walks them all). */
export async function workspacesWithEntries(db: Queryable): Promise<string[]> {
  const entries = await db.selectFrom("audit_events").select("workspace_id").distinct().execute();
  const heads = await db.selectFrom("audit_chain_heads").select("workspace_id").execute();
  return [...new Set([...entries, ...heads].map((row) => row.workspace_id))].sort();
}
