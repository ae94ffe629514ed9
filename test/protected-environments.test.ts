// Issue 36, item 4: an Admin may mark an environment protected. Members (their sessions, their
// keys, Member service accounts) still read it, but every write into it answers 403
// environment_protected; Admins and Owners (and keys they hold, Admin service accounts) write as
// before; a read-only key is refused as read-only, a Viewer as a Viewer.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { bearer, createApiKey } from "./helpers/factories.ts";
import { callerOf, type Headers, statusOf } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { newMember, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite({ env: { COFFER_DEFAULT_PLAN: "pro" } });
let environments = "";
let production = "";
let secretId = "";

const send = callerOf(() => t.app);

async function serviceAccountKey(role: number): Promise<Headers> {
  const base = `/workspaces/${tree.workspaceId}/service-accounts`;
  const account = await send("POST", base, owner.headers, {
    name: `sa-${randomUUID().slice(0, 8)}`,
    role,
    team_ids: [tree.teamId],
  });
  expect(account.statusCode, account.body).toBe(201);
  const key = await send("POST", `${base}/${account.json().id}/keys`, owner.headers, { name: "ci" });
  expect(key.statusCode, key.body).toBe(201);
  return bearer(key.json().token);
}

/** Every write into an environment, each harmless for a caller it lets through (a missing id: 404). */
const WRITES: { name: string; call: (headers: Headers) => ReturnType<typeof send>; destructive?: true }[] = [
  {
    name: "create a secret",
    call: (h) =>
      send("POST", `${secretsPath(tree, production)}/`, h, {
        key: `K_${randomUUID().slice(0, 6)}`,
        value: "v",
      }),
  },
  {
    name: "bulk create",
    call: (h) =>
      send("POST", `${secretsPath(tree, production)}/bulk`, h, {
        secrets: [{ key: `B_${randomUUID().slice(0, 6)}`, value: "v" }],
      }),
  },
  {
    name: "update a secret",
    call: (h) => send("PATCH", `${secretsPath(tree, production)}/${secretId}`, h, { value: "w" }),
  },
  {
    name: "bulk update",
    call: (h) =>
      send("PATCH", `${secretsPath(tree, production)}/`, h, {
        secrets: [{ key: "DATABASE_URL", value: "w" }],
      }),
  },
  {
    name: "delete a secret",
    call: (h) => send("DELETE", `${secretsPath(tree, production)}/${randomUUID()}`, h),
  },
  {
    name: "bulk delete",
    call: (h) => send("POST", `${secretsPath(tree, production)}/bulk-delete`, h, { ids: [randomUUID()] }),
  },
  {
    name: "roll back",
    call: (h) => send("POST", `${secretsPath(tree, production)}/${randomUUID()}/rollback`, h, { version: 1 }),
  },
  {
    name: "restore a deleted secret",
    call: (h) => send("POST", `${secretsPath(tree, production)}/deleted/${randomUUID()}/restore`, h),
  },
  {
    name: "restore to a moment",
    call: (h) =>
      send("POST", `${secretsPath(tree, production)}/restore`, h, { at: new Date().toISOString() }),
  },
  {
    name: "share",
    call: (h) => send("POST", `${secretsPath(tree, production)}/share`, h, { secret_ids: [secretId] }),
  },
  {
    name: "import",
    destructive: true, // an allowed caller would reach the platform
    call: (h) =>
      send(
        "POST",
        `/integrations/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${production}/preview`,
        h,
        { provider: "render", token: "rnd_x", source: { service_id: "srv-1" } },
      ),
  },
  {
    name: "rename the environment",
    call: (h) => send("PATCH", `${environments}${production}/`, h, { name: "Production" }),
  },
  {
    name: "change what it inherits",
    call: (h) =>
      send("PATCH", `${environments}${production}/`, h, { parent_environment_id: tree.environmentId }),
  },
  {
    name: "delete the environment",
    destructive: true,
    call: (h) => send("DELETE", `${environments}${production}`, h),
  },
  {
    name: "delete every secret",
    destructive: true,
    call: (h) => send("DELETE", `${secretsPath(tree, production)}/`, h),
  },
];

let actors: { name: string; headers: Headers; expected: (write: string) => string | "passes" }[] = [];

beforeAll(async () => {
  environments = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
  const created = await send("POST", environments, owner.headers, {
    name: "Production",
    environment_type: "prod",
    protected: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().protected).toBe(true);
  production = created.json().id;
  const secret = await send("POST", `${secretsPath(tree, production)}/`, owner.headers, {
    key: "DATABASE_URL",
    value: "postgres://prod",
  });
  expect(secret.statusCode).toBe(201);
  secretId = secret.json().id;

  const admin = await newMember(t.app, t.db, tree.workspaceId, Role.Admin);
  const member = await newMember(t.app, t.db, tree.workspaceId, Role.Member, [tree.teamId]);
  const viewer = await newMember(t.app, t.db, tree.workspaceId, Role.Viewer, [tree.teamId]);
  const key = async (who: { accessToken: string }, body: Record<string, unknown> = {}) =>
    bearer((await createApiKey(t.app, who.accessToken, body)).token);
  const protectedRefusal = "403 environment_protected";
  // Settings of the environment are not reached by a key narrowed to it (as elsewhere).
  const settings = new Set(["rename the environment", "change what it inherits", "delete the environment"]);
  const memberExpected = (write: string) =>
    write === "delete every secret" || write === "delete the environment"
      ? "403 forbidden"
      : protectedRefusal;
  actors = [
    { name: "the Owner", headers: owner.headers, expected: () => "passes" },
    {
      name: "an Admin",
      headers: admin.headers,
      expected: (w) => (w === "delete every secret" ? "403 forbidden" : "passes"),
    },
    {
      name: "an Admin's key",
      headers: await key(admin),
      expected: (w) => (w === "delete every secret" ? "403 forbidden" : "passes"),
    },
    {
      name: "an Admin service account",
      headers: await serviceAccountKey(Role.Admin),
      expected: (w) => (w === "delete every secret" ? "403 forbidden" : "passes"),
    },
    { name: "a Member", headers: member.headers, expected: memberExpected },
    { name: "a Member's key", headers: await key(member), expected: memberExpected },
    {
      name: "a Member's key narrowed to the environment",
      headers: await key(member, { workspace_id: tree.workspaceId, environment_ids: [production] }),
      expected: (w) =>
        settings.has(w) || w === "delete every secret" ? "403 key_scope_forbidden" : protectedRefusal,
    },
    {
      name: "a Member service account",
      headers: await serviceAccountKey(Role.Member),
      expected: memberExpected,
    },
    {
      name: "an Admin's read-only key",
      headers: await key(admin, { workspace_id: tree.workspaceId, access: "read" }),
      expected: () => "403 key_scope_forbidden",
    },
    { name: "a Viewer", headers: viewer.headers, expected: () => "403 forbidden" },
  ];
});

describe("writing into a protected environment", () => {
  it("answers each caller as its role and key allow, for every write path", async () => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const actor of actors) {
      for (const write of WRITES) {
        const expected = actor.expected(write.name);
        if (expected === "passes" && write.destructive) continue;
        const got = await statusOf(write.call(actor.headers));
        answers.push(
          `${actor.name} / ${write.name}: ${expected === "passes" && !got.startsWith("403") ? "passes" : got}`,
        );
        wanted.push(`${actor.name} / ${write.name}: ${expected}`);
      }
    }
    expect(answers).toEqual(wanted);
  });

  it("names the environment and Admin in the refusal, and lets Members read it", async () => {
    const member = await newMember(t.app, t.db, tree.workspaceId, Role.Member, [tree.teamId]);
    const refused = await send("POST", `${secretsPath(tree, production)}/`, member.headers, {
      key: "X",
      value: "1",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "environment_protected" });
    expect(refused.json().detail).toMatch(/"Production" is protected.*Admin/);
    const read = await send("GET", `${secretsPath(tree, production)}/`, member.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().map((s: { key: string }) => s.key)).toContain("DATABASE_URL");
    expect(
      (await send("GET", `${secretsPath(tree, production)}/${secretId}`, member.headers)).statusCode,
    ).toBe(200);
  });

  it("lets the Owner empty it and an Admin delete it", async () => {
    const admin = await newMember(t.app, t.db, tree.workspaceId, Role.Admin);
    const doomed = await send("POST", environments, admin.headers, {
      name: "Doomed",
      environment_type: "prod",
      protected: true,
    });
    expect(doomed.statusCode, doomed.body).toBe(201);
    const path = secretsPath(tree, doomed.json().id);
    expect((await send("POST", `${path}/`, admin.headers, { key: "A", value: "1" })).statusCode).toBe(201);
    expect(await statusOf(send("DELETE", `${path}/`, owner.headers))).toBe("200");
    expect(await statusOf(send("DELETE", `${environments}${doomed.json().id}`, admin.headers))).toBe("200");
  });
});

describe("protecting an environment", () => {
  it("is an Admin's: a Member can neither protect nor lift protection, nor create a protected one", async () => {
    const member = await newMember(t.app, t.db, tree.workspaceId, Role.Member, [tree.teamId]);
    const admin = await newMember(t.app, t.db, tree.workspaceId, Role.Admin);
    const plain = await send("POST", environments, member.headers, {
      name: "QA",
      environment_type: "staging",
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().protected).toBeUndefined();
    const qa = `${environments}${plain.json().id}/`;
    expect(await statusOf(send("PATCH", qa, member.headers, { protected: true }))).toBe("403 forbidden");
    expect(
      await statusOf(
        send("POST", environments, member.headers, {
          name: "QA2",
          environment_type: "prod",
          protected: true,
        }),
      ),
    ).toBe("403 forbidden");
    const protectedNow = await send("PATCH", qa, admin.headers, { protected: true });
    expect(protectedNow.statusCode).toBe(200);
    expect(protectedNow.json().protected).toBe(true);
    expect((await send("GET", qa.slice(0, -1), member.headers)).json().protected).toBe(true);
    expect(await statusOf(send("PATCH", qa, member.headers, { protected: false }))).toBe("403 forbidden");
    // An Admin's key may lift it: the key acts with its holder's role.
    const key = bearer((await createApiKey(t.app, admin.accessToken)).token);
    const lifted = await send("PATCH", qa, key, { protected: false });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().protected).toBeUndefined();
    expect(
      (await send("POST", `${secretsPath(tree, plain.json().id)}/`, member.headers, { key: "K", value: "v" }))
        .statusCode,
    ).toBe(201);

    const audit = await send(
      "GET",
      `/workspaces/${tree.workspaceId}/audit?action=environment.updated&environment=${plain.json().id}`,
      owner.headers,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().map((e: { details: object }) => e.details)).toEqual([
      expect.objectContaining({ fields: "protected", protected: false }),
      expect.objectContaining({ fields: "protected", protected: true }),
    ]);
  });

  it("answers 422 for a protected flag that is not a boolean", async () => {
    const response = await send("PATCH", `${environments}${production}/`, owner.headers, {
      protected: "yes",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(["body", "protected"]);
  });

  it("leaves new environments, prod ones too, unprotected unless asked", async () => {
    const response = await send("POST", environments, owner.headers, {
      name: "Prod 2",
      environment_type: "prod",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().protected).toBeUndefined();
  });
});
