// One capability's contract, read top to bottom: the CLI against what an untrusted repository hands it.
// The `coffer` CLI against what an untrusted repository or a colleague with write access could
// hand it: a `.coffer.json` pointing to another server (a fake one on 127.0.0.1 that records every
// request and answers a NODE_OPTIONS that would run code), a server that redirects, secrets that
// change how programs load code (kept back; cli-environment-policy.test.ts has the whole policy).
// And what the per-server credentials make possible: two servers side by side, the old
// single-object credentials file, an offline copy that survives a refresh.
// Real processes against real servers on random ports, HOME in a temp dir.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CliOptions,
  runCoffer,
  runStoreEnv,
  signInOverHttp,
  startCliServer,
  storedCredential,
} from "./helpers/cli-process.ts";
import { PASSWORD } from "./helpers/factories.ts";
import { codeRunningNodeOptions, type FakeCoffer, startFakeCoffer } from "./helpers/fake-coffer.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { signUpOverHttp } from "./helpers/real-port.ts";
import {
  type ServerProcess,
  startServer,
  stopChildrenReleaseAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const PRINT_ENV =
  "process.stdout.write(JSON.stringify({ GREETING: process.env.GREETING, NODE_OPTIONS: process.env.NODE_OPTIONS, path: process.env.path }))";

const fast = { COFFER_RATE_LIMIT_PER_MINUTE: "100000" };

let server: ServerProcess;
let home: string;
let projectDir: string;
let email: string;
let ids: { workspace_id: string; team_id: string; project_id: string; environment_id: string };
const fakes: FakeCoffer[] = [];
const stores: Store[] = [];

const fresh = (label: string) => ({
  home: tempDir(`coffer-sec-${label}-home-`),
  cwd: tempDir(`coffer-sec-${label}-`),
});
const projectFile = (dir: string, apiUrl: string) => {
  const path = join(dir, ".coffer.json");
  writeFileSync(path, `${JSON.stringify({ api_url: apiUrl, ...ids }, null, 2)}\n`);
  return path;
};
const fakeCoffer = async (options: Parameters<typeof startFakeCoffer>[0]) => {
  const fake = await startFakeCoffer(options);
  fakes.push(fake);
  return fake;
};

/** Signs up through the CLI and creates (and writes `.coffer.json` for) one environment. */
async function signUpWithEnvironment(
  where: CliOptions,
  apiUrl: string,
  environment: string,
): Promise<string> {
  const address = `sec-${randomUUID()}@example.com`;
  const signup = await runCoffer(
    ["--api-url", apiUrl, "signup", "--email", address, "--name", "Sec Tester"],
    {
      ...where,
      input: `${PASSWORD}\n`,
    },
  );
  expect(signup.code, signup.stderr).toBe(0);
  await setUpEnvironment(where, apiUrl, environment);
  return address;
}

async function setUpEnvironment(where: CliOptions, apiUrl: string, environment: string): Promise<void> {
  const setup = await runCoffer(
    ["--api-url", apiUrl, "setup", "--team", "Platform", "--project", "App", "--environment", environment],
    where,
  );
  expect(setup.code, setup.stderr).toBe(0);
}

async function apiKeyFor(apiUrl: string, address: string): Promise<string> {
  const { access_token } = await signInOverHttp(apiUrl, address, PASSWORD);
  const key = await fetch(`${apiUrl}/keys/`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ name: `key-${randomUUID()}` }),
  });
  return ((await key.json()) as { token: string }).token;
}

beforeAll(async () => {
  server = await startCliServer();
  home = tempDir("coffer-sec-home-");
  projectDir = tempDir("coffer-sec-project-");
  email = await signUpWithEnvironment({ home, cwd: projectDir }, server.url, "Production");
  const set = await runCoffer(["secrets", "set", "GREETING=hello"], { home, cwd: projectDir });
  expect(set.code, set.stderr).toBe(0);
  const { api_url: _, ...rest } = JSON.parse(readFileSync(join(projectDir, ".coffer.json"), "utf8"));
  ids = rest;
}, 60_000);

afterAll(() =>
  stopChildrenReleaseAndRemoveTempDirs(() =>
    Promise.all([...fakes.map((f) => f.close()), ...stores.map((s) => s.drop())]),
  ),
);

describe("a .coffer.json pointing to another server", () => {
  it("run, secrets list and whoami refuse (exit 3, naming the file, its URL and yours): the other server receives nothing and no code runs", async () => {
    const marker = join(tempDir(), "marker");
    const hostile = await fakeCoffer({
      secrets: { NODE_OPTIONS: codeRunningNodeOptions(marker), GREETING: "from the other server" },
    });
    const cwd = tempDir("coffer-sec-hostile-");
    const file = projectFile(cwd, hostile.url);
    for (const args of [
      ["run", "--", "node", "-e", "process.stdout.write('child ran')"],
      ["secrets", "list", "--reveal"],
      ["whoami"],
    ]) {
      const result = await runCoffer(args, { home, cwd });
      expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(3);
      expect(result.stderr).toContain(file);
      expect(result.stderr).toContain(hostile.url);
      expect(result.stderr).toContain(server.url);
      expect(result.stderr).toContain(`coffer login --api-url ${hostile.url}`);
      expect(result.stdout).toBe("");
    }
    expect(hostile.requests).toEqual([]);
    const stored = storedCredential(home, server.url)!;
    for (const secret of [stored.access_token!, stored.refresh_token!])
      expect(hostile.everythingReceived()).not.toContain(secret);
    expect(existsSync(marker)).toBe(false);
  });

  it("an api_url that is not an http(s) URL, or an environment_id that is a path, is refused (exit 2) before anything is read or written", async () => {
    const cwd = tempDir("coffer-sec-odd-");
    const path = join(cwd, ".coffer.json");
    writeFileSync(path, JSON.stringify({ ...ids, api_url: "file:///etc/passwd" }));
    const scheme = await runCoffer(["secrets", "list"], { home, cwd });
    expect(scheme.code).toBe(2);
    expect(scheme.stderr).toContain(path);
    writeFileSync(path, JSON.stringify({ ...ids, api_url: server.url, environment_id: "../../escape" }));
    const traversal = await runCoffer(["run", "--fallback", "--", "true"], { home, cwd });
    expect(traversal.code).toBe(2);
    expect(traversal.stderr).toContain("environment_id");
    expect(existsSync(join(home, ".config", "escape.enc"))).toBe(false);
  });

  it("COFFER_TOKEN without COFFER_API_URL is refused the same way (CI on a hostile pull request); with COFFER_API_URL it goes only there", async () => {
    const marker = join(tempDir(), "marker");
    const hostile = await fakeCoffer({ secrets: { NODE_OPTIONS: codeRunningNodeOptions(marker) } });
    const ci = fresh("ci");
    const file = projectFile(ci.cwd, hostile.url);
    const token = await apiKeyFor(server.url, email);
    const refused = await runCoffer(["run", "--", "node", "-e", "process.stdout.write('child ran')"], {
      ...ci,
      env: { COFFER_TOKEN: token },
    });
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toContain(file);
    expect(refused.stderr).toContain(hostile.url);
    expect(refused.stderr).toContain("COFFER_API_URL");
    expect(refused.stdout).toBe("");
    // The URL the job was given wins over the file's; the file's server still hears nothing.
    const bound = await runCoffer(["run", "--", "node", "-e", "process.stdout.write(process.env.GREETING)"], {
      ...ci,
      env: { COFFER_TOKEN: token, COFFER_API_URL: server.url },
    });
    expect(bound.code, bound.stderr).toBe(0);
    expect(bound.stdout).toBe("hello");
    expect(hostile.requests).toEqual([]);
    expect(hostile.everythingReceived()).not.toContain(token);
    expect(existsSync(marker)).toBe(false);
  });

  it("a key in COFFER_API_KEY (not COFFER_TOKEN) stops the CLI naming COFFER_TOKEN: the stored session is not used instead", async () => {
    const token = await apiKeyFor(server.url, email);
    for (const name of ["COFFER_API_KEY", "COFFER_ACCESS_TOKEN"]) {
      const refused = await runCoffer(["secrets", "set", "WRONG_CREDENTIAL=1"], {
        home,
        cwd: projectDir,
        env: { [name]: token },
      });
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toContain(`${name} is set, but the CLI reads its credential from COFFER_TOKEN`);
      expect(refused.stderr).toContain(`COFFER_TOKEN=$${name}`);
      expect(refused.stderr).not.toContain(token);
    }
    // Nothing was written, with either credential.
    const get = await runCoffer(["secrets", "get", "WRONG_CREDENTIAL"], { home, cwd: projectDir });
    expect(get.code, get.stderr).toBe(4);
    // COFFER_TOKEN set as well: it is the credential, and the near miss is beside the point.
    const both = await runCoffer(["run", "--", "node", "-e", "process.stdout.write(process.env.GREETING)"], {
      home,
      cwd: projectDir,
      env: { COFFER_API_KEY: "sk-something-else", COFFER_TOKEN: token, COFFER_API_URL: server.url },
    });
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toBe("hello");
  });

  it("a server that answers with a redirect does not get the CLI to carry a credential or a password elsewhere", async () => {
    const hostile = await fakeCoffer({ secrets: { GREETING: "redirected" } });
    const redirector = await fakeCoffer({ redirectTo: hostile.url });
    const where = fresh("redirect");
    const key = `sk-${randomUUID().replaceAll("-", "")}`;
    const login = await runCoffer(["--api-url", redirector.url, "login", "--api-key", key], where);
    expect(login.code, login.stderr).toBe(0); // the fake accepts any key on /auth/me
    projectFile(where.cwd, redirector.url);
    const list = await runCoffer(["secrets", "list", "--reveal"], where);
    expect(list.code).not.toBe(0);
    expect(list.stderr).toContain("redirect");
    const password = await runCoffer(["--api-url", redirector.url, "login", "--email", "a@example.com"], {
      ...where,
      input: "a password of mine\n",
    });
    expect(password.code).not.toBe(0);
    expect(hostile.requests).toEqual([]);
    expect(hostile.everythingReceived()).not.toContain(key);
  });
});

describe("variables that change how programs load code", () => {
  let loaders: CliOptions;

  beforeAll(async () => {
    loaders = { home, cwd: tempDir("coffer-sec-loaders-") };
    await setUpEnvironment(loaders, server.url, "Loaders");
    const set = await runCoffer(
      [
        "secrets",
        "set",
        "NODE_OPTIONS=--max-old-space-size=200",
        "LD_PRELOAD=",
        "path=/nowhere",
        "GREETING=hi",
      ],
      loaders,
    );
    expect(set.code, set.stderr).toBe(0);
  });

  it("run keeps them back (each named, the command runs without them) unless each is named exactly with --allow-env", async () => {
    const kept = await runCoffer(["run", "--", "node", "-e", PRINT_ENV], loaders);
    expect(kept.code, kept.stderr).toBe(0);
    expect(JSON.parse(kept.stdout)).toEqual({ GREETING: "hi" });
    for (const key of ["NODE_OPTIONS", "LD_PRELOAD", "path"]) {
      expect(kept.stderr).toContain(`kept back ${key} `);
      expect(kept.stderr).toContain(`--allow-env ${key}`);
    }
    // A name allows exactly that key: node_options does not allow NODE_OPTIONS.
    const wrongCase = await runCoffer(
      ["run", "--allow-env", "node_options,LD_PRELOAD", "--allow-env", "path", "--", "node", "-e", PRINT_ENV],
      loaders,
    );
    expect(wrongCase.code).toBe(0);
    expect(JSON.parse(wrongCase.stdout)).toEqual({ GREETING: "hi", path: "/nowhere" });
    expect(wrongCase.stderr).toContain("kept back NODE_OPTIONS ");
    expect(wrongCase.stderr).not.toContain("kept back path ");
    const allowed = await runCoffer(
      ["run", "--allow-env", "NODE_OPTIONS,LD_PRELOAD", "--allow-env", "path", "--", "node", "-e", PRINT_ENV],
      loaders,
    );
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stderr).toBe("");
    expect(JSON.parse(allowed.stdout)).toEqual({
      GREETING: "hi",
      NODE_OPTIONS: "--max-old-space-size=200",
      path: "/nowhere",
    });
  });

  it("export as dotenv prints them (its output is data) with a warning on stderr; as shell it keeps them back", async () => {
    const exported = await runCoffer(["export"], loaders);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain("NODE_OPTIONS=");
    expect(exported.stderr).toContain("warning");
    for (const key of ["NODE_OPTIONS", "LD_PRELOAD", "path"]) expect(exported.stderr).toContain(key);
    const shell = await runCoffer(["export", "--format", "shell"], loaders);
    expect(shell.stdout).toBe("export GREETING='hi'\n");
    for (const key of ["NODE_OPTIONS", "LD_PRELOAD", "path"])
      expect(shell.stderr).toContain(`kept back ${key} `);
    const plain = await runCoffer(["export"], { home, cwd: projectDir });
    expect(plain.stderr).toBe("");
  });
});

describe("credentials per server", () => {
  it("two servers side by side: each directory's commands go to its own server with its own credential", async () => {
    const store = await isolatedStore();
    stores.push(store);
    // A store of its own and a master key of its own: a credential of one is unknown to the other.
    const other = await startServer({
      ...store.env,
      COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
      ...fast,
    });
    const shared = tempDir("coffer-sec-two-home-");
    const a = { home: shared, cwd: tempDir("coffer-sec-a-") };
    const b = { home: shared, cwd: tempDir("coffer-sec-b-") };
    const emailA = await signUpWithEnvironment(a, server.url, "Side A");
    const emailB = await signUpWithEnvironment(b, other.url, "Side B");
    expect((await runCoffer(["secrets", "set", "GREETING=from-a"], a)).code).toBe(0);
    expect((await runCoffer(["secrets", "set", "GREETING=from-b"], b)).code).toBe(0);
    const print = ["run", "--", "node", "-e", "process.stdout.write(process.env.GREETING)"];
    expect((await runCoffer(print, a)).stdout).toBe("from-a");
    expect((await runCoffer(print, b)).stdout).toBe("from-b");
    expect((await runCoffer(["whoami"], a)).stdout).toBe(`${emailA} on ${server.url}\n`);
    expect((await runCoffer(["whoami"], b)).stdout).toBe(`${emailB} on ${other.url}\n`);
    const file = JSON.parse(readFileSync(join(shared, ".config", "coffer", "credentials.json"), "utf8"));
    expect(Object.keys(file.servers).sort()).toEqual([server.url, other.url].sort());
    expect(file.default).toBe(other.url); // the last sign-in
    // Logging out in A forgets A's credential only.
    expect((await runCoffer(["logout"], a)).code).toBe(0);
    expect((await runCoffer(["whoami"], a)).code).toBe(3);
    expect((await runCoffer(["whoami"], b)).stdout).toBe(`${emailB} on ${other.url}\n`);
    await other.stop();
  }, 60_000);

  it("the old single-object credentials file still works (API key, and a session that then gets its offline key)", async () => {
    const withKey = { home: tempDir("coffer-sec-old-key-"), cwd: projectDir };
    const file = (h: string) => join(h, ".config", "coffer", "credentials.json");
    const oldFormat = (h: string, value: Record<string, string>) => {
      mkdirSync(join(h, ".config", "coffer"), { recursive: true });
      writeFileSync(file(h), JSON.stringify(value), { mode: 0o600 });
    };
    oldFormat(withKey.home, {
      api_url: `${server.url}/`,
      api_key: await apiKeyFor(server.url, email),
      email,
    });
    const whoami = await runCoffer(["whoami"], withKey);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toBe(`${email} on ${server.url}\n`);
    expect((await runCoffer(["secrets", "get", "GREETING"], withKey)).stdout).toBe("hello\n");

    const withSession = { home: tempDir("coffer-sec-old-session-"), cwd: projectDir };
    const { access_token, refresh_token } = await signInOverHttp(server.url, email, PASSWORD);
    oldFormat(withSession.home, { api_url: server.url, access_token, refresh_token, email });
    const run = await runCoffer(
      ["run", "--fallback", "--", "node", "-e", "process.stdout.write(process.env.GREETING)"],
      withSession,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("hello");
    expect(storedCredential(withSession.home, server.url)).toMatchObject({
      refresh_token,
      fallback_key: expect.any(String),
    });
  });
});

describe("the offline copy (run --fallback)", () => {
  it("written before a token refresh, still opens after it when Coffer is down", async () => {
    const shortLived = await startServer({ ...runStoreEnv(), ...fast, COFFER_ACCESS_TOKEN_TTL: "2" });
    const where = fresh("refresh");
    await signUpWithEnvironment(where, shortLived.url, "Offline");
    expect((await runCoffer(["secrets", "set", "GREETING=still here"], where)).code).toBe(0);
    const print = ["run", "--fallback", "--", "node", "-e", "process.stdout.write(process.env.GREETING)"];
    const online = await runCoffer(print, where);
    expect(online.code, online.stderr).toBe(0);
    expect(online.stdout).toBe("still here");
    const before = storedCredential(where.home, shortLived.url)!;
    await new Promise((r) => setTimeout(r, 3000));
    const refreshed = await runCoffer(["secrets", "list"], where);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(storedCredential(where.home, shortLived.url)!.refresh_token).not.toBe(before.refresh_token);
    await shortLived.stop();
    const offline = await runCoffer(print, where);
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toBe("still here");
    expect(offline.stderr).toContain("using the offline copy");
  }, 30_000);
});

describe("coffer login with two-factor sign-in", () => {
  it("asks for the code (exit 3, naming --otp), takes it as --otp or on the line after the password", async () => {
    const where = fresh("otp");
    const address = `otp-${randomUUID()}@example.com`;
    const signedUp = await signUpOverHttp(server.url, {
      email: address,
      first_name: "Two",
      last_name: "Factor",
    });
    expect(signedUp.status).toBe(201);
    const { access_token } = await signInOverHttp(server.url, address, PASSWORD);
    const auth = { authorization: `Bearer ${access_token}`, "content-type": "application/json" };
    const setup = await fetch(`${server.url}/auth/2fa/setup`, { method: "POST", headers: auth });
    const { secret } = (await setup.json()) as { secret: string };
    const app = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
    const enabled = await fetch(`${server.url}/auth/2fa/enable`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ code: app.generate() }),
    });
    const { recovery_codes } = (await enabled.json()) as { recovery_codes: string[] };
    const login = (args: string[], input: string) =>
      runCoffer(["--api-url", server.url, "login", "--email", address, ...args], { ...where, input });

    const withoutCode = await login([], `${PASSWORD}\n`);
    expect(withoutCode.code).toBe(3);
    expect(withoutCode.stderr).toContain("--otp");
    const wrong = await login(["--otp", "000000"], `${PASSWORD}\n`);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain("not correct");

    const onStdin = await login([], `${PASSWORD}\n${recovery_codes[0]}\n`);
    expect(onStdin.code, onStdin.stderr).toBe(0);
    // The next step's code: inside the accepted window, and after the step that turned it on.
    const withFlag = await login(
      ["--otp", app.generate({ timestamp: Date.now() + 30_000 })],
      `${PASSWORD}\n`,
    );
    expect(withFlag.code, withFlag.stderr).toBe(0);
    const whoami = await runCoffer(["--api-url", server.url, "whoami"], where);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain(address);
    expect(withFlag.stdout + withFlag.stderr).not.toContain(PASSWORD);
  });
});
