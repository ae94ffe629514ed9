// The real server as a process (compiled, as packages/server ships it): start-up, the generated master
// key, configuration errors, graceful shutdown, `migrate`, and one walk over a real port.
import { randomUUID } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { Agent } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { PASSWORD } from "./helpers/factories.ts";
import { nodeHttpRequest } from "./helpers/raw-http.ts";
import { signUpOverHttp } from "./helpers/real-port.ts";
import {
  freePort,
  killServers,
  runScript,
  type ServerProcess,
  startServer,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const databaseUrl = inject("databaseUrl");
const onSqlite = databaseUrl === null;

/** The environment of a server on this run's engine; on SQLite a data dir that does not exist yet. */
function engineEnv(dataDir = join(tempDir(), "data")): Record<string, string> {
  return databaseUrl
    ? {
        COFFER_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        COFFER_MASTER_KEY: inject("masterKey"),
      }
    : { COFFER_DATA_DIR: dataDir };
}

const uniqueEmail = () => `proc-${randomUUID()}@example.com`;

async function signUp(url: string, email: string): Promise<void> {
  const response = await signUpOverHttp(url, { email, first_name: "Pro", last_name: "Cess" });
  expect(response.status, await response.clone().text()).toBe(201);
  expect(await response.json()).toMatchObject({ email });
}

async function login(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password: PASSWORD }), // form-urlencoded
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { access_token: string; token_type: string };
  expect(body.token_type).toBe("bearer");
  return body.access_token;
}

/** One request on its own connection (no keep-alive, unless an agent keeps it), resolving with the status and body. */
function postForm(
  port: number,
  path: string,
  form: Record<string, string>,
  agent: Agent | false = false,
): Promise<{ status: number; body: string }> {
  const payload = new URLSearchParams(form).toString();
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": Buffer.byteLength(payload),
  };
  return nodeHttpRequest({ port, path, method: "POST", agent, headers }, payload, 15_000);
}

/** The error code of a TCP connection attempt, or "connected". */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

let shared: ServerProcess;
let sharedDataDir: string;

beforeAll(async () => {
  sharedDataDir = join(tempDir(), "data");
  shared = await startServer(engineEnv(sharedDataDir));
});
afterEach(() => killServers([shared]));
afterAll(stopChildrenAndRemoveTempDirs);

describe("start-up", () => {
  it("answers /healthz and /readyz on the real port", async () => {
    const health = await fetch(`${shared.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${shared.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(shared.logLines()).toContainEqual(
      expect.objectContaining({ msg: "coffer is ready", engine: onSqlite ? "sqlite" : "postgres" }),
    );
  });

  it.skipIf(!onSqlite)(
    "generates COFFER_DATA_DIR/master.key (0600) once, with a warning that omits the key",
    () => {
      const file = join(sharedDataDir, "master.key");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const encoded = readFileSync(file, "utf8").trim();
      expect(Buffer.from(encoded, "base64")).toHaveLength(32);

      const warnings = shared.logLines().filter((line) => line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain(file);
      expect(warnings[0]!.msg).toMatch(/master\.key/);
      expect(shared.stdout()).not.toContain(encoded);
      expect(shared.stdout()).not.toContain(Buffer.from(encoded, "base64").toString("hex"));
    },
  );

  it.skipIf(!onSqlite)("a second start on the same data dir reuses master.key unchanged", async () => {
    const file = join(sharedDataDir, "master.key");
    const before = readFileSync(file, "utf8");
    // A session issued by the first process: the second can only verify it with the same master key.
    const email = uniqueEmail();
    await signUp(shared.url, email);
    const accessToken = await login(shared.url, email);

    const second = await startServer({ COFFER_DATA_DIR: sharedDataDir });
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(second.logLines().filter((line) => line.level === 40)).toEqual([]);
    expect(second.stdout()).not.toMatch(/new master key/i);
    const me = await fetch(`${second.url}/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });

    expect(await second.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(readFileSync(file, "utf8")).toBe(before);
  });
});

describe("configuration errors stop start-up with one line naming the variable", () => {
  const postgresUrl = databaseUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const cases: [string, Record<string, string>, string][] = [
    ["PORT=abc", { PORT: "abc" }, "PORT"],
    ["DEBUG=maybe", { DEBUG: "maybe" }, "DEBUG"],
    ["COFFER_MASTER_KEY=short", { COFFER_MASTER_KEY: "short" }, "COFFER_MASTER_KEY"],
    ["DATABASE_URL=mysql://x", { DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    ["COFFER_WORKERS=lots", { COFFER_WORKERS: "lots" }, "COFFER_WORKERS"],
    ["DATABASE_URL without COFFER_MASTER_KEY", { DATABASE_URL: postgresUrl }, "COFFER_MASTER_KEY"],
  ];

  it.each(cases)("%s", async (_, env, variable) => {
    const dataDir = join(tempDir(), "data");
    const run = await runScript("main", {
      COFFER_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ...env,
    });
    expect(run.code).toBe(1);
    const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`\\b${variable}\\b`));
    expect(lines[0]).toMatch(/configuration error/);
    expect(run.stdout).toBe("");
    // Nothing was created: the check happens before the key file or the database.
    expect(() => statSync(dataDir)).toThrow();
  });

  it("the migrate command reports a bad variable the same way", async () => {
    const run = await runScript("migrate", {
      COFFER_DATA_DIR: tempDir(),
      DATABASE_URL: "mysql://x",
    });
    expect(run.code).toBe(1);
    const lines = run.stderr.split("\n").filter((line) => line.trim() !== "");
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/\bDATABASE_URL\b/);
  });
});

describe("graceful shutdown", () => {
  it("SIGTERM lets an in-flight request finish, logs the shutdown, exits 0 and frees the port", async () => {
    const server = await startServer(engineEnv());
    const email = uniqueEmail();
    await signUp(server.url, email);

    // SIGTERM once the server has the request (argon2 keeps it busy for a while after that).
    const received = server.waitForLog(
      (line) => line.msg === "incoming request" && (line.req as { url?: string })?.url === "/auth/login",
    );
    const response = postForm(server.port, "/auth/login", { username: email, password: PASSWORD });
    await received;
    server.child.kill("SIGTERM");

    const result = await response;
    expect(result.status, result.body).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ token_type: "bearer", access_token: expect.any(String) });
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    const messages = server.logLines().map((line) => line.msg);
    expect(server.logLines()).toContainEqual(
      expect.objectContaining({ signal: "SIGTERM", msg: expect.stringMatching(/shutting down/) }),
    );
    expect(messages.at(-1), JSON.stringify(server.logLines().slice(-6))).toBe("stopped");
    expect(server.stderr()).toBe("");
    expect(await tryConnect(server.port)).toBe("ECONNREFUSED");
  });

  it("SIGTERM with a keep-alive client: the in-flight request finishes and the process exits at once, not at the grace", async () => {
    // Browsers, SDKs (fetch) and proxies keep connections open between requests. One whose request
    // is in flight when SIGTERM arrives must be ended once its response is out, or it holds the
    // process until COFFER_SHUTDOWN_GRACE runs out (then a forced exit with 1).
    const server = await startServer(engineEnv());
    const email = uniqueEmail();
    await signUp(server.url, email);
    const agent = new Agent({ keepAlive: true });
    const received = server.waitForLog(
      (line) => line.msg === "incoming request" && (line.req as { url?: string })?.url === "/auth/login",
    );
    const response = postForm(server.port, "/auth/login", { username: email, password: PASSWORD }, agent);
    await received;
    const signalled = performance.now();
    server.child.kill("SIGTERM");

    expect((await response).status).toBe(200);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(5_000); // the grace is 10 s
    expect(server.logLines().at(-1)).toMatchObject({ msg: "stopped" });
    agent.destroy();
  });

  it("a request whose client hung up mid-way does not hold up a later shutdown", async () => {
    // A client that half-closes (sends FIN after its body, as nc and some HTTP/1.0 clients do) has
    // its request aborted by node:http. It must not stay counted as in flight: the next shutdown
    // would wait on it for ever (on PostgreSQL, until the forced exit with 1).
    const server = await startServer(engineEnv());
    const socket = connect({ host: "127.0.0.1", port: server.port });
    await new Promise((resolve) => socket.once("connect", resolve));
    const body = JSON.stringify({
      email: uniqueEmail(),
      first_name: "Half",
      last_name: "Closed",
      password: PASSWORD,
      created_at: new Date().toISOString(),
    });
    const received = server.waitForLog(
      (line) =>
        line.msg === "incoming request" && (line.req as { url?: string })?.url === "/auth/get-started",
    );
    socket.write(
      `POST /auth/get-started HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await received;
    socket.end(body.slice(10));
    await new Promise((resolve) => socket.once("close", resolve));

    const signalled = performance.now();
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(5_000);
    expect(server.logLines().at(-1)).toMatchObject({ msg: "stopped" });
  });

  it("SIGINT exits 0 too", async () => {
    const server = await startServer(engineEnv());
    expect(await server.stop("SIGINT")).toEqual({ code: 0, signal: null });
    expect(server.logLines()).toContainEqual(
      expect.objectContaining({ signal: "SIGINT", msg: expect.stringMatching(/shutting down/) }),
    );
    expect(server.logLines().at(-1)).toMatchObject({ msg: "stopped" });
    expect(await tryConnect(server.port)).toBe("ECONNREFUSED");
  });
});

describe("migrate", () => {
  it.skipIf(!onSqlite)("applies the migrations to a fresh data dir, then is up to date", async () => {
    const dataDir = join(tempDir(), "data");
    const first = await runScript("migrate", { COFFER_DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^sqlite: applied 0001_accounts\b/);
    const second = await runScript("migrate", { COFFER_DATA_DIR: dataDir });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe("sqlite: already up to date");
  });

  it.skipIf(onSqlite)("finds the run's PostgreSQL database up to date", async () => {
    const run = await runScript("migrate", {
      COFFER_DATA_DIR: tempDir(),
      DATABASE_URL: databaseUrl!,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe("postgres: already up to date");
  });
});

describe("end to end over the real port", () => {
  it("sign up, form login, mint an API key, use it with X-API-Key", async () => {
    const email = uniqueEmail();
    await signUp(shared.url, email);
    const accessToken = await login(shared.url, email);

    const created = await fetch(`${shared.url}/keys/`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "process test" }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { token } = (await created.json()) as { token: string };
    expect(token.startsWith("sk-")).toBe(true);

    const me = await fetch(`${shared.url}/auth/me`, { headers: { "x-api-key": token } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });
    // The token never reaches the log.
    expect(shared.stdout()).not.toContain(token);
    expect(shared.stdout()).not.toContain(accessToken);
  });
});
