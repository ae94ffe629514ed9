// The `coffer` CLI as a real process (bin/coffer.cjs, which runs the bundle when it is current):
// a clean environment with HOME and XDG_CONFIG_HOME in a temp dir of the test's choosing, so that
// nothing reads or writes the user's own files, and everything it printed.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { inject } from "vitest";
import { environmentIdsOf, httpJson, type TenantOverHttp, tenantOverHttp } from "./real-port.ts";
import { PROJECT_ROOT, type ServerProcess, startServer, tempDir } from "./server-process.ts";

/**
 * Where a server the CLI talks to keeps its data: the run's database on PostgreSQL (with the run's
 * master key), a data dir of its own on SQLite.
 */
export function runStoreEnv(dataDir = join(tempDir(), "data")): Record<string, string> {
  const databaseUrl = inject("databaseUrl");
  return databaseUrl
    ? { DATABASE_URL: databaseUrl, COFFER_MASTER_KEY: inject("masterKey") }
    : { COFFER_DATA_DIR: dataDir };
}

/** A server on `store` (the run's, runStoreEnv) with the rate limit out of the way, and `env` on top. */
export const startCliServer = (
  env: Record<string, string> = {},
  store: Record<string, string> = runStoreEnv(),
): Promise<ServerProcess> => startServer({ ...store, COFFER_RATE_LIMIT_PER_MINUTE: "100000", ...env });

export interface ServerWithTenant {
  server: ServerProcess;
  tenant: TenantOverHttp;
  /** The tenant's environment as a .coffer.json names it. */
  ids: ReturnType<typeof environmentIdsOf>;
}

/** startCliServer with one tenant (tenantOverHttp): what a CLI test of one environment starts from. */
export async function serverWithTenant(
  label: string,
  env: Record<string, string> = {},
): Promise<ServerWithTenant> {
  const server = await startCliServer(env);
  const tenant = await tenantOverHttp(server.url, label);
  return { server, tenant, ids: environmentIdsOf(tenant) };
}

/** serverWithTenant whose environment holds one secret: what a CLI test that reads one starts from. */
export async function serverWithOneSecret(
  label: string,
  secret: { key: string; value: string },
): Promise<ServerWithTenant> {
  const made = await serverWithTenant(label);
  const stored = await httpJson(
    made.server.url,
    "POST",
    `${made.tenant.secrets}/`,
    made.tenant.headers,
    secret,
  );
  if (stored.status !== 201) throw new Error(`storing ${secret.key}: ${stored.status}`);
  return made;
}

/**
 * A session for the test itself, straight through the API (a user agent of its own: a second
 * sign-in from the same "device" would end the CLI's session).
 */
export async function signInOverHttp(apiUrl: string, email: string, password: string) {
  const login = await fetch(`${apiUrl}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password }),
    headers: { "user-agent": `test-${randomUUID()}` },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const refresh_token = login.headers.getSetCookie()[0]?.match(/^refresh_token=([^;]*)/)?.[1] ?? "";
  return { access_token, refresh_token };
}

/** `coffer run --watch 1` around a node process that prints KEY=value once and lives until SIGTERM. */
export const watchPrinting = (key: string) => [
  "run",
  "--watch",
  "1",
  "--",
  "node",
  "-e",
  `process.on('SIGTERM', () => process.exit(0)); console.log('${key}=' + process.env.${key}); setInterval(() => {}, 1000)`,
];

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Where the CLI keeps its files: HOME, and XDG_CONFIG_HOME under it. */
  home: string;
  cwd: string;
  input?: string;
  env?: Record<string, string>;
}

export function spawnCoffer(
  args: string[],
  options: CliOptions,
): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "bin/coffer.cjs"), ...args], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH,
      HOME: options.home,
      XDG_CONFIG_HOME: join(options.home, ".config"),
      NO_COLOR: "1",
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c) => (stdout += c));
  child.stderr!.on("data", (c) => (stderr += c));
  child.stdin!.end(options.input ?? "");
  const done = new Promise<CliResult>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export const runCoffer = (args: string[], options: CliOptions) => spawnCoffer(args, options).done;

/** Resolves once the stream (a child's stdout or stderr) has carried `text`. */
export function waitForText(stream: Readable, text: string): Promise<void> {
  return new Promise((resolve) => {
    let seen = "";
    stream.on("data", (chunk) => {
      seen += chunk;
      if (seen.includes(text)) resolve();
    });
  });
}

/** Resolves with the first match of `pattern` in what the stream has carried so far. */
export function waitForMatch(stream: Readable, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve) => {
    let seen = "";
    stream.on("data", (chunk) => {
      seen += chunk;
      const match = seen.match(pattern);
      if (match) resolve(match);
    });
  });
}

/** What the credentials file of `home` holds for one server (the per-server format). */
export function storedCredential(home: string, apiUrl: string): Record<string, string> | undefined {
  const file = JSON.parse(readFileSync(join(home, ".config", "coffer", "credentials.json"), "utf8"));
  return file.servers?.[apiUrl];
}
