// The real server (or another entry point, or `npm start`) as a child process: the compiled server as it
// ships (packages/server/dist, built once per run by test/global-setup.ts) run by plain node from the
// project root, with a clean environment, captured output, readiness by polling /healthz, and
// bounded clean-up of every child still running. The clone's way (`npm start`, `npm run admin`, tsx
// compiling src/ at every start) is covered by the tests that run those commands.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { expect } from "vitest";
import { type ENTRY_POINTS, SERVER_PACKAGE } from "../../scripts/build-server.mjs";

export const PROJECT_ROOT = resolve(import.meta.dirname, "..", "..");

/** One of the compiled server's entry points: serve, the admin commands, the migrations. */
export type Entry = keyof typeof ENTRY_POINTS;

/** The compiled entry point's file (packages/server/dist/<entry>.js), to run with plain node. */
export const compiledEntry = (entry: Entry): string => join(SERVER_PACKAGE, "dist", `${entry}.js`);

// Generous: a loaded two-core machine running several server processes at once can take a while.
const READY_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 15_000;
const KILL_GRACE_MS = 3_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Child {
  child: ChildProcess;
  /** Settles once the process has exited and its output streams are closed. */
  exited: Promise<Exit>;
  running: () => boolean;
  stdout: () => string;
  stderr: () => string;
  /** stdout parsed as pino JSON lines (non-JSON lines are skipped). */
  logLines: () => Record<string, unknown>[];
  /** Resolves with the first log line matching, bounded in time; rejects if the process exits first. */
  waitForLog: (
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ) => Promise<Record<string, unknown>>;
  /** Sends the signal and waits (bounded) for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
  /** A server started by startServer (as opposed to a script run to completion by runScript). */
  server: boolean;
}

export interface ServerProcess extends Child {
  port: number;
  url: string;
}

const children = new Set<Child>();
const tempDirs = new Set<string>();

/** A fresh temp directory, removed by removeTempDirs(). */
export function tempDir(prefix = "coffer-proc-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** The end of a file that started processes: every child stopped, then the temp dirs removed. */
export async function stopChildrenAndRemoveTempDirs(): Promise<void> {
  await killChildren();
  removeTempDirs();
}

/**
 * stopChildrenAndRemoveTempDirs for a file whose children used something of the test's (a proxy, a
 * store, a mount, a fake service): `release` runs between the two, once no child holds it.
 */
export async function stopChildrenReleaseAndRemoveTempDirs(release: () => unknown): Promise<void> {
  await killChildren();
  await release();
  removeTempDirs();
}

/** A port that was free a moment ago (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error("no port"));
        return;
      }
      server.close(() => resolvePort(address.port));
    });
  });
}

// Everything Coffer reads, plus what could change how node loads the entry point.
const STRIPPED =
  /^(COFFER_|DATABASE_URL$|REDIS_URL$|PORT$|HOST$|DEBUG$|LOG_LEVEL$|SMTP_URL$|MAIL_FROM$|GOOGLE_|GITHUB_|NODE_OPTIONS$)/;

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!STRIPPED.test(name)) clean[name] = value;
  }
  return { ...clean, ...env };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Spawns the compiled `entry` with plain node (`node dist/<entry>.js [args]`) with only `env` on top of a clean environment. */
export function spawnScript(
  entry: Entry,
  env: Record<string, string>,
  server = false,
  args: string[] = [],
): Child {
  return spawnCommand(`${entry}.js`, process.execPath, [compiledEntry(entry), ...args], env, server);
}

/** Spawns `npm start` as an operator would (npm of this Node first on the PATH). */
export function spawnNpmStart(env: Record<string, string>): Child {
  const path = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}`;
  return spawnCommand("npm start", "npm", ["start"], { PATH: path, ...env }, true);
}

/** Spawns `command args` from the project root (a compiled program: no tsx) with only `env` on top of a clean environment. */
export function spawnCommand(
  script: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  server: boolean,
): Child {
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  let done = false;
  const listeners = new Set<() => void>();
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<Exit>((resolveExit) => {
    child.once("error", () => {
      done = true;
      resolveExit({ code: null, signal: null });
    });
    child.once("close", (code, signal) => {
      done = true;
      for (const listener of listeners) listener();
      resolveExit({ code, signal });
    });
  });

  const logLines = () =>
    out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });

  const handle: Child = {
    child,
    server,
    exited,
    running: () => !done,
    stdout: () => out,
    stderr: () => err,
    logLines,
    waitForLog: (match, timeoutMs = READY_TIMEOUT_MS) =>
      new Promise((resolveLine, reject) => {
        const check = () => {
          const line = logLines().find(match);
          if (line) finish(() => resolveLine(line));
          else if (done)
            finish(() => reject(new Error(`process exited before the log line; stderr:\n${err}`)));
        };
        const timer = setTimeout(
          () =>
            finish(() => reject(new Error(`no matching log line within ${timeoutMs} ms; stdout:\n${out}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      }),
    stop: async (signal = "SIGTERM") => {
      if (!done) child.kill(signal);
      return withTimeout(exited, EXIT_TIMEOUT_MS, `${script} to exit after ${signal}`);
    },
  };
  children.add(handle);
  void exited.then(() => children.delete(handle));
  return handle;
}

/** Runs a script to completion (bounded; killed on timeout). */
export async function runScript(
  script: Entry,
  env: Record<string, string>,
  args: string[] = [],
): Promise<Exit & { stdout: string; stderr: string }> {
  const run = spawnScript(script, env, false, args);
  try {
    const exit = await withTimeout(run.exited, EXIT_TIMEOUT_MS, `${script} to finish`);
    return { ...exit, stdout: run.stdout(), stderr: run.stderr() };
  } finally {
    if (run.running()) await killChild(run);
  }
}

/**
 * Runs the compiled server expecting it to refuse to start (in a data dir of its own, on a free port,
 * unless `env` says otherwise): exit code 1 and one stderr line without a stack; returns that line.
 */
export async function refusedStart(env: Record<string, string>): Promise<string> {
  const run = await runScript("main", {
    COFFER_DATA_DIR: join(tempDir(), "data"),
    PORT: String(await freePort()),
    ...env,
  });
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
  expect(lines, run.stderr).toHaveLength(1);
  expect(run.stderr).not.toContain("    at ");
  expect(lines[0]).toMatch(/^coffer: /);
  return lines[0]!;
}

/**
 * Starts the compiled server (or `npm start`, or another compiled `program` run by plain node) on a free port and waits until GET /healthz answers 200.
 * Several worker processes take longer to start than one: give them `readyTimeoutMs`.
 */
export async function startServer(
  env: Record<string, string>,
  options: { npmStart?: boolean; readyTimeoutMs?: number; program?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const serverEnv = { HOST: "127.0.0.1", PORT: String(port), ...env };
  const server = options.program
    ? spawnCommand(options.program, process.execPath, [options.program], serverEnv, true)
    : options.npmStart
      ? spawnNpmStart(serverEnv)
      : spawnScript("main", serverEnv, true);
  const url = `http://127.0.0.1:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (!server.running()) {
      throw new Error(
        `server exited before it was ready; stderr:\n${server.stderr()}\nstdout:\n${server.stdout()}`,
      );
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return { ...server, port, url };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await killChild(server);
      throw new Error(`server not ready within ${readyTimeoutMs} ms; stdout:\n${server.stdout()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function killChild(handle: Child): Promise<void> {
  if (!handle.running()) return;
  handle.child.kill("SIGTERM");
  try {
    await withTimeout(handle.exited, KILL_GRACE_MS, "exit after SIGTERM");
  } catch {
    handle.child.kill("SIGKILL");
    await withTimeout(handle.exited, KILL_GRACE_MS, "exit after SIGKILL").catch(() => {});
  }
}

/** Stops every child still running (SIGTERM, then SIGKILL). */
export async function killChildren(): Promise<void> {
  await Promise.all([...children].map(killChild));
}

/**
 * Stops every server still running except those in `keep`. Scripts run by runScript bound and
 * clean up themselves, so concurrent tests of those are left alone.
 */
export async function killServers(keep: Child[] = []): Promise<void> {
  const kept = new Set(keep.map((k) => k.child));
  await Promise.all([...children].filter((c) => c.server && !kept.has(c.child)).map(killChild));
}
