// The embedded engine's driver: one SQLite connection for every write (and one for reads), with group
// commit, and the disk flush off the event loop.
//
// A COMMIT is durable once the WAL is flushed to the disk (an fsync). SQLite's own flush
// (`synchronous = FULL`) runs inside the COMMIT, on the event loop's only thread: every request
// waited for the disk, and on one connection the transactions of concurrent requests ran one after
// another, so writes were bound by the disk's flushes, not by the CPU. Here:
// - the transactions that queue for the connection join one open transaction instead, each inside a
//   savepoint of its own, and one COMMIT ends the whole group;
// - the connection runs with `synchronous = NORMAL` (SQLite does not flush at COMMIT) and the driver
//   flushes the WAL file itself with an fsync on libuv's thread pool; the commits made while a flush
//   runs share the next one;
// - a request sees its answer only once its writes are durable (its commit resolves after the flush
//   that followed its group's COMMIT). A request that fails rolls back to its savepoint, undoing only
//   its own writes. A failure that ends the whole transaction (a full disk, an I/O error) fails every
//   request of the group: none of them was acknowledged, and none of their writes stays.
//
// When another process writes to the same file (COFFER_WORKERS, a second node, an admin command),
// it waits for the lock, its event loop blocked, as long as a group holds it: a driver that found
// the lock taken commits each transaction on its own for a while (CONTENDED_FOR_MS).
//
// A query outside a transaction never answers with a write that is not durable yet: a SELECT goes
// to a second connection, which reads what is committed (WAL lets it read while a write is open)
// and never waits for the writer, and its rows are handed over once the flush that covers every
// COMMIT made so far has ended; any other statement commits the open group first, and answers once
// flushed. A group ends once a round of the event loop brings it no new transaction, or at
// GROUP_LIMIT transactions, or GROUP_MS after it began, so that its first request is not kept
// waiting long.
import { closeSync, fstatSync, fsync, fsyncSync, openSync } from "node:fs";
import { dirname } from "node:path";
import type SQLite from "better-sqlite3";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

/** Transactions one COMMIT makes durable at the most. */
const GROUP_LIMIT = 128;
/** Milliseconds after its first transaction began within which a group commits. */
const GROUP_MS = 8;

const MEMBER = "coffer_member";
/** How long, once another process was seen writing, transactions commit each on its own. */
const CONTENDED_FOR_MS = 10_000;

interface Group {
  startedAt: number;
  /** Transactions whose savepoint is released, waiting for the COMMIT. */
  waiting: number;
  /** Its time came while a transaction held the writer: that one commits it when it is done. */
  due: boolean;
  done: Promise<void>;
  settle: (error?: unknown) => void;
}

function newGroup(): Group {
  let settle!: (error?: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  // Nobody may be waiting when a group fails (its only transaction is the one that failed).
  done.catch(() => {});
  return { startedAt: performance.now(), waiting: 0, due: false, done, settle };
}

/** Two connections to one database file: every write goes through `writer`. */
export interface SqliteConnections {
  writer: SQLite.Database;
  reader: SQLite.Database;
}

type Prepare = (sql: string) => SQLite.Statement;

/** What the driver has done, for the metrics: a COMMIT makes one or more transactions durable. */
export interface CommitCounts {
  transactions: number;
  commits: number;
}

/** Database file → how many drivers of this process write to it. */
const writersOf = new Map<string, number>();

// Kysely prepares every query anew; preparing costs more than running a small indexed read.
// The set of distinct statements is small and fixed (queries are built from code, values are
// bound), so a bounded cache of prepared statements pays for itself at once.
const STATEMENT_CACHE_SIZE = 500;

function statementCache(file: SQLite.Database): Prepare {
  const cache = new Map<string, SQLite.Statement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = file.prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
    }
    return statement;
  };
}

/** One use of the database by Kysely (a query, a transaction): it holds the writer once it writes. */
class Lease implements DatabaseConnection {
  holdsWriter = false;
  inTransaction = false;
  constructor(readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run<R>(this, query);
  }

  // biome-ignore lint/correctness/useYield: SQLite answers at once; nothing here streams.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not used with SQLite");
  }
}

class GroupCommitDriver implements Driver {
  readonly #file: SQLite.Database;
  readonly #prepare: Prepare;
  readonly #prepareRead: Prepare;
  readonly #queue: (() => void)[] = [];
  #busy = false;
  #group: Group | undefined;
  /** The last error a statement raised: what ended the transaction, when one ended by itself. */
  #lastError: unknown;
  /** Until when another process was seen writing: no group spans a loop round until then. */
  #contendedUntil = 0;
  readonly #reader: SQLite.Database;
  /** The WAL file, opened at the first flush (SQLite creates it with the first write). */
  #wal: number | undefined;
  /** The flush running now, if one does. */
  #flushing: Promise<void> | undefined;
  /** The flush that starts when the running one ends: every COMMIT made meanwhile shares it. */
  #nextFlush: Promise<void> | undefined;

  constructor(
    { writer, reader }: SqliteConnections,
    readonly counts: CommitCounts,
  ) {
    this.#file = writer;
    // The COMMIT itself does not flush: the driver does, off the event loop (#durable).
    writer.pragma("synchronous = NORMAL");
    // Each member of a group runs in a savepoint, whose undo record (the statement journal) holds the
    // pages it changes. Past 64 KiB SQLite spills that record to a temporary file, opened, written
    // page by page and deleted in every group: strace counted an open, a close and 25 writes per
    // request. Kept in memory, the same create costs 25 % less CPU (bench/ab.ts). A group's journal
    // holds at most the pages its members change, which the page cache holds anyway.
    writer.pragma("temp_store = MEMORY");
    this.#prepare = statementCache(writer);
    this.#reader = reader;
    this.#prepareRead = statementCache(reader);
    writersOf.set(writer.name, (writersOf.get(writer.name) ?? 0) + 1);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.holdsWriter) return;
    lease.holdsWriter = false;
    if (this.#group?.due) this.#commitGroup();
    this.#handOver();
  }

  // BEGIN IMMEDIATE: the write lock up front, so that another process's writer (an admin command,
  // a second node on the same file) makes this one wait on busy_timeout instead of failing at once.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await this.#takeWriter(lease);
    if (!this.#group) {
      this.#beginImmediate();
      this.#openGroup();
    }
    this.#exec(`savepoint ${MEMBER}`);
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const group = this.#group;
    if (!group) throw this.#lastError ?? new Error("the transaction has already ended");
    this.#exec(`release ${MEMBER}`);
    lease.inTransaction = false;
    group.waiting += 1;
    if (
      group.due ||
      group.waiting >= GROUP_LIMIT ||
      performance.now() - group.startedAt >= GROUP_MS ||
      performance.now() < this.#contendedUntil ||
      this.#fileShared()
    ) {
      this.#commitGroup();
      return group.done;
    }
    // Let the next one in, and answer when the group is durable.
    lease.holdsWriter = false;
    this.#handOver();
    return group.done;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.inTransaction) return; // its commit failed with the group's: nothing of its own is left
    lease.inTransaction = false;
    const group = this.#group;
    if (group && this.#file.inTransaction) {
      this.#exec(`rollback to ${MEMBER}`);
      this.#exec(`release ${MEMBER}`);
      if (group.waiting === 0) {
        this.#endGroup(group, "rollback");
        return;
      }
      // What it failed on may be a write of the group, which readers do not see until its COMMIT:
      // the failure is told once that is durable, so that a lookup after a unique violation (the
      // account two sign-ins made at once) finds the row it collided with.
      lease.holdsWriter = false;
      this.#handOver();
      await group.done.catch(() => {});
      return;
    }
    // Some errors (a full disk, an I/O error) end the transaction in SQLite itself, and with it the
    // writes of every transaction of the group, acknowledged to nobody yet.
    this.#group = undefined;
    group?.settle(this.#lastError ?? new Error("the transaction was rolled back"));
  }

  async destroy(): Promise<void> {
    await (this.#nextFlush ?? this.#flushing)?.catch(() => {});
    if (this.#wal !== undefined) closeSync(this.#wal);
    const name = this.#file.name;
    writersOf.set(name, (writersOf.get(name) ?? 1) - 1);
    if (writersOf.get(name) === 0) writersOf.delete(name);
    this.#reader.close();
    this.#file.close();
  }

  async run<R>(lease: Lease, query: CompiledQuery): Promise<QueryResult<R>> {
    if (!lease.holdsWriter) {
      // Kysely's SELECTs only: raw statements (a PRAGMA, a BEGIN of the migrations) are for the writer.
      if (query.query.kind === "SelectQueryNode") {
        const result = this.#execute<R>(this.#prepareRead, query);
        // What it read may be a COMMIT whose flush has not ended: the rows wait for it.
        await (this.#nextFlush ?? this.#flushing);
        return result;
      }
      await this.#takeWriter(lease);
    }
    if (this.#group && !lease.inTransaction) this.#commitGroup();
    const result = this.#execute<R>(this.#prepare, query);
    if (!lease.inTransaction && result.numAffectedRows !== undefined) await this.#durable();
    return result;
  }

  #execute<R>(prepare: Prepare, query: CompiledQuery): QueryResult<R> {
    try {
      const statement = prepare(query.sql);
      if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(query.parameters);
      return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
    } catch (error) {
      this.#lastError = error;
      throw error;
    }
  }

  #exec(sql: string): void {
    try {
      this.#prepare(sql).run();
    } catch (error) {
      this.#lastError = error;
      throw error;
    }
  }

  // Asks for the lock without waiting first: SQLITE_BUSY says another process writes to this file
  // (a worker, a second node, an admin command), which would wait in turn, its event loop blocked,
  // for as long as a group holds the lock. Then it waits, as any writer does (busy_timeout).
  // The pragmas go through the statement cache: better-sqlite3's pragma() prepares its statement on
  // every call, 20 µs for the three here against 4 µs, on every transaction.
  #beginImmediate(): void {
    const { timeout: patience } = this.#prepare("pragma busy_timeout").get() as { timeout: number };
    this.#exec("pragma busy_timeout = 0");
    try {
      this.#exec("begin immediate");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
      this.#contendedUntil = performance.now() + CONTENDED_FOR_MS;
    } finally {
      this.#exec(`pragma busy_timeout = ${patience}`);
    }
    this.#exec("begin immediate");
  }

  // The group commits once the event loop brings no more transactions to join it: better-sqlite3
  // answers at once, so a transaction runs to its end without letting another request in, and
  // requests reach their transactions only in the loop's next rounds. A round that brought none
  // ends the group (as do GROUP_LIMIT and GROUP_MS).
  #openGroup(): void {
    const group = newGroup();
    this.#group = group;
    let seen = -1;
    const later = () => setImmediate(check);
    const check = () => {
      if (this.#group !== group) return;
      const grew = group.waiting !== seen;
      seen = group.waiting;
      const young = performance.now() - group.startedAt < GROUP_MS;
      if (grew && young) setImmediate(check);
      // Its transactions are answered after a flush that starts once the running one ends: until
      // then, committing would only make a group of fewer.
      else if (young && this.#flushing) this.#flushing.then(later, later);
      else if (this.#busy) group.due = true;
      else this.#commitGroup();
    };
    setImmediate(check);
  }

  /** Makes the open group durable and answers its transactions; a failed COMMIT fails them all. */
  #commitGroup(): void {
    const group = this.#group;
    if (!group) return;
    try {
      this.#endGroup(group, "commit");
    } catch (error) {
      this.#group = undefined;
      group.settle(error);
      try {
        if (this.#file.inTransaction) this.#prepare("rollback").run();
      } catch {
        // The COMMIT's error is the one that says what happened; the connection stays usable.
      }
    }
  }

  #endGroup(group: Group, how: "commit" | "rollback"): void {
    this.#exec(how);
    this.#group = undefined;
    if (how === "rollback") {
      group.settle();
      return;
    }
    this.counts.commits += 1;
    this.counts.transactions += group.waiting;
    this.#durable().then(
      () => group.settle(),
      (error: unknown) => group.settle(error),
    );
  }

  /**
   * Resolves once every COMMIT made so far is on the disk: the flush running now if it began after
   * the last COMMIT, else the next one, which starts when the running one ends and which every
   * COMMIT made meanwhile shares.
   */
  #durable(): Promise<void> {
    if (this.#nextFlush) return this.#nextFlush;
    if (!this.#flushing) return this.#flush();
    const next = this.#flushing
      .catch(() => {})
      .then(() => {
        this.#nextFlush = undefined;
        return this.#flush();
      });
    this.#nextFlush = next;
    return next;
  }

  #flush(): Promise<void> {
    let wal: number;
    try {
      wal = this.#walFile();
    } catch (error) {
      return Promise.reject(error);
    }
    const flushing = new Promise<void>((resolve, reject) =>
      fsync(wal, (error) => (error ? reject(error) : resolve())),
    );
    this.#flushing = flushing;
    const ended = () => {
      if (this.#flushing === flushing) this.#flushing = undefined;
    };
    flushing.then(ended, ended);
    return flushing;
  }

  // The WAL file lives as long as a connection to the database is open (ours are), and SQLite
  // reuses it from its start after a checkpoint. Opened anew should it ever have been removed.
  #walFile(): number {
    if (this.#wal !== undefined && fstatSync(this.#wal).nlink > 0) return this.#wal;
    if (this.#wal !== undefined) closeSync(this.#wal);
    this.#wal = undefined;
    this.#wal = openSync(`${this.#file.name}-wal`, "r");
    syncDirectoryOf(this.#file.name);
    return this.#wal;
  }

  // Another writer of this process on the same file would wait for this one's lock in SQLite's busy
  // handler, which blocks the event loop the group needs to commit: no group spans a loop round then.
  // (Writers in other processes wait a few milliseconds, as for any transaction.)
  #fileShared(): boolean {
    return (writersOf.get(this.#file.name) ?? 0) > 1;
  }

  async #takeWriter(lease: Lease): Promise<void> {
    if (lease.holdsWriter) return;
    if (this.#busy) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#busy = true;
    lease.holdsWriter = true;
  }

  #handOver(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#busy = false;
  }
}

/**
 * A WAL file is made anew when a database opens: its name must be on the disk as well as its
 * pages, or a power cut could take the file, and the COMMITs in it, with it (SQLite's own first
 * flush of a new log does the same). Once per WAL file. Windows cannot open a directory and keeps
 * its names in its own journal.
 */
function syncDirectoryOf(file: string): void {
  let directory: number;
  try {
    directory = openSync(dirname(file), "r");
  } catch (error) {
    if (process.platform === "win32") return;
    throw error;
  }
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}

/** Kysely's SQLite dialect with the driver above; the driver, not Kysely, queues for the connection. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly counts: CommitCounts = { transactions: 0, commits: 0 };
  constructor(readonly connections: SqliteConnections) {}

  createDriver(): Driver {
    return new GroupCommitDriver(this.connections, this.counts);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new QueuedSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

// Kysely serialises the use of a dialect that says it has one connection; this driver queues the
// writers itself (and lets them in while a group waits for its COMMIT) and lets reads by, so Kysely
// must not.
class QueuedSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}
