// `admin backup <file>` / `restore <file>` (the compiled command): an online backup of the embedded store taken
// while a real server takes writes, restored into a fresh data dir and read back through a new
// server; the master key never in the backup and checked at restore; PostgreSQL points to pg_dump.
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, inject, it } from "vitest";
import { httpJson, tenantOverHttp } from "./helpers/real-port.ts";
import { runScript, startServer, stopChildrenAndRemoveTempDirs, tempDir } from "./helpers/server-process.ts";

// A server and a dozen operator commands, each a process that compiles its TypeScript at start: on a
// busy two-core machine that alone can pass the default 30 s.
const PROCESSES_TIMEOUT = 90_000;

const onSqlite = inject("databaseUrl") === null;
const ADMIN = "admin";

afterAll(stopChildrenAndRemoveTempDirs);

/**
 * An account with a team → project → environment on a running server, writing with an API key
 * (a stored digest: it still opens the restored store); the secrets base path.
 */
async function seed(url: string): Promise<{ headers: Record<string, string>; secrets: string }> {
  const tenant = await tenantOverHttp(url, "backup");
  const key = await httpJson(url, "POST", "/keys/", tenant.headers, { name: "backup test" });
  expect(key.status).toBe(201);
  return { headers: { "x-api-key": key.body.token }, secrets: tenant.secrets };
}

interface Acknowledged {
  key: string;
  value: string;
  at: number;
}

/** Writers creating secrets one after another until stopped; every 201 is recorded with its time. */
function writeLoad(url: string, headers: Record<string, string>, secrets: string, writers: number) {
  const acknowledged: Acknowledged[] = [];
  let running = true;
  const loops = Array.from({ length: writers }, async (_, writer) => {
    for (let i = 0; running; i++) {
      const item = {
        key: `W${writer}_${i}`,
        value: `value-${writer}-${i}-${randomBytes(12).toString("hex")}`,
      };
      const response = await httpJson(url, "POST", `${secrets}/`, headers, item);
      if (response.status !== 201) throw new Error(`write ${item.key}: ${response.status}`);
      acknowledged.push({ ...item, at: Date.now() });
    }
  });
  return {
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

function admin(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return runScript(ADMIN, { COFFER_DATA_DIR: dataDir, ...env }, args);
}

describe.runIf(onSqlite)("backup and restore of the embedded store", () => {
  it("backs up under write load, restores into a fresh data dir, and reads back every acknowledged secret", {
    timeout: PROCESSES_TIMEOUT,
  }, async () => {
    const dataDir = join(tempDir(), "data");
    const env = { COFFER_DATA_DIR: dataDir, COFFER_RATE_LIMIT_PER_MINUTE: "1000000" };
    const server = await startServer(env);
    const { headers, secrets } = await seed(server.url);
    const load = writeLoad(server.url, headers, secrets, 3);
    while (load.acknowledged.length < 50) await new Promise((r) => setTimeout(r, 20));

    const backupFile = join(tempDir(), "coffer-backup.db");
    const backupStartedAt = Date.now();
    const backup = await admin(dataDir, ["backup", backupFile]);
    const backupEndedAt = Date.now();
    const writtenDuringBackup = load.acknowledged.filter(
      (a) => a.at > backupStartedAt && a.at < backupEndedAt,
    ).length;
    await load.stop();
    await server.stop();

    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`backed up ${join(dataDir, "coffer.db")} to ${backupFile}`);
    expect(backup.stdout).toContain(
      `the master key is NOT in this backup; keep ${join(dataDir, "master.key")} safe`,
    );
    // The server kept acknowledging writes while the backup ran: it was online.
    expect(writtenDuringBackup).toBeGreaterThan(0);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    // The master key is in none of its forms inside the file.
    const key = Buffer.from(readFileSync(join(dataDir, "master.key"), "utf8").trim(), "base64");
    const bytes = readFileSync(backupFile);
    for (const form of [key, Buffer.from(key.toString("base64")), Buffer.from(key.toString("hex"))]) {
      expect(bytes.includes(form)).toBe(false);
    }

    const fresh = join(tempDir(), "restored");
    mkdirSync(fresh, { mode: 0o700 });
    copyFileSync(join(dataDir, "master.key"), join(fresh, "master.key"));
    const restore = await admin(fresh, ["restore", backupFile]);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`restored ${backupFile} into ${join(fresh, "coffer.db")}`);
    expect(restore.stdout).toContain(
      `every data key opens with the master key from ${join(fresh, "master.key")}`,
    );

    const restored = await startServer({ COFFER_DATA_DIR: fresh });
    const list = await httpJson(restored.url, "GET", `${secrets}/`, headers);
    await restored.stop();
    expect(list.status).toBe(200); // not 207: every value decrypts
    const values = new Map((list.body as { key: string; value: string }[]).map((s) => [s.key, s.value]));
    const beforeBackup = load.acknowledged.filter((a) => a.at < backupStartedAt);
    expect(beforeBackup.length).toBeGreaterThanOrEqual(50);
    for (const { key: name, value } of beforeBackup) expect(values.get(name), name).toBe(value);
    // Nothing that was never acknowledged, and nothing torn: each restored value is one that was written.
    const written = new Map(load.acknowledged.map((a) => [a.key, a.value]));
    for (const [name, value] of values) expect(written.get(name), name).toBe(value);
  });

  it("refuses to restore over a database, without the master key, or with another master key, changing nothing", {
    timeout: PROCESSES_TIMEOUT,
  }, async () => {
    const dataDir = join(tempDir(), "data");
    const server = await startServer({ COFFER_DATA_DIR: dataDir });
    const { headers, secrets } = await seed(server.url);
    expect(
      (await httpJson(server.url, "POST", `${secrets}/`, headers, { key: "ONE", value: "1" })).status,
    ).toBe(201);
    const backupFile = join(tempDir(), "b.db");
    expect((await admin(dataDir, ["backup", backupFile])).code).toBe(0);
    await server.stop();

    const again = await admin(dataDir, ["backup", backupFile]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${backupFile} exists: choose a new file name`);

    const occupied = await admin(dataDir, ["restore", backupFile]);
    expect(occupied.code).toBe(1);
    expect(occupied.stderr).toContain(
      `${join(dataDir, "coffer.db")} exists: restore only into an empty data dir`,
    );

    const keyless = join(tempDir(), "keyless");
    const noKey = await admin(keyless, ["restore", backupFile]);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain(
      `no master key: copy the master.key that belongs with this backup to ${join(keyless, "master.key")}`,
    );
    expect(existsSync(join(keyless, "coffer.db"))).toBe(false);
    expect(existsSync(join(keyless, "master.key"))).toBe(false); // never generated

    const wrongKeyDir = join(tempDir(), "wrong");
    mkdirSync(wrongKeyDir);
    writeFileSync(join(wrongKeyDir, "master.key"), `${randomBytes(32).toString("base64")}\n`, {
      mode: 0o600,
    });
    const wrong = await admin(wrongKeyDir, ["restore", backupFile]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `the master key from ${join(wrongKeyDir, "master.key")} is not the one this backup was written with`,
    );
    expect(wrong.stderr).toContain("nothing was restored");
    expect(existsSync(join(wrongKeyDir, "coffer.db"))).toBe(false);

    // A store from before master key ids: every data key is tried with the key.
    const legacy = join(tempDir(), "legacy.db");
    copyFileSync(backupFile, legacy);
    const file = new SQLite(legacy);
    file.prepare("delete from master_key_state").run();
    file.close();
    const unopened = await admin(wrongKeyDir, ["restore", legacy]);
    expect(unopened.code).toBe(1);
    expect(unopened.stderr).toMatch(/does not open data key 1 of workspace [0-9a-f-]{36} in this backup/);
    expect(unopened.stderr).toContain("nothing was restored");
    expect(existsSync(join(wrongKeyDir, "coffer.db"))).toBe(false);

    const viaEnv = join(tempDir(), "env");
    const wrongEnv = await admin(viaEnv, ["restore", backupFile], {
      COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
    });
    expect(wrongEnv.code).toBe(1);
    expect(wrongEnv.stderr).toContain("the master key from COFFER_MASTER_KEY is not the one this backup");

    const notADatabase = join(tempDir(), "junk.db");
    writeFileSync(notADatabase, "not a database at all");
    const junk = await admin(join(tempDir(), "j"), ["restore", notADatabase], {
      COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
    });
    expect(junk.code).toBe(1);
    expect(junk.stderr).toMatch(/coffer admin: .*junk\.db/);
  });
});

describe("backup and restore with PostgreSQL", () => {
  it("points to the pg_dump / pg_restore recipe instead", async () => {
    const env = {
      DATABASE_URL: "postgres://coffer@127.0.0.1:5432/coffer",
      COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
    };
    const dir = tempDir();
    const backup = await admin(dir, ["backup", join(dir, "x.db")], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain("this Coffer uses PostgreSQL (DATABASE_URL)");
    expect(backup.stderr).toContain("pg_dump --format=custom");
    expect(existsSync(join(dir, "x.db"))).toBe(false);
    const restore = await admin(dir, ["restore", join(dir, "x.db")], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("pg_restore");
  });
});
