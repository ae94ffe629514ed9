// The deploy key the docs recommend (issue 36, item 5, and item 13's CI advice): a read-only key
// narrowed to Production, in COFFER_TOKEN, in a directory with no .coffer.json. The CLI asks the
// server what the key reaches (GET /keys/current) and uses its one environment; --env takes its
// name or slug; a write says the key is read-only; a refused token gets advice for CI, not
// `coffer login`. Real processes against a real server on a random port.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCoffer, serverWithOneSecret } from "./helpers/cli-process.ts";
import { type environmentIdsOf, httpJson, type TenantOverHttp } from "./helpers/real-port.ts";
import { type ServerProcess, stopChildrenAndRemoveTempDirs, tempDir } from "./helpers/server-process.ts";

const PRINT = "process.stdout.write(String(process.env.DATABASE_URL))";

let server: ServerProcess;
let tenant: TenantOverHttp;
let ids: ReturnType<typeof environmentIdsOf>;
let deployKey: string;

/** The CLI in a fresh empty directory, with nothing stored: only the variables given. */
const inEmptyDir = (args: string[], env: Record<string, string>, cwd = tempDir("coffer-deploy-")) =>
  runCoffer(args, { home: tempDir("coffer-deploy-home-"), cwd, env: { COFFER_API_URL: server.url, ...env } });

const newKey = async (body: object) => {
  const created = await httpJson(server.url, "POST", "/keys/", tenant.headers, { name: "deploy", ...body });
  expect(created.status).toBe(201);
  return created.body.token as string;
};

beforeAll(async () => {
  ({ server, tenant, ids } = await serverWithOneSecret("cli-deploy", {
    key: "DATABASE_URL",
    value: "postgres://prod",
  }));
  deployKey = await newKey({
    workspace_id: ids.workspace_id,
    environment_ids: [ids.environment_id],
    access: "read",
  });
}, 60_000);
afterAll(stopChildrenAndRemoveTempDirs);

describe("a read-only key narrowed to Production, with no .coffer.json", () => {
  it("runs a command with Production's secrets, no --env needed", async () => {
    const run = await inEmptyDir(["run", "--", process.execPath, "-e", PRINT], { COFFER_TOKEN: deployKey });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("postgres://prod");
  });

  it("exports, with no --env, with --env by slug and by name", async () => {
    for (const env of [[], ["--env", "production"], ["--env", "Production"], ["--env", ids.environment_id]]) {
      const exported = await inEmptyDir(["export", "--format", "dotenv", ...env], {
        COFFER_TOKEN: deployKey,
      });
      expect(exported.code, `${env.join(" ")}: ${exported.stderr}`).toBe(0);
      expect(exported.stdout).toContain("DATABASE_URL=");
      expect(exported.stdout).toContain("postgres://prod");
    }
    const wrong = await inEmptyDir(["export", "--env", "staging"], { COFFER_TOKEN: deployKey });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toContain(
      "reaches no environment of that id, slug or name (it reaches: production)",
    );
  });

  it("lists and gets secrets; a write says the key is read-only", async () => {
    const listed = await inEmptyDir(["secrets", "list"], { COFFER_TOKEN: deployKey });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("DATABASE_URL");
    const got = await inEmptyDir(["secrets", "get", "DATABASE_URL"], { COFFER_TOKEN: deployKey });
    expect(got.stdout).toBe("postgres://prod\n");
    const write = await inEmptyDir(["secrets", "set", "OTHER=1"], { COFFER_TOKEN: deployKey });
    expect(write.code).not.toBe(0);
    expect(write.stderr).toContain("This key is read-only");
  });

  it("resolves a project file's slug for a key that may not list the project's environments", async () => {
    const cwd = tempDir("coffer-deploy-file-");
    const { environment_id: _, ...project } = ids;
    writeFileSync(join(cwd, ".coffer.json"), JSON.stringify({ ...project, environments: ["production"] }));
    const run = await inEmptyDir(
      ["run", "--", process.execPath, "-e", PRINT],
      { COFFER_TOKEN: deployKey },
      cwd,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("postgres://prod");
  });
});

describe("coffer init outside a terminal (issue 36, item 13)", () => {
  it("takes the only workspace, team, project and environment, and says so", async () => {
    const cwd = tempDir("coffer-init-");
    const init = await inEmptyDir(["init"], { COFFER_TOKEN: await newKey({}) }, cwd);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stderr).toContain("coffer: using the only workspace,");
    expect(init.stderr).toContain("coffer: using the only environment, Production");
    expect(JSON.parse(readFileSync(join(cwd, ".coffer.json"), "utf8"))).toMatchObject(ids);
  });
});

describe("keys that do not name one environment", () => {
  it("a key narrowed to a project of two environments asks for --env, naming them", async () => {
    const staging = await httpJson(
      server.url,
      "POST",
      `/environments/${ids.workspace_id}/${ids.team_id}/${ids.project_id}/`,
      tenant.headers,
      { name: "Staging", environment_type: "staging" },
    );
    expect(staging.status).toBe(201);
    const key = await newKey({
      workspace_id: ids.workspace_id,
      project_ids: [ids.project_id],
      access: "read",
    });
    const run = await inEmptyDir(["run", "--", process.execPath, "-e", PRINT], { COFFER_TOKEN: key });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("reaches 2 environments (production, staging)");
    expect(run.stderr).toContain("--env");
    const chosen = await inEmptyDir(["run", "--env", "production", "--", process.execPath, "-e", PRINT], {
      COFFER_TOKEN: key,
    });
    expect(chosen.stdout).toBe("postgres://prod");
    const empty = await inEmptyDir(["secrets", "list", "--env", "staging"], { COFFER_TOKEN: key });
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toBe("");
    expect(empty.stderr).toContain("no secrets in staging");
    const emptyJson = await inEmptyDir(["--json", "secrets", "list", "--env", "staging"], {
      COFFER_TOKEN: key,
    });
    expect(JSON.parse(emptyJson.stdout)).toEqual([]);
  });

  it("a key narrowed to nothing still needs a project file", async () => {
    const run = await inEmptyDir(["export"], { COFFER_TOKEN: await newKey({}) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no .coffer.json here or above");
  });
});

describe("a refused COFFER_TOKEN", () => {
  it("gives CI advice (a new key in COFFER_TOKEN), not `coffer login`", async () => {
    const key = await newKey({});
    const id = (await httpJson(server.url, "GET", "/keys/current", { authorization: `Bearer ${key}` })).body
      .id;
    expect(
      (await httpJson(server.url, "PATCH", `/keys/${id}`, tenant.headers, { is_revoked: true })).status,
    ).toBe(200);
    for (const token of [key, "sk-not-a-key-at-all"]) {
      const run = await inEmptyDir(["export", "--env", "production"], { COFFER_TOKEN: token });
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(
        "COFFER_TOKEN was refused: it is invalid, expired or revoked; create a new key",
      );
      expect(run.stderr).not.toContain("coffer login");
    }
  });
});
