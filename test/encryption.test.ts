// One capability's contract, read top to bottom: the ciphertext at rest and the master-key rotation that rewrites it.
// Encryption at rest (DESIGN.md §6): what the database holds, how a ciphertext is bound to its
// row, how an unreadable value surfaces (207, never 500), and rotate-master-key on both engines.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unwrapDataKey } from "../src/crypto/data-keys.ts";
import { createTestApp, engineUnderTest, type TestApp } from "./helpers/app.ts";
import { login, newUser } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { compiledEntry } from "./helpers/server-process.ts";
import { createTree, secretsPath, type Tree } from "./helpers/tree.ts";
import { enableTwoFactor, totpCode } from "./helpers/two-factor.ts";

const run = promisify(execFile);
const STORED = /^v1\.\d+\.[A-Za-z0-9_-]+$/;
const WRAPPED = /^v1\.[A-Za-z0-9_-]+$/;

/** A long value no ciphertext could contain by chance. */
const distinctive = (label: string) =>
  `${label}-plaintext-${randomBytes(24).toString("hex")}-the-quick-brown-fox-jumps-over-the-lazy-dog`;

/** The forms a leaked value could take in a text column. */
const leakedForms = (value: string) => {
  const bytes = Buffer.from(value, "utf8");
  return [value, bytes.toString("base64"), bytes.toString("base64url"), bytes.toString("hex")];
};

function expectNoLeak(stored: string, value: string) {
  for (const form of leakedForms(value)) expect(stored).not.toContain(form);
  // Any 16-byte window of the value, in any of those encodings, would be a leak too.
  expect(stored).not.toContain(value.slice(20, 36));
}

async function createSecret(
  app: TestApp["app"],
  headers: Record<string, string>,
  tree: Tree,
  key: string,
  value: string,
) {
  const response = await app.inject({
    method: "POST",
    url: `${secretsPath(tree)}/`,
    headers,
    payload: { key, value },
  });
  if (response.statusCode !== 201) throw new Error(`create ${key}: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; key: string; value: string; current_version: number };
}

async function list(app: TestApp["app"], headers: Record<string, string>, tree: Tree, query = "") {
  return app.inject({ method: "GET", url: `${secretsPath(tree)}/${query}`, headers });
}

async function ciphertextOf(db: TestApp["db"], secretId: string) {
  const row = await db
    .selectFrom("secrets")
    .select("ciphertext")
    .where("id", "=", secretId)
    .executeTakeFirstOrThrow();
  return row.ciphertext;
}

async function setCiphertext(db: TestApp["db"], secretId: string, ciphertext: string) {
  await db.updateTable("secrets").set({ ciphertext }).where("id", "=", secretId).execute();
}

describe("ciphertext at rest", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function ownerWithTree() {
    const owner = await newUser(t.app);
    const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    return { owner, tree, headers: owner.headers };
  }

  it("stores every current value and every version as v1.<n>.<base64url>, never the plaintext in any encoding", async () => {
    const { tree, headers } = await ownerWithTree();
    const first = distinctive("first");
    const second = distinctive("second");
    const other = distinctive("other");
    const a = await createSecret(t.app, headers, tree, "DATABASE_PASSWORD", first);
    const b = await createSecret(t.app, headers, tree, "STRIPE_KEY", other);
    const patched = await t.app.inject({
      method: "PATCH",
      url: `${secretsPath(tree)}/${a.id}`,
      headers,
      payload: { value: second },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().current_version).toBe(2);

    const current = await t.db
      .selectFrom("secrets")
      .select(["id", "ciphertext"])
      .where("environment_id", "=", tree.environmentId)
      .execute();
    const versions = await t.db
      .selectFrom("secret_versions")
      .select(["secret_id", "version", "ciphertext"])
      .where("secret_id", "in", [a.id, b.id])
      .execute();
    expect(current).toHaveLength(2);
    expect(versions).toHaveLength(3);
    for (const { ciphertext } of [...current, ...versions]) {
      expect(ciphertext).toMatch(STORED);
      for (const value of [first, second, other]) {
        expect(ciphertext).not.toBe(value);
        expectNoLeak(ciphertext, value);
      }
    }
    // The current row holds exactly the newest version's ciphertext.
    const aCurrent = current.find((r) => r.id === a.id)!.ciphertext;
    expect(versions.find((v) => v.secret_id === a.id && v.version === 2)!.ciphertext).toBe(aCurrent);

    // And the API reads them back.
    const read = await list(t.app, headers, tree);
    expect(read.statusCode).toBe(200);
    expect(
      Object.fromEntries(read.json().map((s: { key: string; value: string }) => [s.key, s.value])),
    ).toEqual({
      DATABASE_PASSWORD: second,
      STRIPE_KEY: other,
    });
    const v1 = await list(t.app, headers, tree, "?version=1");
    expect(v1.json().find((s: { id: string }) => s.id === a.id).value).toBe(first);
  });

  it("gives two secrets with the same value different ciphertexts (random nonce)", async () => {
    const { tree, headers } = await ownerWithTree();
    const value = distinctive("same");
    const a = await createSecret(t.app, headers, tree, "ONE", value);
    const b = await createSecret(t.app, headers, tree, "TWO", value);
    const [ca, cb] = [await ciphertextOf(t.db, a.id), await ciphertextOf(t.db, b.id)];
    expect(ca).not.toBe(cb);
    // Not only the AAD differs: the nonces (first 12 bytes of the body) do too.
    const nonce = (c: string) => Buffer.from(c.split(".")[2]!, "base64url").subarray(0, 12).toString("hex");
    expect(nonce(ca)).not.toBe(nonce(cb));
  });

  it("creates one wrapped data key per workspace, on its first secret, distinct between workspaces", async () => {
    const one = await ownerWithTree();
    const two = await ownerWithTree();
    const keysOf = (workspaceId: string) =>
      t.db.selectFrom("data_keys").selectAll().where("workspace_id", "=", workspaceId).execute();
    expect(await keysOf(one.tree.workspaceId)).toHaveLength(0);

    for (const { tree, headers } of [one, two]) {
      await createSecret(t.app, headers, tree, "A", distinctive("a"));
      await createSecret(t.app, headers, tree, "B", distinctive("b"));
      const bulk = await t.app.inject({
        method: "POST",
        url: `${secretsPath(tree)}/bulk`,
        headers,
        payload: {
          secrets: [
            { key: "C", value: "c" },
            { key: "D", value: "d" },
          ],
        },
      });
      expect(bulk.statusCode, bulk.body).toBe(201);
    }
    const [k1, k2] = [await keysOf(one.tree.workspaceId), await keysOf(two.tree.workspaceId)];
    expect(k1).toHaveLength(1);
    expect(k2).toHaveLength(1);
    for (const row of [k1[0]!, k2[0]!]) {
      expect(row.version).toBe(1);
      expect(row.wrapped_key).toMatch(WRAPPED);
      // nonce (12) + 32-byte key + tag (16): a wrapped key, not a bare one.
      expect(Buffer.from(row.wrapped_key.slice(3), "base64url")).toHaveLength(60);
    }
    expect(k1[0]!.wrapped_key).not.toBe(k2[0]!.wrapped_key);
    // Every stored value names that data key's version.
    const rows = await t.db
      .selectFrom("secrets")
      .select("ciphertext")
      .where("workspace_id", "=", one.tree.workspaceId)
      .execute();
    for (const row of rows) expect(row.ciphertext.startsWith("v1.1.")).toBe(true);
  });

  it("does not decrypt one workspace's ciphertext in another workspace (207, the id in failed_ids)", async () => {
    const a = await ownerWithTree();
    const b = await ownerWithTree();
    const fromA = await createSecret(t.app, a.headers, a.tree, "SHARED_NAME", distinctive("a"));
    const victim = await createSecret(t.app, b.headers, b.tree, "SHARED_NAME", distinctive("b"));
    const fine = await createSecret(t.app, b.headers, b.tree, "UNTOUCHED", "still readable");
    await setCiphertext(t.db, victim.id, await ciphertextOf(t.db, fromA.id));

    const response = await list(t.app, b.headers, b.tree);
    expect(response.statusCode, response.body).toBe(207);
    const { detail } = response.json();
    expect(detail.failed_ids).toEqual([victim.id]);
    expect(detail.succeeded.map((s: { id: string }) => s.id)).toEqual([fine.id]);
    expect(detail.succeeded[0].value).toBe("still readable");
    expect(response.body).not.toContain(fromA.value);
    // A's own list is unaffected.
    expect((await list(t.app, a.headers, a.tree)).statusCode).toBe(200);
  });

  it("binds a ciphertext to its secret: moved onto another row of the same environment, it fails there only", async () => {
    const { tree, headers } = await ownerWithTree();
    const x = await createSecret(t.app, headers, tree, "X", distinctive("x"));
    const y = await createSecret(t.app, headers, tree, "Y", distinctive("y"));
    await setCiphertext(t.db, y.id, await ciphertextOf(t.db, x.id));

    const response = await list(t.app, headers, tree);
    expect(response.statusCode).toBe(207);
    const { detail } = response.json();
    expect(detail.failed_ids).toEqual([y.id]);
    expect(detail.succeeded).toHaveLength(1);
    expect(detail.succeeded[0]).toMatchObject({ id: x.id, key: "X", value: x.value });
    // Y's value never appears as X's, and reading Y alone is a clean 409, not a 500.
    expect(response.body).not.toContain(y.value);
    const single = await t.app.inject({ method: "GET", url: `${secretsPath(tree)}/${y.id}`, headers });
    expect(single.statusCode).toBe(409);
    expect(single.json().code).toBe("decryption_failed");
    expect(single.body).not.toContain(x.value);
    const good = await t.app.inject({ method: "GET", url: `${secretsPath(tree)}/${x.id}`, headers });
    expect(good.json().value).toBe(x.value);
  });

  it("binds a ciphertext to its version: version 1's ciphertext on the row of version 2 fails", async () => {
    const { tree, headers } = await ownerWithTree();
    const s = await createSecret(t.app, headers, tree, "ROTATED", distinctive("v1"));
    const v2 = distinctive("v2");
    await t.app.inject({
      method: "PATCH",
      url: `${secretsPath(tree)}/${s.id}`,
      headers,
      payload: { value: v2 },
    });
    const version1 = await t.db
      .selectFrom("secret_versions")
      .select("ciphertext")
      .where("secret_id", "=", s.id)
      .where("version", "=", 1)
      .executeTakeFirstOrThrow();
    await setCiphertext(t.db, s.id, version1.ciphertext);

    const response = await list(t.app, headers, tree);
    expect(response.statusCode).toBe(207);
    expect(response.json().detail).toEqual({ succeeded: [], failed_ids: [s.id] });
    expect(response.body).not.toContain(s.value);
    // The history itself is intact: version 1 still reads as version 1.
    const old = await list(t.app, headers, tree, "?version=1");
    expect(old.statusCode).toBe(200);
    expect(old.json()[0].value).toBe(s.value);
  });

  it("answers a truncated, garbage, tampered or unknown-format ciphertext with 207 (list) and 409 (get), never 500", async () => {
    const { tree, headers } = await ownerWithTree();
    const good = await createSecret(t.app, headers, tree, "GOOD", "fine");
    const original = await ciphertextOf(t.db, good.id);
    const [, , body] = original.split(".") as [string, string, string];
    const flipped = Buffer.from(body, "base64url");
    flipped[20]! ^= 0x01;
    const corruptions: Record<string, string> = {
      truncated: original.slice(0, original.length - 12),
      "too short": "v1.1.AAAA",
      garbage: "definitely not a ciphertext",
      empty: "",
      "wrong prefix": `v2.1.${body}`,
      "no version": `v1..${body}`,
      "non-numeric version": `v1.x.${body}`,
      "missing data key": `v1.99.${body}`,
      "bit flipped": `v1.1.${flipped.toString("base64url")}`,
      "not base64": "v1.1.@@@@!!!!====",
    };
    const ids: Record<string, string> = {};
    for (const [name, ciphertext] of Object.entries(corruptions)) {
      const s = await createSecret(
        t.app,
        headers,
        tree,
        `BAD_${Object.keys(ids).length}`,
        `value of ${name}`,
      );
      ids[name] = s.id;
      await setCiphertext(t.db, s.id, ciphertext);
      const single = await t.app.inject({ method: "GET", url: `${secretsPath(tree)}/${s.id}`, headers });
      expect(single.statusCode, name).toBe(409);
      expect(single.json().code, name).toBe("decryption_failed");
    }
    const response = await list(t.app, headers, tree);
    expect(response.statusCode).toBe(207);
    const { detail } = response.json();
    expect([...detail.failed_ids].sort()).toEqual(Object.values(ids).sort());
    expect(detail.succeeded.map((s: { id: string }) => s.id)).toEqual([good.id]);
  });
});

// --- rotate-master-key ------------------------------------------------------------------------

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

  it("generates a new key, prints it once, re-wraps every data key; the new key reads everything, the old none", async () => {
    const s = await store();
    const oldKey = newKey();
    const seeded = await seed(s, oldKey);
    const before = await snapshotStore(s, oldKey);
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

    await expectReadable(s, nextKey, seeded);
    await expectUnreadable(s, oldKey, seeded);
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

    await expectReadable(s, nextKey, seeded);
    await expectUnreadable(s, oldKey, seeded);
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
    const s = await store();
    const rightKey = newKey();
    const seeded = await seed(s, rightKey);
    const before = await snapshotStore(s, rightKey);
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
    const s = await store();
    const key = newKey();
    await seed(s, key);
    const before = await snapshotStore(s, key);
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

      await expectReadable(s, nextKey, seeded);
      await expectUnreadable(s, oldKey, seeded);
    },
  );

  it.runIf(engineUnderTest() === "sqlite")(
    "with a master.key that does not open the data keys, leaves the file and the database as they were",
    async () => {
      const s = await store();
      const rightKey = newKey();
      const seeded = await seed(s, rightKey);
      const before = await snapshotStore(s, rightKey);
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
      const s = await store();
      const key = newKey();
      const seeded = await seed(s, key);
      const before = await snapshotStore(s, key);
      const result = await rotate(s, undefined);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("no current master key");
      expect(() => statSync(join(s.dataDir, "master.key"))).toThrow();
      expect(await snapshotStore(s, key)).toEqual(before);
      await expectReadable(s, key, seeded);
    },
  );
});
