// Reads of values, recorded in rounds (see below) outside the reader's transaction.
import type { Logger } from "pino";
import type { AuditActor } from "../../auth/context.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import type { Unchained } from "./chain-writer.ts";
import {
  type ActorColumns,
  type ActorNames,
  type AuditEntryInput,
  actorColumns,
  type PlaceNames,
  rowsOf,
  withPlaceNames,
} from "./entries.ts";

/** How long the name of who read is remembered between rounds of reads (milliseconds). */
const REMEMBER_READERS_MS = 1_000;

export function createReadRounds({
  db,
  logger,
  sources,
  readPlaceNames,
  insert,
}: {
  db: Db;
  logger?: Logger;
  /** Where a change's entries find names (rowsOf): the reads use them too, beside readPlaceNames. */
  sources: () => { actorNames: ActorNames; placeNames: PlaceNames | undefined; now: () => string };
  /** The place names, remembered between rounds (place-names.ts). */
  readPlaceNames: PlaceNames;
  /** Chains and inserts rows, and tells the listeners, in the transaction given. */
  insert: (tx: Queryable, rows: Unchained[]) => Promise<void>;
}) {
  // Reads of values are recorded by group commit: a read's response waits for its entry, and the
  // reads that arrive while one insert is being committed share the next one, so that a busy node
  // pays one insert (one commit, on PostgreSQL one WAL flush) per round, not one per read. A value
  // never leaves unrecorded: when the insert fails (the database away, the disk full), every read
  // in it fails with the failure's answer.
  //
  // The same read by the same caller from the same address and user agent, repeated within one
  // round (a client polling, every replica of a deploy reading one secret), is one entry that says
  // how many times (`details.times`) and when the last was (`details.last_at`).
  interface Waiting {
    actor: AuditActor & { workspaceId?: string };
    entries: AuditEntryInput[];
    at: string;
    times: number;
    lastAt: string;
    settle: { resolve: () => void; reject: (error: unknown) => void }[];
  }
  const soon = new Map<string, Waiting>();
  let round: Promise<void> | undefined;
  // Who read, as the entries name them, remembered for a second across rounds (as place names are:
  // place-names.ts); a change's entry always asks.
  const readers = new Map<string, { who: ActorColumns; until: number }>();

  async function writeReads(batch: Waiting[]): Promise<void> {
    // One lookup per actor and one per workspace's places for the whole batch.
    const named = await withPlaceNames(
      db,
      readPlaceNames,
      undefined,
      batch.flatMap((item) =>
        item.entries.map((entry) => ({
          ...entry,
          workspaceId: entry.workspaceId ?? item.actor.workspaceId,
          details:
            item.times === 1 ? entry.details : { ...entry.details, times: item.times, last_at: item.lastAt },
        })),
      ),
    );
    const rows: Unchained[] = [];
    let index = 0;
    const at = Date.now();
    if (readers.size > 10_000) readers.clear();
    for (const item of batch) {
      const p = item.actor.principal;
      const id = `${p?.userId}|${p?.apiKeyId}|${p?.apiKeyName}|${p?.serviceAccount?.id}|${item.actor.system}`;
      const known = readers.get(id);
      let who = known && known.until > at ? known.who : undefined;
      if (!who) {
        who = await actorColumns(db, sources().actorNames, item.actor);
        readers.set(id, { who, until: at + REMEMBER_READERS_MS });
      }
      const entries = named.slice(index, index + item.entries.length);
      index += item.entries.length;
      rows.push(...(await rowsOf(db, sources(), item.actor, entries, { who, createdAt: item.at })));
    }
    await db.transaction().execute(async (tx) => insert(tx, rows));
  }

  /** Commits what waits, round after round, until nothing does. */
  async function commitRounds(): Promise<void> {
    // Requests of the same turn of the event loop join the first round.
    await new Promise((resolve) => setImmediate(resolve));
    while (soon.size > 0) {
      const batch = [...soon.values()];
      soon.clear();
      try {
        await writeReads(batch);
        for (const item of batch) for (const waiter of item.settle) waiter.resolve();
      } catch (error) {
        logger?.warn(
          { err: error, reads: batch.length },
          "recording reads in the audit trail failed: the reads fail",
        );
        for (const item of batch) for (const waiter of item.settle) waiter.reject(error);
      }
    }
    round = undefined;
  }

  /** A read waiting for the next round, merged with its repeats. */
  function waitFor(item: Omit<Waiting, "settle">): Promise<void> {
    const p = item.actor.principal;
    const same = JSON.stringify([
      item.actor.workspaceId,
      p?.userId,
      p?.apiKeyId,
      p?.serviceAccount?.id,
      item.actor.system,
      item.actor.ipAddress,
      item.actor.userAgent,
      item.entries,
    ]);
    const settled = new Promise<void>((resolve, reject) => {
      const waiting = soon.get(same);
      if (waiting) {
        waiting.times += item.times;
        waiting.lastAt = item.lastAt > waiting.lastAt ? item.lastAt : waiting.lastAt;
        waiting.settle.push({ resolve, reject });
      } else {
        soon.set(same, { ...item, settle: [{ resolve, reject }] });
      }
    });
    round ??= commitRounds();
    return settled;
  }

  /** Settles the reads waiting now (closing). */
  async function flushReads(): Promise<void> {
    await round;
  }

  return { waitFor, flushReads };
}
