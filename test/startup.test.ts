// A newcomer's start-up explains itself (issue 8): every failure to start is one line that says
// what and what to do, with no stack trace; a good start prints one human line; a shutdown that
// cannot finish says "forced exit"; links point at the port actually used; Redis trouble shows.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { createTestApp } from "./helpers/app.ts";
import { REDIS_URL, REQUIRE_REDIS, redisReachable } from "./helpers/redis.ts";
import {
  freePort,
  killChildren,
  PROJECT_ROOT,
  refusedStart,
  removeTempDirs,
  startServer,
  tempDir,
} from "./helpers/server-process.ts";

const execute = promisify(execFile);
const databaseUrl = inject("databaseUrl");
const masterKey = inject("masterKey");
const PASSWORD = "correct horse battery";

afterEach(async () => {
  await killChildren();
});
afterAll(() => removeTempDirs());

const refusal = refusedStart;

describe("a failure to start is one line that says what to do", () => {
  it("port in use", async () => {
    const blocker: Server = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
    try {
      expect(await refusal({ PORT: String(port) })).toContain(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it("single sign-on configured in part", async () => {
    expect(await refusal({ COFFER_OIDC_ISSUER: "https://idp.example.com/realms/acme" })).toBe(
      "coffer: configuration error: COFFER_OIDC_CLIENT_ID: is required with COFFER_OIDC_ISSUER",
    );
  });

  it("data dir that is a file", async () => {
    const file = join(tempDir(), "not-a-dir");
    writeFileSync(file, "x");
    expect(await refusal({ COFFER_DATA_DIR: file })).toContain(`COFFER_DATA_DIR=${file} is not a directory`);
  });

  it("HOST that does not resolve, and HOST that is not an address of this machine", async () => {
    // Two processes of their own, side by side: the name lookup's time need not add up.
    const [unresolved, foreign] = await Promise.all([
      refusal({ HOST: "no-such-host.invalid" }),
      refusal({ HOST: "10.255.255.254" }),
    ]);
    expect(unresolved).toContain("HOST=no-such-host.invalid does not resolve");
    expect(foreign).toContain("HOST=10.255.255.254 is not an address of this machine");
  });

  it("PostgreSQL unreachable, host not found, database missing", async () => {
    const base = { COFFER_MASTER_KEY: masterKey };
    const missing = databaseUrl ? new URL(databaseUrl) : undefined;
    if (missing) missing.pathname = "/coffer_no_such_database";
    // Processes of their own, side by side.
    const [refused, notFound, noDatabase] = await Promise.all([
      refusal({ ...base, DATABASE_URL: "postgres://postgres@127.0.0.1:1/coffer" }),
      refusal({ ...base, DATABASE_URL: "postgres://postgres@no-such-host.invalid/coffer" }),
      missing ? refusal({ ...base, DATABASE_URL: missing.toString() }) : undefined,
    ]);
    expect(refused).toContain("cannot reach PostgreSQL at 127.0.0.1:1 (DATABASE_URL): connection refused");
    expect(notFound).toContain('host "no-such-host.invalid" in DATABASE_URL not found');
    if (missing) {
      expect(noDatabase).toContain(
        'PostgreSQL database "coffer_no_such_database" (DATABASE_URL) does not exist',
      );
    }
  });

  it("Node older than 22.12: checked first, by a file any Node can run, before every npm entry point", async () => {
    const scripts = (await import("../package.json", { with: { type: "json" } })).default.scripts as Record<
      string,
      string
    >;
    for (const name of ["start", "admin", "migrate"])
      expect(scripts[name]).toMatch(/^node scripts\/check-node\.cjs && /);
    // This Node passes.
    await execute(process.execPath, ["scripts/check-node.cjs"], { cwd: PROJECT_ROOT });
    // The machine's own older Node, when there is one, is refused in one line.
    const system = await execute("/usr/bin/node", ["--version"]).catch(() => undefined);
    const major = system ? Number(system.stdout.trim().slice(1).split(".")[0]) : 99;
    if (major >= 22) return; // no old Node on this machine to try
    const old = await execute("/usr/bin/node", ["scripts/check-node.cjs"], { cwd: PROJECT_ROOT }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((old as { code: number }).code).toBe(1);
    expect((old as { stderr: string }).stderr.trim()).toMatch(
      /^coffer: Node\.js 22\.12 or newer is required, this is 2\d\./,
    );
  });
});

describe("a good start", () => {
  it("prints one human line: the URL, the engine and where data and master key live, whether docs are on", async () => {
    const dataDir = join(tempDir(), "data");
    const env: Record<string, string> = databaseUrl
      ? { COFFER_DATA_DIR: dataDir, DATABASE_URL: databaseUrl, COFFER_MASTER_KEY: masterKey }
      : { COFFER_DATA_DIR: dataDir };
    const server = await startServer(env);
    await server.waitForLog(() => true);
    const line = server
      .stdout()
      .split("\n")
      .find((l) => l.startsWith("Coffer is listening"));
    expect(line).toContain(`http://localhost:${server.port}`);
    if (databaseUrl) {
      expect(line).toContain(`PostgreSQL at ${new URL(databaseUrl).host}`);
      expect(line).toContain("master key from COFFER_MASTER_KEY");
    } else {
      expect(line).toContain(`embedded SQLite in ${join(dataDir, "coffer.db")}`);
      expect(line).toContain(`master key in ${join(dataDir, "master.key")}`);
    }
    expect(line).toContain("docs off");
    expect(line).not.toContain(masterKey);
  });

  it("without COFFER_PUBLIC_URL, share links point at the address asked, with the real port", async () => {
    const env: Record<string, string> = databaseUrl
      ? { DATABASE_URL: databaseUrl, COFFER_MASTER_KEY: masterKey }
      : { COFFER_DATA_DIR: join(tempDir(), "data") };
    const server = await startServer({
      ...env,
      COFFER_DEFAULT_PLAN: "pro",
      COFFER_RATE_LIMIT_PER_MINUTE: "100000",
    });
    const json = async (path: string, init: RequestInit & { token?: string } = {}) => {
      const response = await fetch(server.url + path, {
        ...init,
        headers: {
          ...(init.body ? { "content-type": "application/json" } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, string> & { workspace: { id: string } },
      };
    };
    const email = `start-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const signup = await json("/auth/get-started", {
      method: "POST",
      body: JSON.stringify({
        email,
        first_name: "A",
        last_name: "B",
        password: PASSWORD,
        created_at: new Date().toISOString(),
      }),
    });
    const ws = signup.body.workspace.id;
    const login = await fetch(`${server.url}/auth/login`, {
      method: "POST",
      body: new URLSearchParams({ username: email, password: PASSWORD }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const post = (path: string, body: unknown) =>
      json(path, { method: "POST", body: JSON.stringify(body), token });
    const team = (await post(`/teams/${ws}/`, { name: "T" })).body.id;
    const project = (await post(`/projects/${ws}/${team}/`, { name: "P" })).body.id;
    const env2 = (
      await post(`/environments/${ws}/${team}/${project}/`, { name: "E", environment_type: "dev" })
    ).body.id;
    const base = `/secrets/${ws}/${team}/${project}/${env2}`;
    const secret = (await post(`${base}/`, { key: "K", value: "v" })).body.id;
    const share = await post(`${base}/share`, { secret_ids: [secret] });
    expect(share.status).toBe(201);
    expect(share.body.url?.startsWith(`${server.url}/share/`)).toBe(true);
    expect(server.url).toContain(`:${server.port}`);
  });
});

describe("shutting down", () => {
  it("a request still in flight after COFFER_SHUTDOWN_GRACE: 'forced exit', exit code 1", async () => {
    const env: Record<string, string> = databaseUrl
      ? { DATABASE_URL: databaseUrl, COFFER_MASTER_KEY: masterKey }
      : { COFFER_DATA_DIR: join(tempDir(), "data") };
    const server = await startServer({ ...env, COFFER_SHUTDOWN_GRACE: "1" });
    // A request whose body never finishes arriving: it stays in flight.
    const socket = connect(server.port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(
      'POST /auth/get-started HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    await new Promise((r) => setTimeout(r, 300));
    const exit = await server.stop("SIGTERM");
    socket.destroy();
    expect(exit.code).toBe(1);
    expect(server.logLines().some((l) => String(l.msg).startsWith("forced exit"))).toBe(true);
  });
});

const redisUp = await redisReachable();

describe("Redis", () => {
  it.runIf(databaseUrl !== null)(
    "DATABASE_URL without REDIS_URL warns that several nodes would not share limits and revocations",
    async () => {
      const server = await startServer({ DATABASE_URL: databaseUrl!, COFFER_MASTER_KEY: masterKey });
      const warning = server
        .logLines()
        .find((l) => String(l.msg).startsWith("DATABASE_URL without REDIS_URL"));
      expect(String(warning?.msg)).toContain("several nodes would not share rate limits");
    },
  );

  it("/readyz is not ready while Redis is unreachable", async () => {
    const t = await createTestApp({ env: { REDIS_URL: "redis://127.0.0.1:1" } });
    try {
      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: "not_ready" });
      expect(ready.json().detail).toContain("Redis");
    } finally {
      await t.close();
    }
  });

  it.skipIf(!redisUp && !REQUIRE_REDIS)("/readyz is ready with a reachable Redis", async () => {
    const t = await createTestApp({ env: { REDIS_URL } });
    try {
      for (
        let i = 0;
        i < 50 && (await t.app.inject({ method: "GET", url: "/readyz" })).statusCode !== 200;
        i++
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
