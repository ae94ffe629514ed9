// `npm run test:release` (and CI, .ci/run): a release that does not install, start or serve fails
// here. Packs the tarballs (`npm run package`), installs the server's with `npm install -g
// --omit=dev` and the CLI's with `npm install -g`, each into a fresh empty prefix, starts the
// INSTALLED `coffer-server` on the embedded engine, signs up and stores a secret through the API,
// runs the INSTALLED `coffer run` against it and checks the secret reached the command, stops the
// server with SIGTERM (exit 0), then starts it once more on PostgreSQL + Redis (a database made and
// dropped here) until /readyz. The server's tarball, unpacked and `npm ci`'d, must install exactly
// its npm-shrinkwrap.json (which `npm install -g` of a tarball ignores). Also checks that `npm
// install` leaves package-lock.json as committed. Prints each step's time and the installed sizes;
// any failure is one line naming the step, and exit 1.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const ROOT = resolve(import.meta.dirname, "..");
const VERSION = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
const PG_ADMIN_URL = process.env.COFFER_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.COFFER_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const READY_TIMEOUT_MS = 30_000;
const PASSWORD = "release check passphrase";

class CheckFailed extends Error {}
const execFileAsync = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "coffer-release-"));
const servers = new Set();
const timings = [];
const facts = [];

/** Runs a step, timing it; its failure ends the check with the step's name and one line. */
async function step(name, action) {
  const started = performance.now();
  try {
    const result = await action();
    timings.push([name, performance.now() - started]);
    return result;
  } catch (error) {
    const line = String(
      error instanceof CheckFailed ? error.message : (error.stderr ?? error.message ?? error),
    )
      .trim()
      .split("\n")
      .filter(Boolean)
      .at(-1);
    throw new CheckFailed(`${name}: ${line}`);
  }
}

/** Node's own directory first: the bins' `#!/usr/bin/env node` must find this Node, not an older one. */
const PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}`;

/** Nothing of this shell's Coffer configuration reaches what runs here. */
function cleanEnv(extra) {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(COFFER_|DATABASE_URL$|REDIS_URL$|PORT$|HOST$|DEBUG$|NODE_OPTIONS$|npm_)/.test(name))
      env[name] = value;
  }
  return { ...env, PATH, ...extra };
}

async function run(command, args, options = {}) {
  return execFileAsync(command, args, {
    cwd: options.cwd ?? ROOT,
    env: cleanEnv(options.env ?? {}),
    maxBuffer: 64 * 1024 * 1024,
    timeout: options.timeoutMs ?? 300_000,
  });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (kibibytes) => `${(kibibytes / 1024).toFixed(1)} MiB`;
const installedKiB = async (dir) => Number((await run("du", ["-sk", dir])).stdout.split("\t")[0]);

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** The installed server on a free port; resolves once /readyz answers 200, with the time it took. */
async function startServer(bin, env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(bin, [], {
    cwd: scratch,
    env: cleanEnv({ HOST: "127.0.0.1", PORT: String(port), ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolveExit) =>
    child.once("close", (code, signal) => resolveExit({ code, signal })),
  );
  const server = { child, exited, url: `http://127.0.0.1:${port}`, output: () => output };
  servers.add(server);
  let running = true;
  void exited.then(() => (running = false));
  for (;;) {
    if (!running) throw new CheckFailed(`the server exited before it was ready: ${lastLine(output)}`);
    const answer = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(1_000) }).catch(
      () => null,
    );
    if (answer?.status === 200) {
      await answer.arrayBuffer();
      return { ...server, readyMs: performance.now() - started };
    }
    await answer?.arrayBuffer();
    if (performance.now() - started > READY_TIMEOUT_MS) {
      throw new CheckFailed(`not ready within ${READY_TIMEOUT_MS / 1000} s: ${lastLine(output)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const lastLine = (text) => text.trim().split("\n").at(-1) ?? "(no output)";

/** SIGTERM, and the exit it must make: code 0 within 15 s. */
async function stopServer(server) {
  server.child.kill("SIGTERM");
  let timer;
  const timeout = new Promise((r) => {
    timer = setTimeout(() => r(null), 15_000);
  });
  const exit = await Promise.race([server.exited, timeout]).finally(() => clearTimeout(timer));
  servers.delete(server);
  if (exit === null) throw new CheckFailed("did not exit within 15 s of SIGTERM");
  if (exit.code !== 0)
    throw new CheckFailed(`exited with ${exit.signal ?? `code ${exit.code}`} after SIGTERM`);
}

/** The server's resident memory, from /proc (Linux). */
function rssKiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) : Number.NaN;
}

async function api(url, method, path, body, token) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body instanceof URLSearchParams ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body instanceof URLSearchParams ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new CheckFailed(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** Signs up, and makes a team, project and environment holding one secret: their ids and the value. */
async function storeASecret(url) {
  const email = `release-${randomBytes(4).toString("hex")}@example.com`;
  const account = await api(url, "POST", "/auth/get-started", {
    email,
    first_name: "Release",
    last_name: "Check",
    password: PASSWORD,
    created_at: new Date().toISOString(),
  });
  const { access_token: token } = await api(
    url,
    "POST",
    "/auth/login",
    new URLSearchParams({ username: email, password: PASSWORD }),
  );
  const ws = account.workspace.id;
  const team = await api(url, "POST", `/teams/${ws}/`, { name: "Release" }, token);
  const project = await api(url, "POST", `/projects/${ws}/${team.id}/`, { name: "Check" }, token);
  const env = await api(
    url,
    "POST",
    `/environments/${ws}/${team.id}/${project.id}/`,
    { name: "Production", environment_type: "prod" },
    token,
  );
  const value = randomBytes(12).toString("hex");
  await api(
    url,
    "POST",
    `/secrets/${ws}/${team.id}/${project.id}/${env.id}/`,
    { key: "RELEASE_CHECK", value },
    token,
  );
  return { token, ws, team: team.id, project: project.id, env: env.id, value };
}

async function main() {
  const total = performance.now();
  await step("npm install leaves package-lock.json as committed", async () => {
    const before = readFileSync(join(ROOT, "package-lock.json"), "utf8");
    await run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts"]);
    if (readFileSync(join(ROOT, "package-lock.json"), "utf8") !== before) {
      throw new CheckFailed("package-lock.json changed: commit the lock `npm install` writes");
    }
  });
  const tarball = (name) => join(ROOT, "release", `coffer-${name}-${VERSION}.tgz`);
  await step("npm run package", async () => {
    await run("npm", ["run", "--silent", "package"]);
    for (const name of ["server", "cli", "client"]) {
      if (!existsSync(tarball(name))) throw new CheckFailed(`no ${tarball(name)}`);
      facts.push([`${name} tarball`, kib(statSync(tarball(name)).size)]);
    }
  });

  const serverPrefix = join(scratch, "server-prefix");
  const cliPrefix = join(scratch, "cli-prefix");
  await step("install the server (npm install -g --omit=dev, empty prefix)", () =>
    run("npm", [
      "install",
      "-g",
      "--omit=dev",
      "--no-audit",
      "--no-fund",
      "--prefix",
      serverPrefix,
      tarball("server"),
    ]),
  );
  await step("install the CLI (npm install -g, empty prefix)", () =>
    run("npm", ["install", "-g", "--no-audit", "--no-fund", "--prefix", cliPrefix, tarball("cli")]),
  );
  await step("npm ci in the unpacked server package installs the shrinkwrap's versions exactly", async () => {
    const unpacked = join(scratch, "server-ci");
    mkdirSync(unpacked);
    await run("tar", ["-xzf", tarball("server"), "-C", unpacked, "--strip-components=1"]);
    await run("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: unpacked });
    const { packages } = JSON.parse(readFileSync(join(unpacked, "npm-shrinkwrap.json"), "utf8"));
    for (const [at, entry] of Object.entries(packages)) {
      if (at === "" || !existsSync(join(unpacked, at))) continue; // another platform's binary
      const { version } = JSON.parse(readFileSync(join(unpacked, at, "package.json"), "utf8"));
      if (version !== entry.version)
        throw new CheckFailed(`${at} is ${version}, the shrinkwrap says ${entry.version}`);
    }
    const dry = await run(
      process.execPath,
      [join(unpacked, "bin", "coffer-server.js"), "migrate", "--dry-run"],
      {
        cwd: scratch,
        env: { COFFER_DATA_DIR: join(scratch, "ci-data") },
      },
    );
    if (!dry.stdout.includes("would apply"))
      throw new CheckFailed(`migrate --dry-run said: ${dry.stdout.trim()}`);
  });
  await step("installed sizes (du)", async () => {
    facts.push(["server installed", mib(await installedKiB(serverPrefix))]);
    facts.push(["CLI installed", mib(await installedKiB(cliPrefix))]);
  });
  const coffer = join(cliPrefix, "bin", "coffer");
  const cofferServer = join(serverPrefix, "bin", "coffer-server");

  const dataDir = join(scratch, "data");
  const embedded = await step("start the installed server (embedded engine) until /readyz", () =>
    startServer(cofferServer, { COFFER_DATA_DIR: dataDir }),
  );
  facts.push(["server start to ready", `${Math.round(embedded.readyMs)} ms`]);
  const tree = await step("sign up, create an environment, store a secret (API)", () =>
    storeASecret(embedded.url),
  );
  await step("idle for 1 s, then read the server's RSS", async () => {
    await new Promise((r) => setTimeout(r, 1_000));
    facts.push(["server RSS after a sign-up, idle 1 s", mib(rssKiB(embedded.child.pid))]);
  });

  await step("coffer run (installed CLI) hands the secret to a command", async () => {
    const project = join(scratch, "project");
    const cliEnv = {
      COFFER_API_URL: embedded.url,
      COFFER_TOKEN: tree.token,
      HOME: scratch,
      XDG_CONFIG_HOME: join(scratch, "config"),
    };
    await run("mkdir", ["-p", project]);
    await run(
      coffer,
      [
        "init",
        "--workspace",
        tree.ws,
        "--team",
        tree.team,
        "--project",
        tree.project,
        "--environment",
        tree.env,
      ],
      {
        cwd: project,
        env: cliEnv,
      },
    );
    const check = `process.exit(process.env.RELEASE_CHECK === ${JSON.stringify(tree.value)} ? 0 : 3)`;
    await run(coffer, ["run", "--", process.execPath, "-e", check], { cwd: project, env: cliEnv }).catch(
      (error) => {
        throw new CheckFailed(
          error.code === 3
            ? "the command ran without the secret"
            : `coffer run failed: ${lastLine(error.stderr || error.message)}`,
        );
      },
    );
  });
  await step("SIGTERM stops the installed server with exit 0", () => stopServer(embedded));

  await step("the installed server on PostgreSQL + Redis until /readyz", async () => {
    const name = `coffer_release_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      const server = await startServer(cofferServer, {
        COFFER_DATA_DIR: join(scratch, "pg-data"),
        DATABASE_URL: url.toString(),
        REDIS_URL,
        COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
      });
      facts.push([
        "server start to ready (PostgreSQL + Redis, fresh database)",
        `${Math.round(server.readyMs)} ms`,
      ]);
      await stopServer(server);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  });

  for (const [name, ms] of timings) console.log(`  ${(ms / 1000).toFixed(1).padStart(5)} s  ${name}`);
  for (const [name, value] of facts) console.log(`  ${name}: ${value}`);
  console.log(`release check passed in ${((performance.now() - total) / 1000).toFixed(1)} s`);
}

try {
  await main();
} catch (error) {
  for (const server of servers) server.child.kill("SIGKILL");
  const line = error instanceof CheckFailed ? error.message : String(error?.message ?? error).split("\n")[0];
  console.error(`release check failed: ${line}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
