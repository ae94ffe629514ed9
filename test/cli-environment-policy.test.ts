// One capability's contract, read top to bottom: which names `coffer run` keeps back from a command.
// What reaches a command from secrets that a colleague can write (security review, item 3): a
// Member of the Owner's team writes variables that tools read as options, code or programs to run
// (MAKEFLAGS, TAR_OPTIONS, CC, RUSTC_WRAPPER, ERL_AFLAGS, VIMINIT, PIP_INDEX_URL, GIT_PAGER…), or
// that the Owner's machine sets already (HOME…), and the Owner runs `coffer run -- make`,
// `--mount`, `export --format shell` or `--template`. None of the Member's commands runs; the
// command still runs without those keys, and stderr names each with why and who last wrote it.
// Real processes: a server on a random port with a fake SMTP server (the invite), the CLI of each
// person in a HOME of their own, GNU make and tar.

import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CliOptions,
  type CliResult,
  runCoffer,
  runStoreEnv,
  signInOverHttp,
  spawnCoffer,
  waitForText,
} from "./helpers/cli-process.ts";
import { cliToolsRequired, installed } from "./helpers/cli-tools.ts";
import { PASSWORD } from "./helpers/factories.ts";
import { type FakeSmtp, mailTo, startFakeSmtp, textBody } from "./helpers/fake-smtp.ts";
import { httpJson } from "./helpers/real-port.ts";
import { startRecordingProxy } from "./helpers/recording-proxy.ts";
import {
  type ServerProcess,
  startServer,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

const fast = { COFFER_RATE_LIMIT_PER_MINUTE: "100000" };

/** Each name the reviewer named, as a Member would write it (harmless values where no attack is run). */
const REVIEWER_NAMES = [
  "MAKEFLAGS",
  "TAR_OPTIONS",
  "CARGO_BUILD_RUSTC_WRAPPER",
  "CARGO_HOME",
  "RUSTC_WRAPPER",
  "ERL_AFLAGS",
  "ERL_ZFLAGS",
  "VIMINIT",
  "COREPACK_NPM_REGISTRY",
  "COREPACK_HOME",
  "PIP_INDEX_URL",
  "PIP_EXTRA_INDEX_URL",
  "GIT_PAGER",
  "SYSTEMD_PAGER",
  "PAGER",
  "CC",
  "CXX",
];

/** What the earlier denylist held (src/cli/loader-variables.ts): each is still kept back. */
const EARLIER_DENYLIST = [
  "PATH",
  "path",
  "GCONV_PATH",
  "GLIBC_TUNABLES",
  "NODE_OPTIONS",
  "NODE_PATH",
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "PS4",
  "PROMPT_COMMAND",
  "IFS",
  "ZDOTDIR",
  "PYTHONSTARTUP",
  "PYTHONPATH",
  "PYTHONHOME",
  "PYTHONINSPECT",
  "PYTHONUSERBASE",
  "PYTHONWARNINGS",
  "PYTHONBREAKPOINT",
  "PERL5OPT",
  "PERL5LIB",
  "PERLLIB",
  "RUBYOPT",
  "RUBYLIB",
  "PHPRC",
  "PHP_INI_SCAN_DIR",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "JAVA_OPTS",
  "MAVEN_OPTS",
  "GRADLE_OPTS",
  "CLASSPATH",
  "DOTNET_STARTUP_HOOKS",
  "COR_PROFILER_PATH",
  "GOFLAGS",
  "OPENSSL_CONF",
  "OPENSSL_ENGINES",
  "OPENSSL_MODULES",
  "NODE_EXTRA_CA_CERTS",
  "NODE_TLS_REJECT_UNAUTHORIZED",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "CURL_CA_BUNDLE",
  "REQUESTS_CA_BUNDLE",
  "PYTHONHTTPSVERIFY",
  "EDITOR",
  "VISUAL",
  "MANPAGER",
  "LESSOPEN",
  "LESSCLOSE",
  "BROWSER",
  "SHELL",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "YARN_YARN_PATH",
  "YARN_RC_FILENAME",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "DYLD_INSERT_LIBRARIES",
  "BASH_FUNC_ls",
  "LUA_INIT",
  "LUA_PATH",
  "LUA_CPATH",
  "GIT_SSH_COMMAND",
  "GIT_CONFIG_PARAMETERS",
  "NPM_CONFIG_SCRIPT_SHELL",
  "npm_config_node_options",
  "CORECLR_PROFILER",
];

/** More that tools read, found by shape rather than listed one by one. */
const BY_SHAPE = [
  "CFLAGS",
  "LDFLAGS",
  "RUSTFLAGS",
  "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER",
  "GREP_OPTIONS",
  "XZ_OPT",
  "GZIP",
  "LESS",
  "MAKEFILES",
  "GNUPGHOME",
  "KUBECONFIG",
  "DOCKER_CONFIG",
  "AWS_CONFIG_FILE",
  "WGETRC",
  "INPUTRC",
  "PYTEST_ADDOPTS",
  "PYTEST_PLUGINS",
  "HTTPS_PROXY",
  "GOPROXY",
  "GOTOOLCHAIN",
  "CMAKE_C_COMPILER_LAUNCHER",
  "ELECTRON_RUN_AS_NODE",
  "NODE_REPL_EXTERNAL_MODULE",
  "R_PROFILE_USER",
  "XDG_CONFIG_HOME",
  "TMPDIR",
  "HOSTALIASES",
  "TF_CLI_ARGS_plan",
  "HISTFILE",
  "PSQL_HISTORY",
  "KUBECTL_EXTERNAL_DIFF",
  "RSYNC_RSH",
  "RSYNC_CONNECT_PROG",
  "GOOGLE_EXTERNAL_ACCOUNT_ALLOW_EXECUTABLES",
];

/** Application configuration as teams keep it: all of it reaches the command untouched. */
const APP_SECRETS: Record<string, string> = {
  DATABASE_URL: "postgres://app:s3cret@db.internal:5432/app",
  REDIS_URL: "redis://:pw@cache.internal:6379/0",
  MONGODB_URI: "mongodb+srv://app:pw@cluster0.example.net/app",
  AMQP_URL: "amqp://guest:guest@mq.internal:5672",
  ELASTICSEARCH_URL: "https://search.internal:9200",
  API_KEY: "ak_live_1234",
  STRIPE_SECRET_KEY: "sk_live_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  PORT: "3000",
  HOST: "0.0.0.0",
  NODE_ENV: "production",
  RAILS_ENV: "production",
  RACK_ENV: "production",
  MIX_ENV: "prod",
  APP_ENV: "production",
  LOG_LEVEL: "info",
  DEBUG: "app:*",
  AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
  AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG",
  AWS_SESSION_TOKEN: "FwoGZXIvYXdzEXAMPLE",
  AWS_REGION: "eu-west-1",
  AWS_DEFAULT_REGION: "eu-west-1",
  AWS_PROFILE: "deploy",
  S3_BUCKET: "app-uploads",
  SENTRY_DSN: "https://key@o0.ingest.sentry.io/1",
  JWT_SECRET: "jwt-secret",
  SESSION_SECRET: "session-secret",
  SECRET_KEY_BASE: "deadbeef",
  RAILS_MASTER_KEY: "0123456789abcdef",
  DJANGO_SECRET_KEY: "django-secret",
  DJANGO_SETTINGS_MODULE: "app.settings.production",
  ENCRYPTION_KEY: "base64key==",
  GITHUB_TOKEN: "ghp_example",
  GITLAB_TOKEN: "glpat-example",
  NPM_TOKEN: "npm_example",
  NODE_AUTH_TOKEN: "npm_example",
  OPENAI_API_KEY: "sk-proj-example",
  ANTHROPIC_API_KEY: "sk-ant-example",
  SENDGRID_API_KEY: "SG.example",
  MAILGUN_API_KEY: "key-example",
  TWILIO_ACCOUNT_SID: "AC123",
  TWILIO_AUTH_TOKEN: "twilio-token",
  SMTP_HOST: "smtp.example.com",
  SMTP_PORT: "587",
  SMTP_USER: "mailer",
  SMTP_PASSWORD: "smtp-pw",
  DB_HOST: "db.internal",
  DB_PORT: "5432",
  DB_NAME: "app",
  DB_USER: "app",
  DB_PASSWORD: "db-pw",
  POSTGRES_PASSWORD: "pg-pw",
  PGHOST: "db.internal",
  PGPASSWORD: "pg-pw",
  GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "GOCSPX-example",
  GOOGLE_APPLICATION_CREDENTIALS: "/run/secrets/gcp.json",
  SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/X",
  SLACK_BOT_TOKEN: "xoxb-example",
  DATADOG_API_KEY: "dd-example",
  DD_API_KEY: "dd-example",
  NEW_RELIC_LICENSE_KEY: "nr-example",
  CLOUDFLARE_API_TOKEN: "cf-example",
  NEXT_PUBLIC_API_URL: "https://api.example.com",
  VITE_API_URL: "https://api.example.com",
  REACT_APP_API_URL: "https://api.example.com",
  APP_URL: "https://app.example.com",
  ALLOWED_HOSTS: "app.example.com",
  CORS_ORIGINS: "https://app.example.com",
  WEB_CONCURRENCY: "2",
  RAILS_SERVE_STATIC_FILES: "true",
  RUST_LOG: "info",
  TZ: "UTC",
  TLS_CERT: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
  TLS_KEY: "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----",
};

/** A node child that prints its whole environment as JSON. */
const PRINT_ENV = ["node", "-e", "process.stdout.write(JSON.stringify(process.env))"];

let smtp: FakeSmtp;
let server: ServerProcess;
let ownerHome: string;
let memberHome: string;
let ownerEmail: string;
let memberEmail: string;
let ownerHeaders: Record<string, string>;
let ids: { workspace_id: string; team_id: string; project_id: string };

// SHELL as every login session sets it (make's `$(shell)` in MAKEFLAGS runs through it).
const ownerIn = (cwd: string, env: Record<string, string> = {}): CliOptions => ({
  home: ownerHome,
  cwd,
  env: { SHELL: "/bin/sh", ...env },
});
const memberIn = (cwd: string, env: Record<string, string> = {}): CliOptions => ({
  home: memberHome,
  cwd,
  env,
});

/** The stderr line that reports `key` kept back (the test fails when there is none). */
function keptLine(result: CliResult, key: string): string {
  const line = result.stderr.split("\n").find((l) => l.includes(`kept back ${key} `));
  expect(line, `no line keeps back ${key} in:\n${result.stderr}`).toBeDefined();
  return line!;
}

/** A new environment of the Owner's project (its own directory) in which the Member writes `secrets`. */
async function environmentWith(secrets: Record<string, string>): Promise<string> {
  const cwd = tempDir("coffer-policy-");
  const setup = await runCoffer(
    [
      "--api-url",
      server.url,
      "setup",
      "--team",
      "Platform",
      "--project",
      "App",
      "--environment",
      `Env ${randomUUID().slice(0, 8)}`,
    ],
    ownerIn(cwd),
  );
  expect(setup.code, setup.stderr).toBe(0);
  if (Object.keys(secrets).length > 0) {
    const set = await runCoffer(
      ["secrets", "set", ...Object.entries(secrets).map(([k, v]) => `${k}=${v}`)],
      memberIn(cwd),
    );
    expect(set.code, set.stderr).toBe(0);
  }
  return cwd;
}

/** Files a command of the Member's would create, one per attack; none exists yet. */
function markers() {
  const dir = tempDir("coffer-policy-markers-");
  return { make: join(dir, "make"), tar: join(dir, "tar"), cc: join(dir, "cc") };
}

/** The Member's values: each runs a command of theirs (touching a marker) through make or tar. */
const attacks = (m: ReturnType<typeof markers>) => ({
  MAKEFLAGS: `--eval=$(shell touch ${m.make})`,
  TAR_OPTIONS: `--checkpoint=1 --checkpoint-action=exec=touch\\ ${m.tar}`,
  CC: `touch ${m.cc}; true`,
  GREETING: "hello",
});

/** The Owner's build: it runs $(CC), as any C project's Makefile does. */
const MAKEFILE = "all:\n\t@$(CC) --version >/dev/null 2>&1 || true\n\t@echo built\n";

beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startServer({ ...runStoreEnv(), SMTP_URL: smtp.url, ...fast });
  ownerHome = tempDir("coffer-policy-owner-");
  memberHome = tempDir("coffer-policy-member-");
  ownerEmail = `owner-${randomUUID()}@example.com`;
  memberEmail = `member-${randomUUID()}@example.com`;
  const first = tempDir("coffer-policy-first-");
  const signup = await runCoffer(
    ["--api-url", server.url, "signup", "--email", ownerEmail, "--name", "Olive Owner"],
    {
      ...ownerIn(first),
      input: `${PASSWORD}\n`,
    },
  );
  expect(signup.code, signup.stderr).toBe(0);
  const setup = await runCoffer(
    ["--api-url", server.url, "setup", "--team", "Platform", "--project", "App", "--environment", "First"],
    ownerIn(first),
  );
  expect(setup.code, setup.stderr).toBe(0);
  ids = JSON.parse(readFileSync(join(first, ".coffer.json"), "utf8"));
  const { access_token } = await signInOverHttp(server.url, ownerEmail, PASSWORD);
  ownerHeaders = { authorization: `Bearer ${access_token}` };
  // The Member joins the Owner's team through an invite, as anyone would.
  const invited = await httpJson(server.url, "POST", `/invite/${ids.workspace_id}`, ownerHeaders, {
    invitee_email: memberEmail,
    role: 1,
    team_id: ids.team_id,
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = /\/invite\?token=([A-Za-z0-9%._~-]+)/.exec(
    textBody((await mailTo(smtp, memberEmail)).raw),
  )?.[1];
  const accepted = await httpJson(
    server.url,
    "POST",
    "/invite/accept",
    {},
    { token: decodeURIComponent(token ?? ""), name: "Mallory Member", password: PASSWORD },
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const login = await runCoffer(["--api-url", server.url, "login", "--email", memberEmail], {
    ...memberIn(first),
    input: `${PASSWORD}\n`,
  });
  expect(login.code, login.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await smtp.close();
  await stopChildrenAndRemoveTempDirs();
});

describe.skipIf(!installed("make") && !cliToolsRequired)(
  "a Member's variables and the Owner's `coffer run`",
  () => {
    it("MAKEFLAGS, TAR_OPTIONS and CC run none of the Member's commands through `coffer run -- make` and `-- tar`: each is kept back, named with its last writer", async () => {
      const m = markers();
      const cwd = await environmentWith(attacks(m));
      writeFileSync(join(cwd, "Makefile"), MAKEFILE);
      writeFileSync(join(cwd, "notes.txt"), "some notes\n");

      const make = await runCoffer(["run", "--", "make"], ownerIn(cwd));
      expect(make.code, make.stderr).toBe(0);
      expect(make.stdout).toContain("built");
      const tar = await runCoffer(["run", "--", "tar", "-cf", "notes.tar", "notes.txt"], ownerIn(cwd));
      expect(tar.code, tar.stderr).toBe(0);
      expect(existsSync(join(cwd, "notes.tar"))).toBe(true);

      expect(existsSync(m.make), "the Member's MAKEFLAGS ran a command").toBe(false);
      expect(existsSync(m.cc), "the Member's CC ran a command").toBe(false);
      expect(existsSync(m.tar), "the Member's TAR_OPTIONS ran a command").toBe(false);
      for (const [result, key] of [
        [make, "MAKEFLAGS"],
        [make, "CC"],
        [tar, "TAR_OPTIONS"],
      ] as const) {
        const line = keptLine(result, key);
        expect(line).toContain("tools read it");
        expect(line).toContain(`last written by ${memberEmail}`);
        expect(line).toContain(`--allow-env ${key}`);
      }
      // The values themselves are never printed.
      expect(make.stderr).not.toContain("--eval");
    });

    it("--allow-env MAKEFLAGS (on the command line) lets that one key through, and no other", async () => {
      const m = markers();
      const cwd = await environmentWith({ ...attacks(m), MAKEFLAGS: "--no-print-directory" });
      const run = await runCoffer(["run", "--allow-env", "MAKEFLAGS", "--", ...PRINT_ENV], ownerIn(cwd));
      expect(run.code, run.stderr).toBe(0);
      const env = JSON.parse(run.stdout);
      expect(env.MAKEFLAGS).toBe("--no-print-directory");
      expect(env.GREETING).toBe("hello");
      expect(env.TAR_OPTIONS).toBeUndefined();
      expect(env.CC).toBeUndefined();
      expect(run.stderr).not.toContain("kept back MAKEFLAGS");
      keptLine(run, "TAR_OPTIONS");
    });
  },
);

describe("which names are kept back", () => {
  it("every name the reviewer named, and every name of the earlier denylist, never reaches the command; each is reported with the Member as its writer", async () => {
    const names = [...REVIEWER_NAMES, ...EARLIER_DENYLIST, ...BY_SHAPE];
    const cwd = await environmentWith({ ...Object.fromEntries(names.map((n) => [n, "x"])), GREETING: "hi" });
    const run = await runCoffer(["run", "--", process.execPath, "-e", PRINT_ENV[2]!], ownerIn(cwd));
    expect(run.code, run.stderr).toBe(0);
    const env = JSON.parse(run.stdout) as Record<string, string>;
    expect(env.GREETING).toBe("hi");
    for (const name of names) {
      expect(env[name], name).not.toBe("x");
      expect(keptLine(run, name)).toContain(`last written by ${memberEmail}`);
    }
  });

  it("application configuration reaches the command untouched, with nothing said and no request for writers", async () => {
    const cwd = await environmentWith(APP_SECRETS);
    // Through a proxy that records every request: the common path asks for nothing more.
    const proxy = await startRecordingProxy(server.url);
    try {
      // The Owner's API key (a second password sign-in from this "device" would end the CLI's session).
      const key = await httpJson(server.url, "POST", "/keys/", ownerHeaders, { name: "proxied" });
      expect(key.status, JSON.stringify(key.body)).toBe(201);
      const { api_url: _, ...place } = JSON.parse(readFileSync(join(cwd, ".coffer.json"), "utf8"));
      const proxied = tempDir("coffer-policy-proxied-");
      writeFileSync(join(proxied, ".coffer.json"), JSON.stringify({ ...place, api_url: proxy.url }));
      const run = await runCoffer(
        ["run", "--", ...PRINT_ENV],
        ownerIn(proxied, { COFFER_TOKEN: key.body.token, COFFER_API_URL: proxy.url }),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toBe("");
      const env = JSON.parse(run.stdout) as Record<string, string>;
      for (const [key, value] of Object.entries(APP_SECRETS)) expect(env[key], key).toBe(value);
      const paths = proxy.seen.map((s) => s.path);
      expect(paths.filter((p) => p.includes("/logs") || p.includes("/members"))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it("a name already set here is kept back (the machine's value stays); one set to the same value changes nothing and is not reported", async () => {
    const cwd = await environmentWith({
      HOME: "/home/mallory",
      FOO: "from-coffer",
      SAME: "same",
      GREETING: "hi",
    });
    const run = await runCoffer(
      ["run", "--", ...PRINT_ENV],
      ownerIn(cwd, { FOO: "from-here", SAME: "same" }),
    );
    expect(run.code, run.stderr).toBe(0);
    const env = JSON.parse(run.stdout) as Record<string, string>;
    expect(env).toMatchObject({ HOME: ownerHome, FOO: "from-here", SAME: "same", GREETING: "hi" });
    expect(keptLine(run, "FOO")).toContain("already set here");
    expect(keptLine(run, "FOO")).toContain(`last written by ${memberEmail}`);
    expect(keptLine(run, "HOME")).toContain("already set here");
    expect(run.stderr).not.toContain("SAME");
    const allowed = await runCoffer(
      ["run", "--allow-env", "FOO", "--", ...PRINT_ENV],
      ownerIn(cwd, { FOO: "from-here" }),
    );
    expect(JSON.parse(allowed.stdout).FOO).toBe("from-coffer");
  });

  it("--allow-env comes from the command line only: neither .coffer.json nor a variable can set it", async () => {
    const cwd = await environmentWith({ MAKEFLAGS: "-j2", GREETING: "hi" });
    const file = join(cwd, ".coffer.json");
    const project = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(
      file,
      JSON.stringify({
        ...project,
        allow_env: ["MAKEFLAGS"],
        allowEnv: "MAKEFLAGS",
        "allow-env": "MAKEFLAGS",
      }),
    );
    const run = await runCoffer(
      ["run", "--", ...PRINT_ENV],
      ownerIn(cwd, { COFFER_ALLOW_ENV: "MAKEFLAGS", ALLOW_ENV: "MAKEFLAGS" }),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).MAKEFLAGS).toBeUndefined();
    keptLine(run, "MAKEFLAGS");
  });

  it("names the person behind an API key by their address (not the key's name, which they chose), and a service account by its name", async () => {
    const cwd = await environmentWith({});
    const { access_token } = await signInOverHttp(server.url, memberEmail, PASSWORD);
    const key = await httpJson(
      server.url,
      "POST",
      "/keys/",
      { authorization: `Bearer ${access_token}` },
      { name: ownerEmail },
    );
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const accounts = `/workspaces/${ids.workspace_id}/service-accounts`;
    const bot = await httpJson(server.url, "POST", accounts, ownerHeaders, {
      name: "deploy-bot",
      role: 1,
      team_ids: [ids.team_id],
    });
    expect(bot.status, JSON.stringify(bot.body)).toBe(201);
    const botKey = await httpJson(server.url, "POST", `${accounts}/${bot.body.id}/keys`, ownerHeaders, {
      name: "ci",
    });
    expect(botKey.status, JSON.stringify(botKey.body)).toBe(201);
    for (const [token, secret] of [
      [key.body.token, "RUSTC_WRAPPER=/tmp/wrapper"],
      [botKey.body.token, "ERL_AFLAGS=-noshell"],
    ]) {
      const set = await runCoffer(
        ["secrets", "set", secret],
        memberIn(cwd, { COFFER_TOKEN: token, COFFER_API_URL: server.url }),
      );
      expect(set.code, set.stderr).toBe(0);
    }
    const run = await runCoffer(["run", "--", ...PRINT_ENV], ownerIn(cwd));
    expect(run.code, run.stderr).toBe(0);
    expect(keptLine(run, "RUSTC_WRAPPER")).toContain(
      `last written by ${memberEmail} (API key "${ownerEmail}")`,
    );
    expect(keptLine(run, "ERL_AFLAGS")).toContain(
      'last written by service account "deploy-bot" (API key "ci")',
    );
  });
});

describe("coffer run --watch", () => {
  it("a key that appears later is kept back too: the command restarts with the other changes only", async () => {
    const cwd = await environmentWith({ GREETING: "one" });
    const print =
      "process.on('SIGTERM', () => process.exit(0)); console.log(JSON.stringify({ GREETING: process.env.GREETING, MAKEFLAGS: process.env.MAKEFLAGS })); setInterval(() => {}, 1000)";
    const { child, done } = spawnCoffer(["run", "--watch", "1", "--", "node", "-e", print], ownerIn(cwd));
    await waitForText(child.stdout!, '"GREETING":"one"');
    const kept = waitForText(child.stderr!, "kept back MAKEFLAGS");
    const restarted = waitForText(child.stdout!, '"GREETING":"two"');
    const set = await runCoffer(["secrets", "set", "MAKEFLAGS=-j8", "GREETING=two"], memberIn(cwd));
    expect(set.code, set.stderr).toBe(0);
    await Promise.all([kept, restarted]);
    // A change to the kept-back key alone changes nothing the command gets: no restart, no new word.
    expect((await runCoffer(["secrets", "set", "MAKEFLAGS=-j9"], memberIn(cwd))).code).toBe(0);
    await new Promise((r) => setTimeout(r, 2500));
    child.kill("SIGTERM");
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain("-j");
    expect(result.stdout.match(/GREETING/g)).toHaveLength(2);
    expect(result.stderr.match(/kept back MAKEFLAGS /g)).toHaveLength(1);
    expect(keptLine(result, "MAKEFLAGS")).toContain(`last written by ${memberEmail}`);
  }, 30_000);
});

describe.skipIf(!installed("make") && !cliToolsRequired)("the same policy outside the environment", () => {
  it("run --mount: a dotenv file (loaded into an environment) keeps them back too; a JSON file (data) holds them all", async () => {
    const m = markers();
    const cwd = await environmentWith(attacks(m));
    writeFileSync(join(cwd, "Makefile"), MAKEFILE);
    // A script that loads the file into its environment (node --env-file, as the README shows) and
    // runs the build: make inherits whatever the file held.
    const build = "require('node:child_process').execFileSync('make', { stdio: 'inherit' })";
    const sourced = await runCoffer(
      ["run", "--mount", "secrets.env", "--", "node", `--env-file=${join(cwd, "secrets.env")}`, "-e", build],
      ownerIn(cwd),
    );
    expect(sourced.code, sourced.stderr).toBe(0);
    expect(sourced.stdout).toContain("built");
    expect(existsSync(m.make), "the Member's MAKEFLAGS ran a command").toBe(false);
    expect(existsSync(m.cc), "the Member's CC ran a command").toBe(false);
    expect(keptLine(sourced, "MAKEFLAGS")).toContain(`last written by ${memberEmail}`);
    expect(keptLine(sourced, "MAKEFLAGS")).toContain("mounted file");

    const read = "process.stdout.write(require('fs').readFileSync(process.env.COFFER_MOUNT_PATH, 'utf8'))";
    const json = await runCoffer(["run", "--mount", "secrets.json", "--", "node", "-e", read], ownerIn(cwd));
    expect(json.code, json.stderr).toBe(0);
    expect(Object.keys(JSON.parse(json.stdout)).sort()).toEqual([
      "CC",
      "GREETING",
      "MAKEFLAGS",
      "TAR_OPTIONS",
    ]);
    expect(json.stderr).not.toContain("kept back");
  });

  it("export --format shell: what a shell evals keeps them back (stderr names each); --allow-env lets one through", async () => {
    const m = markers();
    const cwd = await environmentWith(attacks(m));
    writeFileSync(join(cwd, "Makefile"), MAKEFILE);
    const exported = await runCoffer(["export", "--format", "shell"], ownerIn(cwd));
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe("export GREETING='hello'\n");
    for (const key of ["MAKEFLAGS", "TAR_OPTIONS", "CC"])
      expect(keptLine(exported, key)).toContain(`last written by ${memberEmail}`);
    const evaluated = spawnSync("sh", ["-c", 'eval "$1"; make', "sh", exported.stdout], {
      cwd,
      encoding: "utf8",
      env: { PATH: process.env.PATH, SHELL: "/bin/sh" },
    });
    expect(evaluated.status, evaluated.stderr).toBe(0);
    expect(existsSync(m.make)).toBe(false);
    expect(existsSync(m.cc)).toBe(false);

    const allowed = await runCoffer(
      ["export", "--format", "shell", "--allow-env", "TAR_OPTIONS"],
      ownerIn(cwd),
    );
    expect(allowed.stdout).toContain("export TAR_OPTIONS=");
    expect(allowed.stdout).not.toContain("MAKEFLAGS");
  });

  it("export as dotenv, json or yaml is data: every key, with a warning naming those tools read", async () => {
    const m = markers();
    const cwd = await environmentWith(attacks(m));
    for (const format of ["dotenv", "json", "yaml"]) {
      const exported = await runCoffer(["export", "--format", format], ownerIn(cwd));
      expect(exported.code, exported.stderr).toBe(0);
      for (const key of ["MAKEFLAGS", "TAR_OPTIONS", "CC", "GREETING"])
        expect(exported.stdout).toContain(key);
      expect(exported.stderr).toContain("warning");
      for (const key of ["MAKEFLAGS", "TAR_OPTIONS", "CC"]) expect(exported.stderr).toContain(key);
    }
  });

  it("--template: a tag naming a key tools read is refused (exit 2, nothing printed) unless allowed; other tags render", async () => {
    const m = markers();
    const cwd = await environmentWith(attacks(m));
    writeFileSync(join(cwd, "build.env.tmpl"), "GREETING={{ GREETING }}\nMAKEFLAGS={{ MAKEFLAGS }}\n");
    writeFileSync(join(cwd, "greeting.tmpl"), "greeting: {{ GREETING | json }}\n");
    const refused = await runCoffer(["export", "--template", "build.env.tmpl"], ownerIn(cwd));
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("MAKEFLAGS");
    expect(refused.stderr).toContain(memberEmail);
    expect(refused.stderr).toContain("--allow-env MAKEFLAGS");
    expect(refused.stderr).not.toContain("--eval");

    const plain = await runCoffer(["export", "--template", "greeting.tmpl"], ownerIn(cwd));
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toBe('greeting: "hello"\n');

    const allowed = await runCoffer(
      ["export", "--template", "build.env.tmpl", "--allow-env", "MAKEFLAGS"],
      ownerIn(cwd),
    );
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toBe(`GREETING=hello\nMAKEFLAGS=--eval=$(shell touch ${m.make})\n`);
  });
});
