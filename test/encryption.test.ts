// Encryption at rest (DESIGN.md §6): what the database holds, how a ciphertext is bound to its
// row, and how an unreadable value surfaces (207, never 500). The master key's rotation:
// encryption-master-key-rotation.test.ts.
import { describe, expect, it } from "vitest";
import { type TestApp, testAppForSuite } from "./helpers/app.ts";
import { createSecret, distinctive, list, WRAPPED } from "./helpers/encrypted-secrets.ts";
import { newUser } from "./helpers/factories.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";

const STORED = /^v1\.\d+\.[A-Za-z0-9_-]+$/;

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
  const t = testAppForSuite();

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

  const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("gives the 1,000 secrets of one bulk create 1,000 different nonces and ids", async () => {
    // Nonces and the random part of ids come from one pool of random bytes (src/lib/random-pool.ts),
    // refilled every 4 KiB: a batch this size crosses many refills, and no byte may be handed out
    // twice.
    const { tree, headers } = await ownerWithTree();
    const value = distinctive("bulk");
    const response = await t.app.inject({
      method: "POST",
      url: `${secretsPath(tree)}/bulk`,
      headers,
      payload: { secrets: Array.from({ length: 1000 }, (_, i) => ({ key: `K_${i}`, value })) },
    });
    expect(response.statusCode).toBe(201);
    // The secrets and the trail's 1,001 entries (one per secret and the batch's own) have
    // time-ordered ids (version 7), whose random parts differ, not only their counters.
    const secretIds: string[] = response.json().map((s: { id: string }) => s.id);
    for (const id of secretIds) expect(id).toMatch(UUID_V7);
    expect(new Set(secretIds.map((id) => id.slice(19))).size).toBe(1000);
    const entries = await t.db
      .selectFrom("audit_events")
      .select("id")
      .where("workspace_id", "=", tree.workspaceId)
      .where("action", "in", ["secret.created", "environment.secrets_created"])
      .execute();
    expect(entries).toHaveLength(1001);
    for (const { id } of entries) expect(id).toMatch(UUID_V7);
    expect(new Set(entries.map(({ id }) => id.slice(19))).size).toBe(1001);
    const rows = await t.db
      .selectFrom("secret_versions")
      .select("ciphertext")
      .where(
        "secret_id",
        "in",
        response.json().map((s: { id: string }) => s.id),
      )
      .execute();
    expect(rows).toHaveLength(1000);
    const nonces = rows.map((r) =>
      Buffer.from(r.ciphertext.split(".")[2]!, "base64url").subarray(0, 12).toString("hex"),
    );
    expect(new Set(nonces).size).toBe(1000);
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
