// Two nodes behind a load balancer: two real `npm start` processes on different ports (A with two
// worker processes), sharing one PostgreSQL database (created for this file), one Redis and one
// COFFER_MASTER_KEY. What one node
// does, the other knows on the very next request: revocations, the rate-limit budget, secrets and
// the data keys they are sealed with. PostgreSQL pass only (two nodes share a database only there).
//
// Redis is shared with every other test run on this machine: counters are keyed by credential
// digests (unique per key) and, for anonymous calls, by the client address, which these nodes read
// from X-Forwarded-For (COFFER_TRUST_PROXY, as behind a load balancer) and the tests make up afresh.
import { randomBytes, randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PASSWORD } from "./helpers/factories.ts";
import { until } from "./helpers/faults.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { REDIS_URL, REQUIRE_REDIS, redisReachable } from "./helpers/redis.ts";
import { killChildren, removeTempDirs, type ServerProcess, startServer } from "./helpers/server-process.ts";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.ts";
import { call, expectCall, mintKey, newAccount } from "./helpers/wire.ts";

const onPostgres = inject("databaseUrl") !== null;
const redisUp = await redisReachable();
const BUDGET = 20;
// `npm start` runs tsx, which compiles the app on a busy machine for a while.
const START_TIMEOUT_MS = 90_000;

/** A made-up client address: anonymous rate-limit buckets of their own, whoever else uses this Redis. */
const client = () => ({ "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

describe.skipIf(!onPostgres || (!redisUp && !REQUIRE_REDIS))(
  "two `npm start` nodes on one PostgreSQL and one Redis",
  () => {
    let store: Store;
    let a: ServerProcess;
    let b: ServerProcess;
    /** Between B and Redis, for the test that cuts B off. */
    let proxy: TcpProxy;
    beforeAll(async () => {
      if (!redisUp) throw new Error(`COFFER_REQUIRE_REDIS=1 but Redis is not reachable at ${REDIS_URL}`);
      const target = new URL(REDIS_URL);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
      store = await isolatedStore();
      const env = {
        ...store.env,
        REDIS_URL,
        COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
        COFFER_TRUST_PROXY: "true",
        COFFER_RATE_LIMIT_PER_MINUTE: String(BUDGET),
      };
      // Node A also runs on every core: with Redis its workers share through Redis like the nodes do.
      [a, b] = await Promise.all([
        startServer({ ...env, COFFER_WORKERS: "2" }, { npmStart: true, readyTimeoutMs: START_TIMEOUT_MS }),
        startServer(
          { ...env, REDIS_URL: proxy.url(REDIS_URL) },
          { npmStart: true, readyTimeoutMs: START_TIMEOUT_MS },
        ),
      ]);
      await a.waitForLog((line) => line.msg === "coffer is ready", START_TIMEOUT_MS);
    }, START_TIMEOUT_MS * 2);
    afterAll(async () => {
      await killChildren();
      await store?.drop();
      await proxy?.close();
      removeTempDirs();
    });

    it("refuses on B a key revoked on A, on B's very next request", async () => {
      const account = await newAccount(a.port, client());
      const key = await mintKey(a.port, account);
      // B has authenticated the key, so it holds it in its cache.
      await expectCall(200, b.port, "GET", "/auth/me", { headers: key.headers });

      await expectCall(200, a.port, "POST", `/keys/${key.id}`, { headers: account.headers });
      const onB = await expectCall(401, b.port, "GET", "/auth/me", { headers: key.headers });
      expect(onB.json().detail).toMatch(/revoked/);
    });

    it("refuses on B a session ended on A, on B's very next request", async () => {
      const account = await newAccount(a.port, client());
      await expectCall(200, b.port, "GET", "/auth/me", { headers: account.headers });

      await expectCall(200, a.port, "POST", "/auth/logout", { headers: account.headers });
      const onB = await expectCall(401, b.port, "GET", "/auth/me", { headers: account.headers });
      expect(onB.json().detail).toMatch(/revoked/);
    });

    it("forgets on B what B cached while cut off from Redis, once B is back: a revocation on A it missed holds", async () => {
      const account = await newAccount(a.port, client());
      const key = await mintKey(a.port, account);
      await proxy.cut("refuse");
      try {
        // B authenticates the key (and caches it) while it cannot hear A.
        await expectCall(200, b.port, "GET", "/auth/me", { headers: key.headers });
        await expectCall(200, a.port, "POST", `/keys/${key.id}`, { headers: account.headers });
      } finally {
        await proxy.restore();
      }
      await until(async () => (await call(b.port, "GET", "/readyz")).status === 200, 5_000, "B ready again");
      const onB = await expectCall(401, b.port, "GET", "/auth/me", { headers: key.headers });
      expect(onB.json().detail).toMatch(/revoked/);
    });

    it("counts a credential's requests on both nodes in one budget", async () => {
      const key = await mintKey(a.port, await newAccount(a.port, client()));
      const statuses: number[] = [];
      for (let i = 0; i < BUDGET * 2; i++) {
        const node = i % 2 === 0 ? a : b;
        statuses.push((await call(node.port, "GET", "/auth/me", { headers: key.headers })).status);
      }
      expect(statuses).toEqual([...Array(BUDGET).fill(200), ...Array(BUDGET).fill(429)]);
    });

    it("spends one account's budget of failed sign-ins on both nodes", async () => {
      const account = await newAccount(a.port, client());
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const node = i % 2 === 0 ? a : b;
        const answer = await call(node.port, "POST", "/auth/login", {
          headers: client(),
          form: { username: account.email, password: "not the password" },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      const right = await call(b.port, "POST", "/auth/login", {
        headers: client(),
        form: { username: account.email, password: PASSWORD },
      });
      expect(right.status).toBe(429);
    });

    it("reads on B a secret written on A in a workspace created on A, and the other way round", async () => {
      const owner = await newAccount(a.port, client());
      const headers = owner.headers;
      const ws = (
        await expectCall(201, a.port, "POST", "/workspaces/", { headers, json: { name: "Nodes" } })
      ).json().id as string;
      const team = (
        await expectCall(201, a.port, "POST", `/teams/${ws}/`, { headers, json: { name: "Core" } })
      ).json().id as string;
      const project = (
        await expectCall(201, a.port, "POST", `/projects/${ws}/${team}/`, { headers, json: { name: "Api" } })
      ).json().id as string;
      const env = (
        await expectCall(201, a.port, "POST", `/environments/${ws}/${team}/${project}/`, {
          headers,
          json: { name: "Production", environment_type: "prod" },
        })
      ).json().id as string;
      const secrets = `/secrets/${ws}/${team}/${project}/${env}/`;

      // The workspace's first secret: A creates its data key, wrapped under the shared master key.
      await expectCall(201, a.port, "POST", secrets, {
        headers,
        json: { key: "FROM_A", value: "sealed on A" },
      });
      await expectCall(201, b.port, "POST", secrets, {
        headers,
        json: { key: "FROM_B", value: "sealed on B" },
      });

      for (const node of [a, b]) {
        const listed = await expectCall(200, node.port, "GET", secrets, { headers });
        const values = Object.fromEntries(
          (listed.json() as { key: string; value: string }[]).map((s) => [s.key, s.value]),
        );
        expect(values).toEqual({ FROM_A: "sealed on A", FROM_B: "sealed on B" });
      }

      // Both nodes served this list and keep its rows; a write on either shows on both at once.
      type Listed = { id: string; key: string; value: string }[];
      const listed = async (node: ServerProcess) =>
        (await expectCall(200, node.port, "GET", secrets, { headers })).json() as Listed;
      const listOn = async (node: ServerProcess) =>
        Object.fromEntries((await listed(node)).map((s) => [s.key, s.value]));
      const idOfB = (await listed(b)).find((s) => s.key === "FROM_B")!.id;
      await expectCall(200, a.port, "PATCH", `${secrets}${idOfB}`, {
        headers,
        json: { value: "changed on A" },
      });
      expect(await listOn(b)).toEqual({ FROM_A: "sealed on A", FROM_B: "changed on A" });
      await expectCall(200, b.port, "DELETE", `${secrets}${idOfB}`, { headers });
      expect(await listOn(a)).toEqual({ FROM_A: "sealed on A" });
    });

    it("stops both nodes with exit code 0 on SIGTERM (npm passes the signal on)", async () => {
      const [exitA, exitB] = await Promise.all([a.stop("SIGTERM"), b.stop("SIGTERM")]);
      expect(exitA).toEqual({ code: 0, signal: null });
      expect(exitB).toEqual({ code: 0, signal: null });
      for (const node of [a, b]) expect(node.logLines().at(-1)).toMatchObject({ msg: "stopped" });
    });
  },
);
