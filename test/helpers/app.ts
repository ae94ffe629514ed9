// A Coffer app on a real database for one test file: SQLite in a fresh temp dir, or the run's
// PostgreSQL database. The clock is controllable; logs can be captured.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { Clock } from "../../src/clock.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { createMasterKeys, type MasterKeys } from "../../src/crypto/keyring.ts";
import { openDatabase } from "../../src/db/connect.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import type { Db } from "../../src/db/schema.ts";
import { createLogger } from "../../src/http/logging.ts";
import { lateBound } from "./late-bound.ts";

export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  db: Db;
  config: Config;
  engine: "sqlite" | "postgres";
  /** The master keys the app holds (what admin work such as purgeOnce needs). */
  masterKeys: MasterKeys;
  /** Every log line written so far (when captureLogs was asked for). */
  logs: () => string;
  close: () => Promise<void>;
}

export const engineUnderTest = (): "sqlite" | "postgres" =>
  process.env.COFFER_TEST_DB === "postgres" ? "postgres" : "sqlite";

export async function createTestApp(
  options: { env?: Record<string, string>; captureLogs?: boolean; dashboardDir?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "coffer-test-"));
  const databaseUrl = inject("databaseUrl");
  const config = loadConfig({
    COFFER_DATA_DIR: dataDir,
    COFFER_MASTER_KEY: inject("masterKey"),
    COFFER_RATE_LIMIT_PER_MINUTE: "100000",
    COFFER_PUBLIC_URL: "https://coffer.test",
    LOG_LEVEL: options.captureLogs ? "trace" : "silent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const { db, engine } = openDatabase(config);
  if (engine === "sqlite") await migrateToLatest(db);

  let captured = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      captured += chunk.toString();
      done();
    },
  });
  const logger = createLogger(config.logLevel, sink);
  const clock = new TestClock();
  // REDIS_URL in env puts the shared state (rate-limit counters) in Redis, as main.ts does.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const masterKeys = createMasterKeys({ key: config.masterKey! });
  const app = await buildApp({
    config,
    db,
    clock,
    masterKey: config.masterKey!,
    masterKeys,
    logger,
    redis,
    ...(options.dashboardDir ? { dashboardDir: options.dashboardDir } : {}),
  });
  await app.ready();
  return {
    app,
    clock,
    db,
    config,
    engine,
    masterKeys,
    logs: () => captured,
    close: async () => {
      await app.close();
      await db.destroy();
      redis?.disconnect();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The suite's one app (the file's, or a describe block's), built in beforeAll and closed in afterAll.
 * It is read through lateBound because it exists only once beforeAll has run.
 */
export function testAppForSuite(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(options);
  });
  afterAll(() => built?.close());
  return lateBound("the test app", () => built);
}
