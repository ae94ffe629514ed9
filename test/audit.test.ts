// One capability's contract, read top to bottom: what the trail records and how it is listed.
// The workspace audit trail over HTTP (DESIGN.md §3 "Lists", §5 "audit.read", §9 "Audit entries"):
// every change to a workspace, team, project, environment or membership leaves one entry naming
// the action, the actor (user or API key), the address and the user agent; newest first, paged by
// cursor, filtered by action and actor; Admins and Owners only; a refused change leaves nothing.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { callerOf, type Headers, ISO, type Method, UUID } from "./helpers/http.ts";
import { countRows } from "./helpers/row-counts.ts";
import { createTree, newMember } from "./helpers/tree.ts";

const t = testAppForSuite();

type User = Awaited<ReturnType<typeof newUser>>;

interface Entry {
  id: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  secret_id: string | null;
  version: number | null;
  actor: {
    type: string;
    id: string;
    user_id: string;
    name: string;
    key: { id: string; name: string } | null;
  };
  ip_address: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

const ENTRY_FIELDS = [
  "action",
  "actor",
  "batch_id",
  "chain",
  "created_at",
  "details",
  "environment_id",
  "environment_name",
  "id",
  "ip_address",
  "project_id",
  "project_name",
  "resource_id",
  "resource_type",
  "secret_id",
  "user_agent",
  "version",
];
const AGENT = "coffer-cli/1.4.2 (audit-test)";
const ADDRESS = "203.0.113.7";

/** A request as a real client sends it: its own user agent, from its own address. */
const call = callerOf(() => t.app, { headers: { "user-agent": AGENT }, extra: { remoteAddress: ADDRESS } });

async function ok(method: Method, url: string, headers: Headers, payload?: unknown) {
  const response = await call(method, url, headers, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

const auditUrl = (workspaceId: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `/workspaces/${workspaceId}/audit${qs ? `?${qs}` : ""}`;
};

/** The whole trail of a workspace, newest first. */
async function trail(user: User, workspaceId = user.workspaceId, query: Record<string, string> = {}) {
  const response = await call("GET", auditUrl(workspaceId, { limit: 1000, ...query }), user.headers);
  expect(response.statusCode).toBe(200);
  return response.json() as Entry[];
}

/** Entries written after `since` (an entry id, or none), oldest first. */
async function newEntries(user: User, since: Entry[], workspaceId = user.workspaceId) {
  const seen = new Set(since.map((e) => e.id));
  return (await trail(user, workspaceId)).filter((e) => !seen.has(e.id)).reverse();
}

const storedCount = (workspaceId: string) => countRows(t.db, "audit_events", "workspace_id", workspaceId);

const userActor = (user: User) => ({
  type: "user",
  id: user.id,
  user_id: user.id,
  name: user.email,
  key: null,
});

describe("what is recorded", () => {
  it("records workspace.created and workspace.updated with the full entry shape", async () => {
    const ada = await newUser(t.app);
    const ws = await ok("POST", "/workspaces/", ada.headers, { name: `Audited ${randomUUID().slice(0, 8)}` });
    await ok("PATCH", `/workspaces/${ws.id}`, ada.headers, { name: "Renamed" });

    const entries = await trail(ada, ws.id);
    expect(entries.map((e) => e.action)).toEqual(["workspace.updated", "workspace.created"]);
    for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(ENTRY_FIELDS);
    expect(entries[1]).toEqual({
      id: expect.stringMatching(UUID),
      action: "workspace.created",
      resource_type: "workspace",
      resource_id: ws.id,
      secret_id: null,
      version: null,
      project_id: null,
      environment_id: null,
      project_name: null,
      environment_name: null,
      batch_id: null,
      actor: userActor(ada),
      ip_address: ADDRESS,
      user_agent: AGENT,
      details: { name: ws.name },
      created_at: expect.stringMatching(ISO),
      chain: { sequence: 1, prev_hmac: "0".repeat(64), hmac: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(entries[0]).toMatchObject({
      action: "workspace.updated",
      resource_type: "workspace",
      resource_id: ws.id,
      actor: userActor(ada),
      ip_address: ADDRESS,
      user_agent: AGENT,
    });
  });

  it("records workspace.deleted, kept after the workspace itself is gone", async () => {
    const ada = await newUser(t.app);
    const ws = await ok("POST", "/workspaces/", ada.headers, { name: `Doomed ${randomUUID().slice(0, 8)}` });
    await ok("DELETE", `/workspaces/${ws.id}`, ada.headers);

    expect((await call("GET", auditUrl(ws.id), ada.headers)).statusCode).toBe(404);
    const rows = await t.db
      .selectFrom("audit_events")
      .selectAll()
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "workspace.deleted")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      resource_type: "workspace",
      resource_id: ws.id,
      actor_type: "user",
      actor_id: ada.id,
      actor_user_id: ada.id,
      actor_name: ada.email,
      ip_address: ADDRESS,
      user_agent: AGENT,
    });
    expect(JSON.parse(rows[0]!.details)).toEqual({ name: ws.name });
  });

  it("records team.created, team.updated, team_member.added, team_member.removed and team.deleted", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const viewer = await newMember(t.app, t.db, ws, 0);
    const before = await trail(ada);

    const team = await ok("POST", `/teams/${ws}/`, ada.headers, { name: "Platform" });
    await ok("PATCH", `/teams/${ws}/${team.id}`, ada.headers, { name: "Platform Core" });
    await ok("POST", `/teams/${ws}/${team.id}/members`, ada.headers, { user_id: viewer.id });
    await ok("DELETE", `/teams/${ws}/${team.id}/members/${viewer.id}`, ada.headers);
    await ok("DELETE", `/teams/${ws}/${team.id}`, ada.headers);

    const entries = await newEntries(ada, before);
    expect(entries.map((e) => [e.action, e.resource_type, e.resource_id])).toEqual([
      ["team.created", "team", team.id],
      ["team.updated", "team", team.id],
      ["team_member.added", "team", team.id],
      ["team_member.removed", "team", team.id],
      ["team.deleted", "team", team.id],
    ]);
    expect(entries[0]!.details).toEqual({ name: "Platform" });
    expect(entries[2]!.details).toEqual({ user_id: viewer.id });
    expect(entries[3]!.details).toEqual({ user_id: viewer.id });
    expect(entries[4]!.details).toEqual({ name: "Platform Core" });
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor: userActor(ada), ip_address: ADDRESS, user_agent: AGENT });
    }
  });

  it("records project.created, project.updated and project.deleted", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const team = await ok("POST", `/teams/${ws}/`, ada.headers, { name: "Payments" });
    const before = await trail(ada);

    const project = await ok("POST", `/projects/${ws}/${team.id}/`, ada.headers, { name: "Checkout" });
    await ok("PATCH", `/projects/${ws}/${team.id}/${project.id}`, ada.headers, { is_active: false });
    await ok("DELETE", `/projects/${ws}/${team.id}/${project.id}`, ada.headers);

    const entries = await newEntries(ada, before);
    expect(entries.map((e) => [e.action, e.resource_type, e.resource_id])).toEqual([
      ["project.created", "project", project.id],
      ["project.updated", "project", project.id],
      ["project.deleted", "project", project.id],
    ]);
    expect(entries[0]!.details).toEqual({ name: "Checkout", team_id: team.id });
    expect(entries[1]!.details).toEqual({
      fields: "is_active",
      changes: { is_active: { from: true, to: false } },
    });
    for (const entry of entries) expect(entry.actor).toEqual(userActor(ada));
  });

  it("records environment.created, environment.updated and environment.deleted, never the policy value", async () => {
    const ada = await newUser(t.app);
    const tree = await createTree(t.app, ada.accessToken, ada.workspaceId);
    const base = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}`;
    const before = await trail(ada);

    const env = await ok("POST", `${base}/`, ada.headers, {
      name: "Production",
      environment_type: "prod",
      default_policy: 31,
    });
    await ok("PATCH", `${base}/${env.id}/`, ada.headers, { name: "Production EU" });
    await ok("DELETE", `${base}/${env.id}`, ada.headers);

    const entries = await newEntries(ada, before);
    expect(entries.map((e) => [e.action, e.resource_type, e.resource_id])).toEqual([
      ["environment.created", "environment", env.id],
      ["environment.updated", "environment", env.id],
      ["environment.deleted", "environment", env.id],
    ]);
    expect(entries[0]!.details).toEqual({
      name: "Production",
      environment_type: "prod",
      project_id: tree.projectId,
    });
    expect(entries[2]!.details).toEqual({ name: "Production EU" });
    for (const entry of entries) expect(entry.actor).toEqual(userActor(ada));
  });

  it("records member.updated and member.removed, including a member leaving on their own", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const member = await newMember(t.app, t.db, ws, 1);
    const leaver = await newMember(t.app, t.db, ws, 0);
    const before = await trail(ada);

    await ok("PATCH", `/workspaces/${ws}/members/${member.id}`, ada.headers, { role: 2 });
    await ok("DELETE", `/workspaces/${ws}/members/${member.id}`, ada.headers);
    await ok("DELETE", `/workspaces/${ws}/members/${leaver.id}`, leaver.headers);

    const entries = await newEntries(ada, before);
    expect(entries.map((e) => [e.action, e.resource_type, e.resource_id, e.actor.id])).toEqual([
      ["member.updated", "member", member.id, ada.id],
      ["member.removed", "member", member.id, ada.id],
      ["member.removed", "member", leaver.id, leaver.id],
    ]);
    expect(entries[0]!.details).toEqual({ user_id: member.id, previous_role: 1, role: 2 });
    expect(entries[1]!.details).toEqual({ user_id: member.id, previous_role: 2 });
    expect(entries[2]!.actor).toEqual(userActor(leaver));
  });

  it("names the API key as the actor of a change made with it", async () => {
    const ada = await newUser(t.app);
    const key = await createApiKey(t.app, ada.accessToken, { name: "deploy bot" });
    const before = await trail(ada);

    const team = await ok("POST", `/teams/${ada.workspaceId}/`, { "x-api-key": key.token }, { name: "Bots" });
    await ok(
      "PATCH",
      `/teams/${ada.workspaceId}/${team.id}`,
      { authorization: `Bearer ${key.token}` },
      {
        name: "Bots 2",
      },
    );

    const entries = await newEntries(ada, before);
    expect(entries.map((e) => e.action)).toEqual(["team.created", "team.updated"]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor: {
          type: "api_key",
          id: key.id,
          user_id: ada.id,
          name: "deploy bot",
          key: { id: key.id, name: "deploy bot" },
        },
        ip_address: ADDRESS,
        user_agent: AGENT,
      });
    }
  });

  it("records nothing for a change that was refused", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const tree = await createTree(t.app, ada.accessToken, ws);
    const team = await ok("POST", `/teams/${ws}/`, ada.headers, { name: "Taken" });
    const member = await newMember(t.app, t.db, ws, 1, [tree.teamId]);
    const countBefore = await storedCount(ws);
    const before = await trail(ada);

    const attempts = [
      await call("POST", `/teams/${ws}/`, ada.headers, { name: "Taken" }),
      await call("PATCH", `/teams/${ws}/${tree.teamId}`, ada.headers, { name: "Taken" }),
      await call("POST", `/teams/${ws}/`, member.headers, { name: "Mine" }),
      await call("POST", `/teams/${ws}/`, ada.headers, { name: "" }),
      await call("PATCH", `/workspaces/${ws}/members/${ada.id}`, ada.headers, { role: 1 }),
      await call("DELETE", `/workspaces/${ws}/members/${ada.id}`, ada.headers),
      await call("POST", `/teams/${ws}/${team.id}/members`, ada.headers, { user_id: member.id }),
      await call("POST", `/teams/${ws}/${tree.teamId}/members`, ada.headers, { user_id: member.id }),
      await call(
        "DELETE",
        `/environments/${ws}/${tree.teamId}/${tree.projectId}/${tree.environmentId}`,
        member.headers,
      ),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([409, 409, 403, 422, 409, 409, 201, 409, 403]);

    // Only the one change that succeeded (adding the member to `team`) is on record.
    expect(await storedCount(ws)).toBe(countBefore + 1);
    expect((await newEntries(ada, before)).map((e) => e.action)).toEqual(["team_member.added"]);
  });
});

describe("GET /workspaces/{workspace_id}/audit", () => {
  it("lists newest first", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const first = await ok("POST", `/teams/${ws}/`, ada.headers, { name: "First" });
    const second = await ok("POST", `/teams/${ws}/`, ada.headers, { name: "Second" });
    await ok("PATCH", `/teams/${ws}/${first.id}`, ada.headers, { name: "First again" });

    const entries = await trail(ada);
    expect(entries.map((e) => [e.action, e.resource_id])).toEqual([
      ["team.updated", first.id],
      ["team.created", second.id],
      ["team.created", first.id],
      ["workspace.created", ws],
    ]);
    const times = entries.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("walks every entry exactly once with limit and the X-Next-Cursor header", async () => {
    const ada = await newUser(t.app);
    for (let i = 1; i <= 7; i++)
      await ok("POST", `/teams/${ada.workspaceId}/`, ada.headers, { name: `T${i}` });
    const all = await trail(ada);
    expect(all).toHaveLength(8);

    const pages: Entry[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const response = await call(
        "GET",
        auditUrl(ada.workspaceId, { limit: 3, ...(cursor ? { cursor } : {}) }),
        ada.headers,
      );
      expect(response.statusCode).toBe(200);
      pages.push(response.json());
      const next = response.headers["x-next-cursor"];
      if (next === undefined) break;
      cursor = String(next);
      expect(pages.length).toBeLessThan(10);
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    const walked = pages.flat().map((e) => e.id);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked).toEqual(all.map((e) => e.id));
  });

  it("ends without a cursor when the last page is exactly full", async () => {
    const ada = await newUser(t.app);
    await ok("POST", `/teams/${ada.workspaceId}/`, ada.headers, { name: "Only" });
    const first = await call("GET", auditUrl(ada.workspaceId, { limit: 1 }), ada.headers);
    expect(first.json()).toHaveLength(1);
    const second = await call(
      "GET",
      auditUrl(ada.workspaceId, { limit: 1, cursor: String(first.headers["x-next-cursor"]) }),
      ada.headers,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().map((e: Entry) => e.action)).toEqual(["workspace.created"]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
  });

  it("filters by action", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const a = await ok("POST", `/teams/${ws}/`, ada.headers, { name: "A" });
    await ok("PATCH", `/teams/${ws}/${a.id}`, ada.headers, { name: "A2" });
    const b = await ok("POST", `/teams/${ws}/`, ada.headers, { name: "B" });

    const created = await trail(ada, ws, { action: "team.created" });
    expect(created.map((e) => [e.action, e.resource_id])).toEqual([
      ["team.created", b.id],
      ["team.created", a.id],
    ]);
    expect(await trail(ada, ws, { action: "secret.created" })).toEqual([]);
  });

  it("filters by actor: a user (with the keys they hold) or one API key", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const admin = await newMember(t.app, t.db, ws, 2);
    const key = await createApiKey(t.app, ada.accessToken, { name: "ci" });
    const byAda = await ok("POST", `/teams/${ws}/`, ada.headers, { name: "Ada's" });
    const byAdmin = await ok("POST", `/teams/${ws}/`, admin.headers, { name: "Admin's" });
    const byKey = await ok("POST", `/teams/${ws}/`, { "x-api-key": key.token }, { name: "Key's" });

    const adminEntries = await trail(ada, ws, { actor: admin.id });
    expect(adminEntries.map((e) => [e.action, e.resource_id])).toEqual([["team.created", byAdmin.id]]);
    expect(adminEntries[0]!.actor).toEqual(userActor(admin));

    const keyEntries = await trail(ada, ws, { actor: key.id });
    expect(keyEntries.map((e) => e.resource_id)).toEqual([byKey.id]);

    const adaEntries = await trail(ada, ws, { actor: ada.id, action: "team.created" });
    expect(adaEntries.map((e) => e.resource_id)).toEqual([byKey.id, byAda.id]);

    expect(await trail(ada, ws, { actor: randomUUID() })).toEqual([]);
  });

  it("shows only this workspace's entries", async () => {
    const ada = await newUser(t.app);
    const bea = await newUser(t.app);
    await ok("POST", `/teams/${bea.workspaceId}/`, bea.headers, { name: "Bea's" });
    const entries = await trail(ada);
    expect(entries.map((e) => e.action)).toEqual(["workspace.created"]);
    expect(JSON.stringify(entries)).not.toContain(bea.workspaceId);
  });

  it("answers Admins and Owners, 403 to Members and Viewers, 403 to non-members", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const admin = await newMember(t.app, t.db, ws, 2);
    const member = await newMember(t.app, t.db, ws, 1);
    const viewer = await newMember(t.app, t.db, ws, 0);
    const stranger = await newUser(t.app);

    const asAdmin = await call("GET", auditUrl(ws), admin.headers);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(await trail(ada));

    for (const user of [member, viewer]) {
      const response = await call("GET", auditUrl(ws), user.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: expect.stringContaining("Admin"), code: "forbidden" });
    }
    const foreign = await call("GET", auditUrl(ws), stranger.headers);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: "not_a_member" });
  });

  it.each([
    ["limit 0", { limit: 0 }, "limit"],
    ["limit 1001", { limit: 1001 }, "limit"],
    ["limit abc", { limit: "abc" }, "limit"],
    ["an actor that is not a UUID", { actor: "ada" }, "actor"],
    ["a cursor that is not one", { cursor: "bm9wZQ" }, "cursor"],
  ])("answers 422 for %s", async (_label, query, field) => {
    const ada = await newUser(t.app);
    const response = await call("GET", auditUrl(ada.workspaceId, query), ada.headers);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([expect.objectContaining({ loc: ["query", field] })]);
  });
});
