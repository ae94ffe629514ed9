// Opens the database: embedded SQLite under COFFER_DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set. Both go through the same Kysely layer.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { statementNameOf } from "./prepared.ts";
import type { Database, Db } from "./schema.ts";
import { type CommitCounts, GroupCommitSqliteDialect } from "./sqlite-group-commit.ts";

export type Engine = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
}

// The pool behind a PostgreSQL Kysely instance, for the metrics (Kysely does not expose it).
const pools = new WeakMap<Db, pg.Pool>();

/** The pg pool of a database opened here; undefined on SQLite. */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

const commitCounts = new WeakMap<Db, CommitCounts>();

/** SQLite: transactions committed, and the COMMITs that made them durable; undefined on PostgreSQL. */
export const commitCountsOf = (db: Db): CommitCounts | undefined => commitCounts.get(db);

/** Connections a PostgreSQL pool opens at most (per process: each worker has its own pool). */
export const POOL_SIZE = 10;

/** Milliseconds a new PostgreSQL connection may take before the request answers 503. */
export const CONNECT_TIMEOUT_MS = 3_000;

/** Told of a connection-level failure that no request is waiting on (an idle connection dying). */
export type ConnectionProblem = (error: Error) => void;

export function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the pool's size (default POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL only: milliseconds one statement may take, client and server side (default: no bound). */
  queryTimeoutMs?: number;
  /** PostgreSQL only: where failures of connections no request holds are reported (default: dropped). */
  onConnectionProblem?: ConnectionProblem;
}): DatabaseHandle {
  if (opts.databaseUrl) {
    const queryTimeout = opts.queryTimeoutMs;
    const onProblem = opts.onConnectionProblem ?? (() => {});
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? POOL_SIZE,
      // Bounded waits: a stopped server refuses at once, but a partition answers nothing, and no
      // request may wait on it for long. The server-side bound stops what the client gave up on.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(queryTimeout ? { query_timeout: queryTimeout, statement_timeout: queryTimeout } : {}),
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection that dies (a restart, a failover, pg_terminate_backend) is an 'error'
    // event on the pool; unheard, it would end the process. The pool drops that connection itself.
    pool.on("error", onProblem);
    pool.on("connect", (client) => {
      // A checked-out connection that dies between two statements errs on the client: heard here,
      // its next statement fails (503) and the pool drops it on release.
      client.on("error", onProblem);
      runPreparedAsNamed(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return { db, engine: "postgres" };
  }
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const path = join(opts.dataDir, "coffer.db");
  const writer = new SQLite(path);
  writer.pragma("journal_mode = WAL");
  writer.pragma("foreign_keys = ON");
  writer.pragma("busy_timeout = 5000");
  // Reads outside a transaction: what is committed, answered once it is durable (the driver flushes).
  const reader = new SQLite(path);
  reader.pragma("busy_timeout = 5000");
  reader.pragma("query_only = ON");
  const dialect = new GroupCommitSqliteDialect({ writer, reader });
  const db = new Kysely<Database>({ dialect });
  commitCounts.set(db, dialect.counts);
  return { db, engine: "sqlite" };
}

/**
 * Kysely sends every query unnamed: parsed and planned anew each time. The queries of prepared.ts
 * go as named statements instead, which pg prepares once per connection.
 */
function runPreparedAsNamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // pg's query() has a dozen overloads; Kysely only calls query(text, values).
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === "string" && args.length === 2 ? statementNameOf(text) : undefined;
    const result = name ? query({ name, text, values }) : query(...args);
    if (result instanceof Promise) result.catch((error: unknown) => dropTimedOut(client, error));
    return result;
  };
}

/**
 * A statement that timed out on the client leaves its connection in an unknown state (in a
 * partition, dead): it is closed, so the pool discards it on release instead of lending it again.
 */
function dropTimedOut(client: pg.PoolClient, error: unknown): void {
  if ((error as Error | null)?.message !== "Query read timeout") return;
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/**
 * True when the error is a unique-constraint violation on either engine; with `table`, only one of
 * that table's (PostgreSQL names the table, SQLite's message starts with it).
 */
export function isUniqueViolation(error: unknown, table?: string): boolean {
  const e = error as { code?: string; table?: string; message?: string } | null;
  if (e?.code === "23505") return table === undefined || e.table === table;
  if (e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY")
    return table === undefined || (e.message ?? "").startsWith(`UNIQUE constraint failed: ${table}.`);
  return false;
}
