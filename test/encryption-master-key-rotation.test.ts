// admin rotate-master-key (DESIGN.md §6) as the compiled CLI against an isolated store, on both
// engines: every data key re-wrapped, the new key reads everything and the old one nothing.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { unwrapDataKey } from "../src/crypto/data-keys.ts";
import { createTestApp, engineUnderTest } from "./helpers/app.ts";
import { createSecret, distinctive, list, WRAPPED } from "./helpers/encrypted-secrets.ts";
import { login, newUser } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { compiledEntry } from "./helpers/server-process.ts";
import { createTree, secretsPath, type Tree } from "./helpers/tree.ts";
import { enableTwoFactor, totpCode } from "./helpers/two-factor.ts";

const run = promisify(execFile);

const newKey = () => randomBytes(32).toString("base64");

/** `admin rotate-master-key …` (compiled) against the store, with the master key given (or none). */
async function rotate(store: Store, masterKey: string | undefined, ...args: string[]) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...store.env,
    ...(masterKey ? { COFFER_MASTER_KEY: masterKey } : {}),
  };
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [compiledEntry("admin"), "rotate-master-key", ...args],
      { env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** An app on the store's database with the given master key. */
const appOn = (store: Store, masterKey: string) =>
  createTestApp({ env: { ...store.env, COFFER_MASTER_KEY: masterKey } });

interface Seeded {
  email: string;
  password: string;
  tree: Tree;
  values: Record<string, string>;
  /** The value of secret ROTATING at version 1 (it is at version 2). */
  firstValue: string;
}

/** Two workspaces with secrets (one of them at version 2), written through an app using `key`. */
async function seed(store: Store, key: string): Promise<Seeded[]> {
  const t = await appOn(store, key);
  try {
    const seeded: Seeded[] = [];
    for (const label of ["alpha", "beta"]) {
      const owner = await newUser(t.app);
      const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
      const values: Record<string, string> = {};
      for (const name of ["API_TOKEN", "DB_URL", "ROTATING"]) {
        values[name] = distinctive(`${label}-${name}`);
        await createSecret(t.app, owner.headers, tree, name, values[name]!);
      }
      const firstValue = values.ROTATING!;
      values.ROTATING = distinctive(`${label}-rotated`);
      const rows = (await list(t.app, owner.headers, tree)).json() as { id: string; key: string }[];
      const rotating = rows.find((r) => r.key === "ROTATING")!;
      const patched = await t.app.inject({
        method: "PATCH",
        url: `${secretsPath(tree)}/${rotating.id}`,
        headers: owner.headers,
        payload: { value: values.ROTATING },
      });
      expect(patched.statusCode).toBe(200);
      seeded.push({ email: owner.email, password: owner.password, tree, values, firstValue });
    }
    return seeded;
  } finally {
    await t.close();
  }
}

async function snapshotStore(store: Store, key: string) {
  const t = await appOn(store, key);
  try {
    const dataKeys = await t.db.selectFrom("data_keys").selectAll().orderBy("workspace_id").execute();
    const secrets = await t.db.selectFrom("secrets").select(["id", "ciphertext"]).orderBy("id").execute();
    const versions = await t.db
      .selectFrom("secret_versions")
      .select(["secret_id", "version", "ciphertext"])
      .orderBy("secret_id")
      .orderBy("version")
      .execute();
    return { dataKeys, secrets, versions };
  } finally {
    await t.close();
  }
}

/** Every seeded secret reads back with its value (current and version 1) through an app using `key`. */
async function expectReadable(store: Store, key: string, seeded: Seeded[]) {
  const t = await appOn(store, key);
  try {
    for (const s of seeded) {
      // Session tokens are signed with a key derived from the master key: sign in again.
      const session = await login(t.app, s.email, s.password);
      const headers = { authorization: `Bearer ${session.accessToken}` };
      const response = await list(t.app, headers, s.tree);
      expect(response.statusCode, response.body).toBe(200);
      const values = Object.fromEntries(
        response.json().map((r: { key: string; value: string }) => [r.key, r.value]),
      );
      expect(values).toEqual(s.values);
      const old = await list(t.app, headers, s.tree, "?version=1");
      expect(old.statusCode).toBe(200);
      expect(old.json().find((r: { key: string }) => r.key === "ROTATING").value).toBe(s.firstValue);
    }
  } finally {
    await t.close();
  }
}

/**
 * Through an app using `key` (the key a rotation replaced), nothing is readable: no data key opens
 * under it, and the app cannot even sign anyone in — the sign-in's audit entry is sealed to a chain
 * whose key it cannot open, so it answers 503 master_key_unavailable rather than record nothing.
 */
async function expectUnreadable(store: Store, key: string, seeded: Seeded[]) {
  const t = await appOn(store, key);
  try {
    const master = Buffer.from(key, "base64");
    const dataKeys = await t.db.selectFrom("data_keys").selectAll().execute();
    expect(dataKeys.length).toBeGreaterThan(0);
    for (const row of dataKeys) {
      expect(() => unwrapDataKey(master, row.workspace_id, row.version, row.wrapped_key)).toThrow();
    }
    for (const s of seeded) {
      const refused = await t.app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ username: s.email, password: s.password }).toString(),
      });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().code).toBe("master_key_unavailable");
      for (const value of Object.values(s.values)) expect(refused.body).not.toContain(value);
    }
  } finally {
    await t.close();
  }
}

/** After a rotation: the new key reads every seeded secret, the old one none. */
async function expectRotated(store: Store, oldKey: string, nextKey: string, seeded: Seeded[]) {
  await expectReadable(store, nextKey, seeded);
  await expectUnreadable(store, oldKey, seeded);
}

describe("admin rotate-master-key", () => {
  const stores: Store[] = [];
  const store = async () => {
    const s = await isolatedStore();
    stores.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of stores) await s.drop();
  });
  /** A store seeded under a fresh current key, and a snapshot of it before the test touches it. */
  const seededStore = async () => {
    const s = await store();
    const key = newKey();
    const seeded = await seed(s, key);
    return { s, key, seeded, before: await snapshotStore(s, key) };
  };

  it("generates a new key, prints it once, re-wraps every data key; the new key reads everything, the old none", async () => {
    const { s, key: oldKey, seeded, before } = await seededStore();
    expect(before.dataKeys).toHaveLength(2);

    const result = await rotate(s, oldKey);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("re-wrapped 2 data keys");
    const printed = result.stdout.match(/shown once[^:]*: ([A-Za-z0-9+/=]+)/)?.[1];
    expect(printed).toBeDefined();
    const nextKey = printed!;
    expect(Buffer.from(nextKey, "base64")).toHaveLength(32);
    expect(nextKey).not.toBe(oldKey);
    expect(result.stdout.split(nextKey)).toHaveLength(2); // exactly once
    expect(result.stdout).not.toContain(oldKey);
    expect(result.stderr).not.toContain(nextKey);

    const after = await snapshotStore(s, nextKey);
    // Data keys re-wrapped (same rows, new wrapping); secret rows untouched.
    expect(after.dataKeys.map((k) => [k.workspace_id, k.version])).toEqual(
      before.dataKeys.map((k) => [k.workspace_id, k.version]),
    );
    for (const [index, row] of after.dataKeys.entries()) {
      expect(row.wrapped_key).toMatch(WRAPPED);
      expect(row.wrapped_key).not.toBe(before.dataKeys[index]!.wrapped_key);
    }
    expect(after.secrets).toEqual(before.secrets);
    expect(after.versions).toEqual(before.versions);

    await expectRotated(s, oldKey, nextKey, seeded);
  });

  it("takes the new key from --new-key-file, and does not print it", async () => {
    const s = await store();
    const oldKey = newKey();
    const nextKey = newKey();
    const seeded = await seed(s, oldKey);
    const file = join(s.dataDir, "next.key");
    writeFileSync(file, `${nextKey}\n`, { mode: 0o600 });

    const result = await rotate(s, oldKey, "--new-key-file", file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("re-wrapped 2 data keys");
    expect(result.stdout).not.toContain(nextKey);
    expect(result.stdout).not.toContain("shown once");

    await expectRotated(s, oldKey, nextKey, seeded);
  });

  it("re-seals two-factor secrets: the authenticator app's codes still sign in under the new key", async () => {
    const s = await store();
    const oldKey = newKey();
    const nextKey = newKey();
    const before = await appOn(s, oldKey);
    const user = await newUser(before.app);
    const { secret } = await enableTwoFactor(before.app, user.accessToken, before.clock);
    await before.close();
    const file = join(s.dataDir, "next.key");
    writeFileSync(file, `${nextKey}\n`, { mode: 0o600 });

    const result = await rotate(s, oldKey, "--new-key-file", file);
    expect(result.code, result.stderr).toBe(0);

    const after = await appOn(s, nextKey);
    try {
      after.clock.advance(30); // the code used to turn it on works only once
      const signedIn = await after.app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          username: user.email,
          password: user.password,
          otp: totpCode(secret, after.clock),
        }).toString(),
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const row = await after.db
        .selectFrom("two_factor")
        .selectAll()
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      expect(row?.secret).not.toContain(secret);
    } finally {
      await after.close();
    }
  });

  it("fails with exit 1 and changes nothing when the current key is wrong", async () => {
    const { s, key: rightKey, seeded, before } = await seededStore();
    const file = join(s.dataDir, "next.key");
    writeFileSync(file, `${newKey()}\n`, { mode: 0o600 });

    for (const args of [[], ["--new-key-file", file]]) {
      const result = await rotate(s, newKey(), ...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr).toContain("does not open with the current master key");
      expect(result.stdout).not.toContain("shown once");
    }
    expect(await snapshotStore(s, rightKey)).toEqual(before);
    await expectReadable(s, rightKey, seeded);
  });

  it("refuses a bad --new-key-file or the current key as the new one (exit 1, nothing changed)", async () => {
    const { s, key, before } = await seededStore();
    const short = join(s.dataDir, "short.key");
    writeFileSync(short, randomBytes(16).toString("base64"));
    const same = join(s.dataDir, "same.key");
    writeFileSync(same, key);
    for (const args of [
      ["--new-key-file", short],
      ["--new-key-file", join(s.dataDir, "missing.key")],
      ["--new-key-file", same],
      ["--new-key-file"],
      ["extra"],
    ]) {
      const result = await rotate(s, key, ...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr).toMatch(/coffer admin: /);
    }
    expect(await snapshotStore(s, key)).toEqual(before);
  });

  it.runIf(engineUnderTest() === "sqlite")(
    "without COFFER_MASTER_KEY (embedded engine) replaces master.key with the new key, mode 0600",
    async () => {
      const s = await store();
      const oldKey = newKey();
      const keyFile = join(s.dataDir, "master.key");
      writeFileSync(keyFile, `${oldKey}\n`, { mode: 0o600 });
      const seeded = await seed(s, oldKey);

      const result = await rotate(s, undefined);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain("re-wrapped 2 data keys");
      expect(result.stdout).toContain(keyFile);
      const nextKey = readFileSync(keyFile, "utf8").trim();
      expect(Buffer.from(nextKey, "base64")).toHaveLength(32);
      expect(nextKey).not.toBe(oldKey);
      expect(result.stdout).not.toContain(nextKey); // it is in the file, not on screen
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(() => statSync(`${keyFile}.new`)).toThrow();

      await expectRotated(s, oldKey, nextKey, seeded);
    },
  );

  it.runIf(engineUnderTest() === "sqlite")(
    "with a master.key that does not open the data keys, leaves the file and the database as they were",
    async () => {
      const { s, key: rightKey, seeded, before } = await seededStore();
      const keyFile = join(s.dataDir, "master.key");
      const wrongKey = newKey();
      writeFileSync(keyFile, `${wrongKey}\n`, { mode: 0o600 });

      const result = await rotate(s, undefined);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("does not open with the current master key");
      expect(readFileSync(keyFile, "utf8").trim()).toBe(wrongKey);
      expect(() => statSync(`${keyFile}.new`)).toThrow();
      expect(await snapshotStore(s, rightKey)).toEqual(before);
      await expectReadable(s, rightKey, seeded);
    },
  );

  it.runIf(engineUnderTest() === "postgres")(
    "refuses to run on PostgreSQL without COFFER_MASTER_KEY, with one clear line",
    async () => {
      const s = await store();
      const result = await rotate(s, undefined);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("coffer admin: configuration error: COFFER_MASTER_KEY");
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    },
  );

  it.runIf(engineUnderTest() === "sqlite")(
    "without COFFER_MASTER_KEY and without master.key, refuses rather than generating a 'current' key",
    async () => {
      const { s, key, seeded, before } = await seededStore();
      const result = await rotate(s, undefined);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("no current master key");
      expect(() => statSync(join(s.dataDir, "master.key"))).toThrow();
      expect(await snapshotStore(s, key)).toEqual(before);
      await expectReadable(s, key, seeded);
    },
  );
});
