#!/usr/bin/env node
// `npm test`: the whole suite once per storage engine, then one total line.
// PostgreSQL is used when reachable (COFFER_TEST_PG_URL, default the local server); when it is
// not, that pass reports itself skipped, unless COFFER_REQUIRE_POSTGRES=1 (as .ci/run sets).
// Extra arguments go to vitest (e.g. `npm test -- test/keys.test.ts`).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";

const args = process.argv.slice(2);
const pgUrl = process.env.COFFER_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const requirePostgres = process.env.COFFER_REQUIRE_POSTGRES === "1";

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function runEngine(engine) {
  mkdirSync(".test-results", { recursive: true });
  const out = `.test-results/${engine}.json`;
  rmSync(out, { force: true });
  console.log(`\n=== ${engine}: running the whole suite ===`);
  const result = spawnSync(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...args],
    { stdio: "inherit", env: { ...process.env, COFFER_TEST_DB: engine } },
  );
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(out, "utf8"));
    passed = report.numPassedTests;
    // Failed tests, plus files that could not run at all (their tests never counted).
    failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  } catch {
    failed = 1; // no report: the run itself broke
  }
  if (result.status !== 0 && failed === 0) failed = 1;
  console.log(`${engine}: ${passed} passed, ${failed} failed`);
  return { passed, failed };
}

const totals = { passed: 0, failed: 0 };
const add = (r) => {
  totals.passed += r.passed;
  totals.failed += r.failed;
};

add(runEngine("sqlite"));
if (await postgresReachable()) {
  add(runEngine("postgres"));
} else if (requirePostgres) {
  console.log(
    `postgres: not reachable at ${pgUrl.replace(/\/\/[^@]*@/, "//")}, and COFFER_REQUIRE_POSTGRES=1`,
  );
  totals.failed += 1;
} else {
  console.log(`postgres: skipped (no server at ${pgUrl.replace(/\/\/[^@]*@/, "//")})`);
}

console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
