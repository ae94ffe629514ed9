// `npm run bench:ab -- <git ref>`: the hot paths (list, get, create) of this checkout against those of
// an earlier commit, both compiled as they ship (or, with `--compiled`, this checkout through tsx
// against its compiled server), measured
// in turns on the same machine (its speed drifts; figures taken in turns drift
// together). The earlier commit is checked out in a temporary worktree sharing this checkout's
// node_modules; each side gets a fresh store seeded alike (20 secrets, an API key) and its own
// port. Rounds of BENCH_ROUND_SECONDS (default 5) alternate the order; each scenario prints both
// medians, the ratio of medians and every round. BENCH_ENGINE=postgres runs both on fresh
// PostgreSQL databases instead of SQLite; BENCH_REDIS_URL=<url> gives both that Redis (rate limits
// and budgets count there, as on several nodes: give it a database of its own, such as
// redis://127.0.0.1:6379/7, flushed first, or a few runs spend loopback's sign-up budget);
// BENCH_ONLY=<word> runs only the scenarios named with it. Loopback only; prints, writes nothing.
import { type ChildProcess, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildServer, freePort, type Program, secretsOf, seed, startServer, stopServer } from "./seed.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// BENCH_ONLY=create: only the scenarios whose name holds this word.
const ONLY = process.env.BENCH_ONLY;
const ENGINE = process.env.BENCH_ENGINE === "postgres" ? "postgres" : "sqlite";
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = new URL("..", import.meta.url).pathname;

const baseline = process.argv[2];
if (!baseline) {
  console.error("usage: npm run bench:ab -- <git ref to compare against> | --compiled");
  process.exit(2);
}

interface Side {
  name: string;
  base: string;
  child: ChildProcess;
  urls: Awaited<ReturnType<typeof seed>>;
  cleanup: () => Promise<void>;
}

async function open(name: string, program: Program): Promise<Side> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `coffer-ab-${name}-`));
  let database: string | undefined;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    COFFER_DATA_DIR: dataDir,
    COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
    COFFER_RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  };
  if (ENGINE === "postgres") {
    database = `coffer_ab_${name}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    // The server migrates its database as it starts.
    env.DATABASE_URL = url.toString();
  }
  const child = await startServer(env, program);
  const base = `http://127.0.0.1:${port}`;
  return {
    name,
    base,
    child,
    urls: await seed(base),
    async cleanup() {
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
      if (database) {
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

/** The CPU time the server process has used so far, in milliseconds (Linux: /proc/<pid>/stat). */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * What a scenario asks: a read (GET), or a write whose every request creates a new secret (or, with
 * `bulk`, that many new secrets in one request, from one connection: the bulk row of npm run bench).
 */
interface Scenario {
  name: string;
  url: (side: Side) => string;
  write?: boolean;
  bulk?: number;
}

let written = 0;
const newSecret = (request: autocannon.Request) => ({
  ...request,
  body: JSON.stringify({ key: `AB_${process.pid}_${++written}`, value: "v".repeat(48) }),
});
const newSecrets = (count: number) => (request: autocannon.Request) => ({
  ...request,
  body: JSON.stringify({ secrets: secretsOf(count, `AB_${process.pid}_${++written}`) }),
});

interface Round {
  rps: number;
  cpu: number;
  p99: number;
}

/**
 * One round: requests per second, the 99th percentile of latency (ms), and the server's CPU time
 * per request — the figure a drifting machine moves least (a slower round is slower on both sides,
 * but costs the same CPU per request).
 */
async function rate(side: Side, scenario: Scenario, seconds: number): Promise<Round> {
  const before = cpuMs(side.child);
  const url = scenario.url(side);
  const result = await autocannon({
    url: side.base + url,
    headers: { ...side.urls.auth, ...(scenario.write ? { "content-type": "application/json" } : {}) },
    connections: scenario.bulk ? 1 : CONNECTIONS,
    duration: seconds,
    ...(scenario.write
      ? {
          method: "POST" as const,
          requests: [{ setupRequest: scenario.bulk ? newSecrets(scenario.bulk) : newSecret }],
        }
      : {}),
  });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${side.name} ${url}: failures`);
  return {
    rps: result.requests.average,
    cpu: (cpuMs(side.child) - before) / result.requests.total,
    p99: result.latency.p99,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// `--compiled`: this checkout's server through tsx (before) against its compiled build (after).
// Otherwise both sides run compiled, as they ship.
const compiledRun = baseline === "--compiled";
const worktree = join(tmpdir(), `coffer-ab-baseline-${baseline.replace(/[^A-Za-z0-9]/g, "")}`);
if (!compiledRun && !existsSync(worktree)) {
  execFileSync("git", ["worktree", "add", "--detach", worktree, baseline], { cwd: root, stdio: "ignore" });
  symlinkSync(join(root, "node_modules"), join(worktree, "node_modules"));
}
buildServer(root);
if (!compiledRun) buildServer(worktree);
const programs: [Program, Program] = compiledRun
  ? [{ dir: root, compiled: false }, { dir: root }]
  : [{ dir: worktree }, { dir: root }];
// Opened inside the try: a side that fails to open (its seeding refused, say) leaves none running.
const sides: Side[] = [];
try {
  sides.push(await open("before", programs[0]));
  sides.push(await open("after", programs[1]));
  const scenarios: Scenario[] = [
    { name: "list 20 secrets", url: (s) => s.urls.list },
    { name: "get one secret", url: (s) => s.urls.one },
    { name: "create one secret", url: (s) => s.urls.list, write: true },
    { name: "bulk create 1,000", url: (s) => `${s.urls.list}bulk`, write: true, bulk: 1000 },
  ];
  for (const scenario of scenarios.filter((s) => !ONLY || s.name.includes(ONLY))) {
    for (const side of sides) await rate(side, scenario, 3); // warm-up, unrecorded
    const rounds: Record<string, Round[]> = { before: [], after: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) rounds[side.name]!.push(await rate(side, scenario, ROUND_SECONDS));
    }
    const of = (name: string, field: keyof Round) => median(rounds[name]!.map((r) => r[field]));
    const [rpsBefore, rpsAfter, cpuBefore, cpuAfter] = [
      of("before", "rps"),
      of("after", "rps"),
      of("before", "cpu"),
      of("after", "cpu"),
    ];
    console.log(
      `${scenario.name} (${ENGINE}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s): ` +
        `server CPU per request ${cpuBefore.toFixed(3)} ms before, ${cpuAfter.toFixed(3)} ms after ` +
        `(${((cpuAfter / cpuBefore - 1) * 100).toFixed(1)} %); ` +
        `req/s ${Math.round(rpsBefore)} before, ${Math.round(rpsAfter)} after; ` +
        `p99 ${of("before", "p99")} ms before, ${of("after", "p99")} ms after; rounds (req/s) before ` +
        `${rounds.before!.map((r) => Math.round(r.rps)).join(" / ")}, after ${rounds.after!.map((r) => Math.round(r.rps)).join(" / ")}`,
    );
  }
} finally {
  for (const side of sides) await side.cleanup();
  if (!compiledRun)
    execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: root, stdio: "ignore" });
}
