// Secrets whose stored value cannot be decrypted (spec §7 incl. 207; DESIGN.md §6): a tampered or
// moved ciphertext is named apart on a list, refused on a read, and repaired by a new value.
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { callerOf, type Headers } from "./helpers/http.ts";
import type { Secret } from "./helpers/secret-record.ts";
import { ownerWithTree } from "./helpers/tree.ts";

const t = testAppForSuite();

const call = callerOf(() => t.app);

const setup = () => ownerWithTree(t.app);

async function createSecret(headers: Headers, base: string, body: Record<string, unknown>): Promise<Secret> {
  const response = await call("POST", `${base}/`, headers, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const setPlan = (workspaceId: string, plan: string) =>
  t.db.updateTable("workspaces").set({ plan }).where("id", "=", workspaceId).execute();

describe("values that cannot be decrypted", () => {
  it("answers 207 on list with the unreadable ids apart, and 409 decryption_failed on get", async () => {
    const { owner, base } = await setup();
    const good = await createSecret(owner.headers, base, { key: "GOOD", value: "readable" });
    const flipped = await createSecret(owner.headers, base, { key: "FLIPPED", value: "tampered-with" });
    const moved = await createSecret(owner.headers, base, { key: "MOVED", value: "copied-over" });

    // Flip one character in the middle of the base64url body.
    const row = await t.db
      .selectFrom("secrets")
      .select("ciphertext")
      .where("id", "=", flipped.id)
      .executeTakeFirstOrThrow();
    const dot = row.ciphertext.lastIndexOf(".");
    const at = dot + Math.floor((row.ciphertext.length - dot) / 2);
    const ch = row.ciphertext[at]!;
    const tampered = row.ciphertext.slice(0, at) + (ch === "A" ? "B" : "A") + row.ciphertext.slice(at + 1);
    expect(tampered).not.toBe(row.ciphertext);
    await t.db.updateTable("secrets").set({ ciphertext: tampered }).where("id", "=", flipped.id).execute();

    // Copy another secret's (valid) ciphertext onto a row: bound to its own id, it must not open.
    const source = await t.db
      .selectFrom("secrets")
      .select("ciphertext")
      .where("id", "=", good.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("secrets")
      .set({ ciphertext: source.ciphertext })
      .where("id", "=", moved.id)
      .execute();

    const list = await call("GET", `${base}/`, owner.headers);
    expect(list.statusCode, list.body).toBe(207);
    const body = list.json();
    expect(Object.keys(body)).toEqual(["detail"]);
    expect(body.detail.failed_ids.sort()).toEqual([flipped.id, moved.id].sort());
    expect(body.detail.succeeded).toEqual([good]);

    for (const broken of [flipped, moved]) {
      const read = await call("GET", `${base}/${broken.id}`, owner.headers);
      expect(read.statusCode, read.body).toBe(409);
      expect(read.json().code).toBe("decryption_failed");
      // A PATCH that needs the old value cannot answer it either, and changes nothing.
      const patch = await call("PATCH", `${base}/${broken.id}`, owner.headers, { description: "x" });
      expect(patch.statusCode, patch.body).toBe(409);
      expect(patch.json().code).toBe("decryption_failed");
    }
    expect((await call("GET", `${base}/${good.id}`, owner.headers)).json()).toEqual(good);

    // Writing a new value repairs it.
    const repaired = await call("PATCH", `${base}/${moved.id}`, owner.headers, { value: "fresh" });
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(repaired.json()).toMatchObject({ value: "fresh", current_version: 2 });
    const after = await call("GET", `${base}/`, owner.headers);
    expect(after.statusCode).toBe(207);
    expect(after.json().detail.failed_ids).toEqual([flipped.id]);
  });

  it("keeps an unreadable value out of the reads of other versions", async () => {
    const { owner, base, tree } = await setup();
    await setPlan(tree.workspaceId, "pro");
    const secret = await createSecret(owner.headers, base, { key: "OLD", value: "old-one" });
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: "new-one" });
    await t.db
      .updateTable("secret_versions")
      .set({ ciphertext: "v1.1.AAAA" })
      .where("secret_id", "=", secret.id)
      .where("version", "=", 1)
      .execute();
    const atOne = await call("GET", `${base}/?version=1`, owner.headers);
    expect(atOne.statusCode).toBe(207);
    expect(atOne.json().detail).toEqual({ succeeded: [], failed_ids: [secret.id] });
    const current = await call("GET", `${base}/`, owner.headers);
    expect(current.statusCode).toBe(200);
    expect(current.json().map((s: Secret) => s.value)).toEqual(["new-one"]);
  });
});
