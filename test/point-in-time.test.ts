// An environment at a moment (issue 22): `GET …/?at=` reads each secret that existed then — deleted
// ones still recoverable included — at the version current then; `POST …/restore` previews, then
// applies in one transaction, putting values, deleted keys and keys created since back as they
// were. A paid capability; who may read and restore; validation.
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { newUser } from "./helpers/factories.ts";
import { callerOf, statusOf } from "./helpers/http.ts";
import { readOnlyKey } from "./helpers/matrix-callers.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { newMember, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite({}, "pro");
let base = "";
let before = "";
let moment = "";
const ids: Record<string, string> = {};

const send = callerOf(() => t.app);
const pairs = (list: { key: string; value: string; current_version: number }[]) =>
  list.map((s) => [s.key, s.value, s.current_version]);

beforeAll(async () => {
  base = secretsPath(tree);
  before = t.clock.now().toISOString();
  t.clock.advance(60);
  for (const [key, value] of [
    ["A", "a1"],
    ["B", "b1"],
    ["C", "c1"],
  ]) {
    ids[key!] = (await send("POST", `${base}/`, owner.headers, { key, value })).json().id;
  }
  t.clock.advance(60);
  moment = t.clock.now().toISOString();
  t.clock.advance(60);
  await send("PATCH", `${base}/${ids.A}`, owner.headers, { value: "a2" });
  await send("DELETE", `${base}/${ids.B}`, owner.headers);
  ids.D = (await send("POST", `${base}/`, owner.headers, { key: "D", value: "d1" })).json().id;
  t.clock.advance(60);
});

describe("reading an environment at a moment", () => {
  it("answers each secret that existed then, at the version current then, deleted ones included", async () => {
    const then = await send("GET", `${base}/?at=${moment}`, owner.headers);
    expect(then.statusCode, then.body).toBe(200);
    expect(then.headers.etag).toBeUndefined();
    expect(pairs(then.json())).toEqual([
      ["A", "a1", 1],
      ["B", "b1", 1],
      ["C", "c1", 1],
    ]);
    expect((await send("GET", `${base}/?at=${before}`, owner.headers)).json()).toEqual([]);
    const now = (await send("GET", `${base}/`, owner.headers)).json();
    expect(pairs(now)).toEqual([
      ["A", "a2", 2],
      ["C", "c1", 1],
      ["D", "d1", 1],
    ]);
  });

  it("refuses a malformed moment or one given with a version (422)", async () => {
    expect((await send("GET", `${base}/?at=yesterday`, owner.headers)).statusCode).toBe(422);
    expect((await send("GET", `${base}/?at=${moment}&version=1`, owner.headers)).statusCode).toBe(422);
    expect((await send("POST", `${base}/restore`, owner.headers, { at: "soon" })).statusCode).toBe(422);
    expect((await send("POST", `${base}/restore`, owner.headers, {})).statusCode).toBe(422);
  });
});

describe("restoring an environment to a moment", () => {
  it("previews without changing anything, then applies it all in one go", async () => {
    const preview = await send("POST", `${base}/restore`, owner.headers, { at: moment });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      at: moment,
      applied: false,
      added: [{ key: "B", value: "b1" }],
      changed: [{ key: "A", current: "a2", incoming: "a1" }],
      unchanged: ["C"],
      removed: [{ key: "D", value: "d1" }],
    });
    expect(pairs((await send("GET", `${base}/`, owner.headers)).json())).toEqual([
      ["A", "a2", 2],
      ["C", "c1", 1],
      ["D", "d1", 1],
    ]);

    const applied = await send("POST", `${base}/restore`, owner.headers, { at: moment, apply: true });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, unchanged: ["C"] });
    const now = (await send("GET", `${base}/`, owner.headers)).json() as { id: string; key: string }[];
    expect(pairs(now as never)).toEqual([
      ["A", "a1", 3],
      ["B", "b1", 1],
      ["C", "c1", 1],
    ]);
    expect(now.find((s) => s.key === "B")?.id).toBe(ids.B);
    // D went the way of any delete: recoverable.
    const deleted = (await send("GET", `${base}/deleted`, owner.headers)).json() as { key: string }[];
    expect(deleted.map((d) => d.key)).toContain("D");
    const audit = (
      await send("GET", `/workspaces/${owner.workspaceId}/audit?action=environment.restored`, owner.headers)
    ).json();
    expect(audit[0]).toMatchObject({ details: { at: moment, added: 1, changed: 1, removed: 1 } });
    expect(JSON.stringify(audit)).not.toMatch(/"(a1|b1|d1)"/);
    // Again: nothing left to do.
    const again = (await send("POST", `${base}/restore`, owner.headers, { at: moment })).json();
    expect(again).toMatchObject({ added: [], changed: [], removed: [], unchanged: ["A", "B", "C"] });
  });
});

describe("who may, and on which plan", () => {
  it("is a paid capability; readers read the past, Members and up restore; narrowed keys only read", async () => {
    const viewer = await newMember(t.app, t.db, tree.workspaceId, Role.Viewer, [tree.teamId]);
    const reader = await readOnlyKey(t, owner, tree, {
      name: "reader",
      environment_ids: [tree.environmentId],
    });
    const key = { "x-api-key": reader.token };
    expect(await statusOf(send("GET", `${base}/?at=${moment}`, viewer.headers))).toBe("200");
    expect(await statusOf(send("POST", `${base}/restore`, viewer.headers, { at: moment }))).toBe(
      "403 forbidden",
    );
    expect(await statusOf(send("GET", `${base}/?at=${moment}`, key))).toBe("200");
    expect(await statusOf(send("POST", `${base}/restore`, key, { at: moment }))).toBe(
      "403 key_scope_forbidden",
    );
    const stranger = await newUser(t.app);
    expect(await statusOf(send("POST", `${base}/restore`, stranger.headers, { at: moment }))).toBe(
      "403 not_a_member",
    );

    await t.db.updateTable("workspaces").set({ plan: "free" }).where("id", "=", owner.workspaceId).execute();
    try {
      expect(await statusOf(send("GET", `${base}/?at=${moment}`, owner.headers))).toBe("402 plan_required");
      expect(await statusOf(send("POST", `${base}/restore`, owner.headers, { at: moment }))).toBe(
        "402 plan_required",
      );
    } finally {
      await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
    }
  });
});
