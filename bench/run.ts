// `npm run bench`: starts Coffer on the embedded engine in a fresh data dir, seeds it, and measures
// the hot paths with autocannon (50 connections, 10 s each after 3 s of warm-up) against the
// ceiling of our stack (bench/ceiling.ts). The rows the targets compare (list 20 on SQLite, on
// PostgreSQL when one answers, and the ceiling) are measured in turns over BENCH_ROUNDS rounds.
// Writes bench/results.md. Loopback only; every run is bounded in time.
// BENCH_WORKERS=N (default 2 on a machine with two or more cores; 0 skips it) measures list 20 once
// more with the server on N worker processes (COFFER_WORKERS=N) on the same data.
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { api, freePort, seedAccount, startServer } from "./seed.ts";

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

function start(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return fork(join(root, script), args, {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
}

/** SIGTERM, then waits for the exit (bounded): the next server reuses the port and the data dir. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
}

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

const secretsOf = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ key: `${prefix}_${i}`, value: `value-${i}-${"x".repeat(40)}` }));

/**
 * A second server on a fresh PostgreSQL database (its own port), seeded with the same 20 secrets;
 * undefined when no PostgreSQL answers. close() stops it and drops the database.
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
  const server = await startServer({ ...serverEnv, PORT: String(port), DATABASE_URL: url.toString() });
  const close = async () => {
    await stop(server);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    const { auth, environment, secretsPath } = await seedAccount(base);
    const env20 = await environment("twenty");
    await api(base, "POST", `${secretsPath(env20)}bulk`, auth, { secrets: secretsOf(20, "S") });
    return { list20: { url: base + secretsPath(env20), headers: auth }, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

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
  let server = start("src/main.ts", [], serverEnv);
  const ceiling = start("bench/ceiling.ts", [String(ceilingPort)], {});
  try {
    await waitFor(`${base}/healthz`, server);
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

    const results: Measured[] = [];
    const url = (path: string) => base + path;
    // The same list on PostgreSQL: a second server on a database of its own, dropped afterwards.
    const onPostgres = await openOnPostgres(serverEnv);
    const ceilingOf = (n: number) => ({ url: `http://127.0.0.1:${ceilingPort}/ceiling/${n}`, headers: auth });
    const targets = await measureInTurns([
      { name: "list 20 secrets", options: { url: url(secretsPath(env20)), headers: auth } },
      { name: "ceiling: 20 decryptions + SHA-256", options: ceilingOf(20) },
      ...(onPostgres ? [{ name: "list 20 secrets, PostgreSQL", options: onPostgres.list20 }] : []),
    ]);
    await onPostgres?.close();
    results.push(targets.row(0));
    const ceiling20 = targets.row(1);
    // Latency without queueing: one client, one request at a time.
    const oneConnection = await measure("list 20 secrets, one connection", {
      url: url(secretsPath(env20)),
      headers: auth,
      connections: 1,
    });
    const references = await measure("list 20 secrets, each value one reference", {
      url: url(secretsPath(envReferences)),
      headers: auth,
    });
    results.push(await measure("list 100 secrets", { url: url(secretsPath(env100)), headers: auth }));
    results.push(
      await measure("get one secret", { url: url(`${secretsPath(env100)}${oneId}`), headers: auth }),
    );
    // A client that kept the list: If-None-Match with its ETag answers 304 without decrypting.
    const listed = await fetch(url(secretsPath(env20)), { headers: auth });
    await listed.arrayBuffer();
    const etag = listed.headers.get("etag")!;
    const notModified = await measure(
      "list 20 secrets, unchanged (304)",
      { url: url(secretsPath(env20)), headers: { ...auth, "if-none-match": etag } },
      { expect: 304 },
    );
    let counter = 0;
    results.push(
      await measure("create one secret", {
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
      }),
    );
    const ceiling100 = await measure("ceiling: 100 decryptions + SHA-256", ceilingOf(100));

    // Bulk: ten batches of 1,000 new secrets, one after another, each into a fresh environment.
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

    // The same list on the same data, served by several worker processes sharing the port.
    let onWorkers: { row: Measured; ratio: number } | undefined;
    if (WORKERS > 1) {
      await stop(server);
      server = await startServer({ ...serverEnv, COFFER_WORKERS: String(WORKERS) });
      const turns = await measureInTurns([
        {
          name: `list 20 secrets, COFFER_WORKERS=${WORKERS}`,
          options: { url: url(secretsPath(env20)), headers: auth },
        },
        { name: "ceiling: 20 decryptions + SHA-256", options: ceilingOf(20) },
      ]);
      onWorkers = { row: turns.row(0), ratio: turns.ratio(0, 1) };
    }
    await stop(server);

    const ratio = (ours: Measured, top: Measured) => (ours.rps / top.rps).toFixed(2);
    const row = (m: Measured, vs = "") =>
      `| ${m.name} | ${Math.round(m.rps)} | ${m.p50} | ${m.p99} | ${m.errors} | ${vs} |`;
    const report = [
      "# Benchmark results",
      "",
      `Run ${new Date().toISOString()} with \`npm run bench\`: Node ${process.version}, ${availableParallelism()} cores ` +
        `(${cpus()[0]?.model ?? "unknown CPU"}), embedded SQLite, ${CONNECTIONS} connections for ${DURATION} s per row after ${WARMUP} s unrecorded, ` +
        "server, ceiling and load generator on the same machine. Every request authenticates with an API key. " +
        `Machine: ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadAtStart} when the run started ` +
        "(anything well above 0 means other work shared the cores and the figures are low).",
      "",
      "| scenario | req/s | p50 ms | p99 ms | errors | ratio to the ceiling |",
      "|---|---|---|---|---|---|",
      row(results[0]!, targets.ratio(0, 1).toFixed(2)),
      ...(onWorkers ? [row(onWorkers.row, onWorkers.ratio.toFixed(2))] : []),
      ...(onPostgres ? [row(targets.row(2), targets.ratio(2, 1).toFixed(2))] : []),
      row(oneConnection),
      row(references, ratio(references, ceiling20)),
      row(results[1]!, ratio(results[1]!, ceiling100)),
      row(notModified, ratio(notModified, ceiling20)),
      row(results[2]!),
      row(results[3]!),
      row(ceiling20),
      row(ceiling100),
      "",
      `Bulk create of 1,000 secrets (10 batches, one at a time): median ${bulkLatencies[5]!.toFixed(0)} ms, ` +
        `worst ${bulkLatencies[9]!.toFixed(0)} ms per batch.`,
      "",
      onPostgres
        ? `PostgreSQL list 20 / SQLite list 20: ${targets.ratio(2, 0).toFixed(2)}.`
        : `PostgreSQL: not measured (no server at ${redact(PG_URL)}).`,
      "",
      `List 20 on SQLite, the ceiling and list 20 on PostgreSQL were measured in turns, ${ROUNDS} rounds of ` +
        `${ROUND_SECONDS} s: each row is its median round, each ratio the median of the rounds' ratios ` +
        "(this machine's speed drifts; figures taken in turns drift together). The same ratios from the " +
        `median rows instead: list 20 / ceiling ${(results[0]!.rps / ceiling20.rps).toFixed(2)}` +
        (onPostgres ? `, PostgreSQL / SQLite ${(targets.row(2).rps / results[0]!.rps).toFixed(2)}.` : "."),
      "",
      "Targets (issue 12; reported, not asserted): list 20 on SQLite in one process at ≥ 0.5 of the ceiling; " +
        "PostgreSQL at ≥ 0.7 of the SQLite figure; bulk 1,000 < 1 s.",
      "",
    ].join("\n");
    writeFileSync(join(root, "bench", "results.md"), report);
    console.log(`\n${report}`);
  } finally {
    server.kill("SIGTERM");
    ceiling.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
