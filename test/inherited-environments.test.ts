// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the values under test hold references, ${…} as written.
// Inherited environments (issue 22): an environment may name a parent in the same project; reads
// answer the parent's secrets overlaid with the child's own (each inherited record says where it
// comes from), writes go to the child only, deleting an override shows the parent's value again,
// conditional reads follow the parent, and reading the child needs the right to read the parent.
// Validation: same project, no cycles, at most 3 levels; a parent cannot be deleted while inherited.
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { createApiKey } from "./helpers/factories.ts";
import { callerOf } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { newMember, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite();
let environments = "";
let production = "";

type Headers = Record<string, string>;
type Record_ = { id: string; key: string; value: string; raw_value?: string; inherited_from?: string };

const send = callerOf(() => t.app);
const byKey = (records: Record_[]) => new Map(records.map((r) => [r.key, r]));
const list = async (environmentId: string, headers: Headers = owner.headers, query = "") => {
  const response = await send("GET", `${secretsPath(tree, environmentId)}/${query}`, headers);
  return {
    response,
    byKey: response.statusCode === 200 ? byKey(response.json()) : new Map<string, Record_>(),
  };
};
const makeEnvironment = async (name: string, parent?: string | null) => {
  const response = await send("POST", environments, owner.headers, {
    name,
    environment_type: "staging",
    ...(parent !== undefined ? { parent_environment_id: parent } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; parent_environment_id: string | null };
};
const setParent = (environmentId: string, parent: string | null) =>
  send("PATCH", `${environments}${environmentId}/`, owner.headers, { parent_environment_id: parent });

beforeAll(async () => {
  environments = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
  production = (await makeEnvironment("Production")).id;
  const created = await send("POST", `${secretsPath(tree, production)}/bulk`, owner.headers, {
    secrets: [
      { key: "DB_HOST", value: "db.prod" },
      { key: "DB_URL", value: "postgres://${DB_HOST}/app" },
      { key: "LOG_LEVEL", value: "warn" },
    ],
  });
  expect(created.statusCode).toBe(201);
});

describe("an environment that inherits", () => {
  it("reads the parent's secrets overlaid with its own, each inherited one saying where it comes from", async () => {
    const staging = await makeEnvironment("Staging", production);
    expect(staging.parent_environment_id).toBe(production);
    expect(
      (await send("GET", `${environments}${staging.id}`, owner.headers)).json().parent_environment_id,
    ).toBe(production);
    const before = await list(staging.id);
    expect(before.response.statusCode).toBe(200);
    expect([...before.byKey.keys()]).toEqual(["DB_HOST", "DB_URL", "LOG_LEVEL"]);
    expect(before.byKey.get("DB_HOST")).toMatchObject({ value: "db.prod", inherited_from: production });

    // A write goes to the child only: an override of one key.
    const override = await send("POST", `${secretsPath(tree, staging.id)}/`, owner.headers, {
      key: "DB_HOST",
      value: "db.staging",
    });
    expect(override.statusCode).toBe(201);
    const after = await list(staging.id);
    expect(after.byKey.get("DB_HOST")).toEqual(
      expect.not.objectContaining({ inherited_from: expect.anything() }),
    );
    expect(after.byKey.get("DB_HOST")!.value).toBe("db.staging");
    // The parent's reference reads the child's own value: ${DB_HOST} is the key as staging reads it.
    expect(after.byKey.get("DB_URL")).toMatchObject({
      value: "postgres://db.staging/app",
      inherited_from: production,
    });
    expect((await list(production)).byKey.get("DB_HOST")!.value).toBe("db.prod");
    // The raw read shows inherited records too, as stored.
    expect((await list(staging.id, owner.headers, "?raw=true")).byKey.get("DB_URL")!.value).toBe(
      "postgres://${DB_HOST}/app",
    );

    // Deleting the override shows the parent's value again.
    const removed = await send(
      "DELETE",
      `${secretsPath(tree, staging.id)}/${override.json().id}`,
      owner.headers,
    );
    expect(removed.statusCode).toBe(200);
    expect((await list(staging.id)).byKey.get("DB_HOST")).toMatchObject({
      value: "db.prod",
      inherited_from: production,
    });
    // The child's own secret may reference a key it inherits, in a list and in a single read.
    const own = await send("POST", `${secretsPath(tree, staging.id)}/`, owner.headers, {
      key: "LOG_COPY",
      value: "level=${LOG_LEVEL}",
    });
    expect((await list(staging.id)).byKey.get("LOG_COPY")!.value).toBe("level=warn");
    const single = await send("GET", `${secretsPath(tree, staging.id)}/${own.json().id}`, owner.headers);
    expect(single.json()).toMatchObject({ value: "level=warn", raw_value: "level=${LOG_LEVEL}" });
    // An inherited secret is not the child's: its id read through the child is 404.
    const inheritedId = before.byKey.get("LOG_LEVEL")!.id;
    expect(
      (await send("GET", `${secretsPath(tree, staging.id)}/${inheritedId}`, owner.headers)).statusCode,
    ).toBe(404);
  });

  it("goes up to three levels, the nearest value winning, and stops inheriting when the parent is cleared", async () => {
    const middle = await makeEnvironment("Middle", production);
    await send("POST", `${secretsPath(tree, middle.id)}/`, owner.headers, {
      key: "LOG_LEVEL",
      value: "info",
    });
    const leaf = await makeEnvironment("Leaf", middle.id);
    await send("POST", `${secretsPath(tree, leaf.id)}/`, owner.headers, { key: "ONLY_LEAF", value: "leaf" });
    const read = await list(leaf.id);
    expect(read.byKey.get("LOG_LEVEL")).toMatchObject({ value: "info", inherited_from: middle.id });
    expect(read.byKey.get("DB_HOST")).toMatchObject({ value: "db.prod", inherited_from: production });
    expect(read.byKey.get("ONLY_LEAF")!.value).toBe("leaf");

    expect((await setParent(leaf.id, null)).statusCode).toBe(200);
    expect([...(await list(leaf.id)).byKey.keys()]).toEqual(["ONLY_LEAF"]);
  });

  it("refuses a parent of another project, itself, a circle, or a fourth level, and changes nothing", async () => {
    const a = await makeEnvironment("Chain A");
    const b = await makeEnvironment("Chain B", a.id);
    const c = await makeEnvironment("Chain C", b.id);
    const d = await makeEnvironment("Chain D", c.id);
    const issue = async (response: Awaited<ReturnType<typeof send>>) => {
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().detail[0].loc).toEqual(["body", "parent_environment_id"]);
      return response.json().detail[0].msg as string;
    };
    expect(await issue(await setParent(a.id, d.id))).toContain("circle");
    expect(await issue(await setParent(a.id, a.id))).toContain("itself");
    const fourth = await send("POST", environments, owner.headers, {
      name: "Chain E",
      environment_type: "dev",
      parent_environment_id: d.id,
    });
    expect(await issue(fourth)).toContain("at most 3");
    const project = await send("POST", `/projects/${tree.workspaceId}/${tree.teamId}/`, owner.headers, {
      name: "Elsewhere",
    });
    const elsewhere = await send(
      "POST",
      `/environments/${tree.workspaceId}/${tree.teamId}/${project.json().id}/`,
      owner.headers,
      { name: "Other", environment_type: "dev" },
    );
    expect(await issue(await setParent(a.id, elsewhere.json().id))).toContain("in this project");
    expect(await issue(await setParent(a.id, "00000000-0000-4000-8000-000000000000"))).toContain(
      "in this project",
    );
    const malformed = await setParent(a.id, "not-a-uuid" as string);
    expect(malformed.statusCode).toBe(422);
    // No parent: the record is the spec's, without the field.
    expect((await send("GET", `${environments}${a.id}`, owner.headers)).json()).not.toHaveProperty(
      "parent_environment_id",
    );

    // A parent cannot go while others inherit from it.
    const refused = await send("DELETE", `${environments}${c.id}`, owner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("Chain D");
    expect((await setParent(d.id, null)).statusCode).toBe(200);
    expect((await send("DELETE", `${environments}${c.id}`, owner.headers)).statusCode).toBe(200);
  });
});

describe("reading what is inherited", () => {
  it("a conditional read of the child changes when the parent does", async () => {
    const child = await makeEnvironment("Tagged", production);
    const first = await send("GET", `${secretsPath(tree, child.id)}/`, owner.headers);
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await send("GET", `${secretsPath(tree, child.id)}/`, {
      ...owner.headers,
      "if-none-match": tag,
    });
    expect(again.statusCode).toBe(304);
    const level = (await list(production)).byKey.get("LOG_LEVEL")!;
    await send("PATCH", `${secretsPath(tree, production)}/${level.id}`, owner.headers, { value: "error" });
    const changed = await send("GET", `${secretsPath(tree, child.id)}/`, {
      ...owner.headers,
      "if-none-match": tag,
    });
    expect(changed.statusCode).toBe(200);
    expect(byKey(changed.json()).get("LOG_LEVEL")!.value).toBe("error");
  });

  it("needs the right to read the parent: a key of the child alone is refused, one of both reads", async () => {
    const child = await makeEnvironment("Scoped", production);
    const childOnly = await createApiKey(t.app, owner.accessToken, {
      name: "child",
      workspace_id: tree.workspaceId,
      access: "read",
      environment_ids: [child.id],
    });
    const refused = await send("GET", `${secretsPath(tree, child.id)}/`, { "x-api-key": childOnly.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "key_scope_forbidden" });
    expect(refused.json().detail).toContain("inherits the secrets of Production");
    expect(refused.body).not.toContain("db.prod");
    const both = await createApiKey(t.app, owner.accessToken, {
      name: "both",
      workspace_id: tree.workspaceId,
      access: "read",
      environment_ids: [child.id, production],
    });
    expect(
      (await send("GET", `${secretsPath(tree, child.id)}/`, { "x-api-key": both.token })).statusCode,
    ).toBe(200);
    // A Viewer of the team reads both; a member of no team neither.
    const viewer = await newMember(t.app, t.db, tree.workspaceId, Role.Viewer, [tree.teamId]);
    expect((await list(child.id, viewer.headers)).response.statusCode).toBe(200);
    const outsider = await newMember(t.app, t.db, tree.workspaceId, Role.Member, []);
    expect((await list(child.id, outsider.headers)).response.statusCode).toBe(403);
  });

  it("compare counts an inherited key as present, naming its origin (issue 36)", async () => {
    const child = await makeEnvironment("Own only", production);
    await send("POST", `${secretsPath(tree, child.id)}/`, owner.headers, { key: "MINE", value: "1" });
    const compare = await send(
      "GET",
      `${environments}compare?environments=${child.id},${production}`,
      owner.headers,
    );
    expect(compare.statusCode).toBe(200);
    const inherited = compare.json().keys.find((k: { key: string }) => k.key === "DB_HOST");
    expect(inherited.status).toBe("same");
    expect(inherited.environments[0]).toMatchObject({ present: true, inherited_from: { id: production } });
    const own = compare.json().keys.find((k: { key: string }) => k.key === "MINE");
    expect(own.status).toBe("missing");
  });
});
