// `npm run bench:release`: what someone installing Coffer's release meets, measured side by side in
// one run on this machine. Packs the release (`npm run package`), then:
// - each tarball installed into fresh empty prefixes (the server with --omit=dev), in turns: the
//   median install time, and the installed size;
// - the server from start to ready (/readyz answers 200) on a fresh data dir, the installed
//   `coffer-server` against this checkout's `node --import tsx src/main.ts`, in turns; and each
//   one's resident memory once it has sat idle for a few seconds;
// - `coffer run -- true` against a local server (20 secrets, an API key): the installed npm
//   package (a bundle run by node), the single executable, and `node -e ""` as the floor, in turns.
// The npm cache is warm (the packages were installed once before): install times are npm's work
// and the disk, not the network. Prints a Markdown table; writes nothing but temp dirs.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliSetup, freePort, seed } from "./seed.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CLI_RUNS = Number(process.env.BENCH_CLI_RUNS ?? 15);
const IDLE_SECONDS = 5;
const root = new URL("..", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "coffer-bench-release-"));
const rows: string[][] = [];
const loadBefore = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (kib: number) => (kib < 1024 ? `${Math.round(kib)} KiB` : `${(kib / 1024).toFixed(1)} MiB`);

function timed(run: () => void): number {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const sizeKib = (dir: string) =>
  Number(execFileSync("du", ["-sk", dir], { encoding: "utf8" }).split("\t")[0]);

// 1. The release, and each package installed into empty prefixes.
execFileSync("npm", ["run", "--silent", "package"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
const release = join(root, "release");
const tarball = (prefix: string) => join(release, readdirSync(release).find((f) => f.startsWith(prefix))!);
const packages = [
  { name: "@coffer/server", file: tarball("coffer-server-"), flags: ["--omit=dev"] },
  { name: "@coffer/cli", file: tarball("coffer-cli-"), flags: [] },
  { name: "@coffer/client (SDK)", file: tarball("coffer-client-"), flags: [] },
];
const installs = new Map<string, number[]>(packages.map((p) => [p.name, []]));
const prefixes = new Map<string, string>();
for (let round = 0; round <= ROUNDS; round++) {
  for (const pkg of round % 2 ? [...packages].reverse() : packages) {
    const prefix = mkdtempSync(join(scratch, "prefix-"));
    const ms = timed(() =>
      execFileSync(
        "npm",
        ["install", "-g", "--no-audit", "--no-fund", "--prefix", prefix, ...pkg.flags, pkg.file],
        {
          stdio: "ignore",
        },
      ),
    );
    if (round === 0)
      prefixes.set(pkg.name, prefix); // the warm-up install is the one kept
    else {
      installs.get(pkg.name)!.push(ms);
      rmSync(prefix, { recursive: true, force: true });
    }
  }
}
rows.push(["package", "tarball", "install (median)", "installed size"]);
for (const pkg of packages) {
  rows.push([
    pkg.name,
    mib(readFileSync(pkg.file).length / 1024),
    seconds(median(installs.get(pkg.name)!)),
    mib(sizeKib(prefixes.get(pkg.name)!)),
  ]);
}

// 2. The server from start to ready, and at idle.
const installedServer = join(prefixes.get("@coffer/server")!, "bin", "coffer-server");
const servers = [
  { name: "compiled (installed coffer-server)", command: installedServer, args: [] as string[] },
  {
    name: "tsx (node --import tsx src/main.ts)",
    command: process.execPath,
    args: ["--import", "tsx", "src/main.ts"],
  },
];

async function startTimed(command: string, args: string[], env: Record<string, string>) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(command, args, { cwd: root, env: { ...env, PORT: String(port) }, stdio: "ignore" });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { child, port, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

function rssKib(child: ChildProcess): number {
  const line = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  return Number(line?.[1]);
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const baseEnv = (dataDir: string) => ({
  PATH: process.env.PATH ?? "",
  HOME: scratch,
  HOST: "127.0.0.1",
  COFFER_DATA_DIR: dataDir,
  COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
  COFFER_RATE_LIMIT_PER_MINUTE: "1000000",
  LOG_LEVEL: "warn",
});
const ready = new Map<string, number[]>(servers.map((s) => [s.name, []]));
const rss = new Map<string, number[]>(servers.map((s) => [s.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const server of round % 2 ? [...servers].reverse() : servers) {
    const dataDir = mkdtempSync(join(scratch, "data-"));
    const { child, ms } = await startTimed(server.command, server.args, baseEnv(dataDir));
    ready.get(server.name)!.push(ms);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    rss.get(server.name)!.push(rssKib(child));
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
rows.push([]);
rows.push([
  "server",
  "start to ready (median, fresh data dir)",
  `RSS after ${IDLE_SECONDS} s idle (median)`,
  "",
]);
for (const server of servers) {
  rows.push([server.name, seconds(median(ready.get(server.name)!)), mib(median(rss.get(server.name)!)), ""]);
}

// 3. `coffer run -- true`: the npm package, the single executable, and node itself.
const dataDir = mkdtempSync(join(scratch, "data-"));
const { child: server, port } = await startTimed(installedServer, [], baseEnv(dataDir));
const url = `http://127.0.0.1:${port}`;
const store = await seed(url);
const { work, env: cliEnv } = cliSetup(scratch, url, store);
const clis = [
  {
    name: "`coffer run -- true`, npm package (bundle on node)",
    command: join(prefixes.get("@coffer/cli")!, "bin", "coffer"),
    args: ["run", "--", "true"],
  },
  {
    name: "`coffer run -- true`, single executable",
    command: tarball("coffer-linux-x64"),
    args: ["run", "--", "true"],
  },
  { name: '`node -e ""` (the floor)', command: process.execPath, args: ["-e", ""] },
];
const cliTimes = new Map<string, number[]>(clis.map((c) => [c.name, []]));
try {
  for (let run = 0; run < CLI_RUNS + 2; run++) {
    for (const cli of run % 2 ? [...clis].reverse() : clis) {
      const ms = timed(() =>
        execFileSync(cli.command, cli.args, { cwd: work, env: cliEnv, stdio: "ignore" }),
      );
      if (run >= 2) cliTimes.get(cli.name)!.push(ms); // two warm-up runs fill the compile cache
    }
  }
} finally {
  await stop(server);
}
rows.push([]);
rows.push(["command", "median", "p90", ""]);
for (const cli of clis) {
  const times = cliTimes.get(cli.name)!;
  rows.push([cli.name, `${median(times).toFixed(0)} ms`, `${p90(times).toFixed(0)} ms`, ""]);
}

rmSync(scratch, { recursive: true, force: true });
console.log(
  `Node ${process.versions.node}, npm ${execFileSync("npm", ["--version"], { encoding: "utf8" }).trim()}, ` +
    `${ROUNDS} rounds in turns, ${CLI_RUNS} CLI runs each, load average before: ${loadBefore}\n`,
);
// A header row is followed by its separator; an empty row separates tables.
for (const [i, row] of rows.entries()) {
  const cells = row.filter((cell, j) => cell || j < 3);
  console.log(cells.length ? `| ${cells.join(" | ")} |` : "");
  if (cells.length && (i === 0 || !rows[i - 1]!.length)) console.log(`|${" --- |".repeat(cells.length)}`);
}
