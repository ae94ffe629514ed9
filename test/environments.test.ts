// One capability's contract, read top to bottom: an environment's routes, who may use them and its chain.
// Environments over HTTP (spec §2 "Environment", §4 "Environments", §5, §7; DESIGN.md §3, §5, §7,
// §9): the fixed list of types, default_policy accepted but never echoed (and stored, with the
// deployment default), slugs that follow the name, exact paths, who may do what, the chain.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { callerOf, expectPatched, type Headers, ISO, UUID } from "./helpers/http.ts";
import { createTree, newMember, ownerWithTree, type Tree } from "./helpers/tree.ts";

const t = testAppForSuite();

const ENVIRONMENT_FIELDS = [
  "created_at",
  "environment_type",
  "id",
  "name",
  "project_id",
  "slug",
  "team_id",
  "updated_at",
  "workspace_id",
];

const call = callerOf(() => t.app);

/** The collection path of a tree's project (with its trailing slash). */
const listUrl = (tree: Tree) => `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
/** One environment's path, without a trailing slash (GET, DELETE). */
const itemUrl = (tree: Tree, environmentId = tree.environmentId) => `${listUrl(tree)}${environmentId}`;

async function createEnvironment(headers: Headers, tree: Tree, payload: Record<string, unknown>) {
  const response = await call("POST", listUrl(tree), headers, payload);
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function storedPolicy(environmentId: string): Promise<number | undefined> {
  const row = await t.db
    .selectFrom("environments")
    .select("default_policy")
    .where("id", "=", environmentId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.default_policy);
}

function expectNoPolicy(body: unknown) {
  expect(JSON.stringify(body)).not.toContain("default_policy");
}

describe("POST /environments/{workspace_id}/{team_id}/{project_id}/", () => {
  it.each(["dev", "staging", "prod", "pilot", "custom"])(
    "answers 201 with exactly the record fields for type %s",
    async (type) => {
      const { owner, tree } = await ownerWithTree(t.app);
      const response = await call("POST", listUrl(tree), owner.headers, {
        name: `My ${type}`,
        environment_type: type,
        default_policy: 30,
      });

      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(ENVIRONMENT_FIELDS);
      expect(body).toEqual({
        id: expect.stringMatching(UUID),
        workspace_id: tree.workspaceId,
        team_id: tree.teamId,
        project_id: tree.projectId,
        name: `My ${type}`,
        slug: `my-${type}`,
        environment_type: type,
        created_at: expect.stringMatching(ISO),
        updated_at: body.created_at,
      });
    },
  );

  it("never echoes default_policy: not on create, list, get or patch", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const created = await call("POST", listUrl(tree), owner.headers, {
      name: "Quiet",
      environment_type: "prod",
      default_policy: 7,
    });
    const id = created.json().id;
    const responses = [
      created,
      await call("GET", listUrl(tree), owner.headers),
      await call("GET", itemUrl(tree, id), owner.headers),
      await call("PATCH", `${itemUrl(tree, id)}/`, owner.headers, {
        name: "Still quiet",
        default_policy: 14,
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBeLessThan(300);
      expectNoPolicy(response.json());
    }
    const listed = responses[1]!.json();
    for (const item of listed) expect(Object.keys(item).sort()).toEqual(ENVIRONMENT_FIELDS);
  });

  it("stores default_policy as given, or COFFER_DEFAULT_ROTATION_DAYS (90) when omitted", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const explicit = await createEnvironment(owner.headers, tree, {
      name: "Thirty",
      environment_type: "prod",
      default_policy: 30,
    });
    const omitted = await createEnvironment(owner.headers, tree, {
      name: "Default",
      environment_type: "dev",
    });
    expect(await storedPolicy(explicit.id)).toBe(30);
    expect(await storedPolicy(omitted.id)).toBe(90);
  });

  it("adds -2 to the slug of a second environment of the same name in the project", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const first = await createEnvironment(owner.headers, tree, {
      name: "Staging",
      environment_type: "staging",
    });
    const second = await createEnvironment(owner.headers, tree, {
      name: "staging",
      environment_type: "staging",
    });
    expect(first.slug).toBe("staging");
    expect(second.slug).toBe("staging-2");

    const other = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const elsewhere = await createEnvironment(owner.headers, other, {
      name: "Staging",
      environment_type: "dev",
    });
    expect(elsewhere.slug).toBe("staging");
  });

  it("keeps slugs unique under ten concurrent creates of one name", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", listUrl(tree), owner.headers, { name: "Preview", environment_type: "custom" }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const slugs = responses.map((r) => r.json().slug).sort();
    expect(slugs).toEqual(["preview", ...Array.from({ length: 9 }, (_, i) => `preview-${i + 2}`)].sort());
  });

  it.each([
    ['"production"', { name: "P", environment_type: "production" }, "enum"],
    ["an empty string", { name: "P", environment_type: "" }, "enum"],
    ['"Dev" (case matters)', { name: "P", environment_type: "Dev" }, "enum"],
    ["no environment_type", { name: "P" }, "missing"],
  ])("answers 422 for environment_type %s", async (_label, payload, type) => {
    const { owner, tree } = await ownerWithTree(t.app);
    const response = await call("POST", listUrl(tree), owner.headers, payload);
    expect(response.statusCode).toBe(422);
    const issue = response
      .json()
      .detail.find(
        (i: { loc: unknown[] }) => JSON.stringify(i.loc) === JSON.stringify(["body", "environment_type"]),
      );
    expect(issue).toMatchObject({ loc: ["body", "environment_type"], type });
    if (type === "enum") {
      expect(issue.ctx).toEqual({ expected: ["dev", "staging", "prod", "pilot", "custom"] });
    }
    expect((await call("GET", listUrl(tree), owner.headers)).json()).toHaveLength(1);
  });

  it.each([
    ["0", 0, "greater_than_equal"],
    ["-1", -1, "greater_than_equal"],
    ['"30"', "30", "int_type"],
    ["1.5", 1.5, "int_type"],
    ["null", null, "int_type"],
  ])("answers 422 for default_policy %s", async (_label, value, type) => {
    const { owner, tree } = await ownerWithTree(t.app);
    const response = await call("POST", listUrl(tree), owner.headers, {
      name: "Policy",
      environment_type: "dev",
      default_policy: value,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ["body", "default_policy"], type }),
    ]);
    expect((await call("GET", listUrl(tree), owner.headers)).json()).toHaveLength(1);
  });

  it.each([
    ["a missing name", { environment_type: "dev" }, "missing"],
    ["a whitespace-only name", { name: "  ", environment_type: "dev" }, "string_pattern_mismatch"],
    ["a 101-character name", { name: "e".repeat(101), environment_type: "dev" }, "string_too_long"],
  ])("answers 422 for %s", async (_label, payload, type) => {
    const { owner, tree } = await ownerWithTree(t.app);
    const response = await call("POST", listUrl(tree), owner.headers, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([expect.objectContaining({ loc: ["body", "name"], type })]);
  });
});

describe("PATCH /environments/{workspace_id}/{team_id}/{project_id}/{environment_id}/", () => {
  it("renames the environment and the slug follows", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const before = (await call("GET", itemUrl(tree), owner.headers)).json();
    t.clock.advance(2);

    const response = await call("PATCH", `${itemUrl(tree)}/`, owner.headers, { name: "Staging EU" });
    const body = expectPatched(
      response,
      before,
      { name: "Staging EU", slug: "staging-eu" },
      before.updated_at,
    );
    expect((await call("GET", itemUrl(tree), owner.headers)).json()).toEqual(body);
  });

  it("keeps the slug unique when renaming onto a sibling's name, and keeps its own on a no-op rename", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    await createEnvironment(owner.headers, tree, { name: "Production", environment_type: "prod" });

    const clash = await call("PATCH", `${itemUrl(tree)}/`, owner.headers, { name: "Production" });
    expect(clash.statusCode).toBe(200);
    expect(clash.json()).toMatchObject({ name: "Production", slug: "production-2" });

    const same = await call("PATCH", `${itemUrl(tree)}/`, owner.headers, { name: "Production" });
    expect(same.json().slug).toBe("production-2");
  });

  it("updates the stored default_policy without echoing it", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    expect(await storedPolicy(tree.environmentId)).toBe(90);
    const response = await call("PATCH", `${itemUrl(tree)}/`, owner.headers, { default_policy: 45 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: tree.environmentId,
      name: "Development",
      slug: "development",
    });
    expectNoPolicy(response.json());
    expect(await storedPolicy(tree.environmentId)).toBe(45);
  });

  it("answers 404 without the trailing slash (the path is exact) and changes nothing", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const response = await call("PATCH", itemUrl(tree), owner.headers, { name: "Renamed" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Not Found", code: "not_found" });
    expect((await call("GET", itemUrl(tree), owner.headers)).json().name).toBe("Development");
  });

  it.each([
    ["an empty name", { name: "" }, "name"],
    ["default_policy 0", { default_policy: 0 }, "default_policy"],
    ['default_policy "30"', { default_policy: "30" }, "default_policy"],
  ])("answers 422 for %s", async (_label, payload, field) => {
    const { owner, tree } = await ownerWithTree(t.app);
    const response = await call("PATCH", `${itemUrl(tree)}/`, owner.headers, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(["body", field]);
    expect(await storedPolicy(tree.environmentId)).toBe(90);
  });

  it("lets a Member of the team rename, and answers 403 to a Viewer of the team", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const member = await newMember(t.app, t.db, tree.workspaceId, 1, [tree.teamId]);
    const viewer = await newMember(t.app, t.db, tree.workspaceId, 0, [tree.teamId]);

    const denied = await call("PATCH", `${itemUrl(tree)}/`, viewer.headers, { name: "Viewer's" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: "forbidden" });

    const ok = await call("PATCH", `${itemUrl(tree)}/`, member.headers, { name: "Member's" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: "Member's", slug: "member-s" });
    expect((await call("GET", itemUrl(tree), owner.headers)).json().name).toBe("Member's");
  });
});

describe("who may create, read and delete environments", () => {
  it("answers 403 to a Viewer of the team on create", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const viewer = await newMember(t.app, t.db, tree.workspaceId, 0, [tree.teamId]);
    const response = await call("POST", listUrl(tree), viewer.headers, {
      name: "QA",
      environment_type: "custom",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.stringContaining("Member"), code: "forbidden" });
    expect((await call("GET", listUrl(tree), owner.headers)).json()).toHaveLength(1);
  });

  it("lets a Member of the team create (201)", async () => {
    const { tree } = await ownerWithTree(t.app);
    const member = await newMember(t.app, t.db, tree.workspaceId, 1, [tree.teamId]);
    const response = await call("POST", listUrl(tree), member.headers, {
      name: "QA",
      environment_type: "custom",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: "QA", slug: "qa", environment_type: "custom" });
  });

  it("answers 403 to a Member outside the team on create, list and get", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const outsider = await newMember(t.app, t.db, tree.workspaceId, 1);
    const create = await call("POST", listUrl(tree), outsider.headers, {
      name: "QA",
      environment_type: "dev",
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ detail: expect.stringContaining("team"), code: "forbidden" });
    for (const url of [listUrl(tree), itemUrl(tree)]) {
      const read = await call("GET", url, outsider.headers);
      expect(read.statusCode, url).toBe(403);
      expect(read.json()).toMatchObject({ code: "forbidden" });
    }
    expect((await call("GET", listUrl(tree), owner.headers)).json()).toHaveLength(1);
  });

  it("lets a Viewer of the team list and read", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const viewer = await newMember(t.app, t.db, tree.workspaceId, 0, [tree.teamId]);
    const asOwner = (await call("GET", listUrl(tree), owner.headers)).json();
    const list = await call("GET", listUrl(tree), viewer.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(asOwner);
    const one = await call("GET", itemUrl(tree), viewer.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(asOwner[0]);
  });

  it("answers 403 to a Member of the team on delete and keeps the environment", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const member = await newMember(t.app, t.db, tree.workspaceId, 1, [tree.teamId]);
    const response = await call("DELETE", itemUrl(tree), member.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.stringContaining("Admin"), code: "forbidden" });
    expect((await call("GET", itemUrl(tree), owner.headers)).statusCode).toBe(200);
  });

  it("lets an Admin delete (200); the environment is gone", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const admin = await newMember(t.app, t.db, tree.workspaceId, 2);
    const response = await call("DELETE", itemUrl(tree), admin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, id: tree.environmentId });

    expect(await storedPolicy(tree.environmentId)).toBeUndefined();
    const gone = await call("GET", itemUrl(tree), owner.headers);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: "Environment not found", code: "not_found" });
    expect((await call("GET", listUrl(tree), owner.headers)).json()).toEqual([]);
    expect((await call("DELETE", itemUrl(tree), owner.headers)).statusCode).toBe(404);
  });

  it("answers DELETE with a trailing slash 404 (the path is exact)", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const response = await call("DELETE", `${itemUrl(tree)}/`, owner.headers);
    expect(response.statusCode).toBe(404);
    expect((await call("GET", itemUrl(tree), owner.headers)).statusCode).toBe(200);
  });
});

describe("the workspace → team → project → environment chain", () => {
  it("answers 404 for an environment under the wrong project", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const sibling = await call("POST", `/projects/${tree.workspaceId}/${tree.teamId}/`, owner.headers, {
      name: "Sibling",
    });
    const wrong: Tree = { ...tree, projectId: sibling.json().id };

    const cases = [
      ["GET", itemUrl(wrong), undefined],
      ["PATCH", `${itemUrl(wrong)}/`, { name: "Hijacked" }],
      ["DELETE", itemUrl(wrong), undefined],
    ] as const;
    for (const [method, url, payload] of cases) {
      const response = await call(method, url, owner.headers, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ detail: "Environment not found", code: "not_found" });
    }
    expect((await call("GET", itemUrl(tree), owner.headers)).json().name).toBe("Development");
  });

  it("answers 404 for a project under the wrong team, and for another workspace's tree", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const otherTeam = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const wrongTeam: Tree = { ...tree, teamId: otherTeam.teamId };
    for (const url of [listUrl(wrongTeam), itemUrl(wrongTeam)]) {
      const response = await call("GET", url, owner.headers);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: "Project not found", code: "not_found" });
    }
    const create = await call("POST", listUrl(wrongTeam), owner.headers, {
      name: "X",
      environment_type: "dev",
    });
    expect(create.statusCode).toBe(404);

    const { tree: foreign } = await ownerWithTree(t.app);
    const underMine: Tree = { ...foreign, workspaceId: owner.workspaceId };
    for (const [method, url] of [
      ["GET", itemUrl(underMine)],
      ["DELETE", itemUrl(underMine)],
      ["GET", listUrl(underMine)],
    ] as const) {
      const response = await call(method, url, owner.headers);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: "Team not found", code: "not_found" });
    }
    expect(await storedPolicy(foreign.environmentId)).toBe(90);
  });

  it("answers 404 for an unknown environment and 422 naming the malformed path segment", async () => {
    const { owner, tree } = await ownerWithTree(t.app);
    const unknown = await call("GET", itemUrl(tree, randomUUID()), owner.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Environment not found", code: "not_found" });

    const badEnv = await call("GET", itemUrl(tree, "dev"), owner.headers);
    expect(badEnv.statusCode).toBe(422);
    expect(badEnv.json().detail).toEqual([expect.objectContaining({ loc: ["path", "environment_id"] })]);

    const badProject = await call(
      "GET",
      `/environments/${tree.workspaceId}/${tree.teamId}/p1/`,
      owner.headers,
    );
    expect(badProject.statusCode).toBe(422);
    expect(badProject.json().detail).toEqual([expect.objectContaining({ loc: ["path", "project_id"] })]);
  });
});
