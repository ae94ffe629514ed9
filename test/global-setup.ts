// Once per test run: the compiled server (packages/server/dist), which the process tests run as the
// packages ship it; on PostgreSQL, a fresh database (migrated) that is dropped afterwards, so
// parallel runs never collide. SQLite needs nothing more: every test app gets its own file.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { buildServer, ROOT } from "../scripts/build-server.mjs";
import { openDatabase } from "../src/db/connect.ts";
import { migrateToLatest } from "../src/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | null;
    /** The run's master key (base64): one store, one master key, as in production. */
    masterKey: string;
  }
}

export const adminUrl = () => process.env.COFFER_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export default async function setup(project: TestProject) {
  // Built at every run, so no test ever runs a stale bundle of src/. The dashboard it copies is
  // `npm install`'s (prepare); a checkout without it gets it built as `npm start` would.
  const dashboard = spawnSync(process.execPath, ["scripts/ensure-dashboard.mjs"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (dashboard.status !== 0) throw new Error("could not build the dashboard (web/dist)");
  await buildServer();
  project.provide("masterKey", randomBytes(32).toString("base64"));
  if ((process.env.COFFER_TEST_DB ?? "sqlite") !== "postgres") {
    project.provide("databaseUrl", null);
    return;
  }
  const name = `coffer_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const { db } = openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  await migrateToLatest(db);
  await db.destroy();
  project.provide("databaseUrl", url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
