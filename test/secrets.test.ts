// Over 400 lines: one capability's contract (one secret at a time over HTTP), read top to bottom.
// One secret at a time over HTTP (spec §2 "Secret", §4 "Secrets", §7 incl. 207, §8; DESIGN.md §3,
// §5, §6, §9): the record's exact fields, versions only for changed values, rotation policy,
// validation (422 in the spec's shape), conflicts, the workspace → … → secret chain, version
// history (a paid capability), per-secret logs, deletion with versions and log. Values that no
// longer decrypt are in secrets-undecryptable.test.ts.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import type { newUser } from "./helpers/factories.ts";
import { callerOf, type Headers, ISO, UUID } from "./helpers/http.ts";
import { SECRET_FIELDS, type Secret } from "./helpers/secret-record.ts";
import { compiledEntry } from "./helpers/server-process.ts";
import { createTree, ownerWithTree, secretsPath, type Tree } from "./helpers/tree.ts";

const t = testAppForSuite();

type User = Awaited<ReturnType<typeof newUser>>;

const CIPHERTEXT = /^v1\.\d+\.[A-Za-z0-9_-]+$/;
const AGENT = "coffer-cli/1.4.2 (secrets-test)";
const ADDRESS = "198.51.100.23";

const call = callerOf(() => t.app, { headers: { "user-agent": AGENT }, extra: { remoteAddress: ADDRESS } });

const setup = () => ownerWithTree(t.app);

async function createSecret(headers: Headers, base: string, body: Record<string, unknown>): Promise<Secret> {
  const response = await call("POST", `${base}/`, headers, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createEnvironment(owner: User, tree: Tree, body: Record<string, unknown>) {
  const response = await call(
    "POST",
    `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`,
    owner.headers,
    { name: `env-${randomUUID().slice(0, 8)}`, environment_type: "dev", ...body },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function setPlanWithCli(workspaceId: string, plan: string) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    COFFER_DATA_DIR: t.config.dataDir,
    COFFER_MASTER_KEY: t.config.masterKey!.toString("base64"),
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [compiledEntry("admin"), "set-plan", workspaceId, plan],
    { env },
  );
  expect(stdout).toContain(`-> ${plan}`);
}

const setPlan = (workspaceId: string, plan: string) =>
  t.db.updateTable("workspaces").set({ plan }).where("id", "=", workspaceId).execute();

function expectValidationError(response: { statusCode: number; json: () => unknown }, loc: unknown[]) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { detail: { loc: unknown[]; msg: string; type: string }[] };
  expect(Array.isArray(body.detail)).toBe(true);
  for (const issue of body.detail) {
    expect(Array.isArray(issue.loc)).toBe(true);
    expect(typeof issue.msg).toBe("string");
    expect(typeof issue.type).toBe("string");
  }
  expect(body.detail.map((issue) => issue.loc)).toContainEqual(loc);
}

describe("POST B/ (create one secret)", () => {
  it("answers 201 with exactly the Secret fields; GET and list return the same record", async () => {
    const { owner, base } = await setup();
    const response = await call("POST", `${base}/`, owner.headers, {
      key: "DATABASE_URL",
      value: "postgres://app:hunter2@db/app",
      description: "primary database",
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(SECRET_FIELDS);
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      key: "DATABASE_URL",
      value: "postgres://app:hunter2@db/app",
      description: "primary database",
      created_at: expect.stringMatching(ISO),
      updated_at: body.created_at,
      current_version: 1,
      environment_type: "dev",
      last_rotated_at: body.created_at,
      rotation_days: 90,
    });

    const read = await call("GET", `${base}/${body.id}`, owner.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
    const list = await call("GET", `${base}/`, owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([body]);
  });

  it("stores a null description when none is sent, and accepts an empty value", async () => {
    const { owner, base } = await setup();
    const secret = await createSecret(owner.headers, base, { key: "_EMPTY", value: "" });
    expect(secret.description).toBeNull();
    expect(secret.value).toBe("");
    const read = await call("GET", `${base}/${secret.id}`, owner.headers);
    expect(read.json()).toMatchObject({ key: "_EMPTY", value: "", description: null });
  });

  it("reports the environment's type and its default_policy as rotation_days, or the secret's own", async () => {
    const { owner, tree } = await setup();
    const environmentId = await createEnvironment(owner, tree, {
      environment_type: "prod",
      default_policy: 30,
    });
    const base = secretsPath({ ...tree, environmentId });

    const inherited = await createSecret(owner.headers, base, { key: "INHERITS", value: "a" });
    expect(inherited).toMatchObject({ environment_type: "prod", rotation_days: 30 });
    const own = await createSecret(owner.headers, base, { key: "OWN", value: "b", rotation_days: 7 });
    expect(own).toMatchObject({ environment_type: "prod", rotation_days: 7 });

    const list = (await call("GET", `${base}/`, owner.headers)).json() as Secret[];
    expect(list.map((s) => [s.key, s.rotation_days])).toEqual([
      ["INHERITS", 30],
      ["OWN", 7],
    ]);

    // PATCH sets a policy of its own, and null gives the environment's back.
    const patched = await call("PATCH", `${base}/${inherited.id}`, owner.headers, { rotation_days: 14 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ rotation_days: 14, current_version: 1 });
    const reset = await call("PATCH", `${base}/${inherited.id}`, owner.headers, { rotation_days: null });
    expect(reset.json().rotation_days).toBe(30);
    const read = await call("GET", `${base}/${own.id}`, owner.headers);
    expect(read.json().rotation_days).toBe(7);
  });

  it("answers 409 conflict with the key when the key exists in the environment, and creates nothing", async () => {
    const { owner, base, tree } = await setup();
    await createSecret(owner.headers, base, { key: "API_TOKEN", value: "one" });
    const trail = `/workspaces/${tree.workspaceId}/audit?action=secret.created&limit=100`;
    const entriesBefore = (await call("GET", trail, owner.headers)).json().length;
    const etagBefore = (await call("GET", `${base}/`, owner.headers)).headers.etag;
    expect(etagBefore).toBeTruthy();
    const response = await call("POST", `${base}/`, owner.headers, { key: "API_TOKEN", value: "two" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict", keys: ["API_TOKEN"] });
    expect(typeof response.json().detail).toBe("string");
    expect(response.body).not.toContain('"two"');
    const listed = await call("GET", `${base}/`, owner.headers);
    expect((listed.json() as Secret[]).map((s) => s.value)).toEqual(["one"]);
    // Nothing of the refused write stays: not the environment's revision, not an audit entry.
    expect(listed.headers.etag).toBe(etagBefore);
    expect((await call("GET", trail, owner.headers)).json()).toHaveLength(entriesBefore);
    // The chain goes on from where it was.
    await createSecret(owner.headers, base, { key: "API_TOKEN_2", value: "three" });
    const verified = await call("GET", `/workspaces/${tree.workspaceId}/audit/verify`, owner.headers);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ holds: true, first_break: null });

    // Keys are unique per environment, not per project.
    const otherEnv = await createEnvironment(owner, tree, {});
    await createSecret(owner.headers, secretsPath({ ...tree, environmentId: otherEnv }), {
      key: "API_TOKEN",
      value: "elsewhere",
    });
  });
});

describe("validation (422 in the spec's shape)", () => {
  let owner: User;
  let base: string;
  beforeAll(async () => {
    ({ owner, base } = await setup());
  });

  const cases: [string, Record<string, unknown>, (string | number)[]][] = [
    ["a key starting with a digit", { key: "1ABC", value: "x" }, ["body", "key"]],
    ["a key with a dash", { key: "A-B", value: "x" }, ["body", "key"]],
    ["an empty key", { key: "", value: "x" }, ["body", "key"]],
    ["a key of 257 characters", { key: "K".repeat(257), value: "x" }, ["body", "key"]],
    ["a missing key", { value: "x" }, ["body", "key"]],
    ["a missing value", { key: "NO_VALUE" }, ["body", "value"]],
    ["a value that is a number", { key: "NUMERIC", value: 42 }, ["body", "value"]],
    [
      "a description of 1,025 characters",
      { key: "D", value: "x", description: "d".repeat(1025) },
      ["body", "description"],
    ],
    ["rotation_days 0", { key: "R", value: "x", rotation_days: 0 }, ["body", "rotation_days"]],
    ["rotation_days as a string", { key: "R", value: "x", rotation_days: "30" }, ["body", "rotation_days"]],
    ["a value of 65,537 characters", { key: "BIG", value: "v".repeat(65_537) }, ["body", "value"]],
  ];
  for (const [name, payload, loc] of cases) {
    it(`refuses ${name} with loc ${JSON.stringify(loc)} and creates nothing`, async () => {
      const response = await call("POST", `${base}/`, owner.headers, payload);
      expectValidationError(response, loc);
      const list = (await call("GET", `${base}/`, owner.headers)).json() as Secret[];
      expect(list).toEqual([]);
    });
  }

  it("never echoes a refused value in the 422 body", async () => {
    const response = await call("POST", `${base}/`, owner.headers, {
      key: "1BAD",
      value: "do-not-echo-this-value",
      description: "x".repeat(1025),
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).not.toContain("do-not-echo-this-value");
  });

  it("accepts a key of 256 characters and a value of exactly 64 KiB", async () => {
    const key = `K${"_".repeat(255)}`;
    const value = "v".repeat(64 * 1024);
    const secret = await createSecret(owner.headers, base, { key, value });
    expect(secret.key).toBe(key);
    const read = await call("GET", `${base}/${secret.id}`, owner.headers);
    expect(read.json().value).toBe(value);
    await call("DELETE", `${base}/${secret.id}`, owner.headers);
  });

  it("refuses a multi-byte value over 64 KiB in UTF-8 though under 65,536 characters", async () => {
    const value = "€".repeat(21_846); // 3 bytes each: 65,538 bytes in 21,846 characters
    expect(Buffer.byteLength(value, "utf8")).toBeGreaterThan(64 * 1024);
    const response = await call("POST", `${base}/`, owner.headers, { key: "EUROS", value });
    expectValidationError(response, ["body", "value"]);
    expect(response.body).not.toContain("€€€");

    // The same limit applies to PATCH, and a value of exactly 64 KiB in multi-byte form passes.
    const secret = await createSecret(owner.headers, base, { key: "EUROS", value: "€" });
    const patch = await call("PATCH", `${base}/${secret.id}`, owner.headers, { value });
    expectValidationError(patch, ["body", "value"]);
    const exact = "é".repeat(32 * 1024); // 2 bytes each: 65,536 bytes
    const ok = await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: exact });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ value: exact, current_version: 2 });
    await call("DELETE", `${base}/${secret.id}`, owner.headers);
  });

  it("refuses PATCH bodies with a bad key, value type, description or rotation_days", async () => {
    const secret = await createSecret(owner.headers, base, { key: "PATCH_ME", value: "keep" });
    for (const [payload, loc] of [
      [{ key: "1ABC" }, ["body", "key"]],
      [{ key: "A-B" }, ["body", "key"]],
      [{ value: 42 }, ["body", "value"]],
      [{ description: "d".repeat(1025) }, ["body", "description"]],
      [{ rotation_days: 0 }, ["body", "rotation_days"]],
    ] as const) {
      const response = await call("PATCH", `${base}/${secret.id}`, owner.headers, payload);
      expectValidationError(response, [...loc]);
    }
    const read = (await call("GET", `${base}/${secret.id}`, owner.headers)).json();
    expect(read).toMatchObject({ key: "PATCH_ME", value: "keep", current_version: 1 });
    await call("DELETE", `${base}/${secret.id}`, owner.headers);
  });

  it("refuses version=0 and version=abc on the list with loc ['query','version']", async () => {
    for (const version of ["0", "abc", "-1", "1.5"]) {
      const response = await call("GET", `${base}/?version=${version}`, owner.headers);
      expectValidationError(response, ["query", "version"]);
    }
  });

  it("refuses a malformed secret_id with 422 on every per-secret endpoint", async () => {
    for (const [method, suffix] of [
      ["GET", ""],
      ["PATCH", ""],
      ["DELETE", ""],
      ["GET", "/versions"],
      ["GET", "/logs"],
    ] as const) {
      const response = await call(
        method,
        `${base}/not-a-uuid${suffix}`,
        owner.headers,
        method === "PATCH" ? { description: "x" } : undefined,
      );
      expectValidationError(response, ["path", "secret_id"]);
    }
  });
});

describe("PATCH B/{secret_id}", () => {
  it("makes a version only for a changed value; key and description change in place", async () => {
    const { owner, base } = await setup();
    const created = await createSecret(owner.headers, base, { key: "STRIPE_KEY", value: "sk_live_1" });
    expect(created.last_rotated_at).toBe(created.created_at);

    t.clock.advance(2);
    const described = await call("PATCH", `${base}/${created.id}`, owner.headers, {
      description: "payments",
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(Object.keys(described.json()).sort()).toEqual(SECRET_FIELDS);
    expect(described.json()).toMatchObject({
      id: created.id,
      key: "STRIPE_KEY",
      value: "sk_live_1",
      description: "payments",
      current_version: 1,
      created_at: created.created_at,
      last_rotated_at: created.created_at,
    });
    expect(described.json().updated_at > created.updated_at).toBe(true);

    t.clock.advance(2);
    const renamed = await call("PATCH", `${base}/${created.id}`, owner.headers, { key: "STRIPE_SECRET" });
    expect(renamed.json()).toMatchObject({
      key: "STRIPE_SECRET",
      value: "sk_live_1",
      description: "payments",
      current_version: 1,
      last_rotated_at: created.created_at,
    });

    t.clock.advance(2);
    const same = await call("PATCH", `${base}/${created.id}`, owner.headers, { value: "sk_live_1" });
    expect(same.json()).toMatchObject({ current_version: 1, last_rotated_at: created.created_at });

    t.clock.advance(2);
    const rotated = await call("PATCH", `${base}/${created.id}`, owner.headers, { value: "sk_live_2" });
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json();
    expect(body).toMatchObject({ key: "STRIPE_SECRET", value: "sk_live_2", current_version: 2 });
    expect(body.last_rotated_at > created.created_at).toBe(true);
    expect(body.last_rotated_at).toBe(body.updated_at);
    expect(body.created_at).toBe(created.created_at);

    t.clock.advance(2);
    const all = await call("PATCH", `${base}/${created.id}`, owner.headers, {
      key: "STRIPE_KEY",
      value: "sk_live_3",
      description: null,
    });
    expect(all.json()).toMatchObject({
      key: "STRIPE_KEY",
      value: "sk_live_3",
      description: null,
      current_version: 3,
    });
    expect(all.json().last_rotated_at > body.last_rotated_at).toBe(true);

    // A description-only PATCH after a rotation keeps the rotation time.
    t.clock.advance(2);
    const later = await call("PATCH", `${base}/${created.id}`, owner.headers, { description: "again" });
    expect(later.json()).toMatchObject({ current_version: 3, last_rotated_at: all.json().last_rotated_at });

    const read = await call("GET", `${base}/${created.id}`, owner.headers);
    expect(read.json()).toEqual(later.json());
  });

  it("answers 409 when renaming onto an existing key, and changes nothing", async () => {
    const { owner, base } = await setup();
    const a = await createSecret(owner.headers, base, { key: "ALPHA", value: "a" });
    await createSecret(owner.headers, base, { key: "BETA", value: "b" });
    const response = await call("PATCH", `${base}/${a.id}`, owner.headers, { key: "BETA", value: "changed" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict", keys: ["BETA"] });
    const read = await call("GET", `${base}/${a.id}`, owner.headers);
    expect(read.json()).toEqual(a);

    // Renaming onto its own key is no conflict.
    const self = await call("PATCH", `${base}/${a.id}`, owner.headers, { key: "ALPHA" });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ key: "ALPHA", current_version: 1 });
  });
});

describe("the workspace → team → project → environment → secret chain", () => {
  it("answers 404 for a secret, environment or team from somewhere else than the path says", async () => {
    const { owner, tree, base } = await setup();
    const mine = await createSecret(owner.headers, base, { key: "MINE", value: "m" });

    // A secret of another environment of the same project.
    const otherEnv = await createEnvironment(owner, tree, {});
    const otherEnvBase = secretsPath({ ...tree, environmentId: otherEnv });
    const elsewhere = await createSecret(owner.headers, otherEnvBase, { key: "ELSEWHERE", value: "e" });

    // An environment of another project of the same team.
    const project = await call("POST", `/projects/${tree.workspaceId}/${tree.teamId}/`, owner.headers, {
      name: `other-${randomUUID().slice(0, 6)}`,
    });
    const otherProject = project.json().id as string;
    const foreignEnv = await call(
      "POST",
      `/environments/${tree.workspaceId}/${tree.teamId}/${otherProject}/`,
      owner.headers,
      { name: "Foreign", environment_type: "dev" },
    );
    const foreignEnvId = foreignEnv.json().id as string;

    // A team of another workspace the same owner holds.
    const workspace = await call("POST", "/workspaces/", owner.headers, { name: "Second" });
    const secondTree = await createTree(t.app, owner.accessToken, workspace.json().id);
    const secondSecret = await createSecret(owner.headers, secretsPath(secondTree), {
      key: "SECOND",
      value: "s",
    });

    // Pro plans, so that the version history answers on the chain and not on the plan.
    await setPlan(tree.workspaceId, "pro");
    await setPlan(secondTree.workspaceId, "pro");
    const wrong: [string, string][] = [
      ["secret of another environment", `${base}/${elsewhere.id}`],
      ["unknown secret id", `${base}/${randomUUID()}`],
      [
        "environment of another project",
        `${secretsPath({ ...tree, environmentId: foreignEnvId })}/${mine.id}`,
      ],
      [
        "team of another workspace",
        `${secretsPath({ ...tree, teamId: secondTree.teamId, projectId: secondTree.projectId, environmentId: secondTree.environmentId })}/${secondSecret.id}`,
      ],
      ["secret of another workspace under this one's environment", `${base}/${secondSecret.id}`],
    ];
    for (const [name, url] of wrong) {
      for (const method of ["GET", "PATCH", "DELETE"] as const) {
        const response = await call(
          method,
          url,
          owner.headers,
          method === "PATCH" ? { value: "overwritten" } : undefined,
        );
        expect(response.statusCode, `${method} ${name}: ${response.body}`).toBe(404);
        expect(response.json().code).toBe("not_found");
      }
      for (const suffix of ["/versions", "/logs"]) {
        const response = await call("GET", `${url}${suffix}`, owner.headers);
        expect(response.statusCode, `GET ${suffix} ${name}`).toBe(404);
      }
    }
    // A list or create under a broken chain is a 404 too.
    const brokenBase = secretsPath({ ...tree, environmentId: foreignEnvId });
    expect((await call("GET", `${brokenBase}/`, owner.headers)).statusCode).toBe(404);
    expect((await call("POST", `${brokenBase}/`, owner.headers, { key: "X", value: "x" })).statusCode).toBe(
      404,
    );

    // Nothing moved.
    for (const [url, expected] of [
      [`${otherEnvBase}/${elsewhere.id}`, elsewhere],
      [`${secretsPath(secondTree)}/${secondSecret.id}`, secondSecret],
      [`${base}/${mine.id}`, mine],
    ] as const) {
      const read = await call("GET", url, owner.headers);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(expected);
    }
  });
});

describe("GET B/ with ?version", () => {
  it("reads each secret at version n, or at its newest when it has fewer", async () => {
    const { owner, base } = await setup();
    const a = await createSecret(owner.headers, base, { key: "A", value: "a1" });
    const b = await createSecret(owner.headers, base, { key: "B", value: "b1" });
    await call("PATCH", `${base}/${a.id}`, owner.headers, { value: "a2" });
    await call("PATCH", `${base}/${a.id}`, owner.headers, { value: "a3" });
    await call("PATCH", `${base}/${b.id}`, owner.headers, { description: "no new version" });

    const valuesAt = async (query: string) => {
      const response = await call("GET", `${base}/${query}`, owner.headers);
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json() as Secret[];
      for (const secret of list) expect(Object.keys(secret).sort()).toEqual(SECRET_FIELDS);
      return list.map((s) => [s.key, s.value]);
    };
    // A's value at each version asked for (none, or past the last: the current one); B never changed.
    for (const [query, valueOfA] of [
      ["", "a3"],
      ["?version=1", "a1"],
      ["?version=2", "a2"],
      ["?version=3", "a3"],
      ["?version=99", "a3"],
    ] as const) {
      expect(await valuesAt(query)).toEqual([
        ["A", valueOfA],
        ["B", "b1"],
      ]);
    }
  });

  it("returns an empty array for an environment without secrets", async () => {
    const { owner, base } = await setup();
    const response = await call("GET", `${base}/`, owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe("GET B/{secret_id}/versions", () => {
  it("answers 402 plan_required on the free plan", async () => {
    const { owner, base } = await setup();
    const secret = await createSecret(owner.headers, base, { key: "FREE", value: "f" });
    const response = await call("GET", `${base}/${secret.id}/versions`, owner.headers);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: "plan_required" });
    expect(typeof response.json().detail).toBe("string");
  });

  it("after set-plan pro, lists every version's ciphertext newest first, never the plaintext", async () => {
    const { owner, tree, base } = await setup();
    await setPlanWithCli(tree.workspaceId, "pro");
    const values = ["first-plaintext-value", "second-plaintext-value", "third-plaintext-value"];
    const secret = await createSecret(owner.headers, base, { key: "VERSIONED", value: values[0] });
    t.clock.advance(1);
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: values[1] });
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { description: "no version" });
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: values[1] });
    t.clock.advance(1);
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: values[2] });

    const response = await call("GET", `${base}/${secret.id}/versions`, owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    const versions = response.json() as { version: number; ciphertext: string; created_at: string }[];
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    for (const version of versions) {
      expect(Object.keys(version).sort()).toEqual([
        "author",
        "ciphertext",
        "created_at",
        "restored_from_version",
        "version",
      ]);
      expect(version.ciphertext).toMatch(CIPHERTEXT);
      expect(version.created_at).toMatch(ISO);
    }
    expect(new Set(versions.map((v) => v.ciphertext)).size).toBe(3);
    expect(versions[0]!.created_at >= versions[2]!.created_at).toBe(true);
    for (const value of values) {
      expect(response.body).not.toContain(value);
      expect(response.body).not.toContain(Buffer.from(value).toString("base64url"));
    }
    // The newest version's ciphertext is the one stored on the row.
    const row = await t.db
      .selectFrom("secrets")
      .select("ciphertext")
      .where("id", "=", secret.id)
      .executeTakeFirstOrThrow();
    expect(row.ciphertext).toBe(versions[0]!.ciphertext);
    for (const value of values) expect(row.ciphertext).not.toContain(value);
  });
});

describe("GET B/{secret_id}/logs and DELETE B/{secret_id}", () => {
  it("lists the secret's entries newest first, with actor, address and agent, never the value", async () => {
    const { owner, base } = await setup();
    const value = `plain-${randomUUID()}`;
    const secret = await createSecret(owner.headers, base, { key: "LOGGED", value });
    t.clock.advance(1);
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: `${value}-2` });
    t.clock.advance(1);
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { description: "described" });

    const response = await call("GET", `${base}/${secret.id}/logs`, owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json();
    expect(entries.map((e: { action: string; version: number }) => [e.action, e.version])).toEqual([
      ["secret.updated", 2],
      ["secret.updated", 2],
      ["secret.created", 1],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor: { type: "user", id: owner.id, user_id: owner.id, name: owner.email },
        ip_address: ADDRESS,
        user_agent: AGENT,
        created_at: expect.stringMatching(ISO),
        secret_id: secret.id,
      });
    }
    expect(entries[0].created_at > entries[2].created_at).toBe(true);
    expect(response.body).not.toContain(value);
  });

  it("deletes the secret with its versions and its log; the workspace trail keeps what happened to it", async () => {
    const { owner, tree, base } = await setup();
    const value = `gone-${randomUUID()}`;
    const secret = await createSecret(owner.headers, base, { key: "DOOMED", value });
    const keep = await createSecret(owner.headers, base, { key: "KEPT", value: "kept" });
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: `${value}-2` });

    const deleted = await call("DELETE", `${base}/${secret.id}`, owner.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: secret.id });

    expect((await call("GET", `${base}/${secret.id}`, owner.headers)).statusCode).toBe(404);
    expect((await call("GET", `${base}/${secret.id}/logs`, owner.headers)).statusCode).toBe(404);
    expect((await call("DELETE", `${base}/${secret.id}`, owner.headers)).statusCode).toBe(404);
    const versions = await t.db
      .selectFrom("secret_versions")
      .select("version")
      .where("secret_id", "=", secret.id)
      .execute();
    expect(versions).toEqual([]);

    const audit = `/workspaces/${tree.workspaceId}/audit`;
    const created = (await call("GET", `${audit}?action=secret.created`, owner.headers)).json() as {
      secret_id: string;
      resource_id: string;
    }[];
    // An audit trail that a delete could shorten would let a delete hide what came before it.
    expect(created.some((e) => e.secret_id === secret.id)).toBe(true);
    expect(created.some((e) => e.secret_id === keep.id)).toBe(true);
    const updated = (await call("GET", `${audit}?action=secret.updated`, owner.headers)).json() as {
      secret_id: string;
    }[];
    expect(updated.some((e) => e.secret_id === secret.id)).toBe(true);
    const gone = (await call("GET", `${audit}?action=secret.deleted`, owner.headers)).json() as {
      resource_id: string;
      actor: { id: string };
    }[];
    expect(gone.filter((e) => e.resource_id === secret.id)).toHaveLength(1);
    expect(gone[0]!.actor.id).toBe(owner.id);

    const list = (await call("GET", `${base}/`, owner.headers)).json() as Secret[];
    expect(list.map((s) => s.id)).toEqual([keep.id]);
  });

  it("keeps every plaintext value out of the workspace audit trail and the logs", async () => {
    const { owner, tree, base } = await setup();
    const values = [`v1-${randomUUID()}`, `v2-${randomUUID()}`, `v3-${randomUUID()}`];
    const secret = await createSecret(owner.headers, base, {
      key: "NEVER_LOGGED",
      value: values[0],
      description: "audited",
    });
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: values[1], key: "RENAMED" });
    const other = await createSecret(owner.headers, base, { key: "OTHER", value: values[2] });
    await call("DELETE", `${base}/${other.id}`, owner.headers);

    const audit = await call("GET", `/workspaces/${tree.workspaceId}/audit?limit=1000`, owner.headers);
    const logs = await call("GET", `${base}/${secret.id}/logs`, owner.headers);
    expect(audit.statusCode).toBe(200);
    expect(logs.statusCode).toBe(200);
    expect(audit.json().length).toBeGreaterThanOrEqual(4);
    for (const value of values) {
      expect(audit.body).not.toContain(value);
      expect(logs.body).not.toContain(value);
    }
    const rows = await t.db
      .selectFrom("audit_events")
      .select("details")
      .where("workspace_id", "=", tree.workspaceId)
      .execute();
    for (const value of values) expect(JSON.stringify(rows)).not.toContain(value);
  });
});

describe("concurrent writes", () => {
  it("keeps every concurrent value change as its own version; a description PATCH undoes none", async () => {
    const { owner, tree, base } = await setup();
    await setPlan(tree.workspaceId, "pro");
    const secret = await createSecret(owner.headers, base, { key: "RACED", value: "v0" });
    const responses = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        call("PATCH", `${base}/${secret.id}`, owner.headers, { value: `v${i + 1}` }),
      ),
      call("PATCH", `${base}/${secret.id}`, owner.headers, { description: "described meanwhile" }),
      call("PATCH", `${base}/${secret.id}`, owner.headers, { rotation_days: 12 }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const versions = (await call("GET", `${base}/${secret.id}/versions`, owner.headers)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const read = (await call("GET", `${base}/${secret.id}`, owner.headers)).json() as Secret;
    expect(read).toMatchObject({ current_version: 7, description: "described meanwhile", rotation_days: 12 });
    // The value is the one of whichever value PATCH answered with version 7.
    const last = responses.find((r) => r.json().current_version === 7)!;
    expect(read.value).toBe(last.json().value);
    expect(read.value).toMatch(/^v[1-6]$/);
    // And the secret still takes new values.
    const next = await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: "v-next" });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().current_version).toBe(8);
  });

  it("lets exactly one of ten concurrent creates of one key win; the rest answer 409", async () => {
    const { owner, base } = await setup();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call("POST", `${base}/`, owner.headers, { key: "ONCE", value: `${i}` }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: "conflict", keys: ["ONCE"] });
    }
    const list = (await call("GET", `${base}/`, owner.headers)).json() as Secret[];
    expect(list).toHaveLength(1);
  });

  it("reads the newest version for a version number beyond any column's range", async () => {
    const { owner, base } = await setup();
    const secret = await createSecret(owner.headers, base, { key: "BIG_N", value: "one" });
    await call("PATCH", `${base}/${secret.id}`, owner.headers, { value: "two" });
    for (const version of ["2147483647", "2147483648", "99999999999", "1e3"]) {
      const response = await call("GET", `${base}/?version=${version}`, owner.headers);
      expect(response.statusCode, `${version}: ${response.body}`).toBe(200);
      expect(response.json().map((s: Secret) => s.value)).toEqual(["two"]);
    }
  });
});
