// Scoped personal keys (issue 21): a key may be bound to one workspace, narrowed to projects or
// environments, made read-only and fenced to client address ranges. What it may do is what its
// holder's role allows AND what its scope allows; a refusal by the scope is 403 key_scope_forbidden,
// a use from outside its ranges 401 api_key_address_refused. Each case first shows the key's
// holder (a session) may do the thing, so the refusal is the scope's.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { callerOf, statusOf } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { createOtherProject, createTree, newMember, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite();
let staging: string;
let otherProject: { projectId: string; environmentId: string };

const send = callerOf(() => t.app);
const keyHeaders = (token: string) => ({ "x-api-key": token });

beforeAll(async () => {
  const base = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
  staging = (await send("POST", base, owner.headers, { name: "Staging", environment_type: "staging" })).json()
    .id;
  otherProject = await createOtherProject(t.app, owner.accessToken, tree);
  for (const environmentId of [tree.environmentId, staging, otherProject.environmentId]) {
    const path = secretsPath(
      {
        ...tree,
        projectId: environmentId === otherProject.environmentId ? otherProject.projectId : tree.projectId,
      },
      environmentId,
    );
    expect((await send("POST", `${path}/`, owner.headers, { key: "K", value: "v" })).statusCode).toBe(201);
  }
});

describe("creating a scoped key", () => {
  it("answers the scope in the record, and GET /keys/ lists it with its last use", async () => {
    const key = await createApiKey(t.app, owner.accessToken, {
      name: "deploy",
      workspace_id: tree.workspaceId,
      environment_ids: [tree.environmentId],
      access: "read",
      allowed_cidrs: ["127.0.0.1", "10.0.0.0/8"],
    });
    expect(key).toMatchObject({
      workspace_id: tree.workspaceId,
      access: "read",
      project_ids: null,
      environment_ids: [tree.environmentId],
      allowed_cidrs: ["127.0.0.1/32", "10.0.0.0/8"],
    });
    await send("GET", `${secretsPath(tree)}/`, keyHeaders(key.token));
    const listed = (await send("GET", "/keys/", owner.headers))
      .json()
      .find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ access: "read", environment_ids: [tree.environmentId] });
    expect(listed.last_used_at).toEqual(expect.any(String));
  });

  it("answers 422 for projects or environments without a workspace, for another workspace's ids, and for a bad range", async () => {
    const stranger = await newUser(t.app);
    const strangerTree = await createTree(t.app, stranger.accessToken, stranger.workspaceId);
    const cases = [
      { name: "x", environment_ids: [tree.environmentId] },
      { name: "x", workspace_id: tree.workspaceId, environment_ids: [strangerTree.environmentId] },
      { name: "x", workspace_id: tree.workspaceId, project_ids: [strangerTree.projectId] },
      { name: "x", allowed_cidrs: ["10.0.0.0/33"] },
      { name: "x", allowed_cidrs: ["not an address"] },
      { name: "x", access: "write" },
      { name: "x", environment_ids: [] },
    ];
    for (const payload of cases) {
      const response = await send("POST", "/keys/", owner.headers, { ...payload });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 422 });
      expect(response.json().detail).toEqual(expect.any(Array));
    }
    expect((await send("GET", "/keys/", stranger.headers)).json()).toEqual([]);
  });

  it("answers 403 not_a_member for a workspace the holder is not in", async () => {
    const stranger = await newUser(t.app);
    const response = await send("POST", "/keys/", stranger.headers, {
      name: "x",
      workspace_id: tree.workspaceId,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("not_a_member");
  });
});

describe("what a scoped key may do", () => {
  it("bound to a workspace: acts there, is refused every other workspace and every account route", async () => {
    const other = (await send("POST", "/workspaces/", owner.headers, { name: "Side project" })).json();
    const key = await createApiKey(t.app, owner.accessToken, {
      name: "bound",
      workspace_id: tree.workspaceId,
    });
    const headers = keyHeaders(key.token);
    expect(await statusOf(send("GET", `/teams/${tree.workspaceId}/`, headers))).toBe("200");
    expect(await statusOf(send("POST", `/teams/${tree.workspaceId}/`, headers, { name: "Ops" }))).toBe("201");
    expect(await statusOf(send("GET", `/teams/${other.id}/`, owner.headers))).toBe("200");
    expect(await statusOf(send("GET", `/teams/${other.id}/`, headers))).toBe("403 key_scope_forbidden");
    // No X-Workspace-Id needed: the bound workspace is the key's scope.
    expect((await send("GET", "/workspaces/current", headers)).json().id).toBe(tree.workspaceId);
    for (const [method, url] of [
      ["GET", "/auth/me"],
      ["GET", "/keys/"],
      ["GET", "/workspaces/"],
      ["POST", "/workspaces/"],
      ["GET", "/sessions/"],
    ] as const) {
      expect(
        await statusOf(send(method, url, headers, method === "POST" ? { name: "Escape" } : undefined)),
      ).toBe("403 key_scope_forbidden");
    }
  });

  it("read-only: reads, and every write is refused although the holder may make it", async () => {
    const key = await createApiKey(t.app, owner.accessToken, { name: "reader", access: "read" });
    const headers = keyHeaders(key.token);
    const path = secretsPath(tree);
    expect(await statusOf(send("GET", `${path}/`, headers))).toBe("200");
    expect(await statusOf(send("GET", `/teams/${tree.workspaceId}/`, headers))).toBe("200");
    for (const [method, url, body] of [
      ["POST", `${path}/`, { key: "NEW", value: "x" }],
      ["DELETE", `${path}/`, undefined],
      ["POST", `/teams/${tree.workspaceId}/`, { name: "Nope" }],
      ["PATCH", `/workspaces/${tree.workspaceId}`, { name: "Renamed" }],
      ["POST", `/workspaces/${tree.workspaceId}/switch`, undefined],
    ] as const) {
      expect(await statusOf(send(method, url, headers, body))).toBe("403 key_scope_forbidden");
    }
    expect((await send("GET", `${path}/`, owner.headers)).json()).toHaveLength(1);
  });

  it("narrowed to an environment: its secrets only, not its siblings, its project or its workspace", async () => {
    const key = await createApiKey(t.app, owner.accessToken, {
      name: "dev only",
      workspace_id: tree.workspaceId,
      environment_ids: [tree.environmentId],
    });
    const headers = keyHeaders(key.token);
    const created = await send("POST", `${secretsPath(tree)}/`, headers, { key: "ADDED", value: "1" });
    expect(created.statusCode).toBe(201);
    expect(await statusOf(send("GET", `${secretsPath(tree)}/`, headers))).toBe("200");
    expect(await statusOf(send("GET", `${secretsPath(tree, staging)}/`, headers))).toBe(
      "403 key_scope_forbidden",
    );
    expect(
      await statusOf(
        send("GET", `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`, headers),
      ),
    ).toBe("403 key_scope_forbidden");
    // Emptying an environment is out of reach of every narrowed key.
    expect(await statusOf(send("DELETE", `${secretsPath(tree)}/`, headers))).toBe("403 key_scope_forbidden");
    // The path must hold together: its environment under another project is not found.
    expect(
      await statusOf(
        send(
          "GET",
          `/secrets/${tree.workspaceId}/${tree.teamId}/${otherProject.projectId}/${tree.environmentId}/`,
          headers,
        ),
      ),
    ).toBe("404 not_found");
  });

  it("narrowed to a project: lists its environments and reaches their secrets, not another project's", async () => {
    const key = await createApiKey(t.app, owner.accessToken, {
      name: "payments",
      workspace_id: tree.workspaceId,
      project_ids: [tree.projectId],
      access: "read",
    });
    const headers = keyHeaders(key.token);
    const environments = await send(
      "GET",
      `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`,
      headers,
    );
    expect(environments.statusCode).toBe(200);
    expect(environments.json()).toHaveLength(2);
    expect(await statusOf(send("GET", `${secretsPath(tree, staging)}/`, headers))).toBe("200");
    const billing = secretsPath({ ...tree, projectId: otherProject.projectId }, otherProject.environmentId);
    expect(await statusOf(send("GET", `${billing}/`, headers))).toBe("403 key_scope_forbidden");
    expect(await statusOf(send("GET", `/teams/${tree.workspaceId}/${tree.teamId}/projects`, headers))).toBe(
      "403 key_scope_forbidden",
    );
  });

  it("is the intersection with the holder's role: a Viewer's read-write key still cannot write", async () => {
    const viewer = await newMember(t.app, t.db, tree.workspaceId, 0, [tree.teamId]);
    const key = await createApiKey(t.app, viewer.accessToken, {
      name: "viewer's",
      workspace_id: tree.workspaceId,
      environment_ids: [tree.environmentId],
    });
    const headers = keyHeaders(key.token);
    expect(await statusOf(send("GET", `${secretsPath(tree)}/`, headers))).toBe("200");
    expect(await statusOf(send("POST", `${secretsPath(tree)}/`, headers, { key: "NO", value: "x" }))).toBe(
      "403 forbidden",
    );
  });

  it("may revoke itself, and is refused at once after", async () => {
    const key = await createApiKey(t.app, owner.accessToken, { name: "self", access: "read" });
    const headers = keyHeaders(key.token);
    expect(await statusOf(send("POST", `/keys/${key.id}`, headers))).toBe("200");
    expect(await statusOf(send("GET", `${secretsPath(tree)}/`, headers))).toBe("401 api_key_revoked");
  });
});

describe("allowed client addresses", () => {
  it("works from inside its ranges and answers 401 api_key_address_refused from outside", async () => {
    const key = await createApiKey(t.app, owner.accessToken, {
      name: "fenced",
      allowed_cidrs: ["203.0.113.0/24", "2001:db8::/32"],
    });
    const url = `${secretsPath(tree)}/`;
    const from = (remoteAddress: string) =>
      t.app.inject({ method: "GET", url, headers: keyHeaders(key.token), remoteAddress });
    expect((await from("203.0.113.7")).statusCode).toBe(200);
    expect((await from("2001:db8::1")).statusCode).toBe(200);
    const outside = await from("198.51.100.1");
    expect(outside.statusCode).toBe(401);
    expect(outside.json().code).toBe("api_key_address_refused");
  });

  it("does not count a refused use as the key's last use", async () => {
    const key = await createApiKey(t.app, owner.accessToken, {
      name: "fenced-unused",
      allowed_cidrs: ["203.0.113.0/24"],
    });
    const outside = await t.app.inject({
      method: "GET",
      url: "/auth/me",
      headers: keyHeaders(key.token),
      remoteAddress: "198.51.100.1",
    });
    expect(outside.json().code).toBe("api_key_address_refused");
    const listed = (await send("GET", "/keys/", owner.headers)).json() as {
      id: string;
      last_used_at: string | null;
    }[];
    expect(listed.find((k) => k.id === key.id)?.last_used_at).toBeNull();
  });

  it("counts the address COFFER_TRUST_PROXY says is the client's", async () => {
    const proxied = await createTestApp({ env: { COFFER_TRUST_PROXY: "127.0.0.1" } });
    try {
      const holder = await newUser(proxied.app);
      const key = await createApiKey(proxied.app, holder.accessToken, {
        name: "ci",
        allowed_cidrs: ["203.0.113.0/24"],
      });
      const read = (forwardedFor: string) =>
        proxied.app.inject({
          method: "GET",
          url: "/workspaces/current",
          headers: { "x-api-key": key.token, "x-forwarded-for": forwardedFor },
        });
      expect((await read("203.0.113.9")).statusCode).toBe(200);
      expect((await read("198.51.100.9")).json().code).toBe("api_key_address_refused");
    } finally {
      await proxied.close();
    }
  });
});
