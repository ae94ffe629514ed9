#!/usr/bin/env node
// `npm test`: the whole suite on SQLite, then again on PostgreSQL (less the engine-neutral suites
// below), then one total line.
// PostgreSQL is used when reachable (COFFER_TEST_PG_URL, default the local server); when it is
// not, that pass reports itself skipped, unless COFFER_REQUIRE_POSTGRES=1 (as .ci/run sets).
// Extra arguments go to vitest (e.g. `npm test -- test/keys.test.ts`).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { relative } from "node:path";
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

// Suites that exercise a client or a file, not the storage engine: the dashboard in Chromium, the
// CLI and its packages, the SDK package, the GitHub Action, the docs, the unit file, pure logic, the
// audit streams' sinks across processes, and HTTPS.
// The server they talk to behaves the same on both engines (every API and storage test runs on
// both), so they run once, in the SQLite pass: CI's two passes stay well inside its time.
const ENGINE_NEUTRAL = [
  "test/dashboard-*e2e.test.ts",
  "test/cli*.test.ts",
  "test/dotenv.test.ts",
  "test/github-action.test.ts",
  "test/sdk-package.test.ts",
  "test/web-*logic.test.ts",
  "test/docs-*.test.ts",
  "test/architecture.test.ts",
  "test/config.test.ts",
  "test/systemd-unit.test.ts",
  // Sinks across real processes (SIGHUP, a cluster, rsyslogd): the cursors and the lease they rely
  // on run on both engines in audit-streams*.test.ts.
  "test/audit-streams-processes.test.ts",
  // HTTPS served by Coffer: certificates, SIGHUP and workers; the store behind it plays no part.
  "test/tls.test.ts",
];

function runEngine(engine, extra = []) {
  mkdirSync(".test-results", { recursive: true });
  const out = `.test-results/${engine}.json`;
  rmSync(out, { force: true });
  console.log(`\n=== ${engine}: running the whole suite ===`);
  const result = spawnSync(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...extra, ...args],
    { stdio: "inherit", env: { ...process.env, COFFER_TEST_DB: engine } },
  );
  let passed = 0;
  let failed = 0;
  const failures = [];
  try {
    const report = JSON.parse(readFileSync(out, "utf8"));
    passed = report.numPassedTests;
    // Failed tests, plus files that could not run at all (their tests never counted).
    failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    failures.push(...failuresIn(report, engine));
  } catch {
    failed = 1; // no report: the run itself broke
    failures.push(`${engine}: no test report (the run itself broke)`);
  }
  if (result.status !== 0 && failed === 0) {
    failed = 1;
    failures.push(
      `${engine}: vitest exited with ${result.status ?? result.signal} (an error outside any test)`,
    );
  }
  console.log(`${engine}: ${passed} passed, ${failed} failed`);
  return { passed, failed, failures };
}

/**
 * What failed, a line each with the first line of its error. Printed again just above the total:
 * a long run's log is often read from its end, where the failures themselves scrolled away.
 */
function failuresIn(report, engine) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of tests) {
      lines.push(`${engine}: ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (tests.length === 0 && file.status === "failed")
      lines.push(`${engine}: ${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

const firstLine = (text) => (text ?? "").trim().split("\n")[0].slice(0, 300) || "(no message)";

const totals = { passed: 0, failed: 0, failures: [] };
const add = (r) => {
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.failures.push(...(r.failures ?? []));
};

add(runEngine("sqlite"));
if (await postgresReachable()) {
  // --passWithNoTests: `npm test -- test/cli.test.ts` names only engine-neutral files.
  add(runEngine("postgres", ["--passWithNoTests", ...ENGINE_NEUTRAL.flatMap((glob) => ["--exclude", glob])]));
} else if (requirePostgres) {
  console.log(
    `postgres: not reachable at ${pgUrl.replace(/\/\/[^@]*@/, "//")}, and COFFER_REQUIRE_POSTGRES=1`,
  );
  totals.failed += 1;
} else {
  console.log(`postgres: skipped (no server at ${pgUrl.replace(/\/\/[^@]*@/, "//")})`);
}

if (totals.failures.length > 0)
  console.log(`\nWhat failed:\n${totals.failures.map((line) => `  ${line}`).join("\n")}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
