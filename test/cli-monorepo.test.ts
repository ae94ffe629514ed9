// One capability's contract, read top to bottom: the CLI in a monorepo: one project file, mounts and templates.
// The CLI where real projects live (issue 23) as a real process against a real server: one
// `.coffer.json` for a monorepo (two services in sub-directories, one in another project, git
// branches read from a real repository — a worktree and a detached HEAD too), `--env`, a merge of
// two environments and where each key comes from, the 207 rules in a merge, `coffer init --dir /
// --branch`, `coffer run --mount` (a FIFO or a 0600 file, removed on exit, on failure and on
// SIGTERM), and `coffer export --template`.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CliOptions,
  runCoffer,
  serverWithTenant,
  spawnCoffer,
  waitForText,
} from "./helpers/cli-process.ts";
import { PASSWORD } from "./helpers/factories.ts";
import { httpJson, type TenantOverHttp } from "./helpers/real-port.ts";
import { type ServerProcess, stopChildrenAndRemoveTempDirs, tempDir } from "./helpers/server-process.ts";

let server: ServerProcess;
let tenant: TenantOverHttp;
let home: string;
let repo: string;
let ids: { workspace_id: string; team_id: string; project_id: string; production: string; web: string };

/** The CLI in `dir` (relative to the repository unless absolute). */
const coffer = (dir: string, args: string[], options: Partial<CliOptions> = {}) =>
  runCoffer(args, { home, cwd: dir.startsWith("/") ? dir : join(repo, dir), ...options });

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: "1" },
    stdio: "pipe",
  });

/** What a command run by `coffer run` sees of the keys the tests set. */
const PRINT_ENV = [
  "node",
  "-e",
  "const k = ['API_KEY', 'SHARED', 'PORT', 'WEB', 'ONLY_PROD', 'BROKEN'];" +
    "process.stdout.write(JSON.stringify(Object.fromEntries(k.filter((x) => process.env[x] !== undefined).map((x) => [x, process.env[x]]))))",
];
const seen = async (dir: string, extra: string[] = [], env: Record<string, string> = {}) => {
  const result = await coffer(dir, ["run", ...extra, "--", ...PRINT_ENV], { env });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, string>;
};

async function environment(project: string, name: string, type: string, secrets: Record<string, string>) {
  const base = `/environments/${ids.workspace_id}/${ids.team_id}/${project}/`;
  const created = await httpJson(server.url, "POST", base, tenant.headers, { name, environment_type: type });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  await put(project, id, secrets);
  return id;
}

async function put(project: string, environmentId: string, secrets: Record<string, string>) {
  const path = `/secrets/${ids.workspace_id}/${ids.team_id}/${project}/${environmentId}/bulk`;
  const body = { secrets: Object.entries(secrets).map(([key, value]) => ({ key, value })) };
  const written = await httpJson(server.url, "POST", path, tenant.headers, body);
  expect(written.status, JSON.stringify(written.body)).toBe(201);
}

beforeAll(async () => {
  ({ server, tenant } = await serverWithTenant("cli-monorepo", { COFFER_DEFAULT_PLAN: "pro" }));
  const [, , workspace_id, team_id, project_id, production] = tenant.secrets.split("/") as string[];
  const web = await httpJson(server.url, "POST", `/projects/${workspace_id}/${team_id}/`, tenant.headers, {
    name: "Web",
  });
  ids = {
    workspace_id: workspace_id!,
    team_id: team_id!,
    project_id: project_id!,
    production: production!,
    web: web.body.id,
  };
  await put(ids.project_id, ids.production, { API_KEY: "production-key", ONLY_PROD: "yes" });
  await environment(ids.project_id, "Shared", "dev", {
    SHARED: "from-shared",
    API_KEY: "shared-key",
    BROKEN: "fine",
  });
  await environment(ids.project_id, "API dev", "dev", { API_KEY: "api-dev-key", PORT: "4000" });
  await environment(ids.project_id, "Staging", "staging", { API_KEY: "staging-key" });
  await environment(ids.web, "Dev", "dev", { WEB: "web-dev" });
  await environment(ids.web, "Prod", "prod", { WEB: "web-prod" });

  home = tempDir("coffer-monorepo-home-");
  repo = join(tempDir("coffer-monorepo-"), "repo");
  for (const dir of ["services/api/src", "services/web", "tools"])
    mkdirSync(join(repo, dir), { recursive: true });
  for (const dir of ["services/api/src", "services/web", "tools"])
    writeFileSync(join(repo, dir, ".keep"), "");
  writeFileSync(
    join(repo, ".coffer.json"),
    JSON.stringify(
      {
        api_url: server.url,
        workspace_id: ids.workspace_id,
        team_id: ids.team_id,
        project_id: ids.project_id,
        // The repository's root keeps what `coffer init` always wrote: one environment, by id.
        environment_id: ids.production,
        directories: {
          "services/api": { environments: ["shared", "api-dev"], branches: { "release/*": "staging" } },
          "services/web/": { project_id: ids.web, environments: "dev", branches: { main: "prod" } },
        },
      },
      null,
      2,
    ),
  );
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", ".");
  git(repo, "commit", "-q", "-m", "a monorepo");
  const login = await coffer(repo, ["--api-url", server.url, "login", "--email", tenant.email], {
    input: `${PASSWORD}\n`,
  });
  expect(login.code, login.stderr).toBe(0);
}, 60_000);
afterAll(stopChildrenAndRemoveTempDirs);

describe("one .coffer.json for a monorepo", () => {
  it("picks by directory (longest prefix) and git branch; --env overrides; the root keeps its environment_id", async () => {
    // services/api (from a sub-directory of it): shared then api-dev, merged — later wins.
    expect(await seen("services/api/src")).toEqual({
      SHARED: "from-shared",
      API_KEY: "api-dev-key",
      PORT: "4000",
      BROKEN: "fine",
    });
    // services/web on main: another project, its branch rule.
    expect(await seen("services/web")).toEqual({ WEB: "web-prod" });
    // Elsewhere (no entry): the file's own environment_id, as before.
    expect(await seen("tools")).toEqual({ API_KEY: "production-key", ONLY_PROD: "yes" });
    expect(await seen("")).toEqual({ API_KEY: "production-key", ONLY_PROD: "yes" });
    // --env: by slug or by id, in the directory's project; several merged.
    expect(await seen("services/api", ["--env", "staging"])).toEqual({ API_KEY: "staging-key" });
    expect(await seen("services/api", ["--env", ids.production])).toEqual({
      API_KEY: "production-key",
      ONLY_PROD: "yes",
    });
    expect(await seen("services/web", ["--env", "dev"])).toEqual({ WEB: "web-dev" });
    expect(await seen("tools", ["--env", "production,staging"])).toEqual({
      API_KEY: "staging-key",
      ONLY_PROD: "yes",
    });
    const unknown = await coffer("services/web", ["run", "--env", "staging", "--", "true"]);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('no environment "staging"');
    expect(unknown.stderr).toContain("have: dev, prod");

    // Another branch: release/* maps services/api to staging; web falls back to its default.
    git(repo, "checkout", "-q", "-b", "release/1.2");
    try {
      expect(await seen("services/api/src")).toEqual({ API_KEY: "staging-key" });
      expect(await seen("services/web")).toEqual({ WEB: "web-dev" });
      // COFFER_BRANCH names the branch when the checkout cannot (CI's detached HEAD).
      expect(await seen("services/web", [], { COFFER_BRANCH: "main" })).toEqual({ WEB: "web-prod" });
    } finally {
      git(repo, "checkout", "-q", "main");
    }
  });

  it("reads the branch of a git worktree, and none from a detached HEAD", async () => {
    const worktree = join(repo, "..", "hotfix");
    git(repo, "worktree", "add", "-q", "-b", "release/2.0", worktree);
    expect(readFileSync(join(worktree, ".git"), "utf8")).toMatch(/^gitdir: /);
    expect(await seen(join(worktree, "services/api"))).toEqual({ API_KEY: "staging-key" });
    expect(await seen(join(worktree, "services/web"))).toEqual({ WEB: "web-dev" });

    git(repo, "checkout", "-q", "--detach");
    try {
      expect(await seen("services/web")).toEqual({ WEB: "web-dev" });
    } finally {
      git(repo, "checkout", "-q", "main");
    }
  });

  it("says where each key comes from: run --verbose, export --verbose, secrets list and get", async () => {
    const run = await coffer("services/api", ["run", "--verbose", "--", "true"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `coffer: environments shared, api-dev, merged in this order (later wins) (directories["services/api"].environments in ${join(repo, ".coffer.json")}, branch main)`,
    );
    expect(run.stderr).toContain("coffer:   API_KEY from api-dev (overrides shared)");
    expect(run.stderr).toContain("coffer:   SHARED from shared\n");
    expect(run.stderr).not.toContain("api-dev-key");

    const exported = await coffer("services/api", ["export", "--format", "json", "--verbose"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual({
      SHARED: "from-shared",
      API_KEY: "api-dev-key",
      BROKEN: "fine",
      PORT: "4000",
    });
    expect(exported.stderr).toContain("coffer:   PORT from api-dev");

    const listed = await coffer("services/api", ["--json", "secrets", "list"]);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as { key: string; environment: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.key, r.environment]))).toEqual({
      SHARED: "shared",
      API_KEY: "api-dev",
      BROKEN: "shared",
      PORT: "api-dev",
    });
    // One environment: the rows are as they always were.
    const single = JSON.parse((await coffer("tools", ["--json", "secrets", "list"])).stdout) as object[];
    expect(single[0]).not.toHaveProperty("environment");

    const got = await coffer("services/api", ["secrets", "get", "API_KEY", "--verbose"]);
    expect(got.stdout).toBe("api-dev-key\n");
    expect(got.stderr).toContain("API_KEY from api-dev (overrides shared)");
    expect((await coffer("services/api", ["secrets", "get", "SHARED"])).stdout).toBe("from-shared\n");
    // Writing needs one environment: a merge is refused, --env names it.
    const write = await coffer("services/api", ["secrets", "set", "NEW=1"]);
    expect(write.code).toBe(2);
    expect(write.stderr).toContain("merges shared, api-dev");
    expect((await coffer("services/api", ["secrets", "set", "--env", "api-dev", "NEW=1"])).code).toBe(0);
    expect((await seen("services/api")).PORT).toBe("4000");
    expect((await coffer("services/api", ["secrets", "delete", "--env", "api-dev", "NEW"])).code).toBe(0);
  });

  it("a value a merged environment cannot resolve fails the run (exit 5); --allow-partial does not fill it from an earlier one", async () => {
    const set = await coffer("services/api", ["secrets", "set", "--env", "api-dev", `BROKEN=$\{NOT_THERE}`]);
    expect(set.code, set.stderr).toBe(0);
    try {
      const failed = await coffer("services/api", ["run", "--", "true"]);
      expect(failed.code).toBe(5);
      expect(failed.stderr).toContain("unresolved reference in api-dev: BROKEN");
      expect(failed.stderr).toContain("partial read of api-dev");
      expect((await coffer("services/api", ["export"])).code).toBe(5);
      const partial = await seen("services/api", ["--allow-partial"]);
      expect(partial).toEqual({ SHARED: "from-shared", API_KEY: "api-dev-key", PORT: "4000" });
    } finally {
      await coffer("services/api", ["secrets", "delete", "--env", "api-dev", "BROKEN"]);
    }
  });

  it("coffer init --dir and --branch add mappings by slug, checked against the server", async () => {
    mkdirSync(join(repo, "services/worker"), { recursive: true });
    const added = await coffer("services", ["init", "--dir", "worker", "--environment", "Shared,staging"]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("directory services/worker -> shared, staging");
    const branch = await coffer("tools", ["init", "--branch", "hotfix/*", "--environment", "staging"]);
    expect(branch.code, branch.stderr).toBe(0);
    const webBranch = await coffer("services/web", [
      "init",
      "--dir",
      ".",
      "--branch",
      "next",
      "--environment",
      "prod",
    ]);
    expect(webBranch.code, webBranch.stderr).toBe(0);
    const file = JSON.parse(readFileSync(join(repo, ".coffer.json"), "utf8"));
    expect(file.directories["services/worker"]).toEqual({ environments: ["shared", "staging"] });
    expect(file.directories["services/web/"].branches).toEqual({ main: "prod", next: "prod" });
    expect(file.branches).toEqual({ "hotfix/*": "staging" });
    expect(file.environment_id).toBe(ids.production);

    expect(await seen("services/worker")).toEqual({
      SHARED: "from-shared",
      API_KEY: "staging-key",
      BROKEN: "fine",
    });
    expect(await seen("tools", [], { COFFER_BRANCH: "hotfix/login" })).toEqual({ API_KEY: "staging-key" });
    // `*` stays within one part of the name.
    expect(await seen("tools", [], { COFFER_BRANCH: "hotfix/a/b" })).toEqual({
      API_KEY: "production-key",
      ONLY_PROD: "yes",
    });

    // A new file that merges two environments, by slug.
    const fresh = tempDir("coffer-monorepo-init-");
    const merged = await coffer(fresh, [
      "--api-url",
      server.url,
      "init",
      "--workspace",
      ids.workspace_id,
      "--team",
      ids.team_id,
      "--project",
      "payments",
      "--environment",
      "shared,API dev",
    ]);
    expect(merged.code, merged.stderr).toBe(0);
    const written = JSON.parse(readFileSync(join(fresh, ".coffer.json"), "utf8"));
    expect(written.environments).toEqual(["shared", "api-dev"]);
    expect(written).not.toHaveProperty("environment_id");
    expect(await seen(fresh)).toEqual({
      SHARED: "from-shared",
      API_KEY: "api-dev-key",
      PORT: "4000",
      BROKEN: "fine",
    });

    const wrong = await coffer("services", ["init", "--dir", "worker", "--environment", "nope"]);
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toContain('no environment "nope"');
    const outside = await coffer("services", ["init", "--dir", "../..", "--environment", "shared"]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain("--dir must be a sub-directory");
  });

  it("refuses a malformed project file with the file and the field named", async () => {
    const dir = tempDir("coffer-monorepo-bad-");
    const { workspace_id, team_id, project_id } = ids;
    const base = { api_url: server.url, workspace_id, team_id, project_id };
    const cases: [unknown, string][] = [
      [
        { ...base, directories: { "../up": { environments: "shared" } } },
        'directories["../up"] must be a sub-directory',
      ],
      [{ ...base, branches: { main: 5 } }, 'branches["main"] must be an environment slug or id'],
      [
        { ...base, directories: { api: { enviroments: "shared" } } },
        'directories["api"].enviroments is not a field here',
      ],
      [{ ...base, environments: ["shared", "shared"] }, "environments names shared twice"],
      [
        { ...base, directories: { api: { project_id: "../keys" } } },
        'directories["api"].project_id must be an id',
      ],
      [{ ...base, branches: { "release/*": "../x" } }, 'branches["release/*"] holds "../x", which is not'],
      [
        { ...base, environment_id: ids.production, environments: "shared" },
        "environments and environment_id both",
      ],
    ];
    for (const [content, message] of cases) {
      writeFileSync(join(dir, ".coffer.json"), JSON.stringify(content));
      const result = await coffer(dir, ["secrets", "list"]);
      expect(result.code, message).toBe(2);
      expect(result.stderr).toContain(`${join(dir, ".coffer.json")}: ${message}`);
    }
    writeFileSync(join(dir, ".coffer.json"), "{ nope");
    expect((await coffer(dir, ["secrets", "list"])).stderr).toContain("is not valid JSON");
    writeFileSync(
      join(dir, ".coffer.json"),
      JSON.stringify({ ...base, directories: { api: { environments: "shared" } } }),
    );
    const none = await coffer(dir, ["run", "--", "true"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("names no environment for its own directory");
  });
});

/** A dotenv text's lines, sorted (the order of keys is the server's). */
const lines = (text: string) => text.split("\n").filter(Boolean).sort();

/** A command that reads the mount twice and says what it found (and whether values reached its environment). */
const READ_MOUNT = [
  "node",
  "-e",
  "const fs = require('fs'); const p = process.env.COFFER_MOUNT_PATH; const st = fs.lstatSync(p);" +
    "const first = fs.readFileSync(p, 'utf8'); const second = fs.readFileSync(p, 'utf8');" +
    "process.stdout.write(JSON.stringify({ path: p, fifo: st.isFIFO(), file: st.isFile(), mode: (st.mode & 0o777).toString(8), first, second, env: process.env.API_KEY ?? null }))",
];

describe("coffer run --mount", () => {
  it("serves a FIFO (mode 0600) to every reader, keeps the values out of the environment, and removes it", async () => {
    const path = join(repo, "services/api/secrets.env");
    const result = await coffer("services/api", ["run", "--mount", "secrets.env", "--", ...READ_MOUNT]);
    expect(result.code, result.stderr).toBe(0);
    const seenByCommand = JSON.parse(result.stdout);
    expect(seenByCommand).toMatchObject({ path, fifo: true, mode: "600", env: null });
    expect(lines(seenByCommand.first)).toEqual([
      "API_KEY=api-dev-key",
      "BROKEN=fine",
      "PORT=4000",
      "SHARED=from-shared",
    ]);
    expect(seenByCommand.second).toBe(seenByCommand.first);
    expect(existsSync(path)).toBe(false);
  });

  it("writes a 0600 JSON file with --mount-kind file, removed when the command fails too", async () => {
    const path = join(repo, "services/web/secrets.json");
    const ok = await coffer("services/web", [
      "run",
      "--mount",
      "secrets.json",
      "--mount-kind",
      "file",
      "--",
      ...READ_MOUNT,
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    const seenByCommand = JSON.parse(ok.stdout);
    expect(seenByCommand).toMatchObject({ file: true, mode: "600" });
    expect(JSON.parse(seenByCommand.first)).toEqual({ WEB: "web-prod" });
    expect(existsSync(path)).toBe(false);

    const failed = await coffer("services/web", [
      "run",
      "--mount",
      "out.txt",
      "--mount-format",
      "json",
      "--",
      "node",
      "-e",
      "process.stdout.write(require('fs').readFileSync(process.env.COFFER_MOUNT_PATH, 'utf8')); process.exit(3)",
    ]);
    expect(failed.code).toBe(3);
    expect(JSON.parse(failed.stdout)).toEqual({ WEB: "web-prod" });
    expect(existsSync(join(repo, "services/web/out.txt"))).toBe(false);
  });

  it("removes the file when coffer run is stopped with SIGTERM, and the FIFO on SIGINT", async () => {
    const waiting = [
      "node",
      "-e",
      "for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => process.exit(0)); console.log('ready'); setInterval(() => {}, 1000)",
    ];
    const path = join(repo, "tools/live.env");
    const file = spawnCoffer(["run", "--mount", "live.env", "--mount-kind", "file", "--", ...waiting], {
      home,
      cwd: join(repo, "tools"),
    });
    await waitForText(file.child.stdout!, "ready");
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
    expect(lines(readFileSync(path, "utf8"))).toEqual(["API_KEY=production-key", "ONLY_PROD=yes"]);
    file.child.kill("SIGTERM");
    const stopped = await file.done;
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(existsSync(path)).toBe(false);

    const fifo = spawnCoffer(["run", "--mount", "live.env", "--", ...waiting], {
      home,
      cwd: join(repo, "tools"),
    });
    await waitForText(fifo.child.stdout!, "ready");
    expect(lstatSync(path).isFIFO()).toBe(true);
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
    expect(lines(await readFile(path, "utf8"))).toEqual(["API_KEY=production-key", "ONLY_PROD=yes"]);
    fifo.child.kill("SIGINT");
    const interrupted = await fifo.done;
    expect(interrupted.code, interrupted.stderr).toBe(0);
    expect(existsSync(path)).toBe(false);
  });

  it("with --watch, a changed value rewrites the mount and restarts the command", async () => {
    const { child, done } = spawnCoffer(
      [
        "run",
        "--watch",
        "1",
        "--mount",
        "watched.env",
        "--mount-kind",
        "file",
        "--",
        "node",
        "-e",
        "process.on('SIGTERM', () => process.exit(0));" +
          "const text = require('fs').readFileSync(process.env.COFFER_MOUNT_PATH, 'utf8');" +
          "console.log(text.split('\\n').find((l) => l.startsWith('API_KEY='))); setInterval(() => {}, 1000)",
      ],
      { home, cwd: join(repo, "services/api") },
    );
    try {
      await waitForText(child.stdout!, "API_KEY=api-dev-key");
      const changed = await coffer("services/api", ["secrets", "set", "--env", "api-dev", "API_KEY=rotated"]);
      expect(changed.code, changed.stderr).toBe(0);
      await waitForText(child.stdout!, "API_KEY=rotated");
      child.kill("SIGTERM");
      expect((await done).code).toBe(0);
      expect(existsSync(join(repo, "services/api/watched.env"))).toBe(false);
    } finally {
      await coffer("services/api", ["secrets", "set", "--env", "api-dev", "API_KEY=api-dev-key"]);
    }
  });

  it("refuses to overwrite an existing file", async () => {
    const path = join(repo, "tools/.env");
    writeFileSync(path, "MINE=1\n");
    const result = await coffer("tools", ["run", "--mount", ".env", "--", "true"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path} exists`);
    expect(readFileSync(path, "utf8")).toBe("MINE=1\n");
  });
});

describe("coffer export --template", () => {
  it("renders {{ KEY }}, {{ .KEY }}, filters and literals with the directory's values", async () => {
    const template = join(repo, "services/api/config.tmpl");
    writeFileSync(
      template,
      [
        "api_key: {{ API_KEY }}",
        "shared: {{.SHARED}} and {{ .PORT }}",
        'json: {"key": {{ API_KEY | json }}}',
        "b64: {{ API_KEY | base64 }}",
        'literal: {{ "{{" }} not a tag {{ "}}" }}',
        "",
      ].join("\n"),
    );
    const result = await coffer("services/api", ["export", "--template", "config.tmpl"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        "api_key: api-dev-key",
        "shared: from-shared and 4000",
        'json: {"key": "api-dev-key"}',
        `b64: ${Buffer.from("api-dev-key").toString("base64")}`,
        "literal: {{ not a tag }}",
        "",
      ].join("\n"),
    );
  });

  it("names the key and the line of a key that does not exist, and of a tag that is not one; prints nothing", async () => {
    const template = join(repo, "services/api/broken.tmpl");
    writeFileSync(template, "ok: {{ API_KEY }}\n\nmissing: {{ NOT_A_SECRET }}\n");
    const missing = await coffer("services/api", ["export", "--template", "broken.tmpl"]);
    expect(missing.code).toBe(4);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain("broken.tmpl:3: no secret NOT_A_SECRET in environments shared, api-dev");

    writeFileSync(template, 'run: {{ exec "rm -rf /" }}\nfilter: {{ API_KEY | upper }}\n');
    const malformed = await coffer("services/api", ["export", "--template", "broken.tmpl"]);
    expect(malformed.code).toBe(2);
    expect(malformed.stdout).toBe("");
    expect(malformed.stderr).toContain('broken.tmpl:1: "{{ exec \\"rm -rf /\\" }}" is not a tag');
    expect(malformed.stderr).toContain("broken.tmpl:2: no filter upper");

    const absent = await coffer("services/api", ["export", "--template", "absent.tmpl"]);
    expect(absent.code).toBe(2);
    expect(absent.stderr).toContain("cannot read the template absent.tmpl: ENOENT");
    const both = await coffer("services/api", ["export", "--template", "config.tmpl", "--format", "json"]);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain("cannot be used with option '--format");
  });
});
