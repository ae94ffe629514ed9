// An environment's timeline (issue 22): `GET …/{environment_id}/timeline` lists what happened to the
// environment's secrets, newest first — versions written, deletions, restores, rollbacks, renames —
// with who did it and never a value; `undoable` events are the ones a restore to just before them
// puts back. Paged by limit and cursor (X-Next-Cursor) without losing events written in the same
// millisecond; a paid capability read by whoever reads the secrets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { callerOf, statusOf } from "./helpers/http.ts";
import { createTree, newMember, secretsPath, type Tree } from "./helpers/tree.ts";

interface Event {
  id: string;
  at: string;
  kind: string;
  secret_id: string;
  key: string;
  version: number | null;
  renamed: { from: string; to: string } | null;
  restored_to: string | null;
  undoable: boolean;
  actor: { type: string; id: string; name: string } | null;
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof newUser>>;
let tree: Tree;
let base = "";
const ids: Record<string, string> = {};
const times: string[] = [];
const VALUES = ["a-first-value", "b-first-value", "a-second-value"];

const send = callerOf(() => t.app);
/** Runs one change a minute after the last, and notes when. */
async function step(change: () => Promise<unknown>) {
  t.clock.advance(60);
  times.push(t.clock.now().toISOString());
  await change();
}
const timeline = async (query = "", headers = owner.headers, path = base) => {
  const response = await send("GET", `${path}/timeline${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return {
    events: response.json() as Event[],
    next: response.headers["x-next-cursor"] as string | undefined,
  };
};
const brief = (events: Event[]) =>
  events.map(
    (e) =>
      [e.kind, e.key, e.version, e.undoable].join(" ") +
      (e.renamed ? ` ${e.renamed.from}>${e.renamed.to}` : ""),
  );
const setPlan = (plan: string) =>
  t.db.updateTable("workspaces").set({ plan }).where("id", "=", owner.workspaceId).execute();

beforeAll(async () => {
  t = await createTestApp();
  owner = await newUser(t.app);
  await setPlan("pro");
  tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  base = secretsPath(tree);
  await step(async () => {
    ids.A = (await send("POST", `${base}/`, owner.headers, { key: "A", value: VALUES[0] })).json().id;
  });
  await step(async () => {
    ids.B = (await send("POST", `${base}/`, owner.headers, { key: "B", value: VALUES[1] })).json().id;
  });
  await step(() => send("PATCH", `${base}/${ids.A}`, owner.headers, { value: VALUES[2] }));
  await step(() => send("DELETE", `${base}/${ids.B}`, owner.headers));
  await step(() => send("POST", `${base}/deleted/${ids.B}/restore`, owner.headers));
  await step(() => send("POST", `${base}/${ids.A}/rollback`, owner.headers, { version: 1 }));
  await step(() => send("PATCH", `${base}/${ids.B}`, owner.headers, { key: "BB" }));
  await step(() => send("DELETE", `${base}/${ids.A}`, owner.headers));
  t.clock.advance(60);
});
afterAll(() => t.close());

describe("the events of an environment", () => {
  it("lists creations, updates, deletions, restores, rollbacks and renames, newest first", async () => {
    const { events, next } = await timeline();
    expect(next).toBeUndefined();
    expect(brief(events)).toEqual([
      "deleted A 3 true",
      "renamed BB 1 false B>BB",
      // A's versions are kept with it, and the trail too: its rollback still reads as one.
      "rolled_back A 3 true",
      "restored BB 1 false",
      // Undone since: the data no longer shows it, so no restore can act on it.
      "deleted BB  false",
      "updated A 2 true",
      // Under the key it has now.
      "created BB 1 true",
      "created A 1 true",
    ]);
    expect(events.map((e) => e.at)).toEqual(
      [...times].reverse().map((time) => expect.stringMatching(new RegExp(`^${time.slice(0, 16)}`))),
    );
    expect(events.map((e) => e.secret_id)).toEqual([ids.A, ids.B, ids.A, ids.B, ids.B, ids.A, ids.B, ids.A]);
    // Who is known for every event: a delete keeps the trail of what came before it.
    expect(events.map((e) => e.actor?.id ?? null)).toEqual(events.map(() => owner.id));
    expect(events[0]!.actor).toMatchObject({ type: "user", id: owner.id, name: owner.email });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("never carries a value", async () => {
    const response = await send("GET", `${base}/timeline`, owner.headers);
    for (const value of VALUES) expect(response.body).not.toContain(value);
  });

  it("tells of a rollback and a restore to a moment, and names who deleted each secret of a delete-all", async () => {
    t.clock.advance(60);
    ids.C = (await send("POST", `${base}/`, owner.headers, { key: "C", value: "c1" })).json().id;
    await send("PATCH", `${base}/${ids.C}`, owner.headers, { value: "c2" });
    await send("POST", `${base}/${ids.C}/rollback`, owner.headers, { version: 1 });
    expect(brief((await timeline("?limit=3")).events)).toEqual([
      "rolled_back C 3 true",
      "updated C 2 true",
      "created C 1 true",
    ]);

    // Back to just after A's update: A (deleted since) comes back with the value it had then.
    const moment = new Date(Date.parse(times[2]!) + 30_000).toISOString();
    t.clock.advance(60);
    const restore = await send("POST", `${base}/restore`, owner.headers, { at: moment, apply: true });
    expect(restore.statusCode, restore.body).toBe(200);
    let { events } = await timeline("?limit=3");
    // C, created since, goes (recoverable); A comes back with the value it had then, as a new
    // version. Both in one transaction: maybe in the same millisecond.
    expect(brief(events.slice(0, 2)).sort()).toEqual(["deleted C 3 true", "restored A 4 true"]);
    expect(brief(events.slice(2))).toEqual(["rolled_back C 3 true"]);
    expect(events.slice(0, 2).map((e) => e.restored_to)).toEqual([moment, moment]);

    const admin = await newMember(t.app, t.db, tree.workspaceId, Role.Owner);
    t.clock.advance(60);
    expect((await send("DELETE", `${base}/`, admin.headers)).statusCode).toBe(200);
    ({ events } = await timeline("?limit=4"));
    // The delete keeps the trail: A's restore still reads as one. (The restore's two events may
    // share a millisecond, and ids order a tie: the four newest, not the three.)
    expect(brief(events).sort()).toEqual(
      ["deleted A 4 true", "deleted BB 1 true", "restored A 4 true", "deleted C 3 true"].sort(),
    );
    // The delete-all's two, a minute after the restore, come first; each names who deleted it.
    expect(brief(events.slice(0, 2)).sort()).toEqual(["deleted A 4 true", "deleted BB 1 true"]);
    for (const event of events.slice(0, 2)) {
      expect(event.actor).toMatchObject({ id: admin.id, name: admin.email });
    }
  });

  it("keeps only the events before a moment with `before`", async () => {
    const { events } = await timeline(`?before=${encodeURIComponent(times[2]!)}`);
    expect(brief(events)).toEqual(["created BB 1 true", "created A 1 true"]);
    expect((await timeline(`?before=${encodeURIComponent(times[0]!)}`)).events).toEqual([]);
  });
});

describe("paging", () => {
  it("pages by limit and X-Next-Cursor, writes of the same millisecond included, each event once", async () => {
    const other = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const path = secretsPath(other);
    // One bulk write: seven versions written in the same millisecond.
    const secrets = Array.from({ length: 7 }, (_, i) => ({ key: `BULK_${i}`, value: `bulk-${i}` }));
    expect((await send("POST", `${path}/bulk`, owner.headers, { secrets })).statusCode).toBe(201);
    t.clock.advance(60);
    expect(
      (await send("PATCH", `${path}/`, owner.headers, { secrets: [{ key: "BULK_3", value: "changed" }] }))
        .statusCode,
    ).toBe(200);
    const whole = (await timeline("", owner.headers, path)).events;
    expect(whole).toHaveLength(8);
    expect(brief(whole)[0]).toBe("updated BULK_3 2 true");

    for (const limit of [1, 2, 3, 7]) {
      const seen: Event[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const query = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
        const page = await timeline(query, owner.headers, path);
        expect(page.events.length).toBeLessThanOrEqual(limit);
        seen.push(...page.events);
        cursor = page.next;
        pages++;
      } while (cursor && pages < 20);
      expect(
        seen.map((e) => e.id),
        `limit ${limit}`,
      ).toEqual(whole.map((e) => e.id));
      expect(pages).toBe(Math.ceil(8 / limit));
    }
  });

  it("refuses a bad limit, moment or cursor (422)", async () => {
    for (const query of ["limit=0", "limit=501", "limit=many", "before=yesterday", "cursor=not-a-cursor"]) {
      const response = await send("GET", `${base}/timeline?${query}`, owner.headers);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail[0].loc[0], query).toBe("query");
    }
  });
});

describe("who may read it, and on which plan", () => {
  it("is read by whoever reads the environment's secrets, and refused to the others", async () => {
    const viewer = await newMember(t.app, t.db, tree.workspaceId, Role.Viewer, [tree.teamId]);
    expect(await statusOf(send("GET", `${base}/timeline`, viewer.headers))).toBe("200");
    const outsider = await newMember(t.app, t.db, tree.workspaceId, Role.Member);
    expect(await statusOf(send("GET", `${base}/timeline`, outsider.headers))).toBe("403 forbidden");
    const stranger = await newUser(t.app);
    expect(await statusOf(send("GET", `${base}/timeline`, stranger.headers))).toBe("403 not_a_member");
    expect(await statusOf(send("GET", `${base}/timeline`, {}))).toBe("401 not_authenticated");

    const reader = await createApiKey(t.app, owner.accessToken, {
      name: "reader",
      workspace_id: tree.workspaceId,
      environment_ids: [tree.environmentId],
      access: "read",
    });
    expect(await statusOf(send("GET", `${base}/timeline`, { "x-api-key": reader.token }))).toBe("200");
    const elsewhere = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const narrowed = await createApiKey(t.app, owner.accessToken, {
      name: "elsewhere",
      workspace_id: tree.workspaceId,
      environment_ids: [elsewhere.environmentId],
      access: "read",
    });
    expect(await statusOf(send("GET", `${base}/timeline`, { "x-api-key": narrowed.token }))).toBe(
      "403 key_scope_forbidden",
    );
  });

  it("answers 404 for an environment that is not there, or is another workspace's", async () => {
    const unknown = secretsPath({ ...tree, environmentId: crypto.randomUUID() });
    expect(await statusOf(send("GET", `${unknown}/timeline`, owner.headers))).toBe("404 not_found");
    const neighbour = await newUser(t.app);
    const theirs = await createTree(t.app, neighbour.accessToken, neighbour.workspaceId);
    // Their team, project and environment under this workspace's id.
    const mixed = secretsPath({ ...theirs, workspaceId: tree.workspaceId });
    expect(await statusOf(send("GET", `${mixed}/timeline`, owner.headers))).toBe("404 not_found");
    const crossed = secretsPath({ ...tree, environmentId: theirs.environmentId });
    expect(await statusOf(send("GET", `${crossed}/timeline`, owner.headers))).toBe("404 not_found");
  });

  it("answers 402 on the free plan, like version history", async () => {
    await setPlan("free");
    try {
      expect(await statusOf(send("GET", `${base}/timeline`, owner.headers))).toBe("402 plan_required");
    } finally {
      await setPlan("pro");
    }
  });
});
