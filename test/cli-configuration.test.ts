// The CLI's configuration commands against a real server (issue 22): `coffer secrets
// rollback|deleted|restore` (a value rolled back from the shell, a deleted secret listed and
// restored by key), `coffer diff` (environments side by side) and `coffer restore --at` (an
// environment put back to a moment, previewed first), with clear failures.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliOptions, runCoffer, runStoreEnv, startCliServer } from "./helpers/cli-process.ts";
import { PASSWORD } from "./helpers/factories.ts";
import { environmentIdsOf, httpJson, type TenantOverHttp, tenantOverHttp } from "./helpers/real-port.ts";
import {
  runScript,
  type ServerProcess,
  stopChildrenAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

let server: ServerProcess;
let storeEnv: Record<string, string>;
let tenant: TenantOverHttp;
let where: CliOptions;
let ids: { workspace_id: string; team_id: string; project_id: string; environment_id: string };

const coffer = (args: string[], input?: string) =>
  runCoffer(["--api-url", server.url, ...args], { ...where, ...(input ? { input } : {}) });

/** The environments of the tenant's project. */
const environmentsPath = () => `/environments/${ids.workspace_id}/${ids.team_id}/${ids.project_id}/`;
/** A new environment in the tenant's project, over HTTP: the answer as it comes. */
const addEnvironment = (body: { name: string; environment_type: string; parent_environment_id?: string }) =>
  httpJson(server.url, "POST", environmentsPath(), tenant.headers, body);
/** A new environment inheriting the tenant's (this directory's), over HTTP. */
const addHeirEnvironment = (name: string, environment_type: string) =>
  addEnvironment({ name, environment_type, parent_environment_id: ids.environment_id });
/** The secrets path of an environment in the tenant's project. */
const secretsOf = (environmentId: string) =>
  `/secrets/${ids.workspace_id}/${ids.team_id}/${ids.project_id}/${environmentId}`;

beforeAll(async () => {
  storeEnv = runStoreEnv();
  server = await startCliServer({}, storeEnv);
  tenant = await tenantOverHttp(server.url, "cli-recovery");
  ids = environmentIdsOf(tenant);
  where = { home: tempDir("coffer-recovery-home-"), cwd: tempDir("coffer-recovery-") };
  writeFileSync(join(where.cwd, ".coffer.json"), JSON.stringify({ api_url: server.url, ...ids }));
  const login = await coffer(["login", "--email", tenant.email], `${PASSWORD}\n`);
  expect(login.code, login.stderr).toBe(0);
}, 60_000);
afterAll(stopChildrenAndRemoveTempDirs);

describe("coffer secrets rollback", () => {
  it("makes an earlier version's value the newest, and refuses a bad version clearly", async () => {
    expect((await coffer(["secrets", "set", "TOKEN=one"])).code).toBe(0);
    expect((await coffer(["secrets", "set", "TOKEN=two"])).code).toBe(0);
    const rolled = await coffer(["secrets", "rollback", "TOKEN", "--version", "1"]);
    expect(rolled.code, rolled.stderr).toBe(0);
    expect(rolled.stdout).toBe("TOKEN: version 1's value is now version 3\n");
    expect((await coffer(["secrets", "get", "TOKEN"])).stdout).toBe("one\n");

    const current = await coffer(["secrets", "rollback", "TOKEN", "--version", "3"]);
    expect(current.code).not.toBe(0);
    expect(current.stderr).toContain(
      "cannot roll TOKEN back: Version 3 of TOKEN is already the current version",
    );
    // The field the message names is not said twice ("version: Version 9 …", issue 36).
    const missing = await coffer(["secrets", "rollback", "TOKEN", "--version", "9"]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("Version 9 of TOKEN does not exist (it has 3)");
    expect(missing.stderr).not.toMatch(/version: Version/);
    expect((await coffer(["secrets", "rollback", "TOKEN", "--version", "x"])).stderr).toContain(
      "--version is a whole number",
    );
    expect((await coffer(["secrets", "rollback", "NOPE", "--version", "1"])).stderr).toContain(
      "no secret NOPE",
    );
  });
});

describe("coffer secrets deleted / restore", () => {
  it("lists a deleted secret and restores it by key with its value and versions", async () => {
    expect((await coffer(["secrets", "set", "DOOMED=keep-me"])).code).toBe(0);
    expect((await coffer(["secrets", "delete", "DOOMED"])).code).toBe(0);
    const listed = await coffer(["--json", "secrets", "deleted"]);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as { key: string }[];
    expect(rows.map((r) => r.key)).toContain("DOOMED");
    expect(listed.stdout).not.toContain("keep-me");

    const restored = await coffer(["secrets", "restore", "DOOMED"]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toBe("restored DOOMED (v1)\n");
    expect((await coffer(["secrets", "get", "DOOMED"])).stdout).toBe("keep-me\n");
    const again = await coffer(["secrets", "restore", "DOOMED"]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("no deleted secret DOOMED");
  });
});

describe("coffer secrets delete, of a secret others inherit", () => {
  it("says on stderr which environments lose it", async () => {
    const heir = await addHeirEnvironment("Heir", "staging");
    expect(heir.status).toBe(201);
    expect((await coffer(["secrets", "set", "SHARED=1"])).code).toBe(0);
    const deleted = await coffer(["secrets", "delete", "SHARED"]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toBe("deleted SHARED\n");
    expect(deleted.stderr).toContain("Heir inherited SHARED from here and no longer has it");
    const unshared = await coffer(["secrets", "set", "ALONE=1"]);
    expect(unshared.code).toBe(0);
    const heirPath = `${environmentsPath()}${(heir.body as { id: string }).id}`;
    expect((await httpJson(server.url, "DELETE", heirPath, tenant.headers)).status).toBe(200);
    expect((await coffer(["secrets", "delete", "ALONE"])).stderr).not.toContain("inherited");
  });
});

describe("coffer diff", () => {
  it("shows keys missing in an environment and values that differ, values only with --values", async () => {
    const production = await addEnvironment({ name: "Live", environment_type: "prod" });
    expect(production.status).toBe(201);
    const productionId = (production.body as { id: string }).id;
    const secrets = `${secretsOf(productionId)}/bulk`;
    expect(
      (
        await httpJson(server.url, "POST", secrets, tenant.headers, {
          secrets: [
            { key: "TOKEN", value: "prod-token" },
            { key: "DOOMED", value: "keep-me" },
          ],
        })
      ).status,
    ).toBe(201);
    const current = (await coffer(["--json", "secrets", "list"])).stdout;
    const development = (JSON.parse(current) as { key: string }[]).map((s) => s.key);
    expect(development).toEqual(expect.arrayContaining(["DOOMED", "TOKEN"]));

    const diff = await coffer(["diff", ids.environment_id, "Live"]);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toMatch(/TOKEN\s+v\d+\s+v1\s+differs/);
    expect(diff.stdout).toContain("keys the same everywhere not shown");
    expect(diff.stdout).not.toMatch(/prod-token|keep-me/);
    const shown = await coffer(["diff", ids.environment_id, "Live", "--values"]);
    expect(shown.stdout).toMatch(/TOKEN\s+one\s+prod-token\s+differs/);
    const json = JSON.parse((await coffer(["--json", "diff", ids.environment_id, "Live"])).stdout);
    expect(json.keys.find((k: { key: string }) => k.key === "DOOMED").status).toBe("same");

    const unknown = await coffer(["diff", ids.environment_id, "Nowhere"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('no environment "Nowhere" in this project');
    // One name: that environment against this directory's (.coffer.json's environment_id).
    const one = await coffer(["diff", "Live", "--values"]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/KEY\s+Production\s+Live/);
    expect(one.stdout).toMatch(/TOKEN\s+one\s+prod-token\s+differs/);
    const itself = await coffer(["diff", ids.environment_id]);
    expect(itself.code).toBe(2);
    expect(itself.stderr).toContain("is this directory's environment");
  });

  it("counts inherited keys as present, marked with where they come from, as the grid does (issue 36)", async () => {
    const created = async (name: string, environment_type: string, parent_environment_id?: string) => {
      const response = await addEnvironment({
        name,
        environment_type,
        ...(parent_environment_id ? { parent_environment_id } : {}),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return (response.body as { id: string }).id;
    };
    const production = await created("Upstream", "prod");
    const staging = await created("Downstream", "staging", production);
    const put = async (environmentId: string, secrets: { key: string; value: string }[]) =>
      expect(
        (await httpJson(server.url, "POST", `${secretsOf(environmentId)}/bulk`, tenant.headers, { secrets }))
          .status,
      ).toBe(201);
    await put(
      production,
      Array.from({ length: 13 }, (_, i) => ({ key: `SHARED_${i}`, value: `p${i}` })),
    );
    await put(staging, [{ key: "GAP_ONLY_STAGING", value: "s" }]);

    const diff = await coffer(["diff", "upstream", "--env", "downstream", "--all"]);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toMatch(/KEY\s+Downstream\s+Upstream/);
    expect(diff.stdout).toMatch(/SHARED_0\s+v1 \(from Upstream\)\s+v1\s+same/);
    expect(diff.stdout.match(/missing/g)).toHaveLength(1);
    expect(diff.stdout).toMatch(/GAP_ONLY_STAGING\s+v1\s+—\s+missing in Upstream/);
    expect(diff.stdout).toContain("13 keys are inherited from a parent environment");
    const gaps = await coffer(["diff", "Downstream", "Upstream"]);
    expect(gaps.stdout).toMatch(/^KEY.*\nGAP_ONLY_STAGING.*missing in Upstream\n\(13 keys the same/);
    const json = JSON.parse((await coffer(["--json", "diff", "Downstream", "Upstream"])).stdout);
    const shared = json.keys.find((k: { key: string }) => k.key === "SHARED_3");
    expect(shared.environments[0].inherited_from).toMatchObject({ id: production, name: "Upstream" });
  });
});

describe("coffer restore --at", () => {
  it("previews, then puts the environment back to the moment", async () => {
    const free = await coffer(["restore", "--at", new Date().toISOString()]);
    expect(free.code).not.toBe(0);
    // The server's words, as the dashboard shows them: which plan, and who can change it.
    expect(free.stderr).toContain(
      "Version history needs the pro or enterprise plan; this workspace is on the free plan",
    );
    expect(free.stderr).toContain("coffer-server admin set-plan");
    const plan = await runScript("admin", storeEnv, ["set-plan", ids.workspace_id, "pro"]);
    expect(plan.code, plan.stderr).toBe(0);

    expect((await coffer(["secrets", "set", "MOMENT=before"])).code).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    const moment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 50));
    expect((await coffer(["secrets", "set", "MOMENT=after", "NEWER=1"])).code).toBe(0);

    const preview = await coffer(["restore", "--at", moment]);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toContain("~ MOMENT (its value then becomes a new version)");
    expect(preview.stdout).toContain("- NEWER (created since: deleted, recoverable)");
    expect(preview.stdout).toContain("(preview: --apply restores)");
    expect(preview.stdout).not.toContain("before");
    expect((await coffer(["secrets", "get", "MOMENT"])).stdout).toBe("after\n");

    const applied = await coffer(["restore", "--at", moment, "--apply"]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`restored to ${moment}: 0 recreated, 1 changed, 1 removed`);
    expect((await coffer(["secrets", "get", "MOMENT"])).stdout).toBe("before\n");
    expect((await coffer(["restore", "--at", moment])).stdout).toContain("nothing to do");
    expect((await coffer(["restore", "--at", "someday"])).stderr).toContain('--at "someday" is not a date');
  });
});

describe("references from the shell", () => {
  it("get, run and export see resolved values, --raw the stored text, and an unresolved one fails clearly", async () => {
    const shared = await addEnvironment({ name: "Shared", environment_type: "custom" });
    expect(shared.status).toBe(201);
    const sharedId = (shared.body as { id: string }).id;
    const secrets = `${secretsOf(sharedId)}/`;
    expect(
      (await httpJson(server.url, "POST", secrets, tenant.headers, { key: "DB_HOST", value: "db.shared" }))
        .status,
    ).toBe(201);
    const reference = ["$", "{shared.DB_HOST}"].join("");
    expect((await coffer(["secrets", "set", `DB_URL=postgres://${reference}/app`])).code).toBe(0);

    expect((await coffer(["secrets", "get", "DB_URL"])).stdout).toBe("postgres://db.shared/app\n");
    expect((await coffer(["secrets", "get", "DB_URL", "--raw"])).stdout).toBe(
      `postgres://${reference}/app\n`,
    );
    const run = await coffer([
      "run",
      "--",
      process.execPath,
      "-e",
      "process.stdout.write(process.env.DB_URL)",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("postgres://db.shared/app");
    const exported = await coffer(["export", "--format", "json"]);
    expect(JSON.parse(exported.stdout).DB_URL).toBe("postgres://db.shared/app");

    // A reference may name only an environment that exists: this one goes after it is written.
    const gone = await addEnvironment({ name: "Gone", environment_type: "custom" });
    const broken = ["$", "{gone.KEY}"].join("");
    expect((await coffer(["secrets", "set", `BROKEN=${broken}`])).code).toBe(0);
    const deleted = await httpJson(
      server.url,
      "DELETE",
      `${environmentsPath()}${(gone.body as { id: string }).id}`,
      tenant.headers,
    );
    expect(deleted.status).toBe(200);
    const get = await coffer(["secrets", "get", "BROKEN"]);
    expect(get.code).not.toBe(0);
    expect(get.stderr).toContain("cannot be resolved");
    const refused = await coffer(["run", "--", process.execPath, "-e", ""]);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(`unresolved reference: BROKEN: ${broken} names an environment`);
    const malformed = await coffer(["secrets", "set", `BAD=${["$", "{oops"].join("")}`]);
    expect(malformed.code).not.toBe(0);
    expect(malformed.stderr).toContain("Unterminated reference");
    expect((await coffer(["secrets", "delete", "BROKEN"])).code).toBe(0);
  });
});

describe("an inheriting environment from the shell", () => {
  it("run and get see inherited values; set overrides in the child; delete refuses an inherited key", async () => {
    const child = await addHeirEnvironment("Child", "dev");
    expect(child.status).toBe(201);
    expect((await coffer(["secrets", "set", "INHERITED=from-parent"])).code).toBe(0);
    const cwd = tempDir("coffer-child-");
    writeFileSync(
      join(cwd, ".coffer.json"),
      JSON.stringify({ api_url: server.url, ...ids, environment_id: (child.body as { id: string }).id }),
    );
    const inChild = (args: string[]) => runCoffer(["--api-url", server.url, ...args], { ...where, cwd });

    expect((await inChild(["secrets", "get", "INHERITED"])).stdout).toBe("from-parent\n");
    const run = await inChild([
      "run",
      "--",
      process.execPath,
      "-e",
      "process.stdout.write(process.env.INHERITED)",
    ]);
    expect(run.stdout).toBe("from-parent");
    const refused = await inChild(["secrets", "delete", "INHERITED"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("no secret INHERITED of this environment's own");

    const set = await inChild(["secrets", "set", "INHERITED=overridden"]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain("created 1");
    expect((await inChild(["secrets", "get", "INHERITED"])).stdout).toBe("overridden\n");
    expect((await coffer(["secrets", "get", "INHERITED"])).stdout).toBe("from-parent\n");
    expect((await inChild(["secrets", "delete", "INHERITED"])).code).toBe(0);
    expect((await inChild(["secrets", "get", "INHERITED"])).stdout).toBe("from-parent\n");
  });
});
