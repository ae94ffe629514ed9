// One capability's contract, read top to bottom: the CLI end to end as one process story.
// The `coffer` CLI (issue 10) as a real process against a real server on a random port: login,
// whoami, init, secrets list/get/set/delete/history, export, import, run (env, exit code,
// signals, fallback), 207 handling, a revoked key, logout. HOME and XDG_CONFIG_HOME point to a
// temp dir, so nothing touches the user's own files.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { arch, hostname, platform } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../src/db/connect.ts";
import {
  type CliOptions,
  runStoreEnv,
  signInOverHttp,
  spawnCoffer,
  storedCredential,
  waitForText,
  watchPrinting,
} from "./helpers/cli-process.ts";
import { bearer } from "./helpers/factories.ts";
import { type FakePlatforms, startFakePlatforms, TOKENS } from "./helpers/fake-platforms.ts";
import type { Method } from "./helpers/http.ts";
import { httpJson } from "./helpers/real-port.ts";
import { startRecordingProxy } from "./helpers/recording-proxy.ts";
import {
  PROJECT_ROOT,
  type ServerProcess,
  startServer,
  stopChildrenReleaseAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const databaseUrl = inject("databaseUrl");
const PASSWORD = "correct horse battery";
let server: ServerProcess;
let fake: FakePlatforms;
let dataDir: string;
let home: string;
let workdir: string;
let email: string;
let apiKey: string;
/** An API key for the tests that reach Coffer through a proxy: a credential is bound to its URL. */
let proxyKey: string;
let ids: { ws: string; team: string; project: string; env: string };

/** The CLI in the shared home, in the project's subdirectory unless told otherwise. */
const coffer = (args: string[], options: Partial<CliOptions> = {}) =>
  spawnCoffer(args, { home, cwd: workdir, ...options });
const run = (args: string[], options: Parameters<typeof coffer>[1] = {}) => coffer(args, options).done;

const api = (method: Method, path: string, body?: unknown, token?: string) =>
  httpJson(server.url, method, path, token ? bearer(token) : {}, body);

beforeAll(async () => {
  dataDir = join(tempDir(), "data");
  const env = runStoreEnv(dataDir);
  fake = await startFakePlatforms();
  fake.render.set("srv-cli", [
    { key: "FROM_RENDER", value: "r1" },
    { key: "bad-name", value: "x" },
  ]);
  server = await startServer({
    ...env,
    ...fake.env,
    COFFER_RATE_LIMIT_PER_MINUTE: "100000",
    COFFER_DEFAULT_PLAN: "pro",
  });
  home = tempDir("coffer-cli-home-");
  workdir = join(tempDir("coffer-cli-work-"), "app", "src");
  mkdirSync(workdir, { recursive: true });
  email = `cli-${randomUUID()}@example.com`;
  const signup = await api("POST", "/auth/get-started", {
    email,
    first_name: "Cli",
    last_name: "User",
    password: PASSWORD,
    created_at: new Date().toISOString(),
  });
  const token = (await signInOverHttp(server.url, email, PASSWORD)).access_token;
  const ws = signup.body.workspace.id;
  const team = (await api("POST", `/teams/${ws}/`, { name: "Platform" }, token)).body.id;
  const project = (await api("POST", `/projects/${ws}/${team}/`, { name: "Payments API" }, token)).body.id;
  const envId = (
    await api(
      "POST",
      `/environments/${ws}/${team}/${project}/`,
      { name: "Production", environment_type: "prod" },
      token,
    )
  ).body.id;
  ids = { ws, team: String(team), project: String(project), env: String(envId) };
  apiKey = String((await api("POST", "/keys/", { name: "cli" }, token)).body.token);
  proxyKey = String((await api("POST", "/keys/", { name: "cli-proxy" }, token)).body.token);
}, 60_000);
afterAll(() => stopChildrenReleaseAndRemoveTempDirs(() => fake.close()));

describe("coffer, end to end as a process", () => {
  it("--help on every command, usage errors exit 2", async () => {
    for (const args of [["--help"], ["secrets", "--help"], ["run", "--help"], ["import", "--help"]]) {
      const result = await run(args);
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stdout).toContain("Usage: coffer");
    }
    expect((await run(["nonsense"])).code).not.toBe(0);
  });

  it("login with email and password (password on stdin), whoami, credentials file mode 0600", async () => {
    const login = await run(["--api-url", server.url, "login", "--email", email], { input: `${PASSWORD}\n` });
    expect(login.code, login.stderr).toBe(0);
    const file = join(home, ".config", "coffer", "credentials.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const whoami = await run(["whoami", "--json"].reverse().reverse(), {
      env: { COFFER_API_URL: server.url },
    });
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain(email);
    const wrong = await run(["--api-url", server.url, "login", "--email", email], {
      input: "not the password\n",
      env: { XDG_CONFIG_HOME: join(home, "other") },
    });
    expect(wrong.code).toBe(3);
  });

  it("the CLI's session names its machine: the same CLI signing in on another host leaves it alone", async () => {
    const login = await run(["--api-url", server.url, "login", "--email", email], { input: `${PASSWORD}\n` });
    expect(login.code, login.stderr).toBe(0);
    const token = (await signInOverHttp(server.url, email, PASSWORD)).access_token;
    const agents = (await api("GET", "/sessions/", undefined, token)).body as Array<{ user_agent: string }>;
    const here = `${hostname().replace(/[^\w.-]+/g, "-")}; ${platform()} ${arch()}`;
    expect(agents.map((s) => s.user_agent)).toContain(`coffer-cli/0.1.0 (${here})`);

    // A build server's CLI (same version, another host) signs in: before, both were "coffer-cli",
    // one device, and this sign-in ended the laptop's session.
    const elsewhere = await fetch(`${server.url}/auth/login`, {
      method: "POST",
      body: new URLSearchParams({ username: email, password: PASSWORD }),
      headers: { "user-agent": "coffer-cli/0.1.0 (build-server-01; linux x64)" },
    });
    expect(elsewhere.status).toBe(200);
    const whoami = await run(["whoami"], { env: { COFFER_API_URL: server.url } });
    expect(whoami.code, whoami.stderr).toBe(0);
  });

  it("init by flags (names or ids) writes .coffer.json, found from a subdirectory", async () => {
    const init = await run(
      [
        "init",
        "--workspace",
        ids.ws,
        "--team",
        "Platform",
        "--project",
        "Payments API",
        "--environment",
        "Production",
      ],
      { env: { COFFER_API_URL: server.url }, cwd: join(workdir, "..") },
    );
    expect(init.code, init.stderr).toBe(0);
    const written = JSON.parse(readFileSync(join(workdir, "..", ".coffer.json"), "utf8"));
    expect(written).toMatchObject({
      workspace_id: ids.ws,
      team_id: ids.team,
      project_id: ids.project,
      environment_id: ids.env,
    });
    const missing = await run(
      ["init", "--workspace", ids.ws, "--team", "Nope", "--project", "x", "--environment", "y"],
      {
        env: { COFFER_API_URL: server.url },
      },
    );
    expect(missing.code).toBe(4);
  });

  it("secrets set (one bulk call, stdin for -), get, list masked and revealed, history, delete", async () => {
    const set = await run(["secrets", "set", "DATABASE_URL=postgres://db/app", "PORT=3000", "TOKEN=-"], {
      input: "from-stdin\n",
    });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain("created 3");
    expect((await run(["secrets", "get", "TOKEN"])).stdout).toBe("from-stdin\n");
    const masked = await run(["secrets", "list"]);
    expect(masked.stdout).toContain("DATABASE_URL\t********");
    const revealed = await run(["secrets", "list", "--reveal", "--json"]);
    expect(JSON.parse(revealed.stdout)).toContainEqual({ key: "PORT", value: "3000", version: 1 });
    expect((await run(["secrets", "set", "PORT=8080"])).stdout).toContain("updated 1");
    const history = await run(["secrets", "history", "PORT", "--json"]);
    expect(history.code, history.stderr).toBe(0);
    expect(
      JSON.parse(history.stdout)
        .map((v: { version: number }) => v.version)
        .sort(),
    ).toEqual([1, 2]);
    // Each version names its author; a rollback's says whose value it is (issue 36).
    expect((await run(["secrets", "set", "TOKEN=second"])).code).toBe(0);
    expect((await run(["secrets", "rollback", "TOKEN", "--version", "1"])).code).toBe(0);
    const told = await run(["secrets", "history", "TOKEN"]);
    expect(told.code, told.stderr).toBe(0);
    const lines = told.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^v3\t\S+\t[^\t]+\t= v1$/);
    expect(lines[1]).toMatch(/^v2\t\S+\t[^\t]+$/);
    expect(told.stdout).not.toContain("unknown");
    expect(told.stdout).not.toMatch(/from-stdin|second/);
    expect((await run(["secrets", "delete", "TOKEN"])).code).toBe(0);
    expect((await run(["secrets", "get", "TOKEN"])).code).toBe(4);
  });

  it("export in every format, import a tricky .env (without and with --overwrite)", async () => {
    writeFileSync(
      join(workdir, ".env"),
      [
        "# comment",
        'export GREETING="hello\\nworld"',
        "SINGLE='literal $HOME \\n'",
        "PORT=9000 # inline",
        'MULTI="line one',
        'line two"',
        "EMPTY=",
      ].join("\n"),
    );
    const first = await run(["import", ".env"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("kept 1 existing");
    const json = JSON.parse((await run(["export", "--format", "json"])).stdout);
    expect(json).toMatchObject({
      GREETING: "hello\nworld",
      SINGLE: "literal $HOME \\n",
      MULTI: "line one\nline two",
      EMPTY: "",
      PORT: "8080",
    });
    await run(["import", ".env", "--overwrite"]);
    const dotenv = (await run(["export"])).stdout;
    expect(dotenv).toContain("PORT=9000");
    expect(dotenv).toContain('GREETING="hello\\nworld"');
    expect((await run(["export", "--format", "shell"])).stdout).toContain("export PORT='9000'");
    expect((await run(["export", "--format", "yaml"])).stdout).toContain('PORT: "9000"');
  });

  it("run injects the secrets, passes the exit code, forwards signals", async () => {
    const env = await run([
      "run",
      "--",
      "node",
      "-e",
      "process.stdout.write(process.env.DATABASE_URL); process.exit(7)",
    ]);
    expect(env.stdout).toBe("postgres://db/app");
    expect(env.code).toBe(7);
    const { child, done } = coffer([
      "run",
      "--",
      "node",
      "-e",
      "process.on('SIGTERM', () => { console.log('got SIGTERM'); process.exit(42) }); setInterval(() => {}, 1000); console.log('ready')",
    ]);
    await waitForText(child.stdout!, "ready");
    child.kill("SIGTERM");
    const result = await done;
    expect(result.stdout).toContain("got SIGTERM");
    expect(result.code).toBe(42);
  });

  it("--fallback keeps an encrypted copy and uses it, with a warning, when Coffer is unreachable", async () => {
    // Coffer "goes away" by closing a proxy in front of it: the credential belongs to one URL.
    const proxy = await startRecordingProxy(server.url);
    const env = { COFFER_API_URL: proxy.url, COFFER_TOKEN: proxyKey };
    const printPort = ["run", "--fallback", "--", "node", "-e", "process.stdout.write(process.env.PORT)"];
    const online = await run(printPort, { env });
    expect(online.stdout).toBe("9000");
    await proxy.close();
    const offline = await run(printPort, { env });
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toBe("9000");
    expect(offline.stderr).toContain("using the offline copy");
    const without = await run(["run", "--no-fallback", "--", "true"], { env });
    expect(without.code).toBe(6);
  });

  it("an API key through COFFER_TOKEN works; revoked, it fails with the auth exit code and a clear message", async () => {
    const ok = await run(["secrets", "get", "PORT"], { env: { COFFER_TOKEN: apiKey } });
    expect(ok.stdout).toBe("9000\n");
    const token = (await signInOverHttp(server.url, email, PASSWORD)).access_token;
    const keys = await api("GET", "/keys/", undefined, token);
    const id = (keys.body as unknown as { id: string; name: string }[]).find((k) => k.name === "cli")!.id;
    await api("POST", `/keys/${id}`, undefined, token);
    const revoked = await run(["secrets", "get", "PORT"], { env: { COFFER_TOKEN: apiKey } });
    expect(revoked.code).toBe(3);
    expect(revoked.stderr).toContain("revoked");
  });

  it("60 seconds from zero: signup, setup, set, run — the CLI alone", async () => {
    const fresh = { HOME: tempDir("coffer-cli-fresh-"), COFFER_API_URL: server.url };
    const env = { ...fresh, XDG_CONFIG_HOME: join(fresh.HOME, ".config") };
    const cwd = tempDir("coffer-cli-app-");
    const zeroEmail = `zero-${randomUUID()}@example.com`;
    const signup = await run(["signup", "--email", zeroEmail, "--name", "Ada Lovelace"], {
      input: `${PASSWORD}\n`,
      env,
      cwd,
    });
    expect(signup.code, signup.stderr).toBe(0);
    const setup = await run(
      [
        "setup",
        "--team",
        "Platform",
        "--project",
        "Payments API",
        "--environment",
        "Production",
        "--type",
        "prod",
      ],
      { env, cwd },
    );
    expect(setup.code, setup.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, ".coffer.json"), "utf8")).environment_id).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    // Running it again finds what exists instead of creating it twice.
    expect(
      (
        await run(
          ["setup", "--team", "Platform", "--project", "Payments API", "--environment", "Production"],
          { env, cwd },
        )
      ).code,
    ).toBe(0);
    expect((await run(["secrets", "set", "GREETING=hello from coffer"], { env, cwd })).code).toBe(0);
    const result = await run(["run", "--", "node", "-e", "process.stdout.write(process.env.GREETING)"], {
      env,
      cwd,
    });
    expect(result.stdout).toBe("hello from coffer");
  });

  it("init without flags, in a terminal: arrow-key menus (driven through a pseudo-terminal)", async () => {
    // A second team, so that the arrow key matters: Platform is first, Data second.
    const token = (await signInOverHttp(server.url, email, PASSWORD)).access_token;
    const data = String((await api("POST", `/teams/${ids.ws}/`, { name: "Data" }, token)).body.id);
    const project = String(
      (await api("POST", `/projects/${ids.ws}/${data}/`, { name: "Warehouse" }, token)).body.id,
    );
    await api(
      "POST",
      `/environments/${ids.ws}/${data}/${project}/`,
      { name: "Nightly", environment_type: "dev" },
      token,
    );
    const cwd = tempDir("coffer-cli-tty-");
    const child = spawn(
      "script",
      ["-qfec", `${process.execPath} ${join(PROJECT_ROOT, "bin/coffer.cjs")} init`, "/dev/null"],
      {
        cwd,
        env: {
          PATH: process.env.PATH,
          HOME: home,
          XDG_CONFIG_HOME: join(home, ".config"),
          COFFER_API_URL: server.url,
          TERM: "xterm",
        },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let screen = "";
    child.stdout!.on("data", (chunk) => (screen += chunk));
    const waitForText = async (text: string, after: number) => {
      for (let i = 0; i < 100 && !screen.slice(after).includes(text); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(screen.slice(after), screen).toContain(text);
    };
    const keys = async (prompt: string, sequence: string) => {
      const mark = screen.length;
      await waitForText(prompt, Math.max(0, mark - 500));
      child.stdin!.write(sequence);
    };
    await keys("Pick the workspace", "\r");
    await keys("Pick the team", "\u001b[B\r"); // arrow down: Data
    await keys("Pick the project", "\r");
    await keys("Pick the environment", "\r");
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code, screen).toBe(0);
    const written = JSON.parse(readFileSync(join(cwd, ".coffer.json"), "utf8"));
    expect(written).toMatchObject({ workspace_id: ids.ws, team_id: data, project_id: project });
  });

  it("import-preview from a platform (token on stdin), then --apply", async () => {
    const args = ["import-preview", "--from", "render", "--service-id", "srv-cli"];
    const preview = await run([...args, "--json"], { input: `${TOKENS.render}\n` });
    expect(preview.code, preview.stderr).toBe(0);
    const report = JSON.parse(preview.stdout);
    expect(report.added).toEqual([{ key: "FROM_RENDER", value: "********" }]);
    expect(report.skipped).toEqual([{ key: "bad-name", reason: expect.any(String) }]);
    expect((await run(["secrets", "get", "FROM_RENDER"])).code).toBe(4); // preview wrote nothing
    const refused = await run(args, { input: "wrong-token\n" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("refused the token");
    const applied = await run([...args, "--apply"], { input: `${TOKENS.render}\n` });
    expect(applied.code, applied.stderr).toBe(0);
    expect((await run(["secrets", "get", "FROM_RENDER"])).stdout).toBe("r1\n");
  });

  it("a 207 (a value that no longer decrypts) warns with its id and exits 5 unless --allow-partial", async () => {
    expect((await run(["secrets", "set", "BROKEN=soon unreadable"])).code).toBe(0);
    const { db } = openDatabase({ databaseUrl: databaseUrl ?? undefined, dataDir });
    try {
      const row = await db
        .selectFrom("secrets")
        .select(["id", "ciphertext"])
        .where("environment_id", "=", ids.env)
        .where("key", "=", "BROKEN")
        .executeTakeFirstOrThrow();
      const [format, version, body] = row.ciphertext.split(".") as [string, string, string];
      const flipped = `${format}.${version}.${body.slice(0, -2)}${body.endsWith("AA") ? "BB" : "AA"}`;
      await db.updateTable("secrets").set({ ciphertext: flipped }).where("id", "=", row.id).execute();
      const partial = await run(["secrets", "list"]);
      expect(partial.code).toBe(5);
      expect(partial.stderr).toContain(row.id);
      expect((await run(["secrets", "list", "--allow-partial"])).code).toBe(0);
      const runPartial = await run([
        "run",
        "--allow-partial",
        "--",
        "node",
        "-e",
        "process.stdout.write(process.env.PORT)",
      ]);
      expect(runPartial.stdout).toBe("9000");
      expect((await run(["run", "--", "true"])).code).toBe(5);
      // Repaired behind the API's back too; lists are kept per environment revision, so the repair
      // moves the revision as a write through the API would.
      await db.updateTable("secrets").set({ ciphertext: row.ciphertext }).where("id", "=", row.id).execute();
      await db
        .updateTable("environments")
        .set((eb) => ({ revision: eb("revision", "+", 1) }))
        .where("id", "=", ids.env)
        .execute();
    } finally {
      await db.destroy();
    }
  });

  it("an expired access token is refreshed silently and the new one kept", async () => {
    const env = runStoreEnv();
    // Expiry is in whole seconds from a second that has begun: a 1 s token may live 0.1 s, and the
    // refreshed one expired again before its replay. 3 s leaves the new token 2 s at least.
    const shortLived = await startServer({ ...env, COFFER_ACCESS_TOKEN_TTL: "3" });
    const fresh = tempDir("coffer-cli-refresh-");
    const cliEnv = { HOME: fresh, XDG_CONFIG_HOME: join(fresh, ".config"), COFFER_API_URL: shortLived.url };
    const address = `refresh-${randomUUID()}@example.com`;
    const signup = await run(["signup", "--email", address, "--name", "Short Lived"], {
      input: `${PASSWORD}\n`,
      env: cliEnv,
    });
    expect(signup.code, signup.stderr).toBe(0);
    const before = storedCredential(fresh, shortLived.url)!;
    await new Promise((r) => setTimeout(r, 3100));
    const whoami = await run(["whoami"], { env: cliEnv });
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain(address);
    const after = storedCredential(fresh, shortLived.url)!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    await shortLived.stop();
  });

  it("run --fallback asks 'changed since?' with the copy's ETag: 304 reuses it, a change is fetched", async () => {
    const proxy = await startRecordingProxy(server.url);
    try {
      const printPort = ["run", "--fallback", "--", "node", "-e", "process.stdout.write(process.env.PORT)"];
      const env = { COFFER_API_URL: proxy.url, COFFER_TOKEN: proxyKey };
      expect((await run(printPort, { env })).stdout).toBe("9000");
      const reused = await run(printPort, { env });
      expect(reused.code, reused.stderr).toBe(0);
      expect(reused.stdout).toBe("9000");
      const reads = () => proxy.seen.filter((r) => r.method === "GET" && r.path.startsWith("/secrets/"));
      expect(reads().at(-1)?.status).toBe(304);
      expect((await run(["secrets", "set", "PORT=9001"], { env })).code).toBe(0);
      const changed = await run(printPort, { env });
      expect(changed.stdout).toBe("9001");
      expect(reads().at(-1)?.status).toBe(200);
      expect((await run(["secrets", "set", "PORT=9000"])).code).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it("a 429 is waited out (Retry-After) and retried; one that does not end fails with a clear message", async () => {
    let refusals = 2;
    const proxy = await startRecordingProxy(server.url, (request) =>
      request.url?.startsWith("/secrets/") && refusals-- > 0
        ? {
            status: 429,
            headers: { "retry-after": "1" },
            body: { detail: "slow down", code: "rate_limited" },
          }
        : undefined,
    );
    try {
      const env = { COFFER_API_URL: proxy.url, COFFER_TOKEN: proxyKey };
      const patient = await run(["secrets", "get", "PORT"], { env });
      expect(patient.code, patient.stderr).toBe(0);
      expect(patient.stdout).toBe("9000\n");
      expect(patient.stderr).toContain("rate limited, retrying in 1 s");
      expect(proxy.seen.filter((r) => r.status === 429)).toHaveLength(2);
      refusals = 100;
      const refused = await run(["secrets", "get", "PORT"], { env });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("slow down");
      expect(proxy.seen.filter((r) => r.status === 429)).toHaveLength(2 + 4); // the first try and 3 retries
    } finally {
      await proxy.close();
    }
  }, 20_000);

  it("run --watch restarts the command when a secret changes, and stops with it", async () => {
    const { child, done } = coffer(watchPrinting("PORT"));
    await waitForText(child.stdout!, "PORT=9000");
    expect((await run(["secrets", "set", "PORT=9002"])).code).toBe(0);
    await waitForText(child.stdout!, "PORT=9002");
    child.kill("SIGTERM");
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("the secrets changed, restarting the command");
    expect(result.stdout.match(/PORT=/g)).toHaveLength(2);
    expect((await run(["secrets", "set", "PORT=9000"])).code).toBe(0);
    expect((await run(["run", "--watch", "0", "--", "true"])).code).toBe(2);
  }, 30_000);

  it("import of a large .env draws a progress bar on a terminal, and only the summary in a pipe", async () => {
    const big = Array.from({ length: 1500 }, (_, i) => `BULK_${i}=value-${i}`).join("\n");
    writeFileSync(join(workdir, "big.env"), `${big}\n`);
    const child = spawn(
      "script",
      ["-qfec", `${process.execPath} ${join(PROJECT_ROOT, "bin/coffer.cjs")} import big.env`, "/dev/null"],
      {
        cwd: workdir,
        env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), TERM: "xterm" },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let screen = "";
    child.stdout!.on("data", (chunk) => (screen += chunk));
    child.stdin!.end();
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code, screen).toBe(0);
    expect(screen).toContain("] 1000/1500 secrets");
    expect(screen).toContain("[########################] 1500/1500 secrets");
    expect(screen).toContain("created 1500");
    const piped = await run(["import", "big.env", "--overwrite"]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toContain("[#");
    expect(piped.stdout).toContain("updated 1500");
  }, 60_000);

  it("logout forgets the credentials", async () => {
    expect((await run(["logout"])).code).toBe(0);
    const after = await run(["whoami"]);
    expect(after.code).toBe(3);
    expect(after.stderr).toContain("coffer login");
  });
});
