// The pieces of start-up that one server process and a cluster's primary and workers share:
// opening (and, once, migrating and checking) the store, serving the app on the port, the one
// start line, graceful shutdown on SIGTERM/SIGINT, and the one line a failed start prints.
import type { Server as HttpsServer } from "node:https";
import { resolve } from "node:path";
import type { FastifyInstance, FastifyListenOptions } from "fastify";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { type AppDeps, buildApp } from "./app.ts";
import { systemClock } from "./clock.ts";
import { type Config, ConfigError, listenUrl } from "./config.ts";
import { checkMasterKey } from "./crypto/data-keys.ts";
import { createMasterKeys, type LoadedMasterKey, loadMasterKey, type MasterKeys } from "./crypto/keyring.ts";
import { type Engine, openDatabase } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import type { Db } from "./db/schema.ts";
import { reloadOnHangup, type TlsPair, TlsPairError } from "./http/tls.ts";
import { chainTrailFromBeforeTheChain } from "./modules/audit/index.ts";
import { describeStartupError } from "./startup-errors.ts";

/** A start-up failure whose message is already the one line to print. */
export class StartupFailure extends Error {}

/** The one line (without the `coffer: ` prefix) that a failed start prints. */
export function startupFailureLine(error: unknown, config: Config): string {
  if (error instanceof StartupFailure || error instanceof TlsPairError) return error.message;
  if (error instanceof ConfigError) return `configuration error: ${error.message}`;
  return (
    describeStartupError(error, config) ??
    `could not start: ${(error as Error).message ?? String(error)} (set LOG_LEVEL=debug and retry for details)`
  );
}

export interface Store {
  db: Db;
  engine: Engine;
  master: LoadedMasterKey;
  masterKeys: MasterKeys;
}

/**
 * Opens the store. The first process to open it (the only process, or a cluster's primary) also
 * generates the master key file when there is none, migrates, and checks the key against the store;
 * workers, started after that, only open it.
 */
export async function openStore(
  config: Config,
  logger: Logger,
  options: { first: boolean; poolSize?: number },
): Promise<Store> {
  const master = loadMasterKey(config);
  if (master.generatedAt) {
    logger.warn(
      `A new master key was generated at ${master.generatedAt}. BACK IT UP: without it no secret can ever be ` +
        "decrypted. For production set COFFER_MASTER_KEY instead.",
    );
  }
  const masterKeys = createMasterKeys({ ...master, previous: config.previousMasterKey });
  if (options.first) {
    // Migrations run on a connection of their own, without the serving pool's statement bound: an
    // index built on a large table may take longer than any request should.
    const { db: migrating } = openDatabase({ ...config, poolSize: 1 });
    try {
      const applied = await migrateToLatest(migrating, {
        onWait: () => logger.info("another process is migrating the database: waiting for it"),
      });
      if (applied.length > 0) logger.info({ migrations: applied }, `applied ${applied.length} migrations`);
      // A wrong key would start "ready" and then fail every read: refuse now, in one line.
      const keyProblem = await checkMasterKey(migrating, masterKeys, systemClock.now().toISOString());
      if (keyProblem) throw new StartupFailure(keyProblem);
      const chained = await chainTrailFromBeforeTheChain(migrating, masterKeys);
      if (chained > 0)
        logger.info({ workspaces: chained }, "chained the audit entries written before the chain");
    } finally {
      await migrating.destroy().catch(() => {});
    }
  }
  const { db, engine } = openDatabase({
    ...config,
    poolSize: options.poolSize,
    queryTimeoutMs: config.databaseQueryTimeout * 1000,
    onConnectionProblem: (error) =>
      logger.warn(
        { code: (error as { code?: string }).code, reason: error.message },
        "a PostgreSQL connection was lost; the pool opens a new one when needed",
      ),
  });
  if (!options.first) return { db, engine, master, masterKeys };
  if (config.databaseUrl && !config.redisUrl) {
    logger.warn(
      "DATABASE_URL without REDIS_URL: fine for one node, but several nodes would not share rate limits, " +
        "and a key revoked or a session ended on one node would still be accepted by the others until " +
        "their caches expire. Set REDIS_URL when you run more than one node.",
    );
  }
  return { db, engine, master, masterKeys };
}

/**
 * No request waits on Redis for long: a command fails at once while Redis is disconnected (no
 * offline queue: the callers fall back, lib/counters.ts and auth/auth-cache.ts) and within
 * 500 ms when it does not answer; a connection that hears nothing for 2 s while a command waits is
 * taken for dead (a partition) and replaced; reconnection is retried every 0.1 s growing to 1 s,
 * so Redis is used again about a second after it is back.
 */
const REDIS_OPTIONS = {
  lazyConnect: false,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 500,
  socketTimeout: 2_000,
  connectTimeout: 2_000,
  retryStrategy: (times: number) => Math.min(times * 100, 1_000),
};

export interface Serving {
  app: FastifyInstance;
  port: number;
  /** SIGHUP: reads the TLS pair again (when serving HTTPS) and reopens the audit streams' files. */
  hangUp: () => void;
  /** Stops accepting, lets in-flight requests finish, closes the database and Redis. */
  shutdown: () => Promise<void>;
}

/** Builds the app on the store and listens; on failure closes what it opened and rethrows. */
export async function serve(
  config: Config,
  logger: Logger,
  store: Store,
  shared: Pick<AppDeps, "bus" | "counters" | "housekeeping" | "nodeMetrics"> = {},
  options: { asWorker?: boolean; tls?: TlsPair } = {},
): Promise<Serving> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, REDIS_OPTIONS) : undefined;
  redis?.on("error", (error: Error) => logger.warn({ err: error }, "Redis connection problem"));
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      config,
      db: store.db,
      clock: systemClock,
      masterKey: store.master.key,
      masterKeys: store.masterKeys,
      logger,
      redis,
      tls: options.tls,
      ...shared,
    });
    const listening: FastifyListenOptions & { reusePort?: boolean } = {
      port: config.port,
      host: config.host,
      // A cluster's workers each bind the port (SO_REUSEPORT) and the kernel spreads connections
      // over them, instead of node:cluster's round robin, in which the primary accepts each
      // connection and passes it on: a worker killed while a connection is on its way leaves the
      // primary holding it open, unanswered, for ever. A worker's own socket dies with it, and the
      // kernel resets the connections queued on it: the client learns at once.
      ...(options.asWorker ? { reusePort: true } : {}),
    };
    await app.listen(listening);
  } catch (error) {
    await app?.close().catch(() => {});
    await store.db.destroy().catch(() => {});
    redis?.disconnect();
    throw error;
  }
  const address = app.server.address();
  const port = address && typeof address === "object" ? address.port : config.port;
  const running = app;
  const reloadTls = reloadOnHangup(config.tls, logger, (pair) => {
    // Fastify made an https.Server from the `https` option (app.ts); its type says http.Server.
    // Connections already open keep the session they negotiated; new ones get the new pair.
    (running.server as unknown as HttpsServer).setSecureContext(pair);
    logger.info({ certFile: config.tls?.certFile }, "TLS certificate reloaded");
  });
  return {
    app: running,
    port,
    hangUp: () => {
      const reopened = running.reopenAuditStreams();
      // Without TLS, "nothing to reload" would be wrong when the streams' files were reopened.
      if (config.tls || !reopened) reloadTls();
    },
    shutdown: async () => {
      // close() stops accepting and ends the connections idle at that moment. A keep-alive
      // connection (browsers, fetch, proxies) whose request is in flight stays open after its
      // response until the client closes it, holding the process to COFFER_SHUTDOWN_GRACE and a
      // forced exit: end each one as soon as it is idle again.
      const server: { closeIdleConnections?: () => void } = running.server;
      const sweep = setInterval(() => server.closeIdleConnections?.(), 100);
      try {
        await running.close();
      } finally {
        clearInterval(sweep);
      }
      // close() ends with the sockets; the last responses' hooks and log lines may still be running.
      await running.drained();
      await new Promise((resolve) => setImmediate(resolve));
      await store.db.destroy();
      redis?.disconnect();
    },
  };
}

/** The human start line: where, on what, with which key, how many workers. */
export function startLine(config: Config, store: Store, port: number): string {
  const where =
    store.engine === "sqlite"
      ? `embedded SQLite in ${resolve(config.dataDir, "coffer.db")}`
      : `PostgreSQL at ${new URL(config.databaseUrl!).host}`;
  // origin: the variable the key came from (COFFER_MASTER_KEY or its _FILE), else the key file.
  const key = store.master.file
    ? `master key in ${resolve(store.master.file)}`
    : `master key from ${store.master.origin}`;
  const docs = config.debug ? "docs on at /docs and /redoc" : "docs off (DEBUG=true serves /docs)";
  const workers = config.workers > 1 ? ` · ${config.workers} worker processes` : "";
  return `Coffer is listening on ${listenUrl(config.host, port, config.tls !== undefined)}${workers} · ${where} · ${key} · ${docs}`;
}

/**
 * On SIGTERM or SIGINT: shutdown(), then exit with its code (default 0); past the grace period
 * (plus `extraGraceMs`, which a primary gives its workers' own grace) a forced exit with 1.
 */
export function exitOnSignals(
  config: Config,
  logger: Logger,
  shutdown: () => Promise<number | undefined> | Promise<void>,
  extraGraceMs = 0,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(
      () => {
        logger.error(
          `forced exit: requests still in flight after the ${config.shutdownGrace} s grace period`,
        );
        process.exit(1);
      },
      config.shutdownGrace * 1000 + extraGraceMs,
    );
    force.unref();
    const code = (await shutdown()) ?? 0;
    logger.info("stopped");
    process.exit(code);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
