// Issue 36, item 3: changing what an environment inherits changes what it runs with, so it needs
// Admin (`environment.set_inheritance`), whatever the credential; the audit entry names the old and
// the new parent.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { bearer, createApiKey } from "./helpers/factories.ts";
import { callerOf, type Headers, statusOf } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { newMember, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite();
let environments = "";
let production = "";
let staging = "";

const send = callerOf(() => t.app);
const makeEnvironment = async (name: string, environment_type: string) => {
  const response = await send("POST", environments, owner.headers, { name, environment_type });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};
const setParent = (environmentId: string, parent: string | null, headers: Headers) =>
  send("PATCH", `${environments}${environmentId}/`, headers, { parent_environment_id: parent });

beforeAll(async () => {
  environments = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
  production = await makeEnvironment("Production", "prod");
  staging = await makeEnvironment("Staging", "staging");
});

describe("who may change what an environment inherits", () => {
  it("refuses a Member, by session and by the Member's key, to make Production inherit from Development", async () => {
    const member = await newMember(t.app, t.db, tree.workspaceId, Role.Member, [tree.teamId]);
    const key = await createApiKey(t.app, member.accessToken);
    for (const headers of [member.headers, bearer(key.token)]) {
      expect(await statusOf(setParent(production, tree.environmentId, headers))).toBe("403 forbidden");
    }
    const after = (await send("GET", `${environments}${production}`, owner.headers)).json();
    expect(after.parent_environment_id).toBeUndefined();
  });

  it("refuses a Member to create an environment that inherits, or to remove inheritance", async () => {
    const member = await newMember(t.app, t.db, tree.workspaceId, Role.Member, [tree.teamId]);
    const created = await send("POST", environments, member.headers, {
      name: "Preview",
      environment_type: "dev",
      parent_environment_id: production,
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().detail).toMatch(/Admin/);
    expect((await setParent(staging, production, owner.headers)).statusCode).toBe(200);
    expect(await statusOf(setParent(staging, null, member.headers))).toBe("403 forbidden");
    expect(await statusOf(setParent(staging, null, owner.headers))).toBe("200");
    // What a Member may still do to an environment: create one without a parent, rename one.
    const plain = await send("POST", environments, member.headers, {
      name: "Sandbox",
      environment_type: "dev",
    });
    expect(plain.statusCode).toBe(201);
    const renamed = await send("PATCH", `${environments}${plain.json().id}/`, member.headers, {
      name: "Sandbox 2",
      parent_environment_id: null,
    });
    // Saying "no parent" of an environment that has none changes nothing: no Admin needed.
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("lets an Admin, by session and by the Admin's key, and a Viewer nothing", async () => {
    const admin = await newMember(t.app, t.db, tree.workspaceId, Role.Admin);
    const viewer = await newMember(t.app, t.db, tree.workspaceId, Role.Viewer, [tree.teamId]);
    expect(await statusOf(setParent(staging, production, viewer.headers))).toBe("403 forbidden");
    expect(await statusOf(setParent(staging, production, admin.headers))).toBe("200");
    const key = await createApiKey(t.app, admin.accessToken);
    expect(await statusOf(setParent(staging, null, bearer(key.token)))).toBe("200");
    // A key narrowed to the environment reaches no environment settings (as renaming it).
    const narrowed = await createApiKey(t.app, admin.accessToken, {
      workspace_id: tree.workspaceId,
      environment_ids: [staging],
    });
    expect(await statusOf(setParent(staging, production, bearer(narrowed.token)))).toBe(
      "403 key_scope_forbidden",
    );
  });

  it("records the old and the new parent, by id and name, in the audit entry", async () => {
    const development = tree.environmentId;
    expect((await setParent(staging, production, owner.headers)).statusCode).toBe(200);
    expect((await setParent(staging, development, owner.headers)).statusCode).toBe(200);
    expect((await setParent(staging, null, owner.headers)).statusCode).toBe(200);
    const audit = await send(
      "GET",
      `/workspaces/${tree.workspaceId}/audit?action=environment.updated&limit=3`,
      owner.headers,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    const body = audit.json();
    const entries = (Array.isArray(body) ? body : (body.items ?? body.events)) as {
      details: Record<string, unknown>;
    }[];
    const details = entries.slice(0, 3).map((e) => e.details);
    expect(details).toEqual([
      expect.objectContaining({
        old_parent_environment_id: development,
        old_parent_environment_name: "Development",
        parent_environment_id: null,
        parent_environment_name: null,
      }),
      expect.objectContaining({
        old_parent_environment_id: production,
        old_parent_environment_name: "Production",
        parent_environment_id: development,
        parent_environment_name: "Development",
      }),
      expect.objectContaining({
        old_parent_environment_id: null,
        parent_environment_id: production,
        parent_environment_name: "Production",
      }),
    ]);
  });
});

describe("which environments lose a secret deleted here", () => {
  it("names every environment that reads it from here, not those that set the key themselves", async () => {
    const base = await makeEnvironment("Base", "prod");
    const qa = await makeEnvironment("QA", "staging");
    const preview = await makeEnvironment("Preview", "dev");
    const own = await makeEnvironment("Own", "dev");
    const below = await makeEnvironment("Below own", "dev");
    const links: [string, string][] = [
      [qa, base],
      [preview, qa],
      [own, base],
      [below, own],
    ];
    for (const [child, parent] of links) {
      expect((await setParent(child, parent, owner.headers)).statusCode).toBe(200);
    }
    const secret = await send("POST", `${secretsPath(tree, base)}/`, owner.headers, {
      key: "DATABASE_URL",
      value: "postgres://base",
    });
    expect(secret.statusCode).toBe(201);
    expect(
      (await send("POST", `${secretsPath(tree, own)}/`, owner.headers, { key: "DATABASE_URL", value: "own" }))
        .statusCode,
    ).toBe(201);
    const url = `${secretsPath(tree, base)}/${secret.json().id}/inherited-by`;
    const viewer = await newMember(t.app, t.db, tree.workspaceId, Role.Viewer, [tree.teamId]);
    const answer = await send("GET", url, viewer.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual([
      { id: qa, name: "QA", slug: "qa", environment_type: "staging" },
      { id: preview, name: "Preview", slug: "preview", environment_type: "dev" },
    ]);
    expect(answer.body).not.toContain("postgres://");
    // A secret nobody inherits: an empty list; another team's member and a missing secret: refused.
    const lone = await send("POST", `${secretsPath(tree, preview)}/`, owner.headers, {
      key: "LONE",
      value: "1",
    });
    expect(
      (
        await send("GET", `${secretsPath(tree, preview)}/${lone.json().id}/inherited-by`, owner.headers)
      ).json(),
    ).toEqual([]);
    const outsider = await newMember(t.app, t.db, tree.workspaceId, Role.Member);
    expect(await statusOf(send("GET", url, outsider.headers))).toBe("403 forbidden");
    expect(
      await statusOf(send("GET", `${secretsPath(tree, base)}/${randomUUID()}/inherited-by`, owner.headers)),
    ).toBe("404 not_found");
    expect(
      (await send("GET", `${secretsPath(tree, base)}/not-a-uuid/inherited-by`, owner.headers)).statusCode,
    ).toBe(422);
    expect((await send("GET", url, {})).statusCode).toBe(401);
  });
});
