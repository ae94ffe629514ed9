// The app on a throw-away SQLite store, for scripts and benchmarks that need a real server (the
// OpenAPI document, the dashboard's first load): everything goes with close().
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { buildApp } from "../src/app.ts";
import { systemClock } from "../src/clock.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/connect.ts";
import { migrateToLatest } from "../src/db/migrate.ts";

export async function throwawayApp(
  options: { env?: Record<string, string>; dashboardDir?: string } = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "coffer-throwaway-"));
  const config = loadConfig({ COFFER_DATA_DIR: dir, COFFER_PURGE_INTERVAL: "0", ...options.env });
  const { db } = openDatabase(config);
  try {
    await migrateToLatest(db);
    const app = await buildApp({
      config,
      db,
      clock: systemClock,
      masterKey: randomBytes(32),
      logger: pino({ level: "silent" }),
      ...(options.dashboardDir ? { dashboardDir: options.dashboardDir } : {}),
    });
    return {
      app,
      close: async () => {
        await app.close();
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
