// One capability's contract, read top to bottom: rotate-data-key for one workspace and for all, over one shared store.
// Per-workspace data-key rotation (`admin rotate-data-key`, DESIGN.md §6): the real compiled CLI
// as a child process against a store an app keeps serving from, on both engines. The app plays
// the already-running server: it must learn the new version without a restart.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataKeyVersionForWrite } from "../src/crypto/data-key-versions.ts";
import { createTestApp, engineUnderTest, type TestApp } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { compiledEntry, PROJECT_ROOT, spawnScript } from "./helpers/server-process.ts";
import { createTree, type Tree } from "./helpers/tree.ts";

const run = promisify(execFile);

interface World {
  store: Store;
  t: TestApp;
}

/** A store of its own (so that --all sees only this file's workspaces) and an app serving it. */
async function world(): Promise<World> {
  const store = await isolatedStore();
  return { store, t: await createTestApp({ env: store.env }) };
}

async function admin(w: World, ...args: string[]) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...w.store.env,
    COFFER_MASTER_KEY: w.t.config.masterKey!.toString("base64"),
  };
  try {
    const { stdout, stderr } = await run(process.execPath, [compiledEntry("admin"), ...args], {
      cwd: PROJECT_ROOT,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

interface Tenant {
  workspaceId: string;
  headers: Record<string, string>;
  base: string;
  /** What every secret should read as now, by key. */
  values: Map<string, string>;
  /** Every value every version was written with: `${key}@${version}`. */
  history: Map<string, string>;
  ids: Map<string, string>;
}

const value = () => randomBytes(12).toString("hex");

/** A pro workspace with `count` secrets, the first `updated` of them updated twice (three versions). */
async function tenant(w: World, count: number, updated = 0): Promise<Tenant> {
  const owner = await newUser(w.t.app);
  await w.t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
  const tree: Tree = await createTree(w.t.app, owner.accessToken, owner.workspaceId);
  const base = `/secrets/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${tree.environmentId}`;
  const me: Tenant = {
    workspaceId: owner.workspaceId,
    headers: owner.headers,
    base,
    values: new Map(),
    history: new Map(),
    ids: new Map(),
  };
  if (count === 0) return me;
  const secrets = Array.from({ length: count }, (_, i) => ({ key: `KEY_${i}`, value: value() }));
  const created = await w.t.app.inject({
    method: "POST",
    url: `${base}/bulk`,
    headers: owner.headers,
    payload: { secrets },
  });
  expect(created.statusCode, created.body).toBe(201);
  for (const s of created.json() as { id: string; key: string; value: string }[]) {
    me.ids.set(s.key, s.id);
    me.values.set(s.key, s.value);
    me.history.set(`${s.key}@1`, s.value);
  }
  for (const version of [2, 3]) {
    if (updated === 0) break;
    const changes = secrets.slice(0, updated).map((s) => ({ key: s.key, value: value() }));
    const patched = await w.t.app.inject({
      method: "PATCH",
      url: `${base}/`,
      headers: owner.headers,
      payload: { secrets: changes },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    for (const c of changes) {
      me.values.set(c.key, c.value);
      me.history.set(`${c.key}@${version}`, c.value);
    }
  }
  return me;
}

/** Writes one value through the API (creating the secret when new) and records it. */
async function write(w: World, who: Tenant, key: string, v = value()) {
  const id = who.ids.get(key);
  const response = id
    ? await w.t.app.inject({
        method: "PATCH",
        url: `${who.base}/${id}`,
        headers: who.headers,
        payload: { value: v },
      })
    : await w.t.app.inject({
        method: "POST",
        url: `${who.base}/`,
        headers: who.headers,
        payload: { key, value: v },
      });
  expect(response.statusCode, response.body).toBe(id ? 200 : 201);
  const body = response.json() as { id: string; current_version: number };
  who.ids.set(key, body.id);
  who.values.set(key, v);
  who.history.set(`${key}@${body.current_version}`, v);
}

/** Every secret reads back through the API as written: the current values and every old version. */
async function expectReadable(w: World, who: Tenant) {
  const list = await w.t.app.inject({ method: "GET", url: `${who.base}/`, headers: who.headers });
  expect(list.statusCode, list.body).toBe(200);
  const read = new Map((list.json() as { key: string; value: string }[]).map((s) => [s.key, s.value]));
  expect(read).toEqual(who.values);
  for (const version of [1, 2, 3]) {
    const at = await w.t.app.inject({
      method: "GET",
      url: `${who.base}/?version=${version}`,
      headers: who.headers,
    });
    expect(at.statusCode, at.body).toBe(200);
    for (const s of at.json() as { key: string; value: string; current_version: number }[]) {
      const expected = who.history.get(`${s.key}@${Math.min(version, s.current_version)}`);
      if (expected !== undefined) expect(s.value, `${s.key}@${version}`).toBe(expected);
    }
  }
}

/** Every stored ciphertext of the workspace: versions, current copies and share-link snapshots. */
async function storedValues(w: World, workspaceId: string): Promise<string[]> {
  const versions = await w.t.db
    .selectFrom("secret_versions as v")
    .innerJoin("secrets as s", "s.id", "v.secret_id")
    .select("v.ciphertext")
    .where("s.workspace_id", "=", workspaceId)
    .execute();
  const copies = await w.t.db
    .selectFrom("secrets")
    .select("ciphertext")
    .where("workspace_id", "=", workspaceId)
    .execute();
  const links = await w.t.db
    .selectFrom("share_links")
    .select("ciphertext")
    .where("workspace_id", "=", workspaceId)
    .where("ciphertext", "!=", "")
    .execute();
  return [...versions, ...copies, ...links].map((r) => r.ciphertext);
}

const keyVersions = (w: World, workspaceId: string) =>
  w.t.db
    .selectFrom("data_keys")
    .select(["version", "reencrypted_at"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("version")
    .execute();

/** The data key versions the stored values use, with how many values each. */
async function versionsUsed(w: World, workspaceId: string): Promise<Record<string, number>> {
  const used: Record<string, number> = {};
  for (const stored of await storedValues(w, workspaceId)) {
    const version = stored.split(".")[1]!;
    used[version] = (used[version] ?? 0) + 1;
  }
  return used;
}

async function shareLink(w: World, who: Tenant, keys: string[], maxViews: number) {
  const response = await w.t.app.inject({
    method: "POST",
    url: `${who.base}/share`,
    headers: who.headers,
    payload: { secret_ids: keys.map((k) => who.ids.get(k)!), max_views: maxViews },
  });
  expect(response.statusCode, response.body).toBe(201);
  const token = new URL(response.json().url as string).pathname.split("/").pop()!;
  const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
  const expected = keys.map((key) => ({ key, value: who.values.get(key)! })).sort(byKey);
  return {
    expectViewable: async () => {
      const viewed = await w.t.app.inject({ method: "GET", url: `/share/${token}` });
      expect(viewed.statusCode, viewed.body).toBe(200);
      expect([...viewed.json().secrets].sort(byKey)).toEqual(expected);
    },
  };
}

const worlds: World[] = [];
let w: World;

beforeAll(async () => {
  w = await world();
  worlds.push(w);
});
afterAll(async () => {
  for (const each of worlds) {
    await each.t.close();
    await each.store.drop();
  }
});

describe("admin rotate-data-key <workspace_id>", () => {
  it("re-encrypts every version and share link under a new version; values, other workspaces and old versions' readability unchanged", async () => {
    const a = await tenant(w, 150, 100);
    const b = await tenant(w, 20, 5);
    const link = await shareLink(w, a, ["KEY_0", "KEY_149"], 3);
    await link.expectViewable();
    const bBefore = await storedValues(w, b.workspaceId);

    const result = await admin(w, "rotate-data-key", a.workspaceId, "--batch-size", "100");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`workspace ${a.workspaceId}`);
    expect(result.stdout).toContain("data key version 2 created");
    expect(result.stdout).toContain("data key version 1 is no longer used by any value (kept)");
    // 350 versions and one share link, in batches of 100, each reported.
    const progress = result.stderr.match(/\d+\/\d+ values re-encrypted/g) ?? [];
    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress.at(-1)).toBe("351/351 values re-encrypted");

    await expectReadable(w, a);
    await link.expectViewable();
    // 350 versions + 150 current copies + 1 snapshot, all under version 2; version 1 is kept.
    expect(await versionsUsed(w, a.workspaceId)).toEqual({ "2": 501 });
    expect((await keyVersions(w, a.workspaceId)).map((k) => k.version)).toEqual([1, 2]);
    const versions = await w.t.app.inject({
      method: "GET",
      url: `${a.base}/${a.ids.get("KEY_0")}/versions`,
      headers: a.headers,
    });
    expect(versions.statusCode).toBe(200);
    expect((versions.json() as { ciphertext: string }[]).map((v) => v.ciphertext.split(".")[1])).toEqual([
      "2",
      "2",
      "2",
    ]);

    // The other workspace: not a byte changed, still one key.
    expect(await storedValues(w, b.workspaceId)).toEqual(bBefore);
    expect((await keyVersions(w, b.workspaceId)).map((k) => k.version)).toEqual([1]);
    await expectReadable(w, b);

    // The running app learnt the new version without a restart: its next write is under it.
    await write(w, a, "KEY_0");
    await write(w, a, "AFTER_ROTATION");
    expect(await versionsUsed(w, a.workspaceId)).toEqual({ "2": 504 });

    const audit = await w.t.app.inject({
      method: "GET",
      url: `/workspaces/${a.workspaceId}/audit?action=workspace.data_key_rotated`,
      headers: a.headers,
    });
    expect(audit.json()).toHaveLength(1);
    expect(audit.json()[0]).toMatchObject({
      action: "workspace.data_key_rotated",
      actor: { type: "operator" },
      details: { version: 2, previous_version: 1 },
    });
  }, 60_000);

  it("re-encrypts the versions of deleted secrets still recoverable: restored after, they read as before", async () => {
    const c = await tenant(w, 3, 2);
    const id = c.ids.get("KEY_0")!;
    const deleted = await w.t.app.inject({ method: "DELETE", url: `${c.base}/${id}`, headers: c.headers });
    expect(deleted.statusCode).toBe(200);
    const trashed = () =>
      w.t.db.selectFrom("deleted_secret_versions").select("ciphertext").where("secret_id", "=", id).execute();
    expect((await trashed()).map((r) => r.ciphertext.split(".")[1])).toEqual(["1", "1", "1"]);

    const result = await admin(w, "rotate-data-key", c.workspaceId);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("data key version 1 is no longer used by any value (kept)");
    expect((await trashed()).map((r) => r.ciphertext.split(".")[1])).toEqual(["2", "2", "2"]);

    const restored = await w.t.app.inject({
      method: "POST",
      url: `${c.base}/deleted/${id}/restore`,
      headers: c.headers,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    await expectReadable(w, c);
  }, 60_000);

  it("keeps writes made between batches (interleaved with --max-batches 1): preserved, under the new version, never undone", async () => {
    const a = await tenant(w, 60, 60);
    const first = await admin(
      w,
      "rotate-data-key",
      a.workspaceId,
      "--batch-size",
      "40",
      "--max-batches",
      "1",
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("stopped after 1 batch (--max-batches)");

    // Mid-rotation: update secrets not re-encrypted yet and one that was, create one, share one.
    const keysUnder = async (version: number) =>
      (
        await w.t.db
          .selectFrom("secrets")
          .select("key")
          .where("workspace_id", "=", a.workspaceId)
          .where("ciphertext", "like", `v1.${version}.%`)
          .orderBy("key")
          .execute()
      ).map((r) => r.key);
    const pending = (await keysUnder(1)).slice(0, 3);
    const done = (await keysUnder(2)).slice(0, 1);
    expect(pending).toHaveLength(3);
    expect(done).toHaveLength(1);
    for (const key of [...pending, ...done]) await write(w, a, key);
    await write(w, a, "MID_ROTATION");
    const link = await shareLink(w, a, [pending[0]!], 1);
    expect(await keysUnder(2)).toEqual(expect.arrayContaining([...pending, ...done, "MID_ROTATION"]));
    await expectReadable(w, a);

    const second = await admin(w, "rotate-data-key", a.workspaceId, "--batch-size", "40");
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("resuming the unfinished rotation to data key version 2");
    await expectReadable(w, a);
    await link.expectViewable();
    expect(Object.keys(await versionsUsed(w, a.workspaceId))).toEqual(["2"]);
  }, 60_000);

  it("loses no write made concurrently by the running app while the rotation runs", async () => {
    const a = await tenant(w, 120, 40);
    const rotation = admin(w, "rotate-data-key", a.workspaceId, "--batch-size", "5");
    let finished = false;
    void rotation.then(() => {
      finished = true;
    });
    let n = 0;
    // Updates and creates until the rotation is over (at least a few, whenever it ends).
    while (!finished || n < 5) {
      n++;
      await write(w, a, n % 3 === 0 ? `LIVE_${n}` : `KEY_${(n * 7) % 120}`);
    }
    const result = await rotation;
    expect(result.code, result.stderr).toBe(0);
    await expectReadable(w, a);
    expect(Object.keys(await versionsUsed(w, a.workspaceId))).toEqual(["2"]);
  }, 90_000);

  it("killed half-way: every value stays readable, and the next run finishes the same version", async () => {
    const a = await tenant(w, 200, 50);
    const env = { ...w.store.env, COFFER_MASTER_KEY: w.t.config.masterKey!.toString("base64") };
    const child = spawnScript("admin", env, false, ["rotate-data-key", a.workspaceId, "--batch-size", "1"]);
    for (let i = 0; i < 600 && child.running() && !/values re-encrypted/.test(child.stderr()); i++)
      await new Promise((r) => setTimeout(r, 50));
    await child.stop("SIGKILL");
    await expectReadable(w, a);
    const [, second] = await keyVersions(w, a.workspaceId);
    // Stopped before the end (the usual case): the next run resumes version 2, it does not add a 3rd.
    const interrupted = second?.reencrypted_at === null;

    const again = await admin(w, "rotate-data-key", a.workspaceId);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(interrupted ? "resuming the unfinished rotation" : "created");
    const newest = interrupted ? 2 : 3;
    expect((await keyVersions(w, a.workspaceId)).map((k) => k.version)).toEqual(
      interrupted ? [1, 2] : [1, 2, 3],
    );
    expect(Object.keys(await versionsUsed(w, a.workspaceId))).toEqual([String(newest)]);
    await expectReadable(w, a);
  }, 90_000);

  // SQLite needs no such test: its write transactions (BEGIN IMMEDIATE) exclude each other.
  it.runIf(engineUnderTest() === "postgres")(
    "waits for a write transaction that read the current version before adding the next one",
    async () => {
      const a = await tenant(w, 5);
      const waitingOnLock = async () => {
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks
          where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`.execute(w.t.db);
        return Number(rows[0]!.n) > 0;
      };
      let rotation: ReturnType<typeof admin> | undefined;
      // An in-flight write: it took the lock every write takes and read the version to seal under.
      await w.t.db.transaction().execute(async (tx) => {
        expect(await dataKeyVersionForWrite(tx, a.workspaceId)).toBe(1);
        rotation = admin(w, "rotate-data-key", a.workspaceId);
        for (let i = 0; i < 600 && !(await waitingOnLock()); i++) await new Promise((r) => setTimeout(r, 50));
        expect(await waitingOnLock()).toBe(true);
        // Still version 1 for the rest of this write: the rotation waits for it to commit.
        expect(await dataKeyVersionForWrite(tx, a.workspaceId)).toBe(1);
      });
      const result = await rotation!;
      expect(result.code, result.stderr).toBe(0);
      expect((await keyVersions(w, a.workspaceId)).map((k) => k.version)).toEqual([1, 2]);
      await expectReadable(w, a);
    },
    60_000,
  );

  it("says so for a workspace that has no data key yet, and changes nothing", async () => {
    const empty = await tenant(w, 0);
    const result = await admin(w, "rotate-data-key", empty.workspaceId);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("no data key yet");
    expect(await keyVersions(w, empty.workspaceId)).toEqual([]);
  }, 30_000);

  it("refuses bad arguments and an unknown workspace with exit 1, changing nothing", async () => {
    const a = await tenant(w, 3);
    const cases = [
      [],
      ["not-a-uuid"],
      ["00000000-0000-4000-8000-000000000000"],
      [a.workspaceId, "--all"],
      [a.workspaceId, "--batch-size", "0"],
      [a.workspaceId, "--created-before", "yesterday-ish"],
    ];
    const results = [];
    for (const args of cases) results.push(await admin(w, "rotate-data-key", ...args));
    for (const [index, result] of results.entries()) {
      expect(result.code, cases[index]!.join(" ")).toBe(1);
      expect(result.stderr).toMatch(/^coffer admin: /);
      expect(result.stderr).toContain("usage: coffer-server admin rotate-data-key");
    }
    expect(results[1]!.stderr).toContain('"not-a-uuid" is not a workspace id');
    expect(results[2]!.stderr).toContain("no workspace 00000000-0000-4000-8000-000000000000");
    expect((await keyVersions(w, a.workspaceId)).map((k) => k.version)).toEqual([1]);
  }, 90_000);

  it("refuses to run with a master key that is not the store's, changing nothing", async () => {
    const a = await tenant(w, 3);
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...w.store.env };
    const wrongKey = randomBytes(32).toString("base64");
    const result = await run(process.execPath, [compiledEntry("admin"), "rotate-data-key", a.workspaceId], {
      cwd: PROJECT_ROOT,
      env: { ...env, COFFER_MASTER_KEY: wrongKey },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("is not the master key of this store");
    expect(result.stderr).not.toContain(wrongKey);
    expect((await keyVersions(w, a.workspaceId)).map((k) => k.version)).toEqual([1]);
  }, 30_000);

  it("is listed by help", async () => {
    const result = await admin(w, "help");
    expect(result.stdout).toContain("rotate-data-key <workspace_id|--all>");
  }, 30_000);
});

describe("admin rotate-data-key --all", () => {
  it("goes workspace by workspace; interrupted, it continues with --created-before without rotating a workspace twice", async () => {
    const own = await world();
    worlds.push(own);
    const tenants = [await tenant(own, 30, 10), await tenant(own, 10), await tenant(own, 25, 25)];
    const empty = await tenant(own, 0);

    const paused = await admin(own, "rotate-data-key", "--all", "--batch-size", "20", "--max-batches", "2");
    expect(paused.code, paused.stderr).toBe(0);
    const resume = /coffer-server admin rotate-data-key --all --created-before (\S+)/.exec(paused.stdout);
    expect(resume, paused.stdout).not.toBeNull();
    expect(paused.stdout).toContain("not finished");
    for (const who of tenants) await expectReadable(own, who);

    const rest = await admin(own, "rotate-data-key", "--all", "--created-before", resume![1]!);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stdout).toContain(`workspace ${empty.workspaceId}`);
    expect(rest.stdout).toContain("no data key yet");
    expect(rest.stdout).toMatch(/4 workspaces: \d rotated, 1 without a data key/);
    for (const who of tenants) {
      expect((await keyVersions(own, who.workspaceId)).map((k) => k.version)).toEqual([1, 2]);
      expect(Object.keys(await versionsUsed(own, who.workspaceId))).toEqual(["2"]);
      await expectReadable(own, who);
    }
    expect(await keyVersions(own, empty.workspaceId)).toEqual([]);

    // Run again later (no --created-before): every workspace gets its next version.
    const next = await admin(own, "rotate-data-key", "--all");
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain("4 workspaces: 3 rotated, 1 without a data key");
    for (const who of tenants) {
      expect(Object.keys(await versionsUsed(own, who.workspaceId))).toEqual(["3"]);
      await expectReadable(own, who);
    }
  }, 120_000);
});
