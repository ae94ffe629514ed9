// `npm run bench` (second part): how long `coffer run -- true` takes against a local server with
// an environment of 20 secrets — start, read credentials and .coffer.json, one authenticated read,
// spawn, exit. Prints the median and p90 of 25 runs; appends a row to bench/results.md.
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 25);
const root = new URL("..", import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), "coffer-bench-cli-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server: ChildProcess = fork(join(root, "src/main.ts"), [], {
  execArgv: ["--import", "tsx"],
  env: {
    ...process.env,
    PORT: String(port),
    COFFER_DATA_DIR: join(dir, "data"),
    LOG_LEVEL: "error",
    COFFER_RATE_LIMIT_PER_MINUTE: "1000000",
  },
  stdio: "ignore",
});
try {
  for (let i = 0; ; i++) {
    if (i > 200) throw new Error("server did not start");
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const json = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(url + path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, string> & { workspace: { id: string } };
  };
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const ws = (
    await json("/auth/get-started", {
      email,
      first_name: "B",
      last_name: "B",
      password: "bench password",
      created_at: new Date().toISOString(),
    })
  ).workspace.id;
  const login = await fetch(`${url}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password: "bench password" }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const team = (await json(`/teams/${ws}/`, { name: "T" }, token)).id;
  const project = (await json(`/projects/${ws}/${team}/`, { name: "P" }, token)).id;
  const env = (
    await json(`/environments/${ws}/${team}/${project}/`, { name: "E", environment_type: "prod" }, token)
  ).id;
  const secrets = Array.from({ length: 20 }, (_, i) => ({
    key: `SECRET_${i}`,
    value: randomBytes(24).toString("hex"),
  }));
  await json(`/secrets/${ws}/${team}/${project}/${env}/bulk`, { secrets }, token);
  const apiKey = (await json("/keys/", { name: "bench" }, token)).token;

  const home = join(dir, "home");
  const work = join(dir, "work");
  mkdirSync(join(home, ".config", "coffer"), { recursive: true });
  mkdirSync(work);
  writeFileSync(
    join(home, ".config", "coffer", "credentials.json"),
    JSON.stringify({ api_url: url, api_key: apiKey }),
    { mode: 0o600 },
  );
  writeFileSync(
    join(work, ".coffer.json"),
    JSON.stringify({
      api_url: url,
      workspace_id: ws,
      team_id: team,
      project_id: project,
      environment_id: env,
    }),
  );
  const cli = join(root, "bin/coffer.mjs");
  const envVars = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config") };
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, [cli, "run", "--", "true"], { cwd: work, env: envVars, stdio: "ignore" });
    if (i >= 3) times.push(Number(process.hrtime.bigint() - started) / 1e6); // 3 warm-up runs
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p90 = times[Math.floor(times.length * 0.9)]!;
  // The floor on this machine: Node starting and exiting with nothing to do.
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, ["-e", ""], { stdio: "ignore" });
    floor.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  floor.sort((a, b) => a - b);
  const line =
    `coffer run -- true (20 secrets, API key, ${RUNS} runs, Node ${process.versions.node}): median ${median.toFixed(0)} ms, ` +
    `p90 ${p90.toFixed(0)} ms; \`node -e ""\` alone: median ${floor[Math.floor(floor.length / 2)]!.toFixed(0)} ms`;
  console.log(line);
  appendFileSync(join(root, "bench/results.md"), `\n- ${new Date().toISOString().slice(0, 10)}: ${line}\n`);
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
