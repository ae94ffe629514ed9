// `npm run bench`: starts Coffer as it ships (the compiled server, `npm run build:server`) on the
// embedded engine in a fresh data dir, seeds it, and measures the hot paths with autocannon (50
// connections, 10 s each after 3 s of warm-up) against the ceiling of our stack (bench/ceiling.ts).
// The rows the targets compare (list 20 and get one against their ceilings, list 20 on PostgreSQL
// with Redis when they answer, a list of references against a plain one) are measured in turns over
// BENCH_ROUNDS rounds. Rewrites its own section of bench/results.md, above the dated notes.
// Loopback only; every run is bounded in time.
// BENCH_WORKERS=N (default 2 on a machine with two or more cores; 0 skips it) measures list 20 once
// more with the server on N worker processes (COFFER_WORKERS=N) on the same data.
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import {
  api,
  buildServer,
  freePort,
  median,
  rssMiB,
  secretsOf,
  seedAccount,
  startServer,
  stopServer,
} from "./seed.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
// Rounds of the scenarios whose ratios are the targets (list 20 on SQLite and PostgreSQL, ceiling).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
// Short turns: the shorter they are, the closer in time the figures a ratio compares.
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
// List 20 once more with the server on this many worker processes (COFFER_WORKERS); 0 or 1: no such row.
const WORKERS = Number(process.env.BENCH_WORKERS ?? Math.min(2, availableParallelism()));
const root = new URL("..", import.meta.url).pathname;
// The PostgreSQL row: a database created on this server for the run (skipped when none answers).
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redact = (url: string) => url.replace(/\/\/[^@]*@/, "//");
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function startCeiling(port: number): ChildProcess {
  return fork(join(root, "bench/ceiling.ts"), [String(port)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
}

/** Whether something answers on a TCP port of this machine (Redis for the PostgreSQL row). */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * `expect`: the one status every answer must have (by default any 2xx); `warm`: run WARMUP seconds
 * unrecorded first; `duration`: seconds recorded.
 */
async function measure(
  name: string,
  options: autocannon.Options,
  { expect, warm = true, duration = DURATION }: { expect?: number; warm?: boolean; duration?: number } = {},
): Promise<Measured> {
  // Unrecorded: the first seconds of a route run before the JIT has compiled its code.
  if (warm && WARMUP > 0) await autocannon({ connections: CONNECTIONS, duration: WARMUP, ...options });
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  const unexpected =
    expect === undefined
      ? result.non2xx
      : Object.entries(result.statusCodeStats ?? {}).reduce(
          (sum, [status, stats]) => sum + (Number(status) === expect ? 0 : (stats?.count ?? 0)),
          0,
        );
  const bad = unexpected + result.errors + result.timeouts;
  console.log(
    `${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, errors ${bad}`,
  );
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

/**
 * A second server on a fresh PostgreSQL database (its own port), with Redis when one answers (as a
 * production deployment on PostgreSQL runs), seeded with the same 20 secrets; undefined when no
 * PostgreSQL answers. close() stops it and drops the database.
 */
async function openOnPostgres(serverEnv: Record<string, string>) {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const database = `coffer_bench_${process.pid}`;
  await admin.query(`create database ${database}`);
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const port = await freePort();
  const redis = (await answers(Number(new URL(REDIS_URL).port || 6379))) ? REDIS_URL : undefined;
  const server = await startServer({
    ...serverEnv,
    PORT: String(port),
    DATABASE_URL: url.toString(),
    ...(redis ? { REDIS_URL: redis } : {}),
  });
  const close = async () => {
    await stopServer(server);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    const { auth, environment, secretsPath } = await seedAccount(base);
    const env20 = await environment("twenty");
    await api(base, "POST", `${secretsPath(env20)}bulk`, auth, { secrets: secretsOf(20, "S") });
    return { list20: { url: base + secretsPath(env20), headers: auth }, close, redis: Boolean(redis) };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Scenarios measured in turns, ROUNDS times (after one warm-up each): a ratio between two of them
 * compares figures taken seconds apart, so a machine whose speed drifts (a shared VM) moves both. Each scenario's row is its median round; ratios are the median of per-round ratios.
 */
async function measureInTurns(scenarios: { name: string; options: autocannon.Options }[]) {
  const rounds: Measured[][] = scenarios.map(() => []);
  for (const { options } of scenarios)
    if (WARMUP > 0) await autocannon({ connections: CONNECTIONS, duration: WARMUP, ...options });
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, { name, options }] of scenarios.entries())
      rounds[index]!.push(await measure(name, options, { warm: false, duration: ROUND_SECONDS }));
  }
  const row = (index: number) => {
    const byRps = [...rounds[index]!].sort((a, b) => a.rps - b.rps);
    return byRps[Math.floor(byRps.length / 2)]!;
  };
  const ratio = (ours: number, to: number) =>
    median(rounds[ours]!.map((m, round) => m.rps / rounds[to]![round]!.rps));
  return { row, ratio };
}

/** The resident memory of the server, sampled while the load runs: its peak. */
function watchMemory(child: () => ChildProcess) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(child()));
  }, 250);
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

const RESULTS = join(root, "bench", "results.md");
const SECTION_END = "<!-- end of npm run bench's section: dated notes follow -->";

/** Replaces the section `npm run bench` writes (the top of results.md), keeping the notes below it. */
function writeSection(report: string): void {
  let notes = "";
  try {
    const text = readFileSync(RESULTS, "utf8");
    const end = text.indexOf(SECTION_END);
    notes = end >= 0 ? text.slice(end + SECTION_END.length) : text.slice(text.indexOf("\n- "));
  } catch {
    // no results yet
  }
  writeFileSync(RESULTS, `${report}\n${SECTION_END}\n${notes.replace(/^\n*/, "\n")}`);
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
  const dataDir = join(root, "bench", ".data", `run-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const [port, ceilingPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = {
    PORT: String(port),
    COFFER_DATA_DIR: dataDir,
    COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
    COFFER_RATE_LIMIT_PER_MINUTE: "1000000000",
    LOG_LEVEL: "warn",
  };
  buildServer();
  let server = await startServer(serverEnv);
  const ceiling = startCeiling(ceilingPort);
  const memory = watchMemory(() => server);
  try {
    await waitFor(`http://127.0.0.1:${ceilingPort}/ceiling/1`, ceiling);

    // Seed: an account, an API key, one environment with 20 secrets and one with 100.
    const { auth, environment, secretsPath } = await seedAccount(base);
    const env20 = await environment("twenty");
    const env100 = await environment("hundred");
    const envWrites = await environment("writes");
    await api(base, "POST", `${secretsPath(env20)}bulk`, auth, { secrets: secretsOf(20, "S") });
    const seeded = await api(base, "POST", `${secretsPath(env100)}bulk`, auth, {
      secrets: secretsOf(100, "S"),
    });
    const oneId = seeded[0].id as string;
    // Twenty secrets whose every value holds one reference into another environment ("twenty").
    const envReferences = await environment("references");
    await api(base, "POST", `${secretsPath(envReferences)}bulk`, auth, {
      secrets: Array.from({ length: 20 }, (_, i) => ({ key: `R_${i}`, value: `prefix-\${twenty.S_${i}}` })),
    });
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleRss = rssMiB(server);

    const url = (path: string) => base + path;
    // The same list on PostgreSQL: a second server on a database of its own, dropped afterwards.
    const onPostgres = await openOnPostgres(serverEnv);
    const ceilingOf = (n: number) => ({ url: `http://127.0.0.1:${ceilingPort}/ceiling/${n}`, headers: auth });
    const list20 = { url: url(secretsPath(env20)), headers: auth };
    const turns = await measureInTurns([
      { name: "list 20 secrets", options: list20 },
      { name: "ceiling: 20 decryptions + SHA-256", options: ceilingOf(20) },
      { name: "get one secret", options: { url: url(`${secretsPath(env100)}${oneId}`), headers: auth } },
      { name: "ceiling: 1 decryption + SHA-256", options: ceilingOf(1) },
      {
        name: "list 20 secrets, each value one reference",
        options: { url: url(secretsPath(envReferences)), headers: auth },
      },
      ...(onPostgres
        ? [
            {
              name: `list 20 secrets, PostgreSQL${onPostgres.redis ? " + Redis" : ""}`,
              options: onPostgres.list20,
            },
          ]
        : []),
    ]);
    await onPostgres?.close();
    // Latency without queueing: one client, one request at a time.
    const oneConnection = await measure("list 20 secrets, one connection", { ...list20, connections: 1 });
    const list100 = await measure("list 100 secrets", { url: url(secretsPath(env100)), headers: auth });
    // A client that kept the list: If-None-Match with its ETag answers 304 without decrypting.
    const listed = await fetch(list20.url, { headers: auth });
    await listed.arrayBuffer();
    const etag = listed.headers.get("etag")!;
    const notModified = await measure(
      "list 20 secrets, unchanged (304)",
      { ...list20, headers: { ...auth, "if-none-match": etag } },
      { expect: 304 },
    );
    let counter = 0;
    const create = await measure("create one secret", {
      url: url(secretsPath(envWrites)),
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ key: `K_${process.pid}_${++counter}`, value: "v".repeat(48) }),
          }),
        },
      ],
    });
    const ceiling100 = await measure("ceiling: 100 decryptions + SHA-256", ceilingOf(100));

    // Bulk: ten batches of 1,000 new secrets, one after another, each into a fresh environment,
    // after one unrecorded batch, as every other row runs warm (its first batch compiles the path:
    // 140–230 ms against 60–120 for the next ones).
    await api(base, "POST", `${secretsPath(await environment("bulk-warm-up"))}bulk`, auth, {
      secrets: secretsOf(1000, "W"),
    });
    const bulkLatencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      const env = await environment(`bulk-${i}`);
      const body = JSON.stringify({ secrets: secretsOf(1000, `B${i}`) });
      const started = performance.now();
      await api(base, "POST", `${secretsPath(env)}bulk`, auth, body);
      bulkLatencies.push(performance.now() - started);
    }
    bulkLatencies.sort((a, b) => a - b);
    console.log(
      `bulk 1,000: median ${bulkLatencies[5]!.toFixed(0)} ms, worst ${bulkLatencies[9]!.toFixed(0)} ms`,
    );
    const loadRss = memory.peak();
    memory.stop(); // the servers that follow are other processes

    // The same list on the same data, served by several worker processes sharing the port.
    let onWorkers: { row: Measured; ratio: number } | undefined;
    if (WORKERS > 1) {
      await stopServer(server);
      server = await startServer({ ...serverEnv, COFFER_WORKERS: String(WORKERS) });
      const workerTurns = await measureInTurns([
        { name: `list 20 secrets, COFFER_WORKERS=${WORKERS}`, options: list20 },
        { name: "ceiling: 20 decryptions + SHA-256", options: ceilingOf(20) },
      ]);
      onWorkers = { row: workerTurns.row(0), ratio: workerTurns.ratio(0, 1) };
    }
    await stopServer(server);

    const ratio = (ours: Measured, top: Measured) => (ours.rps / top.rps).toFixed(2);
    const row = (m: Measured, vs = "") =>
      `| ${m.name} | ${Math.round(m.rps)} | ${m.p50} | ${m.p99} | ${m.errors} | ${vs} |`;
    const [list, ceiling20, getOne, ceiling1, references] = [0, 1, 2, 3, 4].map((i) =>
      turns.row(i),
    ) as Measured[];
    const report = [
      "# Benchmark results",
      "",
      `Run ${new Date().toISOString()} with \`npm run bench\`: the compiled server (\`packages/server/dist\`, as it ships), Node ${process.version}, ${availableParallelism()} cores ` +
        `(${cpus()[0]?.model ?? "unknown CPU"}), embedded SQLite, ${CONNECTIONS} connections for ${DURATION} s per row after ${WARMUP} s unrecorded, ` +
        "server, ceiling and load generator on the same machine. Every request authenticates with an API key. " +
        `Machine: ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadAtStart} when the run started ` +
        "(anything well above 0 means other work shared the cores and the figures are low).",
      "",
      "| scenario | req/s | p50 ms | p99 ms | errors | ratio |",
      "|---|---|---|---|---|---|",
      row(list!, `${turns.ratio(0, 1).toFixed(2)} of the ceiling`),
      ...(onWorkers ? [row(onWorkers.row, `${onWorkers.ratio.toFixed(2)} of the ceiling`)] : []),
      row(getOne!, `${turns.ratio(2, 3).toFixed(2)} of the ceiling (1 decryption)`),
      row(references!, `${turns.ratio(4, 0).toFixed(2)} of list 20`),
      ...(onPostgres ? [row(turns.row(5), `${turns.ratio(5, 0).toFixed(2)} of list 20 on SQLite`)] : []),
      row(oneConnection),
      row(list100, `${ratio(list100, ceiling100)} of the ceiling`),
      row(notModified, `${ratio(notModified, ceiling20!)} of the 20 ceiling`),
      row(create),
      row(ceiling20!),
      row(ceiling1!),
      row(ceiling100),
      "",
      `Bulk create of 1,000 secrets (10 batches after one unrecorded, one at a time): median ${bulkLatencies[5]!.toFixed(0)} ms, ` +
        `worst ${bulkLatencies[9]!.toFixed(0)} ms per batch.`,
      "",
      `Server memory (RSS, one process): ${idleRss.toFixed(0)} MiB idle after seeding, ${loadRss.toFixed(0)} MiB at the most under the load above.`,
      "",
      ...(onPostgres ? [] : [`PostgreSQL: not measured (no server at ${redact(PG_URL)}).`, ""]),
      `The rows whose ratios are the targets were measured in turns, ${ROUNDS} rounds of ${ROUND_SECONDS} s: ` +
        "each row is its median round, each ratio the median of the rounds' ratios (this machine's speed " +
        "drifts; figures taken in turns drift together).",
      "",
      "Targets (issue 39; reported, not asserted): list 20 ≥ 0.75 of its ceiling in one process; get one ≥ 0.75 of " +
        "its ceiling; PostgreSQL + Redis ≥ 0.9 of SQLite; references ≥ 0.7 of a plain list; create ≥ 3,000/s with " +
        "p99 ≤ 30 ms; bulk 1,000 ≤ 50 ms.",
    ].join("\n");
    writeSection(report);
    console.log(`\n${report}`);
  } finally {
    memory.stop();
    server.kill("SIGTERM");
    ceiling.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
