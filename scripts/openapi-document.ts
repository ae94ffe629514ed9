// The OpenAPI document exactly as a server serves it: the app built with DEBUG on a throw-away
// SQLite store. Used by the lint (npm run check) and the client generator.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { buildApp } from "../src/app.ts";
import { systemClock } from "../src/clock.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/connect.ts";
import { migrateToLatest } from "../src/db/migrate.ts";

export async function servedDocument(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), "coffer-openapi-"));
  try {
    const config = loadConfig({ COFFER_DATA_DIR: dir, DEBUG: "true", COFFER_PURGE_INTERVAL: "0" });
    const { db } = openDatabase(config);
    await migrateToLatest(db);
    const app = await buildApp({
      config,
      db,
      clock: systemClock,
      masterKey: randomBytes(32),
      logger: pino({ level: "silent" }),
    });
    const document = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
    await app.close();
    await db.destroy();
    return document;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
