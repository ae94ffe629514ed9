// Upgrades, each on a database of its own (PostgreSQL: created for the test, dropped after; SQLite: a
// fresh data dir): three server processes started together on one fresh database (every one serves,
// each migration runs once); a database a newer Coffer migrated, refused in one line by the server,
// `migrate` and `admin`; `migrate --dry-run`, which lists what would run and changes nothing; and
// `migrate`, whose pending migrations commit together or not at all.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../src/db/connect.ts";
import { knownMigrations } from "../src/db/migrate.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { freePort, killChildren, removeTempDirs, runScript, startServer } from "./helpers/server-process.ts";
import { newAccount } from "./helpers/wire.ts";

const engine = inject("databaseUrl") === null ? "sqlite" : "postgres";
const KNOWN = knownMigrations();
const MIGRATE = "migrate";
const DRY = "(dry run: nothing was changed)";
const FUTURE = "9999_from_a_newer_coffer";
const REFUSAL = `coffer: this database was migrated by a newer Coffer (migration ${FUTURE}): run that version or newer; to go back, restore the backup taken before the upgrade`;

let store: Store | undefined;
afterEach(async () => {
  await killChildren();
  await store?.drop();
  store = undefined;
  removeTempDirs();
});

interface Row {
  name: string;
  timestamp: string;
}

/** kysely_migration as it stands; null when the table does not exist. */
async function migrationRows(at: Store): Promise<Row[] | null> {
  const { db } = openDatabase({ databaseUrl: at.env.DATABASE_URL, dataDir: at.dataDir });
  try {
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    if (!tables.some((table) => table.name === "kysely_migration")) return null;
    return (await sql<Row>`select name, timestamp from kysely_migration order by name`.execute(db)).rows;
  } finally {
    await db.destroy();
  }
}

async function columnsOf(at: Store, table: string): Promise<string[]> {
  const { db } = openDatabase({ databaseUrl: at.env.DATABASE_URL, dataDir: at.dataDir });
  try {
    const tables = await db.introspection.getTables();
    return tables.find((t) => t.name === table)?.columns.map((column) => column.name) ?? [];
  } finally {
    await db.destroy();
  }
}

const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");

describe("several processes starting on one fresh database", () => {
  it("three servers started together all serve, and each migration ran once", async () => {
    store = await isolatedStore({ migratedTo: null });
    // PostgreSQL nodes share one master key; on SQLite the three race to generate the data dir's
    // master.key as well, and must all end up with the one that won.
    const env =
      engine === "postgres"
        ? { ...store.env, COFFER_MASTER_KEY: randomBytes(32).toString("base64") }
        : store.env;
    const servers = await Promise.all([1, 2, 3].map(() => startServer(env)));
    if (engine === "sqlite") {
      const key = Buffer.from(readFileSync(join(store.dataDir, "master.key"), "utf8").trim(), "base64");
      expect(key).toHaveLength(32);
      expect(readdirSync(store.dataDir).filter((name) => name.startsWith("master.key"))).toEqual([
        "master.key",
      ]);
    }

    expect((await migrationRows(store))?.map((row) => row.name)).toEqual(KNOWN);
    // One process applied them all; the others waited for it, or came after, and applied none.
    const appliers = servers.map((s) => s.logLines().filter((line) => Array.isArray(line.migrations)));
    expect(appliers.flat()).toEqual([expect.objectContaining({ migrations: KNOWN })]);
    for (const server of servers) {
      expect(server.stderr()).toBe("");
      const errors = server.logLines().filter((line) => (line.level as number) >= 50);
      expect(errors).toEqual([]);
    }
    for (const server of servers) await newAccount(server.port);
  });
});

describe("a database migrated by a newer Coffer", () => {
  it("the server, migrate (dry run or not) and admin refuse it in one line and leave it as it was", async () => {
    store = await isolatedStore({ migratedTo: KNOWN.at(-1) });
    const { db } = openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.dataDir });
    await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(
      db,
    );
    await db.destroy();
    const before = await migrationRows(store);

    const env = { ...store.env, COFFER_MASTER_KEY: randomBytes(32).toString("base64") };
    const [server, migrate, dryRun, admin] = await Promise.all([
      runScript("main", { ...env, PORT: String(await freePort()) }),
      runScript(MIGRATE, env),
      runScript(MIGRATE, env, ["--dry-run"]),
      runScript("admin", env, ["purge"]),
    ]);
    for (const run of [server, migrate, dryRun]) {
      expect(run.code, run.stdout).toBe(1);
      expect(lines(run.stderr)).toEqual([REFUSAL]);
    }
    expect(server.stdout).not.toMatch(/coffer is ready/);
    expect(admin.code, admin.stdout).toBe(1);
    expect(lines(admin.stderr)).toEqual([REFUSAL.replace(/^coffer:/, "coffer admin:")]);
    expect(await migrationRows(store)).toEqual(before);
  });
});

describe("migrate, and migrate --dry-run", () => {
  it("lists what an older database lacks, in order, changing nothing; migrate then applies exactly that", async () => {
    const lacking = KNOWN.slice(-2);
    store = await isolatedStore({ migratedTo: KNOWN.at(-3) });
    const before = await migrationRows(store);
    expect(before?.map((row) => row.name)).toEqual(KNOWN.slice(0, -2));

    const [dryRun, wrong] = await Promise.all([
      runScript(MIGRATE, store.env, ["--dry-run"]),
      runScript(MIGRATE, store.env, ["--dry-rn"]),
    ]);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(lines(dryRun.stdout)).toEqual([`${engine}: would apply ${lacking.join(", ")} ${DRY}`]);
    expect(await migrationRows(store)).toEqual(before);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /^coffer: unknown argument "--dry-rn"\n[\s\S]*usage: coffer-server migrate \[--dry-run\]/,
    );

    const applied = await runScript(MIGRATE, store.env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(lines(applied.stdout)).toEqual([`${engine}: applied ${lacking.join(", ")}`]);
    expect((await migrationRows(store))?.map((row) => row.name)).toEqual(KNOWN);

    const upToDate = await runScript(MIGRATE, store.env, ["--dry-run"]);
    expect(lines(upToDate.stdout)).toEqual([`${engine}: already up to date ${DRY}`]);
  });

  it("a migration that fails leaves the schema as it was: the pending ones commit together or not at all", async () => {
    // Landed migrations never change: 0018 adds audit_events.project_name, 0019 environments.references_from.
    store = await isolatedStore({ migratedTo: "0017_session_end_reason" });
    const { db } = openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.dataDir });
    await sql`alter table environments add column references_from text`.execute(db);
    await db.destroy();
    const before = await migrationRows(store);

    const run = await runScript(MIGRATE, store.env);
    expect(run.code, run.stdout).toBe(1);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^coffer: could not migrate: .*references_from/),
    ]);
    expect(await migrationRows(store)).toEqual(before);
    expect(await columnsOf(store, "audit_events")).not.toContain("project_name");
  });

  it("lists every migration for a database never migrated, and creates nothing", async () => {
    store = await isolatedStore({ migratedTo: null });
    const dryRun = await runScript(MIGRATE, store.env, ["--dry-run"]);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(lines(dryRun.stdout)).toEqual([`${engine}: would apply ${KNOWN.join(", ")} ${DRY}`]);
    if (engine === "sqlite") expect(existsSync(join(store.dataDir, "coffer.db"))).toBe(false);
    else expect(await migrationRows(store)).toBeNull();
  });
});

describe("an audit trail from before the chain (issue 37)", () => {
  it("is chained at the first start, oldest first, and verifies", async () => {
    store = await isolatedStore({ migratedTo: "0021_protected_environments" });
    const workspaceId = "0190f0f0-0000-7000-8000-000000000001";
    const { db } = openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.dataDir });
    // As the older Coffer wrote them: no sequence, no hmac; inserted out of time order.
    const at = ["2026-01-03T00:00:00.000Z", "2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z"];
    for (const [index, created] of at.entries()) {
      await sql`insert into audit_events (id, workspace_id, action, resource_type, resource_id, actor_type,
        actor_id, actor_user_id, actor_name, details, created_at)
        values (${`0190f0f0-0000-7000-8000-00000000010${index}`}, ${workspaceId}, 'team.created', 'team', null,
        'user', 'u', 'u', 'someone@example.com', '{}', ${created})`.execute(db);
    }
    await db.destroy();
    const env = { ...store.env, COFFER_MASTER_KEY: randomBytes(32).toString("base64") };
    const server = await startServer(env);
    await server.stop();
    const { db: after } = openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.dataDir });
    const rows = await after
      .selectFrom("audit_events")
      .select(["created_at", "sequence"])
      .where("workspace_id", "=", workspaceId)
      .orderBy("sequence")
      .execute();
    await after.destroy();
    expect(rows).toEqual(
      [...at].sort().map((created, index) => ({ created_at: created, sequence: index + 1 })),
    );
    const verified = await runScript("admin", env, ["audit-verify", workspaceId]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`workspace ${workspaceId}: holds (3 entries, sequences 1 to 3)`);
  });
});
