// Start-up: read config, open and migrate the database, check the master key, build the app,
// listen, and say so in one line; on SIGTERM or SIGINT stop accepting, let in-flight requests
// finish within the grace period, close the database. A failure to start is one line, no stack.
import { resolve } from "node:path";
import { Redis } from "ioredis";
import { pino } from "pino";
import { buildApp } from "./app.ts";
import { systemClock } from "./clock.ts";
import { type Config, ConfigError, listenUrl, loadConfig } from "./config.ts";
import { checkMasterKey } from "./crypto/data-keys.ts";
import { createMasterKeys, loadMasterKey } from "./crypto/keyring.ts";
import { openDatabase } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createLogger } from "./http/logging.ts";
import { describeStartupError } from "./startup-errors.ts";

function fail(line: string): never {
  console.error(`coffer: ${line}`);
  process.exit(1);
}

function loadConfiguration(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfiguration();
  // Synchronous writes: lines reach stdout in the order they were logged, up to the very exit.
  const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
  let cleanup = async () => {};
  try {
    const master = loadMasterKey(config);
    if (master.generatedAt) {
      logger.warn(
        `A new master key was generated at ${master.generatedAt}. BACK IT UP: without it no secret can ever be ` +
          "decrypted. For production set COFFER_MASTER_KEY instead.",
      );
    }
    const { db, engine } = openDatabase(config);
    cleanup = () => db.destroy();
    await migrateToLatest(db);
    const masterKeys = createMasterKeys({ ...master, previous: config.previousMasterKey });
    // A wrong key would start "ready" and then fail every read: refuse now, in one line.
    const keyProblem = await checkMasterKey(db, masterKeys, systemClock.now().toISOString());
    if (keyProblem) {
      await db.destroy();
      fail(keyProblem);
    }
    if (config.databaseUrl && !config.redisUrl) {
      logger.warn(
        "DATABASE_URL without REDIS_URL: fine for one node, but several nodes would not share rate limits, " +
          "and a key revoked or a session ended on one node would still be accepted by the others until " +
          "their caches expire. Set REDIS_URL when you run more than one node.",
      );
    }
    const redis = config.redisUrl
      ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
      : undefined;
    redis?.on("error", (error: Error) => logger.warn({ err: error }, "Redis connection problem"));
    const app = await buildApp({
      config,
      db,
      clock: systemClock,
      masterKey: master.key,
      masterKeys,
      logger,
      redis,
    });
    cleanup = async () => {
      await app.close();
      await db.destroy();
      redis?.disconnect();
    };
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = address && typeof address === "object" ? address.port : config.port;
    const where =
      engine === "sqlite"
        ? `embedded SQLite in ${resolve(config.dataDir, "coffer.db")}`
        : `PostgreSQL at ${new URL(config.databaseUrl!).host}`;
    const key = master.file ? `master key in ${resolve(master.file)}` : "master key from COFFER_MASTER_KEY";
    const docs = config.debug ? "docs on at /docs and /redoc" : "docs off (DEBUG=true serves /docs)";
    console.log(`Coffer is listening on ${listenUrl(config.host, port)} · ${where} · ${key} · ${docs}`);
    logger.info({ engine, debug: config.debug, port, publicUrl: config.publicUrl }, "coffer is ready");
    handleSignals(config, logger, async () => {
      await app.close();
      // close() ends with the sockets; the last responses' hooks and log lines may still be running.
      await app.drained();
      await new Promise((resolve) => setImmediate(resolve));
      await db.destroy();
      redis?.disconnect();
    });
  } catch (error) {
    await cleanup().catch(() => {});
    if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
    const line = describeStartupError(error, config);
    if (line) fail(line);
    fail(
      `could not start: ${(error as Error).message ?? String(error)} (set LOG_LEVEL=debug and retry for details)`,
    );
  }
}

function handleSignals(
  config: Config,
  logger: ReturnType<typeof createLogger>,
  shutdown: () => Promise<void>,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error(`forced exit: requests still in flight after the ${config.shutdownGrace} s grace period`);
      process.exit(1);
    }, config.shutdownGrace * 1000);
    force.unref();
    await shutdown();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

await main();
