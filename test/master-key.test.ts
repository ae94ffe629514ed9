// The master key against real processes: rotating it while a node serves writes loses nothing, a
// wrong or corrupt key refuses to start in one line, and admin commands wait for a busy SQLite
// store instead of failing (issue 8, items 4 and 5).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { engineUnderTest } from "./helpers/app.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { httpJson, httpSignIn, type TenantOverHttp, tenantOverHttp } from "./helpers/real-port.ts";
import {
  compiledEntry,
  killChildren,
  PROJECT_ROOT,
  removeTempDirs,
  runScript,
  type ServerProcess,
  startServer,
  tempDir,
} from "./helpers/server-process.ts";

const run = promisify(execFile);
const onSqlite = engineUnderTest() === "sqlite";
const newKey = () => randomBytes(32).toString("base64");

interface Written {
  tenant: TenantOverHttp;
  key: string;
  value: string;
}

/**
 * Writes secrets until stopped: into existing tenants and into new ones (whose first secret
 * creates a data key). Every acknowledged write is recorded; `allowed` lists the other statuses
 * a write may answer (anything else, a 500 above all, fails the test).
 */
function writeLoad(url: string, tenants: TenantOverHttp[], allowed: { status: number; code: string }[] = []) {
  const written: Written[] = [];
  const refused: { status: number; body: unknown }[] = [];
  const unexpected: { status: number; body: unknown }[] = [];
  let stopped = false;
  const sessions = new Map<string, Record<string, string>>();
  const loop = async () => {
    let n = 0;
    while (!stopped) {
      n++;
      const tenant = n % 5 === 0 ? await tenantOverHttp(url) : tenants[n % tenants.length]!;
      if (n % 5 === 0) tenants.push(tenant);
      let session = sessions.get(tenant.email);
      if (!session) {
        session = await httpSignIn(url, tenant.email);
        sessions.set(tenant.email, session);
      }
      const key = `K_${n}_${randomBytes(3).toString("hex").toUpperCase()}`;
      const value = randomBytes(12).toString("hex");
      const reply = await httpJson(url, "POST", `${tenant.secrets}/`, session, { key, value });
      if (reply.status === 201) written.push({ tenant, key, value });
      else if (
        allowed.some((a) => a.status === reply.status && (reply.body as { code?: string })?.code === a.code)
      )
        refused.push(reply);
      else unexpected.push(reply);
    }
  };
  const done = loop();
  return {
    written,
    refused,
    unexpected,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** Every acknowledged secret reads back with its value, and every list answers 200 (not 207). */
async function expectAllReadable(url: string, written: Written[]) {
  const byTenant = new Map<string, Written[]>();
  for (const w of written) byTenant.set(w.tenant.email, [...(byTenant.get(w.tenant.email) ?? []), w]);
  for (const [email, items] of byTenant) {
    const session = await httpSignIn(url, email);
    const list = await httpJson(url, "GET", `${items[0]!.tenant.secrets}/`, session);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const values = new Map((list.body as { key: string; value: string }[]).map((s) => [s.key, s.value]));
    for (const w of items) expect(values.get(w.key)).toBe(w.value);
  }
}

async function admin(store: Store, env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [compiledEntry("admin"), ...args], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...store.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stores: Store[] = [];
async function store(): Promise<Store> {
  const s = await isolatedStore();
  stores.push(s);
  return s;
}
const serve = (s: Store, env: Record<string, string>): Promise<ServerProcess> =>
  startServer({ ...s.env, COFFER_RATE_LIMIT_PER_MINUTE: "100000", ...env });

afterEach(async () => {
  await killChildren();
});
afterAll(async () => {
  for (const s of stores) await s.drop();
  removeTempDirs();
});

describe("rotating the master key while a node serves writes", () => {
  it.runIf(onSqlite)(
    "master.key file: the running node picks up the new key, new workspaces get data keys, a restart reads everything",
    async () => {
      const s = await store();
      const node = await serve(s, {});
      const tenants = [await tenantOverHttp(node.url), await tenantOverHttp(node.url)];
      const load = writeLoad(node.url, tenants);
      await sleep(400);
      const rotated = await admin(s, {}, "rotate-master-key");
      expect(rotated.code, rotated.stderr).toBe(0);
      await sleep(400);
      // After the rotation: a brand-new workspace's first secret needs a new data key.
      const late = await tenantOverHttp(node.url);
      const session = await httpSignIn(node.url, late.email);
      const first = await httpJson(node.url, "POST", `${late.secrets}/`, session, {
        key: "AFTER_ROTATION",
        value: "v",
      });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      await load.stop();
      expect(load.unexpected).toEqual([]);
      expect(load.written.length).toBeGreaterThan(5);
      expect((await httpJson(node.url, "GET", "/readyz")).status).toBe(200);
      await node.stop();

      const restarted = await serve(s, {});
      await expectAllReadable(restarted.url, [
        ...load.written,
        { tenant: late, key: "AFTER_ROTATION", value: "v" },
      ]);
    },
    60_000,
  );

  it("staged (COFFER_MASTER_KEY=new, COFFER_MASTER_KEY_PREVIOUS=old on every node): no write is refused, the new key alone reads everything", async () => {
    const s = await store();
    const [oldKey, nextKey] = [newKey(), newKey()];
    const first = await serve(s, { COFFER_MASTER_KEY: oldKey });
    const tenants = [await tenantOverHttp(first.url), await tenantOverHttp(first.url)];
    await first.stop();

    const node = await serve(s, { COFFER_MASTER_KEY: nextKey, COFFER_MASTER_KEY_PREVIOUS: oldKey });
    const load = writeLoad(node.url, tenants);
    await sleep(400);
    const rotated = await admin(
      s,
      { COFFER_MASTER_KEY: nextKey, COFFER_MASTER_KEY_PREVIOUS: oldKey },
      "rotate-master-key",
    );
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain("remove COFFER_MASTER_KEY_PREVIOUS");
    expect(rotated.stdout).not.toContain(nextKey);
    await sleep(400);
    await load.stop();
    expect(load.unexpected).toEqual([]);
    expect(load.refused).toEqual([]);
    await node.stop();

    const restarted = await serve(s, { COFFER_MASTER_KEY: nextKey });
    await expectAllReadable(restarted.url, load.written);
    await restarted.stop();
    // The audit chains written under the old key verify under the new one alone.
    const verified = await admin(s, { COFFER_MASTER_KEY: nextKey }, "audit-verify");
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/\b([2-9]|[1-9]\d+) workspaces verified, 0 broken/);

    // The old key alone is now the wrong key: refused at start, in one line naming the variable.
    const refused = await runScript("main", { ...s.env, COFFER_MASTER_KEY: oldKey, PORT: "0" });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain("COFFER_MASTER_KEY is not the master key of this store");
    expect(refused.stderr).not.toContain(oldKey);
  }, 60_000);

  it("unstaged: a node still on the old key refuses new data keys with 503 (never wraps under the old key), and is not ready; the new key reads everything", async () => {
    const s = await store();
    const [oldKey, nextKey] = [newKey(), newKey()];
    const node = await serve(s, { COFFER_MASTER_KEY: oldKey });
    const tenants = [await tenantOverHttp(node.url), await tenantOverHttp(node.url)];
    const load = writeLoad(node.url, tenants, [{ status: 503, code: "master_key_unavailable" }]);
    await sleep(400);
    const keyFile = join(tempDir(), "next.key");
    writeFileSync(keyFile, nextKey);
    const rotated = await admin(
      s,
      { COFFER_MASTER_KEY: oldKey },
      "rotate-master-key",
      "--new-key-file",
      keyFile,
    );
    expect(rotated.code, rotated.stderr).toBe(0);
    await sleep(600);
    await load.stop();
    expect(load.unexpected).toEqual([]);

    const late = await tenantOverHttp(node.url);
    const session = await httpSignIn(node.url, late.email);
    const refused = await httpJson(node.url, "POST", `${late.secrets}/`, session, {
      key: "NEW_WS",
      value: "v",
    });
    expect(refused).toMatchObject({ status: 503, body: { code: "master_key_unavailable" } });
    expect((await httpJson(node.url, "GET", "/readyz")).status).toBe(503);
    await node.stop();

    const restarted = await serve(s, { COFFER_MASTER_KEY: nextKey });
    expect((await httpJson(restarted.url, "GET", "/readyz")).status).toBe(200);
    await expectAllReadable(restarted.url, load.written);
  }, 60_000);
});

describe("a wrong or corrupt master key", () => {
  it("a well-formed key that is not the store's: refused at start in one line, no stack trace", async () => {
    const s = await store();
    const node = await serve(s, { COFFER_MASTER_KEY: newKey() });
    await tenantOverHttp(node.url).then(async (t) => {
      const session = await httpSignIn(node.url, t.email);
      expect(
        (await httpJson(node.url, "POST", `${t.secrets}/`, session, { key: "A", value: "b" })).status,
      ).toBe(201);
    });
    await node.stop();
    const result = await runScript("main", { ...s.env, COFFER_MASTER_KEY: newKey(), PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^coffer: COFFER_MASTER_KEY is not the master key of this store/);
    expect(result.stderr).not.toContain("    at ");
  }, 30_000);

  it.runIf(onSqlite)(
    "a corrupt master.key is reported under the file's name, not COFFER_MASTER_KEY",
    async () => {
      const s = await store();
      writeFileSync(join(s.dataDir, "master.key"), "not a key\n");
      const result = await runScript("main", { ...s.env, PORT: "0" });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(join(s.dataDir, "master.key"));
      expect(result.stderr).not.toContain("COFFER_MASTER_KEY");
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
    },
    30_000,
  );
});

describe("admin commands on a busy store", () => {
  it("set-plan succeeds while the server is under a write load (SQLite write transactions begin IMMEDIATE)", async () => {
    const s = await store();
    const env: Record<string, string> = onSqlite ? {} : { COFFER_MASTER_KEY: newKey() };
    const node = await serve(s, env);
    const tenants = [
      await tenantOverHttp(node.url),
      await tenantOverHttp(node.url),
      await tenantOverHttp(node.url),
    ];
    const workspaceId = tenants[0]!.workspaceId;
    const load = writeLoad(node.url, tenants);
    await sleep(200);
    for (const plan of ["pro", "free", "enterprise", "pro"]) {
      const result = await admin(s, env, "set-plan", workspaceId, plan);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`-> ${plan}`);
    }
    await load.stop();
    expect(load.unexpected).toEqual([]);
    expect(load.written.length).toBeGreaterThan(5);
  }, 60_000);
});
