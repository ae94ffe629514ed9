// `npm run bench` (second part): how long `coffer run -- true` takes against a local server with
// an environment of 20 secrets — start, read credentials and .coffer.json, one authenticated read,
// spawn, exit — from a clone and as installed, beside the bare stack (node:http's GET of the same
// list, then spawn) and Node doing nothing. Prints the medians of 25 runs in turns; appends a row
// to bench/results.md.
import { type ChildProcess, execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
  const store = await seed(url);
  const { work, env: envVars } = cliSetup(dir, url, store);
  // What runs under `node`, each RUNS times in turns with the others, after 3 unrecorded rounds.
  const programs: Record<string, string[]> = {
    clone: [join(root, "bin/coffer.cjs"), "run", "--", "true"],
    // As @coffer/cli installs it: the package's entry, without the clone's check of its sources.
    package: [join(root, "packages/cli/dist/coffer.cjs"), "run", "--", "true"],
    stack: [join(dir, "stack.cjs")],
    // Node starting and exiting with nothing to do, in the CLI's environment (an inherited
    // NODE_EXTRA_CA_CERTS alone adds tens of milliseconds to a start).
    node: ["-e", ""],
  };
  // The bare stack under `coffer run`: node:http's GET of the same list, then `true` spawned with the
  // values in its environment, and its exit code passed on. What Coffer adds is above this line.
  writeFileSync(
    programs.stack![0]!,
    `const http = require("node:http");
const { spawn } = require("node:child_process");
http.get(${JSON.stringify(url + store.list)}, { headers: ${JSON.stringify(store.auth)} }, (res) => {
  let body = "";
  res.setEncoding("utf8");
  res.on("data", (chunk) => (body += chunk));
  res.on("end", () => {
    const env = { ...process.env };
    for (const secret of JSON.parse(body)) env[secret.key] = secret.value;
    spawn("true", { stdio: "inherit", env }).on("exit", (code) => process.exit(code));
  });
});
`,
  );
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(programs).map((name) => [name, []]));
  for (let i = 0; i < RUNS + 3; i++) {
    for (const [name, args] of Object.entries(programs)) {
      const started = process.hrtime.bigint();
      execFileSync(process.execPath, args, { cwd: work, env: envVars, stdio: "ignore" });
      if (i >= 3) times[name]!.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  const at = (name: string, share: number) => {
    const sorted = [...times[name]!].sort((x, y) => x - y);
    return sorted[Math.floor(sorted.length * share)]!;
  };
  const median = (name: string) => at(name, 0.5).toFixed(0);
  const line =
    `coffer run -- true (20 secrets, API key, ${RUNS} runs in turns, Node ${process.versions.node}): median ` +
    `${median("clone")} ms, p90 ${at("clone", 0.9).toFixed(0)} ms from a clone (bin/coffer.cjs); ` +
    `${median("package")} ms as installed (packages/cli/dist/coffer.cjs); the bare stack (node:http GET ` +
    `of the list, spawn true) ${median("stack")} ms; \`node -e ""\` alone: median ${median("node")} ms`;
  console.log(line);
  appendFileSync(join(root, "bench/results.md"), `\n- ${new Date().toISOString().slice(0, 10)}: ${line}\n`);
} finally {
  server?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
