// A database of its own for a test that needs its own master key (rotation, a wrong key): the
// run's shared PostgreSQL database belongs to the run's one master key.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../../src/db/connect.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { engineUnderTest } from "./app.ts";

/**
 * A database of its own for one rotation test: rotating re-wraps EVERY data key of the database,
 * so it must never touch the run's shared PostgreSQL database (other files use other master keys).
 */
export interface Store {
  dataDir: string;
  env: Record<string, string>;
  drop: () => Promise<void>;
}

export async function isolatedStore(): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), "coffer-rot-"));
  if (engineUnderTest() === "sqlite") {
    return {
      dataDir,
      env: { COFFER_DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.COFFER_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `coffer_rot_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db } = openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  await migrateToLatest(db);
  await db.destroy();
  return {
    dataDir,
    env: { COFFER_DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
