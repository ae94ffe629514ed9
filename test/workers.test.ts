// Over 400 lines: one capability's contract (COFFER_WORKERS), read top to bottom against real processes.
// COFFER_WORKERS=2: the real server as a primary and two worker processes sharing one port, without
// Redis but for the last block (Redis behind a proxy the test cuts). Every request goes on a connection of its own, so the primary hands each to a worker in
// turn; which worker served a request is read from its "incoming request" log line (each worker
// logs with its own pid), matched by a marker in the query string. Nothing about workers is exposed
// to clients.
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PASSWORD } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { REDIS_URL, REQUIRE_REDIS, redisReachable } from "./helpers/redis.ts";
import {
  freePort,
  killChildren,
  removeTempDirs,
  type ServerProcess,
  spawnScript,
  startServer,
  tempDir,
} from "./helpers/server-process.ts";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.ts";
import {
  type Account,
  type Answer,
  call,
  expectCall,
  mintKey,
  newAccount,
  newEnvironment,
} from "./helpers/wire.ts";

const databaseUrl = inject("databaseUrl");
// Two workers each load the whole app through tsx: on a busy machine that takes a while.
const START_TIMEOUT_MS = 90_000;
const ROUNDS = 12;
const METRICS_TOKEN = randomBytes(24).toString("hex");

type Line = Record<string, unknown>;

/** Starts COFFER_WORKERS=2 and waits for the primary's "coffer is ready" (every worker serves). */
async function startWorkers(
  env: Record<string, string>,
): Promise<{ server: ServerProcess; workers: number[] }> {
  const server = await startServer({ COFFER_WORKERS: "2", ...env }, { readyTimeoutMs: START_TIMEOUT_MS });
  await server.waitForLog((line) => line.msg === "coffer is ready", START_TIMEOUT_MS);
  return { server, workers: workerPids(server) };
}

const workerPids = (server: ServerProcess) =>
  server
    .logLines()
    .filter((line) => line.msg === "worker process started")
    .map((line) => line.worker as number);

/** The pids of the processes that logged the arrival of a request carrying `marker`, once `count` have. */
async function servedBy(server: ServerProcess, marker: string, count: number): Promise<number[]> {
  const arrivals = () =>
    server
      .logLines()
      .filter(
        (line: Line) => line.msg === "incoming request" && String((line.req as Line)?.url).includes(marker),
      );
  // The answers are in; their log lines may still be on their way through the pipe.
  await server.waitForLog(() => arrivals().length >= count, 10_000);
  return arrivals().map((line) => line.pid as number);
}

const distinct = (pids: number[]) => [...new Set(pids)].sort();

/**
 * `n` GETs of `path`, each on its own connection, then `n` more at a time (at most 4n in all) until
 * every worker of `cover` has served one: the kernel spreads connections over the workers by a hash
 * of each connection's ports, so a few rounds may all land on one. The answers and who served them.
 */
async function rounds(
  server: ServerProcess,
  path: string,
  headers: Record<string, string>,
  n = ROUNDS,
  cover: number[] = [],
) {
  const marker = randomUUID();
  const answers: Answer[] = [];
  let pids: number[] = [];
  for (let batch = 0; batch < 4; batch++) {
    for (let i = 0; i < n; i++)
      answers.push(await call(server.port, "GET", `${path}?probe=${marker}`, { headers }));
    pids = await servedBy(server, marker, answers.length);
    if (cover.every((pid) => pids.includes(pid))) break;
  }
  return { answers, pids };
}

/** The pid of the worker started in place of one of `workers`, once it serves. */
async function replacementOf(server: ServerProcess, workers: number[]): Promise<number> {
  const replacement = await server.waitForLog(
    (line) => line.msg === "worker process started" && !workers.includes(line.worker as number),
    START_TIMEOUT_MS,
  );
  const pid = replacement.worker as number;
  await server.waitForLog((line) => line.msg === "worker is ready" && line.pid === pid, START_TIMEOUT_MS);
  return pid;
}

const statusesOf = (answers: Answer[]) => answers.map((answer) => answer.status);
const all = (status: number, answers: Answer[]) => Array(answers.length).fill(status);

function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

let stores: Store[] = [];

/** On SQLite a fresh data dir (the master key is generated); on PostgreSQL a database of its own. */
async function engineEnv(): Promise<Record<string, string>> {
  if (!databaseUrl) return { COFFER_DATA_DIR: join(tempDir(), "data") };
  const store = await isolatedStore();
  stores.push(store);
  return { ...store.env, COFFER_MASTER_KEY: randomBytes(32).toString("base64") };
}

afterAll(async () => {
  await killChildren();
  for (const store of stores) await store.drop();
  stores = [];
  removeTempDirs();
});

describe("COFFER_WORKERS=2 on one port, without Redis", () => {
  let server: ServerProcess;
  let workers: number[];
  beforeAll(async () => {
    ({ server, workers } = await startWorkers({
      ...(await engineEnv()),
      COFFER_METRICS_TOKEN: METRICS_TOKEN,
    }));
  }, START_TIMEOUT_MS * 2);

  it("answers /metrics for the whole node: every worker's counts, whichever worker takes the scrape", async () => {
    const scrape = async () =>
      (
        await expectCall(200, server.port, "GET", "/metrics", {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body;
    const value = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
    const healthz = /^coffer_http_requests_total\{method="GET",route="\/healthz",status_code="200"\} (\d+)$/m;
    const before = value(await scrape(), healthz);
    const { answers, pids } = await rounds(server, "/healthz", {}, ROUNDS, workers);
    expect(distinct(pids)).toEqual([...workers].sort());
    // Each scrape lands on either worker: every one tells the same total.
    for (let i = 0; i < 6; i++) {
      const text = await scrape();
      expect(value(text, healthz)).toBe(before + answers.length);
      expect(text).toMatch(/^coffer_cluster_workers\{state="reporting"\} 2$/m);
      expect(text).toMatch(/^coffer_dependency_up\{dependency="database"\} 1$/m);
    }
  });

  it("says so in one start line, and both workers answer", async () => {
    expect(workers).toHaveLength(2);
    const human = server
      .stdout()
      .split("\n")
      .filter((line) => line.startsWith("Coffer is listening"));
    expect(human).toHaveLength(1);
    expect(human[0]).toContain("2 worker processes");
    if (!databaseUrl) {
      // The primary generated the master key before forking: one key, one warning.
      expect(server.logLines().filter((line) => /new master key/.test(String(line.msg)))).toHaveLength(1);
    }
    const { answers, pids } = await rounds(server, "/healthz", {}, ROUNDS, workers);
    expect(statusesOf(answers)).toEqual(all(200, answers));
    expect(distinct(pids)).toEqual([...workers].sort());
  });

  /** Both workers serve (and so cache) the credential; after `end()`, both refuse it as revoked. */
  async function refusedEverywhereAfter(headers: Record<string, string>, end: () => Promise<unknown>) {
    const before = await rounds(server, "/auth/me", headers, ROUNDS, workers);
    expect(statusesOf(before.answers)).toEqual(all(200, before.answers));
    expect(distinct(before.pids)).toEqual([...workers].sort());

    await end();
    const after = await rounds(server, "/auth/me", headers, ROUNDS, workers);
    expect(statusesOf(after.answers)).toEqual(all(401, after.answers));
    for (const answer of after.answers) expect(answer.json().detail).toMatch(/revoked/);
    expect(distinct(after.pids)).toEqual([...workers].sort());
  }

  it("refuses a key revoked through one worker on every worker, from the very next request", async () => {
    const account = await newAccount(server.port);
    const key = await mintKey(server.port, account);
    await refusedEverywhereAfter(key.headers, () =>
      expectCall(200, server.port, "POST", `/keys/${key.id}`, { headers: account.headers }),
    );
  });

  it("refuses a session ended through one worker on every worker, from the very next request", async () => {
    const account = await newAccount(server.port);
    await refusedEverywhereAfter(account.headers, () =>
      expectCall(200, server.port, "POST", "/auth/logout", { headers: account.headers }),
    );
  });

  it("shows a write made through one worker in the list every worker serves, from the very next request", async () => {
    // Each worker keeps the rows of the lists it served; a write must reach every one of them.
    const account = await newAccount(server.port);
    const { headers } = account;
    const secrets = await newEnvironment(server.port, account);
    const post = async (path: string, json: Record<string, unknown>) =>
      (await expectCall(201, server.port, "POST", path, { headers, json })).json().id as string;
    const first = await post(secrets, { key: "FIRST", value: "one" });
    await post(secrets, { key: "SECOND", value: "two" });

    const listsEverywhere = async (expected: Record<string, string>) => {
      const { answers, pids } = await rounds(server, secrets, headers, 6, workers);
      expect(distinct(pids)).toEqual([...workers].sort());
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        const values = (answer.json() as { key: string; value: string }[]).map((s) => [s.key, s.value]);
        expect(Object.fromEntries(values)).toEqual(expected);
      }
    };
    await listsEverywhere({ FIRST: "one", SECOND: "two" });
    await expectCall(200, server.port, "PATCH", `${secrets}${first}`, { headers, json: { value: "uno" } });
    await listsEverywhere({ FIRST: "uno", SECOND: "two" });
    await expectCall(200, server.port, "DELETE", `${secrets}${first}`, { headers });
    await listsEverywhere({ SECOND: "two" });
  });

  it("spends one account's budget of failed sign-ins across both workers", async () => {
    const account = await newAccount(server.port);
    const marker = randomUUID();
    const statuses: number[] = [];
    // The default budget is 10 per account; 12 attempts, each on a connection of its own.
    for (let i = 0; i < 12; i++) {
      const answer = await call(server.port, "POST", `/auth/login?probe=${marker}`, {
        form: { username: account.email, password: "not the password" },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect(distinct(await servedBy(server, marker, 12))).toEqual([...workers].sort());
    const right = await call(server.port, "POST", "/auth/login", {
      form: { username: account.email, password: PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it("lets SIGTERM finish an in-flight request, stops every worker, and exits 0", async () => {
    const account = await newAccount(server.port);
    const path = `/auth/login?probe=${randomUUID()}`;
    const arrived = server.waitForLog(
      (line) => line.msg === "incoming request" && (line.req as Line)?.url === path,
    );
    // argon2 keeps the sign-in busy for a while after it arrived.
    const response = call(server.port, "POST", path, {
      form: { username: account.email, password: PASSWORD },
    });
    await arrived;
    server.child.kill("SIGTERM");
    expect((await response).status).toBe(200);
    expect(await server.stop()).toEqual({ code: 0, signal: null });

    const stopped = server.logLines().filter((line) => line.msg === "stopped");
    expect(distinct(stopped.map((line) => line.pid as number))).toEqual(
      distinct([...workers, server.child.pid!]),
    );
    // The primary is the last to go.
    expect(server.logLines().at(-1)).toMatchObject({ msg: "stopped", pid: server.child.pid });
    expect(server.stderr()).toBe("");
    expect(await tryConnect(server.port)).toBe("ECONNREFUSED");
  });
});

describe("COFFER_WORKERS=2: one rate-limit budget, a replaced worker, housekeeping once", () => {
  const BUDGET = 20;
  let server: ServerProcess;
  let workers: number[];
  let account: Account;
  beforeAll(async () => {
    ({ server, workers } = await startWorkers({
      ...(await engineEnv()),
      COFFER_RATE_LIMIT_PER_MINUTE: String(BUDGET),
      // Every second, with no retention: an ended session is purged at the next pass.
      COFFER_PURGE_INTERVAL: "1",
      COFFER_PURGE_RETENTION: "0",
    }));
    account = await newAccount(server.port);
  }, START_TIMEOUT_MS * 2);

  it("counts a credential's requests in one budget across both workers", async () => {
    const key = await mintKey(server.port, account);
    const { answers, pids } = await rounds(server, "/auth/me", key.headers, BUDGET * 2);
    const statuses = answers.map((a) => a.status);
    // Not BUDGET per worker: the first BUDGET pass, every later one is refused.
    expect(statuses).toEqual([...Array(BUDGET).fill(200), ...Array(BUDGET).fill(429)]);
    expect(distinct(pids)).toEqual([...workers].sort());
    const refused = answers.at(-1)!;
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
  });

  it("replaces a worker killed with SIGKILL and keeps answering", async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, "SIGKILL");
    await server.waitForLog(
      (line) => line.worker === victim && /exited unexpectedly/.test(String(line.msg)),
      START_TIMEOUT_MS,
    );
    const meanwhile = await rounds(server, "/healthz", {}, 4);
    expect(meanwhile.answers.map((a) => a.status)).toEqual(Array(4).fill(200));

    const newPid = await replacementOf(server, workers);
    const after = await rounds(server, "/healthz", {}, ROUNDS, [survivor, newPid]);
    expect(statusesOf(after.answers)).toEqual(all(200, after.answers));
    expect(distinct(after.pids)).toEqual(distinct([survivor, newPid]));
    workers = [survivor, newPid];
  });

  it("lets no request hang when a worker is killed with SIGKILL under load: each is answered or reset at once", async () => {
    const [victim, survivor] = workers as [number, number];
    const READERS = 12;
    const WRITERS = 4;
    let stop = false;
    type Outcome = "answered" | "reset" | "hung";
    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    /** One request on a connection of its own; "hung" if neither an answer nor an error came in 8 s. */
    const attempt = (request: () => Promise<Answer>, onAnswer: (answer: Answer) => void = () => {}) =>
      Promise.race([
        request().then(
          (answer): Outcome => {
            onAnswer(answer);
            return "answered";
          },
          (): Outcome => "reset",
        ),
        new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 8_000).unref()),
      ]);
    // Writers each with a key of their own: the rate-limit budget here is 20 a minute per credential.
    const secrets = await newEnvironment(server.port, account);
    const keys = await Promise.all(Array.from({ length: WRITERS }, () => mintKey(server.port, account)));
    const readers = Array.from({ length: READERS }, async () => {
      while (!stop) outcomes.push(await attempt(() => call(server.port, "GET", "/healthz")));
    });
    const writers = keys.map(async (key, w) => {
      for (let i = 0; i < BUDGET - 5 && !stop; i++) {
        const name = `KILLED_${w}_${i}`;
        const write = () =>
          call(server.port, "POST", secrets, { headers: key.headers, json: { key: name, value: "v" } });
        outcomes.push(await attempt(write, (answer) => answer.status === 201 && acknowledged.push(name)));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(victim, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stop = true;
    await Promise.all([...readers, ...writers]);
    expect(outcomes.filter((outcome) => outcome === "hung")).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === "answered").length).toBeGreaterThan(READERS);

    const newPid = await replacementOf(server, workers);
    workers = [survivor, newPid];
    const reader = await mintKey(server.port, account);
    const listed = (
      await expectCall(200, server.port, "GET", secrets, { headers: reader.headers })
    ).json() as {
      key: string;
    }[];
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(listed.map((secret) => secret.key)).toEqual(expect.arrayContaining(acknowledged));
  });

  it("runs housekeeping in the primary only", async () => {
    await expectCall(200, server.port, "POST", "/auth/logout", { headers: account.headers });
    const purged = await server.waitForLog(
      (line) => line.msg === "housekeeping" && ((line.purged as Line)?.sessions as number) > 0,
      20_000,
    );
    expect(purged.pid).toBe(server.child.pid);
    const passes = server.logLines().filter((line) => line.msg === "housekeeping");
    expect(passes.every((line) => line.pid === server.child.pid)).toBe(true);
  });
});

describe("COFFER_WORKERS=2 that cannot start", () => {
  it(
    "says why in one line, once (not once per worker), and exits 1",
    async () => {
      const port = await freePort();
      const taken = createServer().listen(port, "127.0.0.1");
      try {
        const run = spawnScript("main", {
          ...(await engineEnv()),
          COFFER_WORKERS: "2",
          HOST: "127.0.0.1",
          PORT: String(port),
        });
        expect(await run.exited).toEqual({ code: 1, signal: null });
        const lines = run
          .stderr()
          .split("\n")
          .filter((line) => line.trim() !== "");
        expect(lines, run.stderr()).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`^coffer: port ${port} on 127\\.0\\.0\\.1 is already in use`));
        expect(run.stdout()).not.toContain("Coffer is listening");
      } finally {
        taken.close();
      }
    },
    START_TIMEOUT_MS,
  );
});

const redisUp = await redisReachable();

// With Redis, workers hear each other through it; while it is away, through their primary: a key
// revoked through one worker is refused by its sibling at once, and a budget holds for the node.
describe.skipIf(Boolean(databaseUrl) || (!redisUp && !REQUIRE_REDIS))(
  "COFFER_WORKERS=2 with REDIS_URL, while Redis is away",
  () => {
    const BUDGET = 60;
    let proxy: TcpProxy;
    let server: ServerProcess;
    let workers: number[];
    let account: Account;
    beforeAll(async () => {
      if (!redisUp) throw new Error(`COFFER_REQUIRE_REDIS=1 but Redis is not reachable at ${REDIS_URL}`);
      const target = new URL(REDIS_URL);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
      ({ server, workers } = await startWorkers({
        ...(await engineEnv()),
        REDIS_URL: proxy.url(REDIS_URL),
        COFFER_RATE_LIMIT_PER_MINUTE: String(BUDGET),
        // Sign-ups count per address in a Redis other runs share: this run comes from an address of its own.
        COFFER_TRUST_PROXY: "true",
      }));
      account = await newAccount(server.port, {
        "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      });
    }, START_TIMEOUT_MS * 2);
    afterAll(async () => {
      await proxy?.restore();
      await proxy?.close();
    });

    it("refuses a key revoked through one worker on every worker, from the very next request", async () => {
      const key = await mintKey(server.port, account);
      const before = await rounds(server, "/auth/me", key.headers, 6, workers);
      expect(statusesOf(before.answers)).toEqual(all(200, before.answers));
      await proxy.cut("refuse");
      try {
        await expectCall(200, server.port, "POST", `/keys/${key.id}`, { headers: account.headers });
        const after = await rounds(server, "/auth/me", key.headers, 6, workers);
        expect(distinct(after.pids)).toEqual([...workers].sort());
        expect(statusesOf(after.answers)).toEqual(all(401, after.answers));
      } finally {
        await proxy.restore();
      }
    });

    it("counts a credential's requests in one budget for the whole node", async () => {
      const key = await mintKey(server.port, account);
      await proxy.cut("refuse");
      try {
        const { answers, pids } = await rounds(server, "/auth/me", key.headers, BUDGET + 10);
        expect(distinct(pids)).toEqual([...workers].sort());
        // Not BUDGET per worker: the node's primary counts for both while Redis is away.
        expect(statusesOf(answers)).toEqual([...Array(BUDGET).fill(200), ...Array(10).fill(429)]);
      } finally {
        await proxy.restore();
      }
    });
  },
);
