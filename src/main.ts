// Start-up: read config, open and migrate the database, build the app, listen; on SIGTERM or
// SIGINT stop accepting, let in-flight requests finish, close the database.
import { Redis } from "ioredis";
import { pino } from "pino";
import { buildApp } from "./app.ts";
import { systemClock } from "./clock.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { checkMasterKey } from "./crypto/data-keys.ts";
import { createMasterKeys, loadMasterKey } from "./crypto/keyring.ts";
import { openDatabase } from "./db/connect.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createLogger } from "./http/logging.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let master: ReturnType<typeof loadMasterKey>;
  try {
    config = loadConfig();
    master = loadMasterKey(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`coffer: configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // Synchronous writes: lines reach stdout in the order they were logged, up to the very exit.
  const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
  if (master.generatedAt) {
    logger.warn(
      `A new master key was generated at ${master.generatedAt}. BACK IT UP: without it no secret can ever be ` +
        "decrypted. For production set COFFER_MASTER_KEY instead.",
    );
  }

  const { db, engine } = openDatabase(config);
  await migrateToLatest(db);
  const masterKeys = createMasterKeys({ ...master, previous: config.previousMasterKey });
  // A wrong key would start "ready" and then fail every read: refuse now, in one line.
  const keyProblem = await checkMasterKey(db, masterKeys, systemClock.now().toISOString());
  if (keyProblem) {
    console.error(`coffer: ${keyProblem}`);
    await db.destroy();
    process.exit(1);
  }
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const app = await buildApp({
    config,
    db,
    clock: systemClock,
    masterKey: master.key,
    masterKeys,
    logger,
    redis,
  });
  await app.listen({ port: config.port, host: config.host });
  logger.info({ engine, debug: config.debug }, "coffer is ready");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    // close() ends with the sockets; the last responses' hooks and log lines may still be running.
    await app.drained();
    await new Promise((resolve) => setImmediate(resolve));
    await db.destroy();
    redis?.disconnect();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

await main();
