// What the benchmarks share: a free port, a JSON call that throws on an error status, the account a
// benchmark writes into (an API key, a team and a project: bench/run.ts, bench/webhooks.ts) and the
// store it reads (that account with an environment of 20 secrets: bench/ab.ts, bench/cli.ts,
// bench/release.ts, bench/audit-verify.ts), made through the API of a running server; building and
// starting a checkout's server as it ships, compiled (or through tsx, to compare the two); and what
// `coffer run` reads to use the store (bench/cli.ts, bench/release.ts).
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

/** The middle figure (the upper one of an even count): what every bench reports of its runs and rounds. */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function api(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const response = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** `n` secrets keyed `<prefix>_0`, `<prefix>_1`…, each with a value of 48 characters or so. */
export const secretsOf = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ key: `${prefix}_${i}`, value: `value-${i}-${"x".repeat(40)}` }));

/** An account with an API key and one team and project; environments are made on demand. */
export async function seedAccount(base: string) {
  const email = "bench@example.com";
  const password = "correct horse battery";
  await api(
    base,
    "POST",
    "/auth/get-started",
    {},
    { email, first_name: "Bench", last_name: "Mark", password, created_at: new Date().toISOString() },
  );
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const session = { authorization: `Bearer ${access_token}` };
  const key = (await api(base, "POST", "/keys/", session, { name: "bench" })).token as string;
  const auth = { "x-api-key": key };
  const [workspace] = await api(base, "GET", "/workspaces/", auth);
  const ws = workspace.id as string;
  const team = (await api(base, "POST", `/teams/${ws}/`, auth, { name: "Bench" })).id as string;
  const project = (await api(base, "POST", `/projects/${ws}/${team}/`, auth, { name: "Bench" })).id as string;
  const environment = async (name: string) =>
    (
      await api(base, "POST", `/environments/${ws}/${team}/${project}/`, auth, {
        name,
        environment_type: "dev",
      })
    ).id as string;
  const secretsPath = (env: string) => `/secrets/${ws}/${team}/${project}/${env}/`;
  return {
    auth,
    /** The session's access token: what grants power (webhooks, members) needs instead of a key. */
    sessionToken: access_token,
    ids: { workspace_id: ws, team_id: team, project_id: project },
    environment,
    secretsPath,
  };
}

/** An account, an API key and an environment of 20 secrets: the URLs the scenarios read. */
export async function seed(base: string) {
  const { auth, ids, environment, secretsPath } = await seedAccount(base);
  const env = await environment("AB");
  const path = secretsPath(env);
  const made = await api(base, "POST", `${path}bulk`, auth, { secrets: secretsOf(20, "KEY") });
  return { auth, list: path, one: `${path}${made[0].id}`, ids: { ...ids, environment_id: env } };
}

/**
 * What `coffer run` reads, for the store seed() made: a home whose credentials hold the store's API
 * key, and a work folder whose .coffer.json names its environment (under `dir`). Returns the work
 * folder and the environment variables the CLI runs with.
 */
export function cliSetup(dir: string, url: string, store: Awaited<ReturnType<typeof seed>>) {
  const home = join(dir, "home");
  const work = join(dir, "work");
  mkdirSync(join(home, ".config", "coffer"), { recursive: true });
  mkdirSync(work);
  writeFileSync(
    join(home, ".config", "coffer", "credentials.json"),
    JSON.stringify({ api_url: url, api_key: store.auth["x-api-key"] }),
    { mode: 0o600 },
  );
  writeFileSync(join(work, ".coffer.json"), JSON.stringify({ api_url: url, ...store.ids }));
  return { work, env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config") } };
}

/** Where a server's code comes from: a checkout (this one by default), compiled or through tsx. */
export interface Program {
  dir?: string;
  /** The production start (`packages/server/dist/main.js` on plain node; build it first), or tsx. */
  compiled?: boolean;
}

/**
 * Builds a checkout's server as it ships (`npm run build:server`). A checkout without a built
 * dashboard (an A/B baseline's worktree) borrows this one's: the benchmarks do not measure it.
 */
export function buildServer(dir = root): void {
  const dashboard = join(dir, "web", "dist");
  if (!existsSync(join(dashboard, "index.html"))) symlinkSync(join(root, "web", "dist"), dashboard);
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: dir, stdio: "ignore" });
}

/**
 * Starts the server and resolves once it printed its start line (with workers: once every worker
 * serves). By default the compiled production start of this checkout (built by buildServer).
 */
export async function startServer(
  env: Record<string, string>,
  { dir = root, compiled = true }: Program = {},
): Promise<ChildProcess> {
  const child = fork(join(dir, compiled ? "packages/server/dist/main.js" : "src/main.ts"), [], {
    cwd: dir,
    execArgv: compiled ? [] : ["--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  await untilListening(child, dir);
  return child;
}

/**
 * Resolves once a server forked with a piped stdout printed its start line; rejects if it exits
 * first or takes over 60 s. `label` names the server in the error when several run side by side.
 */
export function untilListening(child: ChildProcess, label?: string): Promise<void> {
  const named = (message: string) => (label ? `${label}: ${message}` : message);
  let out = "";
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(named("the server did not start within 60 s"))), 60_000);
    child.once("exit", (code) => reject(new Error(named(`the server exited with ${code}`))));
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      if (out.includes("Coffer is listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/**
 * This checkout's server, built and started as it ships on a free loopback port, storing under
 * `dataDir`, with no rate limit to speak of; `env` adds or overrides settings.
 */
export async function startLocalServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ server: ChildProcess; url: string }> {
  buildServer();
  const port = await freePort();
  const server = await startServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    COFFER_DATA_DIR: dataDir,
    COFFER_RATE_LIMIT_PER_MINUTE: "1000000000",
    LOG_LEVEL: "warn",
    ...env,
  });
  return { server, url: `http://127.0.0.1:${port}` };
}

/** SIGTERM, then waits for the exit (bounded): the next server may reuse the port and the data dir. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
}

/** The resident memory of a process, in MiB (Linux: /proc/<pid>/status); 0 once it has exited. */
export function rssMiB(child: ChildProcess): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  } catch {
    return 0;
  }
  const line = status.split("\n").find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}
