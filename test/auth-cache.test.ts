// The in-process cache of keys, sessions and roles must never outlive a change made through the
// API: revocations, role changes, removals and deletions take effect on the very next request, on
// this node and (through Redis) on every other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TaggedCache } from "../src/auth/auth-cache.ts";
import { createTestApp, engineUnderTest, type TestApp, testAppForSuite } from "./helpers/app.ts";
import { bearer, createApiKey, newUser, PASSWORD } from "./helpers/factories.ts";
import { REDIS_URL, REQUIRE_REDIS, redisReachable } from "./helpers/redis.ts";
import { newMember } from "./helpers/tree.ts";

describe("TaggedCache", () => {
  it("forgets every entry of a tag at once, and nothing else", () => {
    const cache = new TaggedCache<number>(60_000, 100);
    cache.set("a", 1, ["user:1", "workspace:x"], cache.mark());
    cache.set("b", 2, ["user:2", "workspace:x"], cache.mark());
    cache.set("c", 3, ["user:3"], cache.mark());
    cache.invalidate("workspace:x");
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, undefined, 3]);
  });

  it("does not store a value read before an invalidation that came in while it was read", () => {
    const cache = new TaggedCache<number>(60_000, 100);
    const mark = cache.mark();
    // Meanwhile another process revokes something (any tag: the read may have seen the old row).
    cache.invalidate("api-key:1");
    cache.set("a", 1, ["api-key:1"], mark);
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", 1, ["api-key:1"], cache.mark());
    expect(cache.get("a")).toBe(1);
  });

  it("drops an entry once its time is up", () => {
    const cache = new TaggedCache<number>(-1, 100);
    cache.set("a", 1, [], cache.mark());
    expect(cache.get("a")).toBeUndefined();
  });

  it("evicts the oldest entry when full", () => {
    const cache = new TaggedCache<number>(60_000, 2);
    cache.set("a", 1, ["t"], cache.mark());
    cache.set("b", 2, ["t"], cache.mark());
    cache.set("c", 3, ["t"], cache.mark());
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
  });
});

describe("on one node", () => {
  const t = testAppForSuite();

  it("refuses a demoted Admin at once, after their role was read (and cached) a moment before", async () => {
    const owner = await newUser(t.app);
    const admin = await newMember(t.app, t.db, owner.workspaceId, 2);
    const create = (name: string) =>
      t.app.inject({
        method: "POST",
        url: `/teams/${owner.workspaceId}/`,
        headers: admin.headers,
        payload: { name },
      });
    expect((await create("Before")).statusCode).toBe(201);

    const demote = await t.app.inject({
      method: "PATCH",
      url: `/workspaces/${owner.workspaceId}/members/${admin.id}`,
      headers: owner.headers,
      payload: { role: 0 },
    });
    expect(demote.statusCode).toBe(200);
    expect((await create("After")).statusCode).toBe(403);
  });

  it("refuses a removed member's API key at once", async () => {
    const owner = await newUser(t.app);
    const member = await newMember(t.app, t.db, owner.workspaceId, 1);
    const key = await createApiKey(t.app, member.accessToken);
    const members = () =>
      t.app.inject({
        method: "GET",
        url: `/workspaces/${owner.workspaceId}/members`,
        headers: { "x-api-key": key.token },
      });
    expect((await members()).statusCode).toBe(200);

    await t.app.inject({
      method: "DELETE",
      url: `/workspaces/${owner.workspaceId}/members/${member.id}`,
      headers: owner.headers,
    });
    expect((await members()).statusCode).toBe(403);
  });

  it("refuses the API key and the session of a deleted account at once", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const meStatus = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: "GET", url: "/auth/me", headers })).statusCode;
    expect(await meStatus({ "x-api-key": key.token })).toBe(200);
    expect(await meStatus(user.headers)).toBe(200);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/auth/me",
      headers: user.headers,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await meStatus({ "x-api-key": key.token })).toBe(401);
    expect(await meStatus(user.headers)).toBe(401);
  });

  it("forgets a deleted workspace as a key's scope at once, even through a cached key", async () => {
    const owner = await newUser(t.app);
    const key = await createApiKey(t.app, owner.accessToken);
    const current = () =>
      t.app.inject({ method: "GET", url: "/workspaces/current", headers: { "x-api-key": key.token } });
    expect((await current()).json().id).toBe(owner.workspaceId);

    await t.app.inject({ method: "DELETE", url: `/workspaces/${owner.workspaceId}`, headers: owner.headers });
    const after = await current();
    expect(after.statusCode).toBe(422);
    expect(after.json().detail[0].loc).toEqual(["header", "x-workspace-id"]);
  });
});

const redisUp = await redisReachable();

describe.skipIf(!redisUp && !REQUIRE_REDIS)("across nodes sharing REDIS_URL", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!redisUp) throw new Error(`COFFER_REQUIRE_REDIS=1 but Redis is not reachable at ${REDIS_URL}`);
    a = await createTestApp({ env: { REDIS_URL } });
    b = await createTestApp({
      env: { REDIS_URL, COFFER_MASTER_KEY: a.config.masterKey!.toString("base64") },
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** Polls node B a bounded number of times: pub/sub delivery takes a moment, never seconds. */
  async function eventually(check: () => Promise<boolean>): Promise<boolean> {
    for (let i = 0; i < 50; i++) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  // Two nodes share a database only on PostgreSQL (each SQLite test app has its own file).
  it.skipIf(engineUnderTest() !== "postgres")(
    "a key revoked on one node is refused by the other within a second",
    async () => {
      const user = await newUser(a.app);
      const key = await createApiKey(a.app, user.accessToken);
      const onB = () => b.app.inject({ method: "GET", url: "/auth/me", headers: { "x-api-key": key.token } });
      expect((await onB()).statusCode).toBe(200);

      await a.app.inject({ method: "POST", url: `/keys/${key.id}`, headers: bearer(user.accessToken) });
      const refused = await eventually(async () => (await onB()).statusCode === 401);
      expect(refused).toBe(true);
    },
  );
});
