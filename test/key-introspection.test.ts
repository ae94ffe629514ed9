// GET /keys/current (issue 36, item 5): a key asks what it is and which environments it reaches,
// so a deploy job holding only a key narrowed to Production needs no project file and no --env.
// It tells the key nothing it could not read: the environments are those whose secrets it may
// read now, its holder's role and teams included. And a read-only key's refused write says so.
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { createApiKey } from "./helpers/factories.ts";
import { callerOf } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { createOtherProject, newMember, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite();
let production: string;
let otherProject: { projectId: string; environmentId: string };

const send = callerOf(() => t.app);
const keyHeaders = (token: string) => ({ authorization: `Bearer ${token}` });
// The key the deploy docs recommend: read-only, narrowed to Production.
const deployKey = () =>
  createApiKey(t.app, owner.accessToken, {
    name: "deploy",
    workspace_id: tree.workspaceId,
    environment_ids: [production],
    access: "read",
  });
const current = (token: string) => send("GET", "/keys/current", keyHeaders(token));

beforeAll(async () => {
  const base = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
  production = (
    await send("POST", base, owner.headers, { name: "Production", environment_type: "prod" })
  ).json().id;
  otherProject = await createOtherProject(t.app, owner.accessToken, tree);
  await send("POST", `${secretsPath(tree, production)}/`, owner.headers, { key: "DB_URL", value: "v" });
});

describe("GET /keys/current", () => {
  it("answers a read-only key narrowed to Production with that environment, its name, slug and path", async () => {
    const key = await deployKey();
    const response = await current(key.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: key.id,
      name: "deploy",
      service_account_id: null,
      workspace_id: tree.workspaceId,
      access: "read",
      project_ids: null,
      environment_ids: [production],
      environments: [
        {
          id: production,
          name: "Production",
          slug: "production",
          environment_type: "prod",
          workspace_id: tree.workspaceId,
          team_id: tree.teamId,
          project_id: tree.projectId,
        },
      ],
    });
  });

  it("answers a key narrowed to a project with that project's environments, not another project's", async () => {
    const key = await createApiKey(t.app, owner.accessToken, {
      name: "payments",
      workspace_id: tree.workspaceId,
      project_ids: [tree.projectId],
    });
    const reached = (await current(key.token)).json().environments as { id: string }[];
    expect(reached.map((e) => e.id).sort()).toEqual([tree.environmentId, production].sort());
    expect(reached.map((e) => e.id)).not.toContain(otherProject.environmentId);
  });

  it("answers environments null for a key narrowed to no project or environment", async () => {
    const key = await createApiKey(t.app, owner.accessToken, { name: "everything" });
    expect((await current(key.token)).json()).toMatchObject({
      workspace_id: null,
      access: "read_write",
      environments: null,
    });
  });

  it("names no environment whose secrets the holder may not read (a Member outside its team)", async () => {
    const member = await newMember(t.app, t.db, tree.workspaceId, Role.Member);
    const key = await createApiKey(t.app, member.accessToken, {
      name: "hopeful",
      workspace_id: tree.workspaceId,
      environment_ids: [production],
    });
    expect(await send("GET", `${secretsPath(tree, production)}/`, keyHeaders(key.token))).toMatchObject({
      statusCode: 403,
    });
    const response = await current(key.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().environments).toEqual([]);
  });

  it("answers a service account's key narrowed to Production, naming the account; a Viewer account outside the team reaches none", async () => {
    const accountIn = async (body: object) => {
      const account = await send(
        "POST",
        `/workspaces/${tree.workspaceId}/service-accounts`,
        owner.headers,
        body,
      );
      expect(account.statusCode).toBe(201);
      const key = await send(
        "POST",
        `/workspaces/${tree.workspaceId}/service-accounts/${account.json().id}/keys`,
        owner.headers,
        { name: "deploy", environment_ids: [production], access: "read" },
      );
      expect(key.statusCode).toBe(201);
      return { id: account.json().id as string, token: key.json().token as string };
    };
    const member = await accountIn({ name: "deployer", role: Role.Viewer, team_ids: [tree.teamId] });
    const answer = (await current(member.token)).json();
    expect(answer).toMatchObject({
      service_account_id: member.id,
      workspace_id: tree.workspaceId,
      access: "read",
    });
    expect(answer.environments.map((e: { id: string }) => e.id)).toEqual([production]);
    const outsider = await accountIn({ name: "outsider", role: Role.Viewer });
    expect((await current(outsider.token)).json().environments).toEqual([]);
  });

  it("answers 404 to a session (it has no key), 401 without a credential and to a revoked key", async () => {
    const session = await send("GET", "/keys/current", owner.headers);
    expect(session.statusCode).toBe(404);
    expect(session.json().code).toBe("not_found");
    expect((await send("GET", "/keys/current", {})).statusCode).toBe(401);
    const key = await createApiKey(t.app, owner.accessToken, { name: "gone" });
    expect((await send("PATCH", `/keys/${key.id}`, owner.headers, { is_revoked: true })).statusCode).toBe(
      200,
    );
    expect((await current(key.token)).statusCode).toBe(401);
  });
});

describe("a read-only key's refused write", () => {
  it("says the key is read-only, where a scope that does not reach says so instead", async () => {
    const key = await deployKey();
    const write = await send("POST", `${secretsPath(tree, production)}/`, keyHeaders(key.token), {
      key: "NEW",
      value: "x",
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: "key_scope_forbidden" });
    expect(write.json().detail).toMatch(/^This key is read-only/);
    const elsewhere = await send("GET", `${secretsPath(tree)}/`, keyHeaders(key.token));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().detail).not.toMatch(/read-only/);
  });
});
