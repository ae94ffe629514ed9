// One capability's contract, read top to bottom: the action run as a runner runs it.
// The GitHub Action (action.yml, action/index.mjs) run as a runner runs it: a node process with the
// INPUT_* variables the runner derives from action.yml and the step's `with:` (defaults included),
// real files for $GITHUB_ENV and $GITHUB_OUTPUT read back as the runner parses them, the job's
// ID-token endpoint on 127.0.0.1 (the test issuer, whose tokens a service account trusts), and a
// real Coffer server on a real port. Masks are checked as the runner applies them: line by line,
// from the moment each `::add-mask::` is read.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  closeSync,
  constants,
  cpSync,
  existsSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../src/db/connect.ts";
import { runStoreEnv } from "./helpers/cli-process.ts";
import { type Issuer, startIssuer } from "./helpers/oidc-issuer.ts";
import { httpJson, type TenantOverHttp, tenantOverHttp } from "./helpers/real-port.ts";
import { startRecordingProxy } from "./helpers/recording-proxy.ts";
import {
  freePort,
  PROJECT_ROOT,
  type ServerProcess,
  startServer,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const ACTION_MAIN = join(PROJECT_ROOT, "action/index.mjs");
/** What the action is made of: a copy of it needs each, at the same relative paths. */
const COPIED = ["action.yml", "action/index.mjs", "src/cli/environment-policy.ts", "src/cli/last-writer.ts"];
const ACTION_YML = readFileSync(join(PROJECT_ROOT, "action.yml"), "utf8");

/** Values that trip escaping, heredocs and line-by-line masking. None holds `${` (a reference). */
const SECRETS: Record<string, string> = {
  PLAIN: "plain-value-7f3a",
  MULTI: "-----BEGIN KEY-----\nline-two-secret\r\nline three secret\n\n",
  PERCENT: "100%25 and %0A stay literal",
  TRICKY: "NAME<<EOF\nEOF\n::warning::not a command\n$HOME=x\nCOFFER_EOF_",
  PADDED: "  padded secret  ",
  UNICODE: "pässwörd ✓ 鍵",
  EMPTY: "",
};

let server: ServerProcess;
let issuer: Issuer;
let tenant: TenantOverHttp;
let dataDir: string;
let ids: { workspace: string; team: string; project: string; production: string };
let staging: string;
let damaged: string;
let accountId: string;
/** Read-only keys of the service account: production only; production and damaged; the workspace. */
let keys: { production: string; damaged: string; workspace: string };

const api = (method: "GET" | "POST", path: string, body?: unknown) =>
  httpJson(server.url, method, path, tenant.headers, body);

async function created(path: string, body: unknown): Promise<string> {
  const reply = await api("POST", path, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id;
}

const mintKey = (name: string, scope: object) =>
  api("POST", `/workspaces/${ids.workspace}/service-accounts/${accountId}/keys`, {
    name,
    access: "read",
    ...scope,
  });

beforeAll(async () => {
  dataDir = join(tempDir(), "data");
  // The issuer lives on 127.0.0.1, which only this allow-list lets the exchange reach.
  server = await startServer({
    ...runStoreEnv(dataDir),
    COFFER_RATE_LIMIT_PER_MINUTE: "100000",
    COFFER_OUTBOUND_ALLOW: "127.0.0.1/32",
  });
  issuer = await startIssuer();
  tenant = await tenantOverHttp(server.url, "action");
  const [, , workspace, team, project, production] = tenant.secrets.split("/") as string[];
  ids = { workspace: workspace!, team: team!, project: project!, production: production! };
  const environments = `/environments/${workspace}/${team}/${project}/`;
  staging = await created(environments, { name: "Staging", environment_type: "staging" });
  damaged = await created(environments, { name: "Damaged", environment_type: "dev" });
  const stored = await api("POST", `${tenant.secrets}/bulk`, {
    secrets: Object.entries(SECRETS).map(([key, value]) => ({ key, value })),
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  accountId = await created(`/workspaces/${workspace}/service-accounts`, {
    name: "github actions",
    role: 0,
    team_ids: [team],
  });
  // What `coffer ci-setup` makes, with the test issuer for GitHub's: the audience is the API's host.
  await created(`/workspaces/${workspace}/service-accounts/${accountId}/trusts`, {
    name: "main branch",
    issuer: issuer.url,
    audience: new URL(server.url).host,
    subject: "repo:acme/payments:ref:refs/heads/*",
    access: "read",
    environment_ids: [production],
  });
  keys = {
    production: (await mintKey("production", { environment_ids: [production] })).body.token,
    damaged: (await mintKey("damaged", { environment_ids: [damaged] })).body.token,
    workspace: (await mintKey("workspace", {})).body.token,
  };
}, 60_000);
afterAll(async () => {
  await issuer.stop();
  await stopChildrenAndRemoveTempDirs();
});

// ---- the simulated runner ----

/** action.yml's inputs and their defaults (the shape this repository writes: `    default: "…"`). */
function declaredInputs(): Map<string, string | undefined> {
  const block = ACTION_YML.slice(ACTION_YML.indexOf("\ninputs:\n"), ACTION_YML.indexOf("\nruns:\n"));
  const inputs = new Map<string, string | undefined>();
  let current: string | undefined;
  for (const line of block.split("\n")) {
    const name = line.match(/^ {2}([a-z][a-z0-9-]*):$/);
    if (name) {
      current = name[1]!;
      inputs.set(current, undefined);
    }
    const fallback = line.match(/^ {4}default: (".*")$/);
    if (fallback && current) inputs.set(current, JSON.parse(fallback[1]!));
  }
  return inputs;
}

/** INPUT_<NAME> for each input given or defaulted, as the runner sets them (upper case, spaces as _). */
function inputEnvironment(given: Record<string, string>): Record<string, string> {
  const declared = declaredInputs();
  const env: Record<string, string> = {};
  for (const name of Object.keys(given))
    if (!declared.has(name)) throw new Error(`input ${name} is not in action.yml`);
  for (const [name, fallback] of declared) {
    const value = given[name] ?? fallback;
    if (value !== undefined) env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] = value;
  }
  return env;
}

/**
 * $GITHUB_ENV / $GITHUB_OUTPUT read as the runner reads them on Linux (SetEnvFileCommand): lines
 * end at \n; `NAME=VALUE`, or `NAME<<DELIMITER`, then the value's lines until one that is exactly
 * the delimiter (the newline before it is not part of the value).
 */
function parseFileCommands(text: string): Map<string, string> {
  const parsed = new Map<string, string>();
  let index = 0;
  const readLine = (): string | undefined => {
    if (index >= text.length) return undefined;
    const start = index;
    const lf = text.indexOf("\n", index);
    index = lf < 0 ? text.length : lf + 1;
    return text.slice(start, lf < 0 ? text.length : lf);
  };
  for (let line = readLine(); line !== undefined; line = readLine()) {
    if (line === "") continue;
    const equals = line.indexOf("=");
    const heredoc = line.indexOf("<<");
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      parsed.set(line.slice(0, equals), line.slice(equals + 1));
      continue;
    }
    if (heredoc <= 0 || heredoc + 2 === line.length) throw new Error(`invalid line ${JSON.stringify(line)}`);
    const delimiter = line.slice(heredoc + 2);
    const start = index;
    let end = index;
    for (let next = readLine(); next !== delimiter; next = readLine()) {
      if (next === undefined) throw new Error(`no closing delimiter ${delimiter}`);
      end = index - 1;
    }
    parsed.set(line.slice(0, heredoc), text.slice(start, end));
  }
  return parsed;
}

/** Workflow-command data as the runner unescapes it. */
const unescapeData = (data: string) =>
  data.replaceAll("%0D", "\r").replaceAll("%0A", "\n").replaceAll("%25", "%");

/** The `::warning::` messages of stdout, unescaped, in order. */
const warningsOf = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("::warning::"))
    .map((line) => unescapeData(line.slice("::warning::".length)));

/** The `::add-mask::` values of stdout, in order. */
const masksOf = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("::add-mask::"))
    .map((line) => unescapeData(line.slice("::add-mask::".length)));

/** What hiding `value` takes: the value and each of its lines (blank ones hide nothing). */
const piecesOf = (value: string) =>
  [value, ...value.split(/\r\n|\r|\n/)].filter((piece) => piece.trim() !== "");

/**
 * The log as the runner writes it: each stdout line masked with the masks read so far, add-mask
 * lines themselves never shown. Fails if a value's piece shows anywhere (stderr included, whose
 * order against stdout the runner does not keep) or a piece was never masked.
 */
function expectMaskedFirst(run: ActionRun, values: string[]) {
  const masks: string[] = [];
  for (const line of run.stdout.split("\n")) {
    if (line.startsWith("::add-mask::")) {
      masks.push(unescapeData(line.slice("::add-mask::".length)));
      continue;
    }
    const shown = masks.reduce((text, mask) => text.replaceAll(mask, "***"), line);
    for (const value of values)
      for (const piece of piecesOf(value)) expect(shown, "a value shown in the log").not.toContain(piece);
  }
  for (const value of values) {
    for (const piece of piecesOf(value)) {
      expect(masks, "every value and each of its lines is masked").toContain(piece);
      expect(run.stderr).not.toContain(piece);
    }
  }
}

interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  env: Map<string, string>;
  outputs: Map<string, string>;
  /** The `::error::` message, unescaped. */
  error: string | undefined;
}

interface RunOptions {
  /** Extra variables of the step's environment (or replacements). */
  env?: Record<string, string>;
  /** The job has `id-token: write` (default true): the runner gives it the token endpoint. */
  idToken?: boolean;
  workspace?: string;
  /** Paths to use for GITHUB_ENV and GITHUB_OUTPUT instead of new empty files. */
  files?: { env: string; output: string };
  /** The action's main file (a copy of it), instead of this repository's. */
  main?: string;
  /** Called with the running step (to watch stdout as it comes). */
  watch?: (child: ReturnType<typeof spawn>, files: { env: string; output: string }) => void;
}

async function runAction(inputs: Record<string, string>, options: RunOptions = {}): Promise<ActionRun> {
  const dir = tempDir("coffer-action-");
  const files = options.files ?? { env: join(dir, "set_env"), output: join(dir, "set_output") };
  if (!options.files) for (const file of Object.values(files)) writeFileSync(file, "");
  const workspace = options.workspace ?? tempDir("coffer-action-workspace-");
  const child = spawn(process.execPath, [options.main ?? ACTION_MAIN], {
    cwd: workspace,
    env: {
      PATH: process.env.PATH,
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: dir,
      GITHUB_ENV: files.env,
      GITHUB_OUTPUT: files.output,
      ...(options.idToken === false
        ? {}
        : {
            ACTIONS_ID_TOKEN_REQUEST_URL: issuer.job.requestUrl,
            ACTIONS_ID_TOKEN_REQUEST_TOKEN: issuer.job.requestToken,
          }),
      ...inputEnvironment(inputs),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  options.watch?.(child, files);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const read = async (file: string) => (options.files ? "" : await readFile(file, "utf8"));
  const errorLine = stdout.split("\n").find((line) => line.startsWith("::error::"));
  return {
    code,
    stdout,
    stderr,
    env: parseFileCommands(await read(files.env)),
    outputs: parseFileCommands(await read(files.output)),
    error: errorLine === undefined ? undefined : unescapeData(errorLine.slice("::error::".length)),
  };
}

const environmentInputs = (environment: string) => ({
  "workspace-id": ids.workspace,
  "team-id": ids.team,
  "project-id": ids.project,
  "environment-id": environment,
});

const withKey = (key: string, environment: string, more: Record<string, string> = {}) => ({
  "api-url": server.url,
  "api-key": key,
  ...environmentInputs(environment),
  ...more,
});

/** A failed run: exit 1, one `::error::` naming what went wrong, nothing exported, no value shown. */
function expectFailure(run: ActionRun, ...words: string[]) {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  for (const word of words) expect(run.error).toContain(word);
  expect(run.env.size + run.outputs.size).toBe(0);
  // What the log shows: add-mask lines are not (and a random key may hold a short piece like "EOF").
  const shown = `${run.stdout
    .split("\n")
    .filter((line) => !line.startsWith("::add-mask::"))
    .join("\n")}\n${run.stderr}`;
  for (const value of Object.values(SECRETS))
    for (const piece of piecesOf(value)) expect(shown).not.toContain(piece);
}

// ---- the tests ----

describe("the action's files", () => {
  it("is a node24 action whose one file parses (node --check) and reads only the inputs action.yml declares", () => {
    expect(ACTION_YML).toMatch(/^runs:\n {2}using: node24\n {2}main: action\/index\.mjs\n/m);
    execFileSync(process.execPath, ["--check", ACTION_MAIN]);
    const source = readFileSync(ACTION_MAIN, "utf8");
    // Node's own modules, and the CLI's rules imported as they are: nothing to install or build.
    const imported = [...source.matchAll(/ from "([^"]+)";/g)].map((m) => m[1]!);
    expect(imported.filter((from) => !from.startsWith("node:"))).toEqual(
      COPIED.filter((file) => file.startsWith("src/")).map((file) => `../${file}`),
    );
    for (const file of COPIED.filter((f) => f.startsWith("src/"))) {
      // These import nothing at run time (types only, which Node strips with the rest).
      const shared = readFileSync(join(PROJECT_ROOT, file), "utf8");
      expect(shared, file).not.toMatch(/^import (?!type )|^export .* from |\brequire\(|\bimport\(/m);
    }
    const read = [...source.matchAll(/[iI]nput\("([a-z-]+)"/g)].map((m) => m[1]!);
    const declared = [...declaredInputs().keys()];
    for (const name of read) expect(declared).toContain(name);
    expect(declared).toEqual(
      expect.arrayContaining(["workspace-id", "team-id", "project-id", "environment-id"]),
    );
    // docs/github-action.md's inputs table names each of them.
    const doc = readFileSync(join(PROJECT_ROOT, "docs/github-action.md"), "utf8");
    const table = doc.slice(
      doc.indexOf("| input | default | meaning |"),
      doc.indexOf("## What the log shows"),
    );
    for (const name of declared) expect(table).toContain(`\`${name}\``);
  });
});

describe("OIDC federation", () => {
  it("exchanges the job's token, masks every value and line first, and GITHUB_ENV reads back exactly", async () => {
    const run = await runAction({
      "api-url": server.url,
      "service-account-id": accountId,
      ...environmentInputs(ids.production),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(Object.fromEntries(run.env)).toEqual(SECRETS);
    expect(run.outputs.size).toBe(0);
    expectMaskedFirst(run, Object.values(SECRETS));

    // The token was asked for the API's host (the trust's audience) with the runner's bearer.
    const asked = issuer.requests.filter((path) => path.startsWith("/id-token?")).at(-1)!;
    expect(new URL(asked, issuer.url).searchParams.get("audience")).toBe(new URL(server.url).host);
    expect(new URL(asked, issuer.url).searchParams.get("api-version")).toBe("2.0");
    // The job's token, the runner's bearer and the exchanged key are masked too; the key is live.
    const masks = masksOf(run.stdout);
    expect(masks).toContain(issuer.job.issued.at(-1));
    expect(masks).toContain(issuer.job.requestToken);
    const exchanged = masks.find((mask) => mask.startsWith("sk-svc-"))!;
    const read = await httpJson(server.url, "GET", `${tenant.secrets}/`, {
      authorization: `Bearer ${exchanged}`,
    });
    expect(read.status).toBe(200);
    expect(run.stdout).toContain("7 secret(s) exported to the job's environment");
  });

  it("writes nothing to GITHUB_ENV or GITHUB_OUTPUT before every mask is out (pipes no one reads until then)", async () => {
    const dir = tempDir("coffer-action-fifo-");
    const files = { env: join(dir, "set_env"), output: join(dir, "set_output") };
    execFileSync("mkfifo", [files.env, files.output]);
    const expected = Object.values(SECRETS).flatMap(piecesOf);
    const contents: Promise<string>[] = [];
    let masksComplete = false;
    const run = await runAction(
      {
        "api-url": server.url,
        "service-account-id": accountId,
        "export-outputs": "true",
        ...environmentInputs(ids.production),
      },
      {
        files,
        // The step blocks on opening a pipe until it has a reader: one is opened only once stdout
        // carries every mask, so a value written any earlier would hang the step (and fail here).
        watch(child) {
          let seen = "";
          const timer = setTimeout(() => child.kill(), 20_000);
          child.stdout!.on("data", (chunk) => {
            seen += chunk;
            const masks = masksOf(seen.slice(0, seen.lastIndexOf("\n") + 1));
            if (masksComplete || !expected.every((piece) => masks.includes(piece))) return;
            masksComplete = true;
            clearTimeout(timer);
            for (const file of [files.env, files.output]) contents.push(readFile(file, "utf8"));
          });
          child.on("close", () => clearTimeout(timer));
        },
      },
    );
    // A reader still waiting (the step failed before writing) gets its end of file.
    for (const file of [files.env, files.output]) {
      try {
        closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // no reader waits on it
      }
    }
    expect(masksComplete, run.stdout + run.stderr).toBe(true);
    expect(run.code, run.stderr).toBe(0);
    const [env, output] = await Promise.all(contents);
    expect(Object.fromEntries(parseFileCommands(env!))).toEqual(SECRETS);
    expect(Object.fromEntries(parseFileCommands(output!))).toEqual(SECRETS);
  });

  it("fails clearly when the trust does not accept the job's token, naming its sub and audience, never the token", async () => {
    issuer.job.claims = { sub: "repo:mallory/fork:ref:refs/heads/main" };
    try {
      const run = await runAction({
        "api-url": server.url,
        "service-account-id": accountId,
        ...environmentInputs(ids.production),
      });
      expectFailure(run, "401 oidc_token_rejected", "repo:mallory/fork:ref:refs/heads/main");
      expect(run.error).toContain(`audience "${new URL(server.url).host}"`);
      expect(run.stdout).not.toContain(`::error::${issuer.job.issued.at(-1)}`);
      expect(run.error).not.toContain(issuer.job.issued.at(-1)!.split(".")[2]!);
    } finally {
      issuer.job.claims = {};
    }
  });

  it("fails clearly when the job may not ask for a token (no id-token: write)", async () => {
    const run = await runAction(
      { "api-url": server.url, "service-account-id": accountId, ...environmentInputs(ids.production) },
      { idToken: false },
    );
    expectFailure(run, "id-token: write");
  });

  it("fails clearly, asking GitHub for nothing, when OIDC names no service account", async () => {
    const issued = issuer.job.issued.length;
    const run = await runAction({ "api-url": server.url, ...environmentInputs(ids.production) });
    expectFailure(run, "Give service-account-id", "coffer ci-setup");
    const notAnId = await runAction({
      "api-url": server.url,
      "service-account-id": "github",
      ...environmentInputs(ids.production),
    });
    expectFailure(notAnId, "service-account-id is not an id");
    expect(issuer.job.issued.length).toBe(issued);
  });

  it("fails clearly when Coffer cannot use the issuer (502)", async () => {
    const unreachable = await startIssuer();
    try {
      const audience = `down-${randomUUID()}`;
      await created(`/workspaces/${ids.workspace}/service-accounts/${accountId}/trusts`, {
        name: "unreachable issuer",
        issuer: unreachable.url,
        audience,
        subject: "*",
      });
      unreachable.down = true;
      const run = await runAction(
        {
          "api-url": server.url,
          "service-account-id": accountId,
          audience,
          ...environmentInputs(ids.production),
        },
        {
          env: {
            ACTIONS_ID_TOKEN_REQUEST_URL: unreachable.job.requestUrl,
            ACTIONS_ID_TOKEN_REQUEST_TOKEN: unreachable.job.requestToken,
          },
        },
      );
      expectFailure(run, "could not use the OIDC issuer", "oidc_issuer_unavailable");
    } finally {
      await unreachable.stop();
    }
  });
});

describe("an API key, the project file, filters and outputs", () => {
  it("reads the ids from the repository's .coffer.json, and refuses one that names another server", async () => {
    const workspace = tempDir("coffer-action-repo-");
    const project = {
      api_url: `${server.url}/`,
      workspace_id: ids.workspace,
      team_id: ids.team,
      project_id: ids.project,
      environment_id: ids.production,
    };
    writeFileSync(join(workspace, ".coffer.json"), JSON.stringify(project));
    const run = await runAction({ "api-url": server.url, "api-key": keys.production }, { workspace });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(Object.fromEntries(run.env)).toEqual(SECRETS);
    expectMaskedFirst(run, [...Object.values(SECRETS), keys.production]);

    writeFileSync(
      join(workspace, ".coffer.json"),
      JSON.stringify({ ...project, api_url: "https://coffer.elsewhere.example" }),
    );
    const refused = await runAction({ "api-url": server.url, "api-key": keys.production }, { workspace });
    expectFailure(refused, "https://coffer.elsewhere.example", "another server");
    const missing = await runAction(
      { "api-url": server.url, "api-key": keys.production, "project-file": "apps/api/.coffer.json" },
      { workspace },
    );
    expectFailure(missing, "apps/api/.coffer.json", "actions/checkout");
  });

  it("exports only the keys asked for, under a prefix, to the step's outputs alone", async () => {
    const run = await runAction(
      withKey(keys.production, ids.production, {
        keys: "PLAIN,\nMULTI*",
        prefix: "APP_",
        "export-env": "false",
        "export-outputs": "true",
      }),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.env.size).toBe(0);
    expect(Object.fromEntries(run.outputs)).toEqual({ APP_PLAIN: SECRETS.PLAIN, APP_MULTI: SECRETS.MULTI });
    expectMaskedFirst(run, [SECRETS.PLAIN!, SECRETS.MULTI!]);
    // A key named exactly that the environment lacks is a mistake worth failing on.
    const absent = await runAction(withKey(keys.production, ids.production, { keys: "PLAIN NOPE" }));
    expectFailure(absent, "NOPE");
  });

  it("refuses names the runner cannot take: invalid ones, and GitHub's own", async () => {
    expectFailure(
      await runAction(withKey(keys.production, ids.production, { prefix: "9-" })),
      "Not valid environment variable names",
      "9-PLAIN",
    );
    expectFailure(
      await runAction(withKey(keys.production, ids.production, { prefix: "GITHUB_" })),
      "GITHUB_PLAIN",
    );
  });
});

describe("what reaches the job's later steps (environment-policy.ts, as for `coffer run`)", () => {
  let deploy: string;
  let pwned: string;
  /** What a Member writes into the deploy environment: each runs their code in a later step. */
  let attack: Record<string, string>;
  /** Application configuration, which passes untouched (NODE_ENV and NODE_AUTH_TOKEN are the app's). */
  const APP: Record<string, string> = {
    DATABASE_URL: "postgres://app:db-pass-5e1@db.internal/app",
    REDIS_URL: "redis://cache.internal:6379",
    API_KEY: "api-key-9d2c",
    STRIPE_SECRET_KEY: "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    PORT: "8080",
    NODE_ENV: "production",
    NODE_AUTH_TOKEN: "npm-publish-token-71b",
    AWS_ACCESS_KEY_ID: "AKIAIOSFODNN7EXAMPLE",
    AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    SENTRY_DSN: "https://public@sentry.example/1",
    JWT_SECRET: "jwt-secret-0a8e",
    DJANGO_SETTINGS_MODULE: "app.settings.production",
  };
  /** Set by the workflow's `env:` (the runner's environment of the step). */
  const WORKFLOW_ENV = { DEPLOY_TARGET: "production.example" };

  /** A later step of the job: `program` with the job's environment and what $GITHUB_ENV set. */
  const laterStep = (program: string, args: string[], env: Record<string, string>) =>
    spawnSync(program, args, {
      env: { PATH: process.env.PATH, ...WORKFLOW_ENV, ...env },
      encoding: "utf8",
    });

  /** What a later `run:` step (bash) and a later JavaScript action (node) run of the job's environment. */
  function laterSteps(env: Record<string, string>) {
    for (const file of ["bash", "node"]) rmSync(join(pwned, file), { force: true });
    laterStep("bash", ["-e", "-c", "true"], env);
    laterStep(process.execPath, ["-e", "0"], env);
    return ["bash", "node"].filter((file) => existsSync(join(pwned, file)));
  }

  beforeAll(async () => {
    pwned = tempDir("coffer-action-pwned-");
    attack = {
      // A `run:` step is `bash -e {0}`, which expands BASH_ENV (command substitution included).
      BASH_ENV: `$(echo bash > ${pwned}/bash)`,
      NODE_OPTIONS: `--import=data:text/javascript,process.getBuiltinModule('fs').writeFileSync('${pwned}/node','node')`,
      MAKEFLAGS: `--eval=$(shell touch ${pwned}/make)`,
      // Turns `::set-env::` back on: any later step's log line could then set the job's variables.
      ACTIONS_ALLOW_UNSECURE_COMMANDS: "true",
      // What a later action reads as an input it was not given.
      INPUT_ALLOW_ENV: "MAKEFLAGS,NODE_OPTIONS",
      DEPLOY_TARGET: "attacker.example",
    };
    deploy = await created(`/environments/${ids.workspace}/${ids.team}/${ids.project}/`, {
      name: "Deploy",
      environment_type: "prod",
    });
    const path = `/secrets/${ids.workspace}/${ids.team}/${ids.project}/${deploy}`;
    const { NODE_OPTIONS, ...rest } = attack;
    const stored = await api("POST", `${path}/bulk`, {
      secrets: Object.entries({ ...APP, ...rest }).map(([key, value]) => ({ key, value })),
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    // NODE_OPTIONS through a personal API key whose name its owner chose to mislead.
    const key = await api("POST", "/keys/", { name: "github actions" });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const written = await httpJson(
      server.url,
      "POST",
      `${path}/`,
      { authorization: `Bearer ${key.body.token}` },
      {
        key: "NODE_OPTIONS",
        value: NODE_OPTIONS,
      },
    );
    expect(written.status, JSON.stringify(written.body)).toBe(201);
  });

  it("the attack: MAKEFLAGS, NODE_OPTIONS, BASH_ENV, ACTIONS_* and a name the job sets never reach $GITHUB_ENV, and no later step runs the writer's code", async () => {
    // The payloads are live: in a later step's environment, bash and node run them.
    expect(laterSteps(attack)).toEqual(["bash", "node"]);

    const run = await runAction(withKey(keys.workspace, deploy), { env: WORKFLOW_ENV });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(Object.fromEntries(run.env)).toEqual(APP);
    expect(laterSteps(Object.fromEntries(run.env))).toEqual([]);
    // Every value is still masked, those kept back included.
    expectMaskedFirst(run, [...Object.values(APP), ...Object.values(attack)]);
    expect(run.stdout).toContain(
      `Coffer: ${Object.keys(APP).length} secret(s) exported to the job's environment: ${Object.keys(APP).sort().join(", ")}\n`,
    );
    // Node strips the policy's types without a word (no experimental warning in the job's log).
    expect(run.stderr).toBe("");

    // One warning a key: its name, why, who last wrote it, and the input that lets it through.
    const warnings = warningsOf(run.stdout);
    expect(warnings.map((w) => w.split(" ")[3]).sort()).toEqual(Object.keys(attack).sort());
    expect(warnings).toContain(
      "Coffer kept back MAKEFLAGS from the job's environment: tools read it as options, code, a program " +
        `to run or a place to look; last written by ${tenant.email}; to pass it on, name it in the ` +
        "step's allow-env input (allow-env: MAKEFLAGS)",
    );
    // The person behind a key, by their address (the job's key may list the workspace's members).
    expect(warnings.find((w) => w.includes(" NODE_OPTIONS "))).toContain(
      `; last written by ${tenant.email} (API key "github actions");`,
    );
    expect(warnings).toContain(
      "Coffer kept back DEPLOY_TARGET from the job's environment: it is already set in this job; last " +
        `written by ${tenant.email}; to pass it on, name it in the step's allow-env input (allow-env: DEPLOY_TARGET)`,
    );
  });

  it("application configuration passes with nothing said and no request for writers", async () => {
    const proxy = await startRecordingProxy(server.url);
    try {
      const run = await runAction({
        ...withKey(keys.workspace, deploy, { keys: Object.keys(APP).join(",") }),
        "api-url": proxy.url,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(Object.fromEntries(run.env)).toEqual(APP);
      expect(warningsOf(run.stdout)).toEqual([]);
      expect(proxy.seen.map((s) => s.path).filter((p) => /\/logs|\/members/.test(p))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it("allow-env, the workflow's own input, lets exactly the names it lists through", async () => {
    // The runner sets every declared input of the step from the workflow file, this one too (it has
    // a default): an earlier step's $GITHUB_ENV cannot set INPUT_ALLOW_ENV for it.
    expect(declaredInputs().get("allow-env")).toBe("");
    const run = await runAction(
      withKey(keys.workspace, deploy, { "allow-env": "MAKEFLAGS,\n DEPLOY_TARGET" }),
      {
        env: WORKFLOW_ENV,
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(Object.fromEntries(run.env)).toEqual({
      ...APP,
      MAKEFLAGS: attack.MAKEFLAGS,
      DEPLOY_TARGET: attack.DEPLOY_TARGET,
    });
    expect(
      warningsOf(run.stdout)
        .map((w) => w.split(" ")[3])
        .sort(),
    ).toEqual(["ACTIONS_ALLOW_UNSECURE_COMMANDS", "BASH_ENV", "INPUT_ALLOW_ENV", "NODE_OPTIONS"]);
    // Exact names: case counts, and no pattern.
    const inexact = await runAction(withKey(keys.workspace, deploy, { "allow-env": "makeflags NODE_*" }));
    expect(inexact.code, inexact.stdout + inexact.stderr).toBe(0);
    expect(Object.fromEntries(inexact.env)).toEqual({ ...APP, DEPLOY_TARGET: attack.DEPLOY_TARGET });
  });

  it("judges the name exported, the prefix included: PORT passes, BASH_PORT and APP_MAKEFLAGS do not", async () => {
    const bash = await runAction(withKey(keys.workspace, deploy, { keys: "PORT", prefix: "BASH_" }));
    expect(bash.code, bash.stdout + bash.stderr).toBe(0);
    expect(bash.env.size).toBe(0);
    expect(warningsOf(bash.stdout)).toEqual([
      expect.stringMatching(/^Coffer kept back BASH_PORT from .*\(allow-env: BASH_PORT\)$/),
    ]);
    const app = await runAction(
      withKey(keys.workspace, deploy, { keys: "PORT, MAKEFLAGS", prefix: "APP_", "allow-env": "MAKEFLAGS" }),
    );
    expect(Object.fromEntries(app.env)).toEqual({ APP_PORT: APP.PORT });
    expect(warningsOf(app.stdout)).toEqual([expect.stringContaining("(allow-env: APP_MAKEFLAGS)")]);
    const allowed = await runAction(
      withKey(keys.workspace, deploy, {
        keys: "PORT, MAKEFLAGS",
        prefix: "APP_",
        "allow-env": "APP_MAKEFLAGS",
      }),
    );
    expect(Object.fromEntries(allowed.env)).toEqual({ APP_PORT: APP.PORT, APP_MAKEFLAGS: attack.MAKEFLAGS });
    expect(warningsOf(allowed.stdout)).toEqual([]);
  });

  it("outputs hold every key, those kept back included (only the workflow's own expressions read them)", async () => {
    const both = await runAction(withKey(keys.workspace, deploy, { "export-outputs": "true" }), {
      env: WORKFLOW_ENV,
    });
    expect(both.code, both.stdout + both.stderr).toBe(0);
    expect(Object.fromEntries(both.env)).toEqual(APP);
    expect(Object.fromEntries(both.outputs)).toEqual({ ...APP, ...attack });
    const warnings = warningsOf(both.stdout);
    expect(warnings).toHaveLength(Object.keys(attack).length);
    for (const warning of warnings) expect(warning).toMatch(/; the step's outputs still hold it$/);
    expect(both.stdout).toContain(
      `Coffer: ${Object.keys(APP).length} secret(s) exported to the job's environment:`,
    );
    expect(both.stdout).toContain(
      `Coffer: ${Object.keys({ ...APP, ...attack }).length} secret(s) exported to the step's outputs:`,
    );

    // Outputs alone: as before, every key and not a word of warning.
    const outputs = await runAction(
      withKey(keys.workspace, deploy, { "export-env": "false", "export-outputs": "true" }),
      { env: WORKFLOW_ENV },
    );
    expect(outputs.code, outputs.stdout + outputs.stderr).toBe(0);
    expect(outputs.env.size).toBe(0);
    expect(Object.fromEntries(outputs.outputs)).toEqual({ ...APP, ...attack });
    expect(warningsOf(outputs.stdout)).toEqual([]);
  });

  it("runs from a copy in a repository's own folder, as docs/github-action.md says to make one", async () => {
    const repository = tempDir("coffer-action-copy-");
    // The repository's own package.json may make .ts files CommonJS: the copy's says otherwise.
    writeFileSync(join(repository, "package.json"), JSON.stringify({ type: "commonjs" }));
    const folder = join(repository, ".github/actions/coffer");
    for (const file of COPIED) cpSync(join(PROJECT_ROOT, file), join(folder, file));
    writeFileSync(join(folder, "package.json"), JSON.stringify({ type: "module" }));
    const run = await runAction(withKey(keys.workspace, deploy), {
      main: join(folder, "action/index.mjs"),
      workspace: repository,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(Object.fromEntries(run.env)).toEqual({ ...APP, DEPLOY_TARGET: attack.DEPLOY_TARGET });
    const doc = readFileSync(join(PROJECT_ROOT, "docs/github-action.md"), "utf8");
    for (const file of COPIED) expect(doc).toContain(`\`${file}\``);
  });
});

describe("failures", () => {
  it("a 207 names each key that could not be read (undecryptable, an unresolved reference), never a value", async () => {
    const path = `/secrets/${ids.workspace}/${ids.team}/${ids.project}/${damaged}`;
    const stored = await api("POST", `${path}/bulk`, {
      secrets: [
        { key: "GOOD", value: "good-value-never-shown" },
        { key: "BROKEN", value: "broken-value-never-shown" },
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Coffer reference, resolved by the server
        { key: "DANGLING", value: "${NO_SUCH_KEY}" },
      ],
    });
    expect(stored.status).toBe(201);
    const { db } = openDatabase({ databaseUrl: inject("databaseUrl") ?? undefined, dataDir });
    try {
      const row = await db
        .selectFrom("secrets")
        .select(["id", "ciphertext"])
        .where("environment_id", "=", damaged)
        .where("key", "=", "BROKEN")
        .executeTakeFirstOrThrow();
      const [format, version, body] = row.ciphertext.split(".") as [string, string, string];
      const flipped = `${format}.${version}.${body.slice(0, -2)}${body.endsWith("AA") ? "BB" : "AA"}`;
      await db.updateTable("secrets").set({ ciphertext: flipped }).where("id", "=", row.id).execute();
      // Lists are kept per environment revision: the damage shows once the revision moves.
      await db
        .updateTable("environments")
        .set((eb) => ({ revision: eb("revision", "+", 1) }))
        .where("id", "=", damaged)
        .execute();
    } finally {
      await db.destroy();
    }
    const run = await runAction(withKey(keys.damaged, damaged));
    expectFailure(
      run,
      "could not read 2 secret(s)",
      "BROKEN (its stored value cannot be decrypted",
      "DANGLING (a reference names a key its environment does not have)",
    );
    expect(run.stdout + run.stderr).not.toMatch(/good-value|broken-value/);
  });

  it("403 for a key scoped to another environment, 401 for a revoked one, 404 for an unknown environment", async () => {
    expectFailure(
      await runAction(withKey(keys.production, staging)),
      "403 key_scope_forbidden",
      `may not read environment ${staging}`,
    );
    const revoked = (await mintKey("revoked", {})).body;
    await api("POST", `/workspaces/${ids.workspace}/service-accounts/${accountId}/keys/${revoked.id}/revoke`);
    const refused = await runAction(withKey(revoked.token, ids.production));
    expectFailure(refused, "401 api_key_revoked", "mint a new key");
    expect(refused.stdout).toContain(`::add-mask::${revoked.token}`);
    expect(refused.error).not.toContain(revoked.token);
    expectFailure(await runAction(withKey(keys.workspace, randomUUID())), "404", "environment-id");
  });

  it("names the server it cannot reach, refuses incomplete ids, and never echoes an api-url's password", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const run = await runAction({ ...withKey(keys.production, ids.production), "api-url": closed });
    expectFailure(run, `Cannot reach Coffer at ${closed}`, "ECONNREFUSED");
    const partial = await runAction({ "api-url": server.url, "environment-id": ids.production });
    expectFailure(partial, "missing: workspace-id, team-id, project-id");
    const withPassword = await runAction({
      ...withKey(keys.production, ids.production),
      "api-url": "https://ci:hunter2-pass@coffer.example.com",
    });
    expectFailure(withPassword, "without user name, password");
    expect(withPassword.stdout + withPassword.stderr).not.toContain("hunter2-pass");
  });
});
