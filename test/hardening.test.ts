// Regression tests for the hardening issue: inputs that used to crash the process, answer 500 or
// amplify a response (huge arrays, NUL bytes, deep JSON), races on the last Owner, the permission
// check that failed open, deleting more secrets than one IN list holds. What a real port answers
// and logs: hardening-real-port.test.ts.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { can, Role } from "../src/auth/policy.ts";
import { bearer, createApiKey, newUser } from "./helpers/factories.ts";
import { type Headers, send } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { createTree, newMember, secretsPath, type Tree } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite({ captureLogs: true });
let headers: Headers;

beforeAll(async () => {
  headers = { "x-api-key": (await createApiKey(t.app, owner.accessToken)).token };
});

function expect422(response: { statusCode: number; json: () => unknown }, loc: unknown[], type: string) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { detail: { loc: unknown[]; type: string }[] };
  expect(body.detail.length).toBeGreaterThanOrEqual(1);
  expect(body.detail.length).toBeLessThanOrEqual(20);
  expect(body.detail).toContainEqual(expect.objectContaining({ loc, type }));
}

async function secretKeys(app: FastifyInstance, tr: Tree, h: Headers) {
  const list = await send(app, "GET", `${secretsPath(tr)}/`, h);
  expect(list.statusCode).toBe(200);
  return (list.json() as { key: string }[]).map((s) => s.key).sort();
}

describe("oversized arrays never cost more than a small answer", () => {
  it("refuses a bulk body of 2,000,000 wrong-typed items with one short 422", async () => {
    const payload = `{"secrets":[${new Array(2_000_000).fill("1").join(",")}]}`;
    const response = await t.app.inject({
      method: "POST",
      url: `${secretsPath(tree)}/bulk`,
      headers: { ...headers, "content-type": "application/json" },
      payload,
    });
    expect422(response, ["body", "secrets"], "too_long");
    expect(response.body.length).toBeLessThan(1024);
  });

  it("refuses 100,000 items on bulk PATCH and share with one short 422, and changes nothing", async () => {
    const before = await secretKeys(t.app, tree, headers);
    const items = new Array(100_000).fill(1);
    for (const [method, url, body] of [
      ["PATCH", `${secretsPath(tree)}/`, { secrets: items }],
      ["POST", `${secretsPath(tree)}/share`, { secret_ids: items }],
    ] as const) {
      const response = await send(t.app, method, url, headers, body);
      expect422(response, method === "PATCH" ? ["body", "secrets"] : ["body", "secret_ids"], "too_long");
      expect(response.body.length).toBeLessThan(1024);
    }
    expect(await secretKeys(t.app, tree, headers)).toEqual(before);
  });

  it("reports at most 20 problems for a batch of 1,000 bad items", async () => {
    const secrets = Array.from({ length: 1000 }, () => ({ key: "1-not-a-name", value: 7 }));
    const response = await send(t.app, "POST", `${secretsPath(tree)}/bulk`, headers, { secrets });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toHaveLength(20);
    expect(response.body.length).toBeLessThan(8 * 1024);
  });

  it("accepts a bulk batch of exactly 1,000 secrets", async () => {
    const tr = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const secrets = Array.from({ length: 1000 }, (_, i) => ({ key: `K_${i}`, value: `v${i}` }));
    const response = await send(t.app, "POST", `${secretsPath(tr)}/bulk`, headers, { secrets });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toHaveLength(1000);
  });

  it("answers 413 in the error shape past the body limits (1 MiB, 16 MiB on bulk routes)", async () => {
    const single = await send(t.app, "POST", `${secretsPath(tree)}/`, headers, {
      key: "BIG",
      value: "x".repeat(1024 * 1024 + 1),
    });
    expect(single.statusCode).toBe(413);
    expect(single.json()).toEqual({ detail: expect.any(String), code: "payload_too_large" });

    const secrets = Array.from({ length: 300 }, (_, i) => ({ key: `B_${i}`, value: "y".repeat(60_000) }));
    const bulk = await send(t.app, "POST", `${secretsPath(tree)}/bulk`, headers, { secrets });
    expect(bulk.statusCode).toBe(413);
    expect(bulk.json().code).toBe("payload_too_large");
  });
});

describe("NUL characters are refused in every text field, on both engines", () => {
  const nul = "bad\u0000name";
  const cases: {
    name: string;
    request: () => [method: "POST" | "PATCH" | "GET", string, unknown];
    loc: unknown[];
    /** Sent with the Owner's session instead of the API key. */
    session?: boolean;
  }[] = [
    { name: "workspace name", request: () => ["POST", "/workspaces/", { name: nul }], loc: ["body", "name"] },
    {
      name: "team name",
      request: () => ["POST", `/teams/${tree.workspaceId}/`, { name: nul }],
      loc: ["body", "name"],
    },
    {
      name: "project name",
      request: () => ["POST", `/projects/${tree.workspaceId}/${tree.teamId}/`, { name: nul }],
      loc: ["body", "name"],
    },
    {
      name: "a value inside proj_metadata",
      request: () => [
        "POST",
        `/projects/${tree.workspaceId}/${tree.teamId}/`,
        { name: "ok", proj_metadata: { repo: { url: nul } } },
      ],
      loc: ["body", "proj_metadata", "repo", "url"],
    },
    {
      name: "environment name",
      request: () => [
        "POST",
        `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`,
        { name: nul, environment_type: "dev" },
      ],
      loc: ["body", "name"],
    },
    {
      name: "secret value",
      request: () => ["POST", `${secretsPath(tree)}/`, { key: "NUL_VALUE", value: nul }],
      loc: ["body", "value"],
    },
    {
      name: "secret description",
      request: () => ["POST", `${secretsPath(tree)}/`, { key: "NUL_DESC", value: "v", description: nul }],
      loc: ["body", "description"],
    },
    {
      name: "bulk secret value",
      request: () => ["POST", `${secretsPath(tree)}/bulk`, { secrets: [{ key: "NUL_BULK", value: nul }] }],
      loc: ["body", "secrets", 0, "value"],
    },
    // Minting a key needs a session: an API key is refused before its body is read.
    {
      name: "API key name",
      request: () => ["POST", "/keys/", { name: nul }],
      loc: ["body", "name"],
      session: true,
    },
    {
      name: "profile name",
      request: () => ["PATCH", "/auth/me", { first_name: nul }],
      loc: ["body", "first_name"],
    },
    {
      name: "invite email",
      request: () => [
        "POST",
        `/invite/${tree.workspaceId}`,
        { invitee_email: `a${nul}@example.com`, role: 0 },
      ],
      loc: ["body", "invitee_email"],
    },
    {
      name: "a query parameter",
      request: () => ["POST", `/invite/validate?token=abc%00def`, undefined],
      loc: ["query", "token"],
    },
  ];

  for (const c of cases) {
    it(`answers 422 string_nul for a NUL in the ${c.name}`, async () => {
      const [method, url, payload] = c.request();
      const response = await send(t.app, method, url, c.session ? owner.headers : headers, payload);
      expect422(response, c.loc, "string_nul");
    });
  }

  it("answers 422 for a NUL in sign-up, and no account is made", async () => {
    const email = `nul-${randomUUID().slice(0, 8)}@example.com`;
    const response = await send(
      t.app,
      "POST",
      "/auth/get-started",
      {},
      {
        email,
        first_name: "N\u0000ul",
        last_name: "Byte",
        password: "correct horse battery",
        created_at: new Date().toISOString(),
      },
    );
    expect422(response, ["body", "first_name"], "string_nul");
    const login = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ username: email, password: "correct horse battery" }).toString(),
    });
    expect(login.statusCode).toBe(401);
  });

  it("answers a sign-in with a NUL in the email or password as a wrong one: 401 invalid_credentials", async () => {
    for (const form of [
      { username: `${owner.email}\u0000`, password: "correct horse battery" },
      { username: owner.email, password: "correct horse\u0000battery" },
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(form).toString(),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: "Incorrect email or password", code: "invalid_credentials" });
    }
  });

  it("refuses a NUL inside an object key of free-form metadata", async () => {
    const response = await send(t.app, "POST", `/projects/${tree.workspaceId}/${tree.teamId}/`, headers, {
      name: "ok",
      proj_metadata: { "a\u0000b": 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].type).toBe("string_nul");
  });
});

describe("deep JSON is bounded before anything stringifies it", () => {
  const nested = (depth: number): unknown => {
    let value: unknown = "leaf";
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };

  it("refuses proj_metadata nested 5,000 deep with 422 too_deep, and creates nothing", async () => {
    const url = `/projects/${tree.workspaceId}/${tree.teamId}/`;
    const before = (await send(t.app, "GET", url, headers)).json().length;
    const payload = `{"name":"deep","proj_metadata":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`;
    const response = await t.app.inject({
      method: "POST",
      url,
      headers: { ...headers, "content-type": "application/json" },
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].type).toBe("too_deep");
    expect(response.body.length).toBeLessThan(2048);
    expect((await send(t.app, "GET", url, headers)).json().length).toBe(before);
  });

  it("accepts metadata up to the depth limit (32 levels counting the body) and refuses one level more", async () => {
    const url = `/projects/${tree.workspaceId}/${tree.teamId}/`;
    // The body is level 1 and proj_metadata level 2: 31 nested objects end at level 32.
    const ok = await send(t.app, "POST", url, headers, { name: "deep-ok", proj_metadata: nested(31) });
    expect(ok.statusCode).toBe(201);
    const tooDeep = await send(t.app, "POST", url, headers, { name: "deep-no", proj_metadata: nested(32) });
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json().detail[0].type).toBe("too_deep");
  });
});

describe("the last Owner under concurrency", () => {
  it("two Owners demoting each other at once leave exactly one Owner (ten rounds)", async () => {
    for (let round = 0; round < 10; round++) {
      const a = await newUser(t.app);
      const b = await newMember(t.app, t.db, a.workspaceId, Role.Owner);
      const demote = (actor: { accessToken: string }, target: string) =>
        send(t.app, "PATCH", `/workspaces/${a.workspaceId}/members/${target}`, bearer(actor.accessToken), {
          role: Role.Admin,
        });
      const [one, two] = await Promise.all([demote(a, b.id), demote(b, a.id)]);
      const statuses = [one.statusCode, two.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const members = (
        await send(t.app, "GET", `/workspaces/${a.workspaceId}/members`, bearer(a.accessToken))
      ).json() as { role: number }[];
      expect(members.filter((m) => m.role === Role.Owner)).toHaveLength(1);
    }
  });

  it("an Owner demoted a moment ago can no longer remove anyone", async () => {
    const a = await newUser(t.app);
    const b = await newMember(t.app, t.db, a.workspaceId, Role.Owner);
    const c = await newMember(t.app, t.db, a.workspaceId, Role.Member);
    // b's role is read (and cached) as Owner, then a demotes b.
    expect(
      (await send(t.app, "GET", `/workspaces/${a.workspaceId}/members`, bearer(b.accessToken))).statusCode,
    ).toBe(200);
    const demoted = await send(
      t.app,
      "PATCH",
      `/workspaces/${a.workspaceId}/members/${b.id}`,
      bearer(a.accessToken),
      {
        role: Role.Member,
      },
    );
    expect(demoted.statusCode).toBe(200);
    const removal = await send(
      t.app,
      "DELETE",
      `/workspaces/${a.workspaceId}/members/${c.id}`,
      bearer(b.accessToken),
    );
    expect(removal.statusCode).toBe(403);
  });
});

describe("the permission check fails closed", () => {
  it("refuses a team rule asked without a team to Viewers and Members, allows it to Admins", () => {
    expect(can({ role: Role.Member, teamIds: new Set(["t1"]) }, "secret.read")).toBe(false);
    expect(can({ role: Role.Viewer }, "team.read")).toBe(false);
    expect(can({ role: Role.Admin }, "secret.read")).toBe(true);
    expect(can({ role: Role.Member, teamIds: new Set(["t1"]) }, "secret.read", { teamId: "t1" })).toBe(true);
  });

  it("lists only their own teams to Viewers through the explicit team.list rule", async () => {
    const other = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const viewer = await newMember(t.app, t.db, owner.workspaceId, Role.Viewer, [other.teamId]);
    const list = await send(t.app, "GET", `/teams/${owner.workspaceId}/`, bearer(viewer.accessToken));
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: string }[]).map((team) => team.id)).toEqual([other.teamId]);
  });
});

describe("deleting every secret of a large environment", () => {
  it("deletes 33,000 secrets (more than one SQLite IN list holds), the trail keeping their entries", async () => {
    const tr = await createTree(t.app, owner.accessToken, owner.workspaceId);
    for (let batch = 0; batch < 33; batch++) {
      const secrets = Array.from({ length: 1000 }, (_, i) => ({ key: `S_${batch}_${i}`, value: "v" }));
      const response = await send(t.app, "POST", `${secretsPath(tr)}/bulk`, headers, { secrets });
      expect(response.statusCode).toBe(201);
    }
    const secretLogs = async () => {
      const row = await t.db
        .selectFrom("audit_events")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("workspace_id", "=", tr.workspaceId)
        .where("secret_id", "is not", null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    const before = await secretLogs();
    const deleted = await send(t.app, "DELETE", `${secretsPath(tr)}/`, headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 33_000 });
    expect(await secretKeys(t.app, tr, headers)).toEqual([]);
    // A delete does not shorten the trail (docs/audit.md).
    expect(await secretLogs()).toBe(before);
  }, 120_000);
});
