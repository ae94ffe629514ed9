// `npm run bench` (second part): how long `coffer run -- true` takes against a local server with
// an environment of 20 secrets — start, read credentials and .coffer.json, one authenticated read,
// spawn, exit. Prints the median and p90 of 25 runs; appends a row to bench/results.md.
import { type ChildProcess, execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliSetup, seed, startLocalServer } from "./seed.ts";

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 25);
const root = new URL("..", import.meta.url).pathname;

const dir = mkdtempSync(join(tmpdir(), "coffer-bench-cli-"));
let server: ChildProcess | undefined;
try {
  let url: string;
  ({ server, url } = await startLocalServer(join(dir, "data"), { LOG_LEVEL: "error" }));
  const { work, env: envVars } = cliSetup(dir, url, await seed(url));
  const cli = join(root, "bin/coffer.cjs");
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, [cli, "run", "--", "true"], { cwd: work, env: envVars, stdio: "ignore" });
    if (i >= 3) times.push(Number(process.hrtime.bigint() - started) / 1e6); // 3 warm-up runs
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p90 = times[Math.floor(times.length * 0.9)]!;
  // The floor on this machine: Node starting and exiting with nothing to do, in the CLI's
  // environment (an inherited NODE_EXTRA_CA_CERTS alone adds tens of milliseconds to a start).
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, ["-e", ""], { env: envVars, stdio: "ignore" });
    floor.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  floor.sort((a, b) => a - b);
  const line =
    `coffer run -- true (20 secrets, API key, ${RUNS} runs, Node ${process.versions.node}): median ${median.toFixed(0)} ms, ` +
    `p90 ${p90.toFixed(0)} ms; \`node -e ""\` alone: median ${floor[Math.floor(floor.length / 2)]!.toFixed(0)} ms`;
  console.log(line);
  appendFileSync(join(root, "bench/results.md"), `\n- ${new Date().toISOString().slice(0, 10)}: ${line}\n`);
} finally {
  server?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
