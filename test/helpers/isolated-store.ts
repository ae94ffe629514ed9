// A database of its own for a test that needs its own master key (rotation, a wrong key), or a
// schema of its own (upgrades): the run's shared PostgreSQL database belongs to the run's one master
// key, and is migrated all the way.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { openDatabase } from "../../src/db/connect.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { migrations } from "../../src/db/migrations/index.ts";
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

/**
 * `migratedTo`: how far the new database is migrated: all the way (the default; on SQLite that
 * leaves the data dir empty, for the server to create and migrate), not at all (null), or up to and
 * including the named migration, as an older Coffer left it.
 */
export async function isolatedStore(options: { migratedTo?: string | null } = {}): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), "coffer-rot-"));
  if (engineUnderTest() === "sqlite") {
    if (options.migratedTo) await migrateTo(dataDir, undefined, options.migratedTo);
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
  if (options.migratedTo === undefined) {
    const { db } = openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    await migrateToLatest(db);
    await db.destroy();
  } else if (options.migratedTo !== null) {
    await migrateTo(dataDir, url.toString(), options.migratedTo);
  }
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

async function migrateTo(dataDir: string, databaseUrl: string | undefined, name: string): Promise<void> {
  const { db } = openDatabase({ databaseUrl, dataDir });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  } finally {
    await db.destroy();
  }
}
