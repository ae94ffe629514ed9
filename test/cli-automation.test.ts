// The CLI for least privilege (issue 21), as a person and a CI job use it: a scoped personal key, a
// service account with its own read-only key, `coffer run` with an OIDC token from an issuer on
// 127.0.0.1 (no stored secret), `coffer ci-setup`'s trust and workflow snippet. Real processes
// against a real server on a random port.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliOptions, runCoffer, serverWithTenant } from "./helpers/cli-process.ts";
import { PASSWORD } from "./helpers/factories.ts";
import { type Issuer, startIssuer } from "./helpers/oidc-issuer.ts";
import { httpJson, type TenantOverHttp } from "./helpers/real-port.ts";
import { type ServerProcess, stopChildrenAndRemoveTempDirs, tempDir } from "./helpers/server-process.ts";

const PRINT = "process.stdout.write(String(process.env.GREETING))";

let server: ServerProcess;
let issuer: Issuer;
let tenant: TenantOverHttp;
let where: CliOptions;
let ids: { workspace_id: string; team_id: string; project_id: string; environment_id: string };

const coffer = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runCoffer(["--api-url", server.url, ...args], { ...where, env, ...(input ? { input } : {}) });

beforeAll(async () => {
  // The issuer lives on 127.0.0.1, which only this allow-list lets the exchange reach.
  ({ server, tenant, ids } = await serverWithTenant("cli-automation", {
    COFFER_OUTBOUND_ALLOW: "127.0.0.1/32",
  }));
  issuer = await startIssuer();
  const created = await httpJson(server.url, "POST", `${tenant.secrets}/`, tenant.headers, {
    key: "GREETING",
    value: "hello from coffer",
  });
  expect(created.status).toBe(201);
  where = { home: tempDir("coffer-auto-home-"), cwd: tempDir("coffer-auto-") };
  writeFileSync(join(where.cwd, ".coffer.json"), JSON.stringify({ api_url: server.url, ...ids }));
  const login = await coffer(["login", "--email", tenant.email], {}, `${PASSWORD}\n`);
  expect(login.code, login.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await issuer.stop();
  await stopChildrenAndRemoveTempDirs();
});

describe("coffer keys", () => {
  it("creates a read-only key of this environment, lists its scope, and the key runs a command but writes nothing", async () => {
    const created = await coffer([
      "keys",
      "create",
      "deploy",
      "--env",
      "current",
      "--read-only",
      "--cidr",
      "127.0.0.1",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.split("\n")[0]!;
    expect(token).toMatch(/^sk-/);
    expect(created.stderr).toContain(
      `use it as COFFER_API_URL=${server.url} COFFER_TOKEN=<the key> coffer run -- <your command>`,
    );
    expect(created.stdout).toContain(
      `read-only; workspace ${ids.workspace_id}; environments ${ids.environment_id}`,
    );
    const listed = await coffer(["keys", "list"]);
    expect(listed.stdout).toContain("deploy");
    expect(listed.stdout).toContain("from 127.0.0.1/32");

    const run = await coffer(["run", "--", process.execPath, "-e", PRINT], { COFFER_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("hello from coffer");
    const write = await coffer(["secrets", "set", "OTHER=1"], { COFFER_TOKEN: token });
    expect(write.code).not.toBe(0);
    expect(write.stderr).toContain("This key is read-only");
  });

  it("accepts a scoped key at login although it reaches no account route", async () => {
    const created = await coffer(["keys", "create", "login", "--env", "current", "--read-only"]);
    const token = created.stdout.split("\n")[0]!;
    const elsewhere = { home: tempDir("coffer-auto-other-"), cwd: where.cwd };
    const login = await runCoffer(["--api-url", server.url, "login", "--api-key", token], elsewhere);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain("scoped API key");
    const run = await runCoffer(["run", "--", process.execPath, "-e", PRINT], elsewhere);
    expect(run.stdout).toBe("hello from coffer");
  });
});

describe("coffer service-accounts", () => {
  it("creates one in this directory's team, mints its key, lists it, and deletes it (its key stops working)", async () => {
    const created = await coffer([
      "service-accounts",
      "create",
      "deployer",
      "--role",
      "viewer",
      "--team",
      "current",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.split("\t")[0]!;
    expect((await coffer(["service-accounts", "list"])).stdout).toContain(`${id}\tdeployer\tViewer`);
    const minted = await coffer([
      "keys",
      "create",
      "ci",
      "--service-account",
      id,
      "--env",
      "current",
      "--read-only",
    ]);
    expect(minted.code, minted.stderr).toBe(0);
    const token = minted.stdout.split("\n")[0]!;
    expect(token).toMatch(/^sk-svc-/);
    const run = await coffer(["run", "--", process.execPath, "-e", PRINT], { COFFER_TOKEN: token });
    expect(run.stdout).toBe("hello from coffer");
    expect((await coffer(["service-accounts", "delete", id])).code).toBe(0);
    const after = await coffer(["run", "--", process.execPath, "-e", PRINT], { COFFER_TOKEN: token });
    expect(after.code).not.toBe(0);
  });

  it("refuses a role it does not know", async () => {
    const wrong = await coffer(["service-accounts", "create", "x", "--role", "owner"]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("--role");
  });
});

describe("CI without a stored secret", () => {
  it("coffer run --oidc-token-env exchanges the job's token and runs with the environment", async () => {
    const account = await httpJson(
      server.url,
      "POST",
      `/workspaces/${ids.workspace_id}/service-accounts`,
      tenant.headers,
      {
        name: "loopback ci",
        role: 0,
        team_ids: [ids.team_id],
      },
    );
    const trust = await httpJson(
      server.url,
      "POST",
      `/workspaces/${ids.workspace_id}/service-accounts/${account.body.id}/trusts`,
      tenant.headers,
      {
        name: "ci",
        issuer: issuer.url,
        audience: "coffer",
        subject: "repo:acme/*",
        access: "read",
        environment_ids: [ids.environment_id],
      },
    );
    expect(trust.status).toBe(201);
    const job = { home: tempDir("coffer-auto-job-"), cwd: where.cwd };
    const jwt = await issuer.token();
    const run = await runCoffer(
      ["run", "--oidc-token-env", "JOB_TOKEN", "--", process.execPath, "-e", PRINT],
      {
        ...job,
        env: { COFFER_API_URL: server.url, JOB_TOKEN: jwt, COFFER_SERVICE_ACCOUNT: account.body.id },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("hello from coffer");
    // The same token again is a replay: refused, with the server's words.
    const replay = await runCoffer(["run", "--", process.execPath, "-e", PRINT], {
      ...job,
      env: { COFFER_API_URL: server.url, COFFER_OIDC_TOKEN: jwt, COFFER_SERVICE_ACCOUNT: account.body.id },
    });
    expect(replay.code).not.toBe(0);
    expect(replay.stderr).toContain("already exchanged");
    // A token with no account named is not sent: only the named account's trusts would be matched.
    const unnamed = await runCoffer(["run", "--", process.execPath, "-e", PRINT], {
      ...job,
      env: { COFFER_API_URL: server.url, COFFER_OIDC_TOKEN: await issuer.token() },
    });
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain("COFFER_SERVICE_ACCOUNT");
  });

  it("coffer ci-setup adds a GitHub Actions trust on a new read-only account and prints the workflow", async () => {
    const setup = await coffer(["ci-setup", "--repo", "acme/payments", "--branch", "main"]);
    expect(setup.code, setup.stderr).toBe(0);
    expect(setup.stdout).toContain("id-token: write");
    expect(setup.stdout).toContain("COFFER_OIDC_TOKEN");
    const accounts = await httpJson(
      server.url,
      "GET",
      `/workspaces/${ids.workspace_id}/service-accounts`,
      tenant.headers,
    );
    const github = accounts.body.find((a: { name: string }) => a.name === "github acme/payments");
    const trusts = await httpJson(
      server.url,
      "GET",
      `/workspaces/${ids.workspace_id}/service-accounts/${github.id}/trusts`,
      tenant.headers,
    );
    expect(trusts.body[0]).toMatchObject({
      issuer: "https://token.actions.githubusercontent.com",
      subject: "repo:acme/payments:ref:refs/heads/main",
      access: "read",
      environment_ids: [ids.environment_id],
    });
  });
});
