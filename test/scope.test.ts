// Workspace scope resolution (spec §4 "Scope headers", §5): the path's {workspace_id}, else the
// X-Workspace-Id header, else the credential's own scope; non-members get 403.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { bearer, createApiKey, newUser } from "./helpers/factories.ts";
import { addMember } from "./helpers/tree.ts";

const t = testAppForSuite();

/** Ada, with her own workspace, who is also a member (role `role`) of Bea's workspace. */
async function twoWorkspaces(role = 1) {
  const ada = await newUser(t.app);
  const bea = await newUser(t.app, { first_name: "Bea", last_name: "Brown" });
  await addMember(t.db, bea.workspaceId, ada.id, role, [], t.clock.now().toISOString());
  return { ada, bea };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });
const current = (headers: Record<string, string>) => get("/workspaces/current", headers);
/** `headers` with X-Workspace-Id naming `workspaceId`. */
const namingWorkspace = (headers: Record<string, string>, workspaceId: string) => ({
  ...headers,
  "x-workspace-id": workspaceId,
});
const members = (workspaceId: string, headers: Record<string, string>) =>
  get(`/workspaces/${workspaceId}/members`, headers);
const switchTo = (workspaceId: string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: `/workspaces/${workspaceId}/switch`, headers });

/** Both routes that name a workspace in the path answer an unknown one alike. */
async function expectUnknownWorkspace404(request: typeof members) {
  const ada = await newUser(t.app);
  const response = await request(randomUUID(), ada.headers);
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ detail: expect.any(String), code: "not_found" });
}

describe("GET /workspaces/", () => {
  it("lists every workspace of the account with its plan, the caller's role and the seat limit", async () => {
    const { ada, bea } = await twoWorkspaces(1);
    const response = await get("/workspaces/", ada.headers);
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items).toHaveLength(2);
    const byId = Object.fromEntries(items.map((w: { id: string }) => [w.id, w]));
    expect(byId[ada.workspaceId]).toMatchObject({ plan: "free", role: 3, seat_limit: 5 });
    expect(byId[bea.workspaceId]).toMatchObject({
      name: "Bea's workspace",
      plan: "free",
      role: 1,
      seat_limit: 5,
    });
  });

  it("does not list workspaces the account is no member of", async () => {
    const ada = await newUser(t.app);
    const bea = await newUser(t.app);
    const response = await get("/workspaces/", ada.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((w: { id: string }) => w.id)).toEqual([ada.workspaceId]);
    expect(response.body).not.toContain(bea.workspaceId);
  });
});

describe("GET /workspaces/current", () => {
  it("resolves to the session's workspace claim by default", async () => {
    const { ada } = await twoWorkspaces();
    const response = await current(ada.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ada.workspaceId, role: 3, plan: "free", seat_limit: 5 });
  });

  it("resolves an API key to its holder's current workspace by default", async () => {
    const { ada } = await twoWorkspaces();
    const key = await createApiKey(t.app, ada.accessToken);
    const response = await current({ "x-api-key": key.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(ada.workspaceId);
  });

  it("lets X-Workspace-Id override the credential's own scope", async () => {
    const { ada, bea } = await twoWorkspaces(1);
    const key = await createApiKey(t.app, ada.accessToken);
    for (const headers of [ada.headers, { "x-api-key": key.token }]) {
      const response = await current(namingWorkspace(headers, bea.workspaceId));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: bea.workspaceId, role: 1 });
    }
  });

  it("reads the header's UUID whatever its case and surrounding blanks", async () => {
    const { ada, bea } = await twoWorkspaces();
    const response = await current({
      ...ada.headers,
      "x-workspace-id": ` ${bea.workspaceId.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(bea.workspaceId);
  });

  it("answers 403 not_a_member when the header names a workspace the caller is no member of", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await current(namingWorkspace(ada.headers, stranger.workspaceId));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_a_member" });
    expect(response.body).not.toContain(stranger.email);
  });

  it.each(["not-a-uuid", "123", "null", `${randomUUID()}-0`, "'; drop table workspaces; --"])(
    "answers 422 at [header, x-workspace-id] for the header %j",
    async (value) => {
      const ada = await newUser(t.app);
      const response = await current(namingWorkspace(ada.headers, value));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail: [
          expect.objectContaining({
            loc: ["header", "x-workspace-id"],
            msg: expect.any(String),
            type: "uuid_parsing",
          }),
        ],
      });
    },
  );

  it("answers 404 when the header names a workspace that does not exist", async () => {
    const ada = await newUser(t.app);
    const response = await current(namingWorkspace(ada.headers, randomUUID()));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_found" });
  });

  it("answers 401 before scope when there is no credential, whatever the header says", async () => {
    const ada = await newUser(t.app);
    const response = await current({ "x-workspace-id": ada.workspaceId });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("not_authenticated");
  });
});

describe("GET /workspaces/{workspace_id}/members", () => {
  it("lists the members with their roles, emails and names", async () => {
    const { ada, bea } = await twoWorkspaces(1);
    const response = await members(bea.workspaceId, ada.headers);
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items).toHaveLength(2);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: bea.id, email: bea.email, name: "Bea Brown", role: 3 }),
        expect.objectContaining({ user_id: ada.id, email: ada.email, name: "Ada Lovelace", role: 1 }),
      ]),
    );
    for (const item of items) {
      expect(item).not.toHaveProperty("password_hash");
      expect(item.joined_at).toEqual(expect.any(String));
    }
  });

  it("lets a Viewer list the members", async () => {
    const { ada, bea } = await twoWorkspaces(0);
    const response = await members(bea.workspaceId, ada.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().find((m: { user_id: string }) => m.user_id === ada.id).role).toBe(0);
  });

  it("answers 403 not_a_member for another tenant's workspace", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await members(stranger.workspaceId, ada.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_a_member" });
    expect(response.body).not.toContain(stranger.email);
  });

  it("answers 404 for a workspace that does not exist", () => expectUnknownWorkspace404(members));

  it("answers 422 at [path, workspace_id] for a malformed id", async () => {
    const ada = await newUser(t.app);
    const response = await members("123", ada.headers);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ["path", "workspace_id"], msg: expect.any(String), type: "uuid_parsing", input: "123" },
      ],
    });
  });

  it("lets the path win over X-Workspace-Id naming a workspace the caller is no member of", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await members(ada.workspaceId, namingWorkspace(ada.headers, stranger.workspaceId));
    expect(response.statusCode).toBe(200);
    expect(response.json().map((m: { user_id: string }) => m.user_id)).toEqual([ada.id]);
  });

  it("lets the path win over X-Workspace-Id naming the caller's own workspace", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await members(stranger.workspaceId, namingWorkspace(ada.headers, ada.workspaceId));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("not_a_member");
  });

  it("lets the path win over a malformed X-Workspace-Id", async () => {
    const ada = await newUser(t.app);
    const response = await members(ada.workspaceId, namingWorkspace(ada.headers, "garbage"));
    expect(response.statusCode).toBe(200);
  });
});

describe("POST /workspaces/{workspace_id}/switch", () => {
  it("answers a new access token, scoped to the new workspace, to a session", async () => {
    const { ada, bea } = await twoWorkspaces(2);
    const response = await switchTo(bea.workspaceId, ada.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      workspace_id: bea.workspaceId,
      access_token: expect.any(String),
      token_type: "bearer",
      expires_in: t.config.accessTokenTtl,
    });
    expect(body.access_token).not.toBe(ada.accessToken);

    const scoped = await current(bearer(body.access_token));
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json()).toMatchObject({ id: bea.workspaceId, role: 2 });
  });

  it("moves the account's API keys to the new workspace too", async () => {
    const { ada, bea } = await twoWorkspaces();
    const key = await createApiKey(t.app, ada.accessToken);
    expect((await current({ "x-api-key": key.token })).json().id).toBe(ada.workspaceId);

    expect((await switchTo(bea.workspaceId, ada.headers)).statusCode).toBe(200);

    const response = await current({ "x-api-key": key.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(bea.workspaceId);
  });

  it("makes /auth/me report the new current workspace", async () => {
    const { ada, bea } = await twoWorkspaces();
    expect((await get("/auth/me", ada.headers)).json().current_workspace_id).toBe(ada.workspaceId);

    const switched = (await switchTo(bea.workspaceId, ada.headers)).json();

    for (const headers of [ada.headers, bearer(switched.access_token)]) {
      const response = await get("/auth/me", headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().current_workspace_id).toBe(bea.workspaceId);
    }
  });

  it("switches back as well", async () => {
    const { ada, bea } = await twoWorkspaces();
    const there = (await switchTo(bea.workspaceId, ada.headers)).json();
    const back = await switchTo(ada.workspaceId, bearer(there.access_token));
    expect(back.statusCode).toBe(200);
    expect((await current(bearer(back.json().access_token))).json().id).toBe(ada.workspaceId);
  });

  it("answers no access token to an API key, and still moves the key's scope", async () => {
    const { ada, bea } = await twoWorkspaces();
    const key = await createApiKey(t.app, ada.accessToken);
    const response = await switchTo(bea.workspaceId, { "x-api-key": key.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      workspace_id: bea.workspaceId,
      access_token: null,
      token_type: "bearer",
      expires_in: null,
    });
    expect((await current({ "x-api-key": key.token })).json().id).toBe(bea.workspaceId);
    expect((await get("/auth/me", ada.headers)).json().current_workspace_id).toBe(bea.workspaceId);
  });

  it("answers 403 not_a_member for a workspace the caller is no member of, and changes nothing", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await switchTo(stranger.workspaceId, ada.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_a_member" });

    expect((await current(ada.headers)).json().id).toBe(ada.workspaceId);
    expect((await get("/auth/me", ada.headers)).json().current_workspace_id).toBe(ada.workspaceId);
  });

  it("answers 404 for a workspace that does not exist", () => expectUnknownWorkspace404(switchTo));

  it("answers 422 at [path, workspace_id] for a malformed id", async () => {
    const ada = await newUser(t.app);
    const response = await switchTo("not-a-uuid", ada.headers);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ["path", "workspace_id"], type: "uuid_parsing" });
  });
});
