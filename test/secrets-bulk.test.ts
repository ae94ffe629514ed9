// Over 400 lines: one capability's contract (bulk secret writes), read top to bottom.
// Bulk secret writes over HTTP (spec §4 "Secrets" POST /bulk, PATCH /, DELETE /; DESIGN.md §3,
// §5, §9): all or nothing, up to 1,000 items, 409 naming the keys that repeat or exist, 404 naming
// unknown keys, renames (swaps included) in one atomic batch, versions only for changed values,
// Owner-only delete of a whole environment, one audit entry per created secret.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { callerOf, type Headers, UUID } from "./helpers/http.ts";
import { countRows } from "./helpers/row-counts.ts";
import { SECRET_FIELDS, type Secret } from "./helpers/secret-record.ts";
import { newMember, ownerWithTree, secretsPath } from "./helpers/tree.ts";

const t = testAppForSuite();

const call = callerOf(() => t.app);

const setup = () => ownerWithTree(t.app);

async function bulkCreate(headers: Headers, base: string, secrets: object[]): Promise<Secret[]> {
  const response = await call("POST", `${base}/bulk`, headers, { secrets });
  expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
  return response.json();
}

async function list(headers: Headers, base: string): Promise<Secret[]> {
  const response = await call("GET", `${base}/`, headers);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The secret rows of an environment, counted in the database. */
const rowsIn = (environmentId: string) => countRows(t.db, "secrets", "environment_id", environmentId);

const valuesByKey = (secrets: Secret[]) => Object.fromEntries(secrets.map((s) => [s.key, s.value]));

describe("POST B/bulk", () => {
  it("creates three secrets and answers 201 with three full records", async () => {
    const { owner, base } = await setup();
    const created = await bulkCreate(owner.headers, base, [
      { key: "DB_HOST", value: "db.internal" },
      { key: "DB_USER", value: "app", description: "login" },
      { key: "DB_PASS", value: "hunter2", rotation_days: 30 },
    ]);
    expect(created).toHaveLength(3);
    for (const secret of created) {
      expect(Object.keys(secret).sort()).toEqual(SECRET_FIELDS);
      expect(secret.id).toMatch(UUID);
      expect(secret).toMatchObject({ current_version: 1, environment_type: "dev" });
      expect(secret.last_rotated_at).toBe(secret.created_at);
    }
    expect(created.map((s) => [s.key, s.value, s.description, s.rotation_days])).toEqual([
      ["DB_HOST", "db.internal", null, 90],
      ["DB_USER", "app", "login", 90],
      ["DB_PASS", "hunter2", null, 30],
    ]);
    expect(new Set(created.map((s) => s.id)).size).toBe(3);

    const listed = await list(owner.headers, base);
    expect(listed.map((s) => s.key)).toEqual(["DB_HOST", "DB_PASS", "DB_USER"]);
    for (const secret of created) expect(listed).toContainEqual(secret);
  });

  it("takes 1,000 items in one batch; the list then returns all 1,000", async () => {
    const { owner, tree, base } = await setup();
    const items = Array.from({ length: 1000 }, (_, i) => ({
      key: `KEY_${String(i).padStart(4, "0")}`,
      value: `value-${i}-${randomUUID()}`,
    }));
    const created = await bulkCreate(owner.headers, base, items);
    expect(created).toHaveLength(1000);
    expect(await rowsIn(tree.environmentId)).toBe(1000);
    const listed = await list(owner.headers, base);
    expect(listed).toHaveLength(1000);
    expect(valuesByKey(listed)).toEqual(Object.fromEntries(items.map((i) => [i.key, i.value])));
  });

  it("refuses 1,001 items and an empty array with 422, creating nothing", async () => {
    const { owner, tree, base } = await setup();
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ key: `K${i}`, value: "v" }));
    for (const secrets of [tooMany, []]) {
      const response = await call("POST", `${base}/bulk`, owner.headers, { secrets });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual([
        "body",
        "secrets",
      ]);
    }
    const missing = await call("POST", `${base}/bulk`, owner.headers, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].loc).toEqual(["body", "secrets"]);
    expect(await rowsIn(tree.environmentId)).toBe(0);
  });

  it("points at the bad item: an invalid key at index 5 has loc ['body','secrets',5,'key']", async () => {
    const { owner, tree, base } = await setup();
    const secrets = Array.from({ length: 8 }, (_, i) => ({
      key: i === 5 ? "5-BAD" : `GOOD_${i}`,
      value: "v",
    }));
    const response = await call("POST", `${base}/bulk`, owner.headers, { secrets });
    expect(response.statusCode).toBe(422);
    const locs = response.json().detail.map((d: { loc: unknown[] }) => d.loc);
    expect(locs).toEqual([["body", "secrets", 5, "key"]]);

    // A missing value and an oversized multi-byte value are located the same way.
    secrets[5] = { key: "FIVE", value: "v" };
    const again = await call("POST", `${base}/bulk`, owner.headers, {
      secrets: [...secrets.slice(0, 2), { key: "NO_VALUE" }, { key: "WIDE", value: "€".repeat(21_846) }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual([
      "body",
      "secrets",
      2,
      "value",
    ]);
    const wide = await call("POST", `${base}/bulk`, owner.headers, {
      secrets: [...secrets.slice(0, 3), { key: "WIDE", value: "€".repeat(21_846) }],
    });
    expect(wide.statusCode).toBe(422);
    expect(wide.json().detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
      ["body", "secrets", 3, "value"],
    ]);
    expect(await rowsIn(tree.environmentId)).toBe(0);
  });

  it("refuses a batch repeating a key with 409 listing it, creating nothing", async () => {
    const { owner, tree, base } = await setup();
    const response = await call("POST", `${base}/bulk`, owner.headers, {
      secrets: [
        { key: "ONE", value: "1" },
        { key: "TWICE", value: "a" },
        { key: "TWO", value: "2" },
        { key: "TWICE", value: "b" },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict", keys: ["TWICE"] });
    expect(typeof response.json().detail).toBe("string");
    expect(await rowsIn(tree.environmentId)).toBe(0);
  });

  it("refuses a batch with a key that already exists with 409 listing it, creating nothing", async () => {
    const { owner, tree, base } = await setup();
    const [existing] = await bulkCreate(owner.headers, base, [{ key: "TAKEN", value: "original" }]);
    const response = await call("POST", `${base}/bulk`, owner.headers, {
      secrets: [
        { key: "FRESH_1", value: "1" },
        { key: "TAKEN", value: "overwrite" },
        { key: "FRESH_2", value: "2" },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict", keys: ["TAKEN"] });
    expect(response.body).not.toContain("overwrite");
    expect(await rowsIn(tree.environmentId)).toBe(1);
    expect(await list(owner.headers, base)).toEqual([existing]);

    // Existing keys are all named, whatever their place in the batch.
    await bulkCreate(owner.headers, base, [{ key: "ALSO_TAKEN", value: "x" }]);
    const two = await call("POST", `${base}/bulk`, owner.headers, {
      secrets: [
        { key: "TAKEN", value: "1" },
        { key: "NEW", value: "2" },
        { key: "ALSO_TAKEN", value: "3" },
      ],
    });
    expect(two.statusCode).toBe(409);
    expect([...two.json().keys].sort()).toEqual(["ALSO_TAKEN", "TAKEN"]);
    expect(await rowsIn(tree.environmentId)).toBe(2);
  });

  it("writes one secret.created audit entry per secret of a batch of 50", async () => {
    const { owner, tree, base } = await setup();
    const created = await bulkCreate(
      owner.headers,
      base,
      Array.from({ length: 50 }, (_, i) => ({ key: `AUDITED_${i}`, value: `secret-value-${i}` })),
    );
    const response = await call(
      "GET",
      `/workspaces/${tree.workspaceId}/audit?action=secret.created&limit=1000`,
      owner.headers,
    );
    expect(response.statusCode).toBe(200);
    const entries = response.json() as { secret_id: string; version: number; actor: { id: string } }[];
    expect(entries).toHaveLength(50);
    expect(new Set(entries.map((e) => e.secret_id))).toEqual(new Set(created.map((s) => s.id)));
    for (const entry of entries) expect(entry).toMatchObject({ version: 1, actor: { id: owner.id } });
    expect(response.body).not.toContain("secret-value-");
  });
});

describe("PATCH B/ (bulk update matched on key)", () => {
  async function seeded() {
    const context = await setup();
    const created = await bulkCreate(context.owner.headers, context.base, [
      { key: "A", value: "a1" },
      { key: "B", value: "b1" },
      { key: "C", value: "c1" },
      { key: "D", value: "d1" },
      { key: "E", value: "e1" },
    ]);
    const byKey = Object.fromEntries(created.map((s) => [s.key, s]));
    return { ...context, created, byKey };
  }

  it("changes values and names in one call; only changed values make versions", async () => {
    const { owner, base, byKey } = await seeded();
    const response = await call("PATCH", `${base}/`, owner.headers, {
      secrets: [
        { key: "A", value: "a2" },
        { key: "B", new_key: "B_RENAMED" },
        { key: "C", new_key: "C_RENAMED", value: "c2" },
        { key: "D", value: "d1" },
        { key: "E", description: "described" },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as Secret[];
    expect(updated).toHaveLength(5);
    for (const secret of updated) expect(Object.keys(secret).sort()).toEqual(SECRET_FIELDS);
    expect(updated.map((s) => [s.id, s.key, s.value, s.current_version])).toEqual([
      [byKey.A!.id, "A", "a2", 2],
      [byKey.B!.id, "B_RENAMED", "b1", 1],
      [byKey.C!.id, "C_RENAMED", "c2", 2],
      [byKey.D!.id, "D", "d1", 1],
      [byKey.E!.id, "E", "e1", 1],
    ]);
    expect(updated[4]!.description).toBe("described");
    expect(updated[1]!.last_rotated_at).toBe(byKey.B!.last_rotated_at);
    expect(updated[3]!.last_rotated_at).toBe(byKey.D!.last_rotated_at);

    const listed = await list(owner.headers, base);
    expect(listed.map((s) => [s.key, s.value, s.current_version])).toEqual([
      ["A", "a2", 2],
      ["B_RENAMED", "b1", 1],
      ["C_RENAMED", "c2", 2],
      ["D", "d1", 1],
      ["E", "e1", 1],
    ]);
    const versions = await t.db
      .selectFrom("secret_versions")
      .select(["secret_id", "version"])
      .where(
        "secret_id",
        "in",
        Object.values(byKey).map((s) => s.id),
      )
      .execute();
    expect(versions).toHaveLength(7);
  });

  it("swaps two keys A ↔ B in one batch, each value staying with its secret", async () => {
    const { owner, base, byKey } = await seeded();
    const response = await call("PATCH", `${base}/`, owner.headers, {
      secrets: [
        { key: "A", new_key: "B" },
        { key: "B", new_key: "A" },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((s: Secret) => [s.id, s.key, s.value])).toEqual([
      [byKey.A!.id, "B", "a1"],
      [byKey.B!.id, "A", "b1"],
    ]);
    const listed = valuesByKey(await list(owner.headers, base));
    expect(listed).toEqual({ A: "b1", B: "a1", C: "c1", D: "d1", E: "e1" });

    // A rotation through three names works as well.
    const cycle = await call("PATCH", `${base}/`, owner.headers, {
      secrets: [
        { key: "C", new_key: "D" },
        { key: "D", new_key: "E" },
        { key: "E", new_key: "C", value: "e2" },
      ],
    });
    expect(cycle.statusCode, cycle.body).toBe(200);
    expect(valuesByKey(await list(owner.headers, base))).toEqual({
      A: "b1",
      B: "a1",
      C: "e2",
      D: "c1",
      E: "d1",
    });
  });

  it("answers 404 listing unknown keys and changes nothing", async () => {
    const { owner, base, created } = await seeded();
    const response = await call("PATCH", `${base}/`, owner.headers, {
      secrets: [
        { key: "A", value: "changed" },
        { key: "MISSING_1", value: "x" },
        { key: "B", new_key: "B2" },
        { key: "MISSING_2", value: "y" },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found", keys: ["MISSING_1", "MISSING_2"] });
    expect(await list(owner.headers, base)).toEqual(created);
  });

  it("answers 409 when a new_key collides with an untouched key, and changes nothing", async () => {
    const { owner, base, created } = await seeded();
    const response = await call("PATCH", `${base}/`, owner.headers, {
      secrets: [
        { key: "A", value: "changed" },
        { key: "B", new_key: "E", value: "changed too" },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict", keys: ["E"] });
    expect(await list(owner.headers, base)).toEqual(created);
  });

  it("answers 409 for a key repeated in the batch or two items renamed to one name", async () => {
    const { owner, base, created } = await seeded();
    const expectConflict = async (secrets: object[], keys: string[]) => {
      const response = await call("PATCH", `${base}/`, owner.headers, { secrets });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "conflict", keys });
    };
    await expectConflict(
      [
        { key: "A", value: "first" },
        { key: "B", value: "b2" },
        { key: "A", value: "second" },
      ],
      ["A"],
    );
    await expectConflict(
      [
        { key: "A", new_key: "Z" },
        { key: "B", new_key: "Z" },
      ],
      ["Z"],
    );
    // Renaming onto a key that another item of the batch keeps is a clash too.
    await expectConflict(
      [
        { key: "A", new_key: "B" },
        { key: "B", value: "b2" },
      ],
      ["B"],
    );
    expect(await list(owner.headers, base)).toEqual(created);
  });

  it("refuses bad bulk-update bodies with 422 at the item's loc", async () => {
    const { owner, base, created } = await seeded();
    for (const [secrets, loc] of [
      [[], ["body", "secrets"]],
      [[{ key: "A", new_key: "1BAD" }], ["body", "secrets", 0, "new_key"]],
      [
        [{ key: "A" }, { value: "no key" }],
        ["body", "secrets", 1, "key"],
      ],
      [[{ key: "A", value: 7 }], ["body", "secrets", 0, "value"]],
    ] as const) {
      const response = await call("PATCH", `${base}/`, owner.headers, { secrets });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(loc);
    }
    const tooMany = Array.from({ length: 1001 }, () => ({ key: "A", value: "x" }));
    const big = await call("PATCH", `${base}/`, owner.headers, { secrets: tooMany });
    expect(big.statusCode).toBe(422);
    expect(await list(owner.headers, base)).toEqual(created);
  });

  it("writes one secret.updated entry per item, with the new version where one was made", async () => {
    const { owner, base, byKey } = await seeded();
    await call("PATCH", `${base}/`, owner.headers, {
      secrets: [
        { key: "A", value: "new-a-value" },
        { key: "B", new_key: "BB" },
      ],
    });
    const logsA = (await call("GET", `${base}/${byKey.A!.id}/logs`, owner.headers)).json();
    const logsB = (await call("GET", `${base}/${byKey.B!.id}/logs`, owner.headers)).json();
    expect(logsA.map((e: { action: string; version: number }) => [e.action, e.version])).toEqual([
      ["secret.updated", 2],
      ["secret.created", 1],
    ]);
    expect(logsB.map((e: { action: string; version: number }) => [e.action, e.version])).toEqual([
      ["secret.updated", 1],
      ["secret.created", 1],
    ]);
    expect(JSON.stringify(logsA)).not.toContain("new-a-value");
  });
});

describe("DELETE B/ (every secret of the environment)", () => {
  it("lets the Owner remove every secret with its versions, reporting the count", async () => {
    const { owner, tree, base } = await setup();
    const created = await bulkCreate(
      owner.headers,
      base,
      Array.from({ length: 7 }, (_, i) => ({ key: `GONE_${i}`, value: `v${i}` })),
    );
    await call("PATCH", `${base}/`, owner.headers, { secrets: [{ key: "GONE_0", value: "v0-2" }] });
    // Another environment's secrets stay.
    const envResponse = await call(
      "POST",
      `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`,
      owner.headers,
      { name: "Staging", environment_type: "staging" },
    );
    const otherBase = secretsPath({ ...tree, environmentId: envResponse.json().id });
    const survivors = await bulkCreate(owner.headers, otherBase, [{ key: "GONE_0", value: "stays" }]);

    const response = await call("DELETE", `${base}/`, owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 7 });
    expect(await list(owner.headers, base)).toEqual([]);
    expect(await rowsIn(tree.environmentId)).toBe(0);
    const versions = await t.db
      .selectFrom("secret_versions")
      .select("secret_id")
      .where(
        "secret_id",
        "in",
        created.map((s) => s.id),
      )
      .execute();
    expect(versions).toEqual([]);
    expect(await list(owner.headers, otherBase)).toEqual(survivors);

    // The workspace trail keeps what happened to them, and the deletion.
    const created_entries = (
      await call(
        "GET",
        `/workspaces/${tree.workspaceId}/audit?action=secret.created&limit=1000`,
        owner.headers,
      )
    ).json() as { secret_id: string }[];
    expect(new Set(created_entries.map((e) => e.secret_id))).toEqual(
      new Set([...created.map((s) => s.id), survivors[0]!.id]),
    );
    const audit = (await call("GET", `/workspaces/${tree.workspaceId}/audit?limit=5`, owner.headers)).json();
    expect(audit[0]).toMatchObject({ action: "environment.secrets_deleted", actor: { id: owner.id } });

    // An empty environment deletes nothing.
    const again = await call("DELETE", `${base}/`, owner.headers);
    expect(again.json()).toEqual({ deleted: 0 });
  });

  it("refuses an Admin with 403 and deletes nothing", async () => {
    const { owner, tree, base } = await setup();
    await bulkCreate(owner.headers, base, [{ key: "STAYS", value: "v" }]);
    const admin = await newMember(t.app, t.db, tree.workspaceId, 2);
    const response = await call("DELETE", `${base}/`, admin.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("forbidden");
    expect(await rowsIn(tree.environmentId)).toBe(1);
  });
});
