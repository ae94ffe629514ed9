// Service accounts (issue 21): a workspace's identities for automation. Admins and Owners manage
// them from a session; they have a role and teams like a member, take no seat, are capped by the
// plan, and act through their own keys — which the audit trail names, which a disabled or deleted
// account stops at once, and which reach nothing outside their workspace.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { callerOf, statusOf } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { createTree, newMember, secretsPath } from "./helpers/tree.ts";

// The pro plan: version history on, and room for a few accounts.
const { t, owner, tree } = ownerWithTreeForSuite({ env: { COFFER_DEFAULT_PLAN: "pro" } });
let base: string;

const send = callerOf(() => t.app);

async function newAccount(body: Record<string, unknown>, headers = owner.headers) {
  const response = await send("POST", base, headers, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; role: number; team_ids: string[] };
}

async function mintKey(accountId: string, body: Record<string, unknown> = {}) {
  const response = await send("POST", `${base}/${accountId}/keys`, owner.headers, { name: "ci", ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; token: string; prefix: string };
}

beforeAll(async () => {
  base = `/workspaces/${owner.workspaceId}/service-accounts`;
  await send("POST", `${secretsPath(tree)}/`, owner.headers, { key: "DB_URL", value: "postgres://x" });
});

describe("managing service accounts", () => {
  it("creates, reads, lists, changes and deletes one; none takes a seat", async () => {
    const seatsBefore = (await send("GET", `/workspaces/${owner.workspaceId}/members`, owner.headers)).json();
    const account = await newAccount({
      name: "deployer",
      description: "CI",
      role: 1,
      team_ids: [tree.teamId],
    });
    expect(account).toMatchObject({
      name: "deployer",
      description: "CI",
      role: 1,
      team_ids: [tree.teamId],
      disabled: false,
      created_by: owner.id,
      workspace_id: owner.workspaceId,
    });
    expect((await send("GET", `${base}/${account.id}`, owner.headers)).json()).toEqual(account);
    expect((await send("GET", base, owner.headers)).json().map((a: { id: string }) => a.id)).toContain(
      account.id,
    );
    const changed = await send("PATCH", `${base}/${account.id}`, owner.headers, { role: 0, team_ids: [] });
    expect(changed.json()).toMatchObject({ role: 0, team_ids: [] });
    expect((await send("GET", `/workspaces/${owner.workspaceId}/members`, owner.headers)).json()).toEqual(
      seatsBefore,
    );
    expect(await statusOf(send("DELETE", `${base}/${account.id}`, owner.headers))).toBe("200");
    expect(await statusOf(send("GET", `${base}/${account.id}`, owner.headers))).toBe("404 not_found");
  });

  it("answers 422 for a bad body and a foreign team, 409 for a taken name", async () => {
    const stranger = await newUser(t.app);
    const strangerTree = await createTree(t.app, stranger.accessToken, stranger.workspaceId);
    for (const body of [
      {},
      { name: "", role: 1 },
      { name: "x", role: 3 },
      { name: "x", role: -1 },
      { name: "x" },
    ]) {
      expect(await statusOf(send("POST", base, owner.headers, body))).toBe("422");
    }
    expect(
      await statusOf(
        send("POST", base, owner.headers, { name: "x", role: 1, team_ids: [strangerTree.teamId] }),
      ),
    ).toBe("422");
    await newAccount({ name: "unique", role: 0 });
    expect(await statusOf(send("POST", base, owner.headers, { name: "unique", role: 0 }))).toBe(
      "409 conflict",
    );
  });

  it("is for Admins and Owners; an Admin cannot hand out more than Admin, nobody outside sees anything", async () => {
    const admin = await newMember(t.app, t.db, owner.workspaceId, 2);
    const member = await newMember(t.app, t.db, owner.workspaceId, 1);
    const viewer = await newMember(t.app, t.db, owner.workspaceId, 0);
    const stranger = await newUser(t.app);
    const account = await newAccount({ name: "by admin", role: 2 }, admin.headers);
    for (const who of [member, viewer]) {
      expect(await statusOf(send("GET", base, who.headers))).toBe("403 forbidden");
      expect(await statusOf(send("POST", base, who.headers, { name: "no", role: 0 }))).toBe("403 forbidden");
      expect(await statusOf(send("POST", `${base}/${account.id}/keys`, who.headers, { name: "no" }))).toBe(
        "403 forbidden",
      );
    }
    expect(await statusOf(send("GET", base, stranger.headers))).toBe("403 not_a_member");
    expect(await statusOf(send("GET", `${base}/${account.id}`, stranger.headers))).toBe("403 not_a_member");
    const strangerBase = `/workspaces/${stranger.workspaceId}/service-accounts`;
    expect(await statusOf(send("GET", `${strangerBase}/${account.id}`, stranger.headers))).toBe(
      "404 not_found",
    );
  });

  it("cannot be created, changed or given keys with an API key, not even the Owner's own; a key may revoke", async () => {
    const key = await createApiKey(t.app, owner.accessToken, { name: "owner's key" });
    const headers = { "x-api-key": key.token };
    expect(await statusOf(send("POST", base, headers, { name: "sneaky", role: 2 }))).toBe(
      "403 session_required",
    );
    const account = await newAccount({ name: "target", role: 0 });
    expect(await statusOf(send("POST", `${base}/${account.id}/keys`, headers, { name: "more" }))).toBe(
      "403 session_required",
    );
    expect(await statusOf(send("PATCH", `${base}/${account.id}`, headers, { role: 2 }))).toBe(
      "403 session_required",
    );
    // Ending power is not granting it: incident response may run from automation.
    expect((await send("DELETE", `${base}/${account.id}`, headers)).statusCode).toBe(200);
  });

  it("is capped by the plan (402 plan_required), and the cap counts accounts, not people", async () => {
    const capped = await createTestApp({
      env: {
        COFFER_PLANS: JSON.stringify({ tiny: { seats: 1, service_accounts: 1 } }),
        COFFER_DEFAULT_PLAN: "tiny",
      },
    });
    try {
      const holder = await newUser(capped.app);
      const url = `/workspaces/${holder.workspaceId}/service-accounts`;
      const create = (name: string) =>
        capped.app.inject({ method: "POST", url, headers: holder.headers, payload: { name, role: 0 } });
      const first = await create("a");
      expect(first.statusCode).toBe(201);
      const second = await create("b");
      expect(second.statusCode).toBe(402);
      expect(second.json().code).toBe("plan_required");
    } finally {
      await capped.close();
    }
  });
});

describe("a service account's keys", () => {
  it("act with the account's role and teams, are listed with scope and last use, and never show the token again", async () => {
    const account = await newAccount({ name: "reader", role: 0, team_ids: [tree.teamId] });
    const key = await mintKey(account.id, { access: "read" });
    expect(key.token).toMatch(/^sk-svc-[0-9A-Za-z]{40,}$/);
    const headers = { authorization: `Bearer ${key.token}` };
    const read = await send("GET", `${secretsPath(tree)}/`, headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()[0]).toMatchObject({ key: "DB_URL", value: "postgres://x" });
    const listed = (await send("GET", `${base}/${account.id}/keys`, owner.headers)).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: key.id,
        access: "read",
        is_revoked: false,
        last_used_at: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.token);
  });

  it("reach only the account's teams, and only its workspace", async () => {
    const other = (
      await send("POST", `/teams/${owner.workspaceId}/`, owner.headers, { name: "Other team" })
    ).json();
    const account = await newAccount({ name: "team-bound", role: 1, team_ids: [other.id] });
    const headers = { "x-api-key": (await mintKey(account.id)).token };
    expect(await statusOf(send("GET", `${secretsPath(tree)}/`, headers))).toBe("403 forbidden");
    const stranger = await newUser(t.app);
    expect(await statusOf(send("GET", `/teams/${stranger.workspaceId}/`, headers))).toBe(
      "403 key_scope_forbidden",
    );
    for (const url of ["/auth/me", "/keys/", "/workspaces/", "/sessions/"]) {
      expect(await statusOf(send("GET", url, headers))).toBe("403 key_scope_forbidden");
    }
  });

  it("an Admin account creates what its role allows, and the trail names the account and its key", async () => {
    const account = await newAccount({ name: "provisioner", role: 2 });
    const key = await mintKey(account.id, { name: "terraform" });
    const created = await send(
      "POST",
      `/teams/${owner.workspaceId}/`,
      { "x-api-key": key.token },
      { name: "Made by bot" },
    );
    expect(created.statusCode).toBe(201);
    const trail = (
      await send("GET", `/workspaces/${owner.workspaceId}/audit?action=team.created`, owner.headers)
    ).json();
    const entry = trail.find((e: { resource_id: string }) => e.resource_id === created.json().id);
    expect(entry.actor).toEqual({
      type: "service_account",
      id: account.id,
      user_id: account.id,
      name: "provisioner",
      key: { id: key.id, name: "terraform" },
    });
    expect(JSON.stringify(trail)).not.toContain(key.token);
  });

  it("answer 401 once revoked, while the account is disabled, and after the account is deleted", async () => {
    const account = await newAccount({ name: "lifecycle", role: 0, team_ids: [tree.teamId] });
    const revoked = await mintKey(account.id, { name: "old" });
    const live = await mintKey(account.id, { name: "new" });
    const url = `${secretsPath(tree)}/`;
    expect(await statusOf(send("GET", url, { "x-api-key": revoked.token }))).toBe("200");
    expect(
      await statusOf(send("POST", `${base}/${account.id}/keys/${revoked.id}/revoke`, owner.headers)),
    ).toBe("200");
    expect(await statusOf(send("GET", url, { "x-api-key": revoked.token }))).toBe("401 api_key_revoked");
    expect(await statusOf(send("PATCH", `${base}/${account.id}`, owner.headers, { disabled: true }))).toBe(
      "200",
    );
    expect(await statusOf(send("GET", url, { "x-api-key": live.token }))).toBe(
      "401 service_account_disabled",
    );
    expect(await statusOf(send("PATCH", `${base}/${account.id}`, owner.headers, { disabled: false }))).toBe(
      "200",
    );
    expect(await statusOf(send("GET", url, { "x-api-key": live.token }))).toBe("200");
    expect(await statusOf(send("DELETE", `${base}/${account.id}`, owner.headers))).toBe("200");
    expect(await statusOf(send("GET", url, { "x-api-key": live.token }))).toBe("401 invalid_token");
  });

  it("survive the person who made them leaving the workspace", async () => {
    const admin = await newMember(t.app, t.db, owner.workspaceId, 2);
    const account = await newAccount({ name: "outlives", role: 0, team_ids: [tree.teamId] }, admin.headers);
    const response = await send(
      "POST",
      `/workspaces/${owner.workspaceId}/service-accounts/${account.id}/keys`,
      admin.headers,
      {
        name: "k",
      },
    );
    const token = response.json().token as string;
    expect(
      await statusOf(send("DELETE", `/workspaces/${owner.workspaceId}/members/${admin.id}`, owner.headers)),
    ).toBe("200");
    expect(await statusOf(send("GET", `${secretsPath(tree)}/`, { "x-api-key": token }))).toBe("200");
  });

  it("answer 422 for a scope naming another workspace's environment", async () => {
    const account = await newAccount({ name: "scoped", role: 0 });
    const stranger = await newUser(t.app);
    const strangerTree = await createTree(t.app, stranger.accessToken, stranger.workspaceId);
    expect(
      await statusOf(
        send("POST", `${base}/${account.id}/keys`, owner.headers, {
          name: "x",
          environment_ids: [strangerTree.environmentId],
        }),
      ),
    ).toBe("422");
  });
});
