// `npm run bench:audit`: how long verifying a workspace's audit chain takes as the trail grows.
// A server of its own (src/main.ts through tsx, a temporary data dir: embedded SQLite, or
// BENCH_ENGINE=postgres on a fresh database), a trail grown by bulk creates of 1,000 secrets (1,001
// entries each), then GET …/audit/verify timed at each size. Prints; writes nothing.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { api, buildServer, freePort, seed, startServer } from "./seed.ts";

const SIZES = (process.env.BENCH_AUDIT_SIZES ?? "10000,50000,100000").split(",").map(Number);
const ENGINE = process.env.BENCH_ENGINE === "postgres" ? "postgres" : "sqlite";
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const dataDir = mkdtempSync(join(tmpdir(), "coffer-bench-audit-"));
const database = `coffer_bench_audit_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: PG_URL });
if (ENGINE === "postgres") {
  await admin.connect();
  await admin.query(`create database ${database}`);
}
const port = await freePort();
buildServer();
const server = await startServer({
  PORT: String(port),
  HOST: "127.0.0.1",
  COFFER_DATA_DIR: dataDir,
  COFFER_RATE_LIMIT_PER_MINUTE: "1000000",
  LOG_LEVEL: "warn",
  ...(ENGINE === "postgres"
    ? {
        DATABASE_URL: PG_URL.replace(/\/[^/]*$/, `/${database}`),
        COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
      }
    : {}),
});
try {
  const base = `http://127.0.0.1:${port}`;
  const store = await seed(base);
  const ws = store.ids.workspace_id;
  let batch = 0;
  console.log(`verifying a workspace's audit chain (${ENGINE}, Node ${process.version})`);
  console.log("| entries | verify ms | entries/s |\n|---|---|---|");
  for (const size of SIZES) {
    for (;;) {
      const { head } = await api(base, "GET", `/workspaces/${ws}/audit/chain`, store.auth);
      if ((head?.sequence ?? 0) >= size) break;
      batch++;
      await api(base, "POST", `${store.list}bulk`, store.auth, {
        secrets: Array.from({ length: 1000 }, (_, i) => ({ key: `B${batch}_${i}`, value: "v" })),
      });
    }
    const startedAt = performance.now();
    const result = await api(base, "GET", `/workspaces/${ws}/audit/verify`, store.auth);
    const ms = performance.now() - startedAt;
    if (!result.holds) throw new Error(`the chain does not hold: ${JSON.stringify(result.first_break)}`);
    console.log(`| ${result.checked} | ${Math.round(ms)} | ${Math.round(result.checked / (ms / 1000))} |`);
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  if (ENGINE === "postgres") {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}
