// A secret's history as a person reads it (issue 36, item 9): every version says who wrote it (as
// the audit trail names them: a person, or the key they acted through) and, for a rollback's
// version, which version it restored; one version's value is read on purpose — GET
// …/versions/{n}, an audited read of that version, as secret.read and on the plan that keeps
// history — and a version that does not exist is named once, with the key.
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "./helpers/factories.ts";
import { callerOf, statusOf } from "./helpers/http.ts";
import { peopleAround, readOnlyKey } from "./helpers/matrix-callers.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite({}, "pro");
let base: string;
let secretId = "";

const send = callerOf(() => t.app);
type Version = {
  version: number;
  author: { type: string; name: string; key: { name: string } | null } | null;
  restored_from_version: number | null;
};

beforeAll(async () => {
  base = secretsPath(tree);
  const created = await send("POST", `${base}/`, owner.headers, { key: "API_TOKEN", value: "first" });
  secretId = created.json().id;
  // v2 through a key named "deploy bot"; v3 by the owner; v4 a rollback to v1.
  const key = await createApiKey(t.app, owner.accessToken, {
    name: "deploy bot",
    workspace_id: owner.workspaceId,
  });
  expect(
    (await send("PATCH", `${base}/${secretId}`, { "x-api-key": key.token }, { value: "second" })).statusCode,
  ).toBe(200);
  expect((await send("PATCH", `${base}/${secretId}`, owner.headers, { value: "third" })).statusCode).toBe(
    200,
  );
  expect((await send("POST", `${base}/${secretId}/rollback`, owner.headers, { version: 1 })).statusCode).toBe(
    200,
  );
});

describe("GET …/{secret_id}/versions", () => {
  it("names each version's author and the version a rollback restored, and never a value", async () => {
    const response = await send("GET", `${base}/${secretId}/versions`, owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    const versions = response.json() as Version[];
    expect(versions.map((v) => [v.version, v.restored_from_version])).toEqual([
      [4, 1],
      [3, null],
      [2, null],
      [1, null],
    ]);
    expect(versions[2]!.author).toMatchObject({ type: "api_key", key: { name: "deploy bot" } });
    for (const v of [versions[0]!, versions[1]!, versions[3]!])
      expect(v.author).toMatchObject({ type: "user", key: null, name: expect.any(String) });
    expect(response.body).not.toMatch(/first|second|third/);
  });
});

describe("GET …/{secret_id}/versions/{version}", () => {
  const read = (version: number | string, headers: Record<string, string> = owner.headers) =>
    send("GET", `${base}/${secretId}/versions/${version}`, headers);

  it("answers one version's value, and records the read of that version in the audit trail", async () => {
    const response = await read(2);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ version: 2, value: "second", created_at: expect.any(String) });
    const trail = await send(
      "GET",
      `/workspaces/${owner.workspaceId}/audit?action=secret.read&view=all`,
      owner.headers,
    );
    expect(trail.statusCode, trail.body).toBe(200);
    const reads = (trail.json() as { resource_id: string; version: number; details: object }[]).filter(
      (e) => e.resource_id === secretId,
    );
    expect(reads[0]).toMatchObject({ version: 2, details: { key: "API_TOKEN" } });
    expect(trail.body).not.toContain("second");
  });

  it("names a version the secret does not have once, with its key (404), and refuses a malformed one (422)", async () => {
    const missing = await read(9);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: "not_found",
      detail: "Version 9 of API_TOKEN does not exist (it has 4)",
    });
    for (const bad of [0, "x", 2_147_483_648]) expect((await read(bad)).statusCode, String(bad)).toBe(422);
  });

  it("is a paid capability, like the history (402 on the free plan)", async () => {
    await t.db.updateTable("workspaces").set({ plan: "free" }).where("id", "=", owner.workspaceId).execute();
    try {
      expect(await statusOf(read(1))).toMatch(/^402/);
    } finally {
      await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
    }
  });

  it("follows the matrix: readers of the team may, others and keys narrowed elsewhere may not", async () => {
    const { viewer, outsider, stranger } = await peopleAround(t, tree);
    const key = (scope: object) => readOnlyKey(t, owner, tree, scope);
    const here = await key({ environment_ids: [tree.environmentId] });
    const other = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const elsewhere = await key({ environment_ids: [other.environmentId] });
    expect(await statusOf(read(1, viewer.headers))).toBe("200");
    expect(await statusOf(read(1, { "x-api-key": here.token }))).toBe("200");
    expect(await statusOf(read(1, outsider.headers))).toBe("403 forbidden");
    expect(await statusOf(read(1, stranger.headers))).toBe("403 not_a_member");
    expect(await statusOf(read(1, { "x-api-key": elsewhere.token }))).toBe("403 key_scope_forbidden");
    expect(await statusOf(read(1, {}))).toBe("401 not_authenticated");
    // A secret of another environment, through this environment's path: 404.
    const foreign = await send("POST", `${secretsPath(other)}/`, owner.headers, { key: "X", value: "y" });
    expect(await statusOf(send("GET", `${base}/${foreign.json().id}/versions/1`, owner.headers))).toBe(
      "404 not_found",
    );
  });
});

describe("the bounds the API document declares", () => {
  it("refuses a rollback to a version beyond 32 bits, and a moment longer than 64 characters, with 422 and no change", async () => {
    const before = await send("GET", `${base}/${secretId}/versions`, owner.headers);
    for (const version of [2_147_483_648, 99_999_999_999]) {
      const rollback = await send("POST", `${base}/${secretId}/rollback`, owner.headers, { version });
      expect(rollback.statusCode, rollback.body).toBe(422);
      expect(rollback.json().detail[0].loc).toEqual(["body", "version"]);
    }
    const long = `2026-01-01T00:00:00.${"0".repeat(60)}Z`;
    const past = await send("GET", `${base}/?at=${encodeURIComponent(long)}`, owner.headers);
    expect(past.statusCode, past.body).toBe(422);
    expect(past.json().detail[0].loc).toEqual(["query", "at"]);
    expect((await send("GET", `${base}/${secretId}/versions`, owner.headers)).json()).toEqual(before.json());
  });
});
