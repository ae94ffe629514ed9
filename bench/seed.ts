// What the benchmarks share: a free port, a JSON call that throws on an error status, and the store
// a benchmark reads (an account, an API key and an environment of 20 secrets), made through the API
// of a running server (bench/ab.ts, bench/run.ts, bench/release.ts), and starting a checkout's
// server as it ships, compiled (or through tsx, to compare the two).
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

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

/** An account, an API key and an environment of 20 secrets: the URLs the scenarios read. */
export async function seed(base: string) {
  const email = "ab@example.com";
  const password = "correct horse battery";
  await api(
    base,
    "POST",
    "/auth/get-started",
    {},
    {
      email,
      first_name: "A",
      last_name: "B",
      password,
      created_at: new Date().toISOString(),
    },
  );
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const key = (await api(base, "POST", "/keys/", { authorization: `Bearer ${access_token}` }, { name: "ab" }))
    .token as string;
  const auth = { "x-api-key": key };
  const [workspace] = await api(base, "GET", "/workspaces/", auth);
  const ws = workspace.id as string;
  const team = (await api(base, "POST", `/teams/${ws}/`, auth, { name: "AB" })).id as string;
  const project = (await api(base, "POST", `/projects/${ws}/${team}/`, auth, { name: "AB" })).id as string;
  const env = (
    await api(base, "POST", `/environments/${ws}/${team}/${project}/`, auth, {
      name: "AB",
      environment_type: "dev",
    })
  ).id as string;
  const path = `/secrets/${ws}/${team}/${project}/${env}/`;
  const made = await api(base, "POST", `${path}bulk`, auth, {
    secrets: Array.from({ length: 20 }, (_, i) => ({
      key: `KEY_${i}`,
      value: `value-${i}-${"x".repeat(40)}`,
    })),
  });
  return {
    auth,
    list: path,
    one: `${path}${made[0].id}`,
    ids: { workspace_id: ws, team_id: team, project_id: project, environment_id: env },
  };
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
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${dir}: the server did not start within 60 s`)), 60_000);
    child.once("exit", (code) => reject(new Error(`${dir}: the server exited with ${code}`)));
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      if (out.includes("Coffer is listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}

/** SIGTERM, then waits for the exit (bounded): the next server may reuse the port and the data dir. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
}

/** The resident memory of a process, in MiB (Linux: /proc/<pid>/status). */
export function rssMiB(child: ChildProcess): number {
  const line = readFileSync(`/proc/${child.pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}
