// Redis goes away under a running server (a real process), through a TCP proxy the test cuts:
// stopped (connections reset, new ones refused) and partitioned (nothing answers). Requests never
// wait on it for long nor fail because of it; rate limits and attempt budgets count on the node
// meanwhile, and /readyz says so; a key revoked during the outage is refused at once on this node,
// and its invalidation is published to the other nodes once Redis is back (the test listens on
// Redis itself); a write acknowledged meanwhile is there afterwards. A Redis that forgot the
// counters' scripts (they are sent by SHA-1) is sent their text again, and counts on. Redis
// behaves alike on both engines: the SQLite pass runs it.
import { randomBytes, randomInt } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineUnderTest } from "./helpers/app.ts";
import { stackTraceLines, timed, until } from "./helpers/faults.ts";
import { REDIS_URL, REQUIRE_REDIS, redisReachable } from "./helpers/redis.ts";
import {
  type ServerProcess,
  startServer,
  stopChildrenReleaseAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.ts";
import { type Account, call, expectCall, mintKey, newAccount, newEnvironment } from "./helpers/wire.ts";

const redisUp = await redisReachable();
const BUDGET = 20;
const METRICS_TOKEN = randomBytes(24).toString("hex");
/** No request may wait on Redis longer than this (the bound is 500 ms; the rest is slack for a busy machine). */
const ANSWER_BOUND_MS = 2_000;

describe.skipIf(engineUnderTest() !== "sqlite" || (!redisUp && !REQUIRE_REDIS))(
  "Redis goes away under a running server",
  () => {
    let proxy: TcpProxy;
    let server: ServerProcess;
    let account: Account;
    let listener: Redis;
    const heard: string[] = [];

    const ready = () => call(server.port, "GET", "/readyz");
    const metric = async (name: string) => {
      const text = (
        await expectCall(200, server.port, "GET", "/metrics", {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body;
      return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1]);
    };

    beforeAll(async () => {
      if (!redisUp) throw new Error(`COFFER_REQUIRE_REDIS=1 but Redis is not reachable at ${REDIS_URL}`);
      const target = new URL(REDIS_URL);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
      server = await startServer({
        COFFER_DATA_DIR: tempDir(),
        REDIS_URL: proxy.url(REDIS_URL),
        COFFER_RATE_LIMIT_PER_MINUTE: String(BUDGET),
        COFFER_METRICS_TOKEN: METRICS_TOKEN,
        // Sign-ups count per address in a Redis other test runs share: each run comes from an address of its own.
        COFFER_TRUST_PROXY: "true",
      });
      await until(async () => (await ready()).status === 200, 10_000, "ready with Redis");
      account = await newAccount(server.port, {
        "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      });
      // The test hears what the server publishes, on Redis itself (not through the proxy).
      listener = new Redis(REDIS_URL);
      await listener.subscribe("coffer:invalidate");
      listener.on("message", (_channel: string, tag: string) => heard.push(tag));
    }, 60_000);

    afterAll(async () => {
      listener?.disconnect();
      await stopChildrenReleaseAndRemoveTempDirs(() => proxy?.close());
    });

    it("stopped: requests answer at once; a revocation holds here and is published once Redis is back", async () => {
      const key = await mintKey(server.port, account);
      await expectCall(200, server.port, "GET", "/auth/me", { headers: key.headers });
      const secrets = await newEnvironment(server.port, account);
      const { headers } = account;
      await proxy.cut("refuse");
      try {
        const written = await timed(() =>
          call(server.port, "POST", secrets, { headers, json: { key: "DURING_OUTAGE", value: "kept" } }),
        );
        expect(written.answer.status, written.answer.body).toBe(201);
        expect(written.ms).toBeLessThan(ANSWER_BOUND_MS);
        for (let i = 0; i < 5; i++) {
          const { answer, ms } = await timed(() =>
            call(server.port, "GET", "/auth/me", { headers: account.headers }),
          );
          expect(answer.status, answer.body).toBe(200);
          expect(ms).toBeLessThan(ANSWER_BOUND_MS);
        }
        const revoked = await timed(() =>
          call(server.port, "POST", `/keys/${key.id}`, { headers: account.headers }),
        );
        expect(revoked.answer.status, revoked.answer.body).toBe(200);
        expect(revoked.ms).toBeLessThan(ANSWER_BOUND_MS);
        const refused = await call(server.port, "GET", "/auth/me", { headers: key.headers });
        expect(refused.status).toBe(401);
        expect(await metric("coffer_invalidation_backlog")).toBe(1);
        expect(await metric("coffer_dependency_up")).toBeDefined();
        const notReady = await ready();
        expect(notReady.status).toBe(503);
        expect(notReady.json().problems.map((p: { dependency: string }) => p.dependency)).toContain("redis");
        expect(heard).not.toContain(`api-key:${key.id}`);
      } finally {
        await proxy.restore();
      }
      const backMs = await until(async () => (await ready()).status === 200, 5_000, "/readyz back to 200");
      console.info(`fault-redis: stopped → /readyz 200 ${Math.round(backMs)} ms after Redis is back`);
      await until(
        async () => heard.includes(`api-key:${key.id}`),
        3_000,
        "the queued invalidation published",
      );
      expect(await metric("coffer_invalidation_backlog")).toBe(0);
      // The write acknowledged during the outage is there afterwards.
      const listed = (await expectCall(200, server.port, "GET", secrets, { headers })).json() as {
        key: string;
        value: string;
      }[];
      expect(listed.map((secret) => [secret.key, secret.value])).toEqual([["DURING_OUTAGE", "kept"]]);
      expect(
        server.logLines().some((line) => line.msg === "queued cache invalidations published to Redis"),
      ).toBe(true);
    });

    it("partitioned: reads never wait on it for long, and the rate limit holds on this node meanwhile", async () => {
      const key = await mintKey(server.port, account);
      await proxy.cut("blackhole");
      const statuses: number[] = [];
      try {
        for (let i = 0; i < BUDGET + 3; i++) {
          const { answer, ms } = await timed(() =>
            call(server.port, "GET", "/auth/me", { headers: key.headers }),
          );
          statuses.push(answer.status);
          expect(ms).toBeLessThan(ANSWER_BOUND_MS);
        }
        // The key's first request before the cut counted in Redis; the process counts afresh.
        expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
        expect(statuses.slice(BUDGET)).toEqual([429, 429, 429]);
        const notReadyMs = await until(async () => (await ready()).status === 503, 5_000, "/readyz 503");
        console.info(`fault-redis: partition → /readyz 503 after ${Math.round(notReadyMs)} ms`);
      } finally {
        await proxy.restore();
      }
      const backMs = await until(async () => (await ready()).status === 200, 5_000, "/readyz back to 200");
      console.info(`fault-redis: partition → /readyz 200 ${Math.round(backMs)} ms after Redis is back`);
      const lines = server.logLines().map((line) => String(line.msg));
      expect(lines.some((msg) => msg.startsWith("Redis does not answer: rate limits"))).toBe(true);
      expect(lines.some((msg) => msg.startsWith("Redis answers again"))).toBe(true);
    });

    it("its scripts flushed, as a restarted Redis forgets them: budgets still count in Redis", async () => {
      const key = await mintKey(server.port, account);
      const fellBack = () =>
        server.logLines().filter((line) => String(line.msg).startsWith("Redis does not answer")).length;
      const before = fellBack();
      const admin = new Redis(REDIS_URL);
      try {
        await admin.script("FLUSH");
        const statuses: number[] = [];
        for (let i = 0; i < BUDGET + 2; i++)
          statuses.push((await call(server.port, "GET", "/auth/me", { headers: key.headers })).status);
        expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
        expect(statuses.slice(BUDGET)).toEqual([429, 429]);
        // In Redis all along: the node never counted on its own, and /readyz names no problem.
        expect(fellBack()).toBe(before);
        expect((await ready()).status).toBe(200);
      } finally {
        admin.disconnect();
      }
    });

    it("answered no 500 and printed no stack trace through all of it", () => {
      const statuses = server
        .logLines()
        .filter((line) => line.msg === "request completed")
        .map((line) => (line.res as { statusCode?: number } | undefined)?.statusCode);
      expect(statuses).not.toContain(500);
      expect(stackTraceLines(server.stderr())).toEqual([]);
    });
  },
);
