// Over 400 lines: one capability's contract (projects over HTTP), read top to bottom.
// Projects over HTTP (spec §2 "Project", §3 "Project", §4 "Projects", §5, §7; DESIGN.md §3, §5,
// §9): create with free-form metadata, slugs unique within a team (also under concurrency),
// updates, validation, who may do what, the workspace → team → project chain, delete cascade.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { addEnvironment } from "./helpers/environments.ts";
import { newUser } from "./helpers/factories.ts";
import { callerOf, expectPatched, type Headers, ISO, UUID } from "./helpers/http.ts";
import { countRows } from "./helpers/row-counts.ts";
import { createTree, newMember } from "./helpers/tree.ts";

const t = testAppForSuite();

const PROJECT_FIELDS = [
  "created_at",
  "id",
  "is_active",
  "name",
  "proj_metadata",
  "slug",
  "team_id",
  "updated_at",
  "workspace_id",
];

const call = callerOf(() => t.app);

async function createTeam(headers: Headers, workspaceId: string, name = `team-${randomUUID().slice(0, 8)}`) {
  const response = await call("POST", `/teams/${workspaceId}/`, headers, { name });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function createProject(headers: Headers, ws: string, teamId: string, payload: Record<string, unknown>) {
  const response = await call("POST", `/projects/${ws}/${teamId}/`, headers, payload);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const environmentsOf = (projectId: string) => countRows(t.db, "environments", "project_id", projectId);

/** An Owner with a workspace and one team. */
async function ownerWithTeam() {
  const owner = await newUser(t.app);
  const teamId = await createTeam(owner.headers, owner.workspaceId);
  return { owner, ws: owner.workspaceId, teamId, base: `/projects/${owner.workspaceId}/${teamId}` };
}

describe("POST /projects/{workspace_id}/{team_id}/", () => {
  it("answers 201 with the project; nested metadata comes back exactly as given", async () => {
    const { owner, ws, teamId, base } = await ownerWithTeam();
    const metadata = {
      repo: "github.com/acme/payments",
      owners: ["ada", "bea"],
      limits: { rps: 250, burst: null, regions: [{ name: "eu", primary: true }] },
      ratio: 0.75,
      empty: {},
    };

    const response = await call("POST", `${base}/`, owner.headers, {
      name: "Payments API",
      proj_metadata: metadata,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(PROJECT_FIELDS);
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      workspace_id: ws,
      team_id: teamId,
      name: "Payments API",
      slug: "payments-api",
      is_active: true,
      created_at: expect.stringMatching(ISO),
      updated_at: body.created_at,
      proj_metadata: metadata,
    });

    const read = await call("GET", `${base}/${body.id}`, owner.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
    const list = await call("GET", `${base}/`, owner.headers);
    expect(list.json()).toEqual([body]);
  });

  it("stores an empty object when no metadata is sent", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const body = await createProject(owner.headers, ws, teamId, { name: "Bare" });
    expect(body.proj_metadata).toEqual({});
    expect(body.is_active).toBe(true);
  });

  it("keeps slugs unique within the team under ten concurrent creates of one name", async () => {
    const { owner, base } = await ownerWithTeam();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call("POST", `${base}/`, owner.headers, { name: "Payments API" })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const slugs = responses.map((r) => r.json().slug).sort();
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toEqual(
      ["payments-api", ...Array.from({ length: 9 }, (_, i) => `payments-api-${i + 2}`)].sort(),
    );
    const listed = (await call("GET", `${base}/`, owner.headers)).json();
    expect(listed).toHaveLength(10);
  });

  it("answers 422 for metadata over 16 KiB of JSON, and accepts it just under", async () => {
    const { owner, base } = await ownerWithTeam();
    const tooBig = await call("POST", `${base}/`, owner.headers, {
      name: "Heavy",
      proj_metadata: { blob: "x".repeat(16 * 1024) },
    });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().detail).toEqual([
      expect.objectContaining({ loc: ["body", "proj_metadata"], type: "too_long" }),
    ]);

    const fits = { blob: "x".repeat(16 * 1024 - 20) };
    const response = await call("POST", `${base}/`, owner.headers, { name: "Fits", proj_metadata: fits });
    expect(response.statusCode).toBe(201);
    expect(response.json().proj_metadata).toEqual(fits);
    expect((await call("GET", `${base}/`, owner.headers)).json()).toHaveLength(1);
  });

  it("gives the same name in another team the base slug", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const otherTeam = await createTeam(owner.headers, ws);
    const first = await createProject(owner.headers, ws, teamId, { name: "Payments API" });
    const second = await createProject(owner.headers, ws, teamId, { name: "payments api" });
    const elsewhere = await createProject(owner.headers, ws, otherTeam, { name: "Payments API" });
    expect(first.slug).toBe("payments-api");
    expect(second.slug).toBe("payments-api-2");
    expect(elsewhere.slug).toBe("payments-api");
  });

  it("lets an Admin create a project", async () => {
    const { owner, ws, base } = await ownerWithTeam();
    const admin = await newMember(t.app, t.db, ws, 2);
    const response = await call("POST", `${base}/`, admin.headers, { name: "Admin's" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: "Admin's", slug: "admin-s" });
    expect((await call("GET", `${base}/`, owner.headers)).json()).toHaveLength(1);
  });

  it.each([
    ["a Member of the team", 1],
    ["a Viewer of the team", 0],
  ])("answers 403 to %s and creates nothing", async (_label, role) => {
    const { owner, ws, teamId, base } = await ownerWithTeam();
    const caller = await newMember(t.app, t.db, ws, role, [teamId]);
    const response = await call("POST", `${base}/`, caller.headers, { name: "Sneaky" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.stringContaining("Admin"), code: "forbidden" });
    expect((await call("GET", `${base}/`, owner.headers)).json()).toEqual([]);
  });

  it.each([
    ["metadata as an array", { name: "P", proj_metadata: [1, 2] }, "proj_metadata", "dict_type"],
    ["metadata as a string", { name: "P", proj_metadata: '{"a":1}' }, "proj_metadata", "dict_type"],
    ["metadata as null", { name: "P", proj_metadata: null }, "proj_metadata", "dict_type"],
    ["a missing name", { proj_metadata: {} }, "name", "missing"],
    ["an empty name", { name: "" }, "name", "string_too_short"],
    ["a whitespace-only name", { name: "   " }, "name", "string_pattern_mismatch"],
    ["a 101-character name", { name: "p".repeat(101) }, "name", "string_too_long"],
  ])("answers 422 for %s", async (_label, payload, field, type) => {
    const { owner, base } = await ownerWithTeam();
    const response = await call("POST", `${base}/`, owner.headers, payload);
    expect(response.statusCode).toBe(422);
    const { detail } = response.json();
    for (const issue of detail) expect(issue.loc).toEqual(["body", field]);
    expect(detail.map((i: { type: string }) => i.type)).toContain(type);
    expect((await call("GET", `${base}/`, owner.headers)).json()).toEqual([]);
  });

  it("answers 404 for a team of another workspace and 404 for an unknown team", async () => {
    const ada = await newUser(t.app);
    const { teamId: beaTeam } = await ownerWithTeam();
    for (const teamId of [beaTeam, randomUUID()]) {
      const response = await call("POST", `/projects/${ada.workspaceId}/${teamId}/`, ada.headers, {
        name: "Misplaced",
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "Team not found", code: "not_found" });
    }
    const row = await t.db.selectFrom("projects").select("id").where("team_id", "=", beaTeam).execute();
    expect(row).toEqual([]);
  });

  it("answers 422 naming path.team_id for a malformed team id", async () => {
    const ada = await newUser(t.app);
    const response = await call("POST", `/projects/${ada.workspaceId}/team-one/`, ada.headers, { name: "P" });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([expect.objectContaining({ loc: ["path", "team_id"] })]);
  });
});

describe("GET /projects/{workspace_id}/{team_id}/…", () => {
  it("shows a team's projects to its Viewers and answers 403 to Viewers outside it", async () => {
    const { owner, ws, teamId, base } = await ownerWithTeam();
    const project = await createProject(owner.headers, ws, teamId, { name: "Visible" });
    const inside = await newMember(t.app, t.db, ws, 0, [teamId]);
    const outside = await newMember(t.app, t.db, ws, 1);

    expect((await call("GET", `${base}/`, inside.headers)).json()).toEqual([project]);
    expect((await call("GET", `${base}/${project.id}`, inside.headers)).json()).toEqual(project);

    for (const url of [`${base}/`, `${base}/${project.id}`]) {
      const denied = await call("GET", url, outside.headers);
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json()).toMatchObject({ code: "forbidden" });
    }
  });
});

describe("PATCH /projects/{workspace_id}/{team_id}/{project_id}", () => {
  it("toggles is_active off and on", async () => {
    const { owner, ws, teamId, base } = await ownerWithTeam();
    const project = await createProject(owner.headers, ws, teamId, { name: "Toggle" });
    t.clock.advance(2);

    const off = await call("PATCH", `${base}/${project.id}`, owner.headers, { is_active: false });
    expectPatched(off, project, { is_active: false }, project.updated_at);
    expect((await call("GET", `${base}/${project.id}`, owner.headers)).json().is_active).toBe(false);

    const on = await call("PATCH", `${base}/${project.id}`, owner.headers, { is_active: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().is_active).toBe(true);
    expect((await call("GET", `${base}/${project.id}`, owner.headers)).json().is_active).toBe(true);
  });

  it("replaces proj_metadata as a whole (no merge) and leaves other fields alone", async () => {
    const { owner, ws, teamId, base } = await ownerWithTeam();
    const project = await createProject(owner.headers, ws, teamId, {
      name: "Meta",
      proj_metadata: { a: 1, nested: { keep: "me?" } },
    });
    const replacement = { b: [1, "two", { three: 3 }], nested: { other: true } };

    const response = await call("PATCH", `${base}/${project.id}`, owner.headers, {
      proj_metadata: replacement,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: project.id,
      name: "Meta",
      slug: "meta",
      is_active: true,
      proj_metadata: replacement,
    });
    expect((await call("GET", `${base}/${project.id}`, owner.headers)).json().proj_metadata).toEqual(
      replacement,
    );
  });

  it("renames the project; the slug follows and stays unique in the team", async () => {
    const { owner, ws, teamId, base } = await ownerWithTeam();
    await createProject(owner.headers, ws, teamId, { name: "Billing" });
    const project = await createProject(owner.headers, ws, teamId, { name: "Ledger" });

    const renamed = await call("PATCH", `${base}/${project.id}`, owner.headers, { name: "Billing" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: project.id, name: "Billing", slug: "billing-2" });

    const again = await call("PATCH", `${base}/${project.id}`, owner.headers, { name: "Billing" });
    expect(again.json().slug).toBe("billing-2");
  });

  it.each([
    ["proj_metadata as an array", { proj_metadata: ["x"] }, "proj_metadata"],
    ["proj_metadata as a string", { proj_metadata: "x" }, "proj_metadata"],
    ['is_active as "yes"', { is_active: "yes" }, "is_active"],
    ["is_active as 1", { is_active: 1 }, "is_active"],
    ["an empty name", { name: "" }, "name"],
  ])("answers 422 for %s and changes nothing", async (_label, payload, field) => {
    const { owner, ws, teamId, base } = await ownerWithTeam();
    const project = await createProject(owner.headers, ws, teamId, {
      name: "Stable",
      proj_metadata: { v: 1 },
    });
    const response = await call("PATCH", `${base}/${project.id}`, owner.headers, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(["body", field]);
    expect((await call("GET", `${base}/${project.id}`, owner.headers)).json()).toEqual(project);
  });

  it("answers 403 to a Member of the team and changes nothing", async () => {
    const { owner, ws, teamId, base } = await ownerWithTeam();
    const project = await createProject(owner.headers, ws, teamId, { name: "Guarded" });
    const member = await newMember(t.app, t.db, ws, 1, [teamId]);
    const response = await call("PATCH", `${base}/${project.id}`, member.headers, { is_active: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden" });
    expect((await call("GET", `${base}/${project.id}`, owner.headers)).json()).toEqual(project);
  });
});

describe("the workspace → team → project chain", () => {
  it("answers 404 for a project under the wrong team of the same workspace", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const otherTeam = await createTeam(owner.headers, ws);
    const project = await createProject(owner.headers, ws, teamId, { name: "Home" });
    const wrong = `/projects/${ws}/${otherTeam}/${project.id}`;

    for (const [method, payload] of [
      ["GET", undefined],
      ["PATCH", { is_active: false }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(method, wrong, owner.headers, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ detail: "Project not found", code: "not_found" });
    }
    const still = await call("GET", `/projects/${ws}/${teamId}/${project.id}`, owner.headers);
    expect(still.json()).toEqual(project);
  });

  it("answers 404 for a project whose team belongs to another workspace", async () => {
    const ada = await newUser(t.app);
    const { owner: bea, ws: beaWs, teamId: beaTeam } = await ownerWithTeam();
    const project = await createProject(bea.headers, beaWs, beaTeam, { name: "Theirs" });

    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const response = await call(
        method,
        `/projects/${ada.workspaceId}/${beaTeam}/${project.id}`,
        ada.headers,
        method === "PATCH" ? { name: "Mine" } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ detail: "Team not found", code: "not_found" });
    }
    const list = await call("GET", `/projects/${ada.workspaceId}/${beaTeam}/`, ada.headers);
    expect(list.statusCode).toBe(404);
    expect((await call("GET", `/projects/${beaWs}/${beaTeam}/${project.id}`, bea.headers)).json()).toEqual(
      project,
    );
  });

  it("answers 404 for an unknown project id", async () => {
    const { owner, base } = await ownerWithTeam();
    const response = await call("GET", `${base}/${randomUUID()}`, owner.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "Project not found", code: "not_found" });
  });
});

describe("DELETE /projects/{workspace_id}/{team_id}/{project_id}", () => {
  it("removes the project with its environments, and nothing else", async () => {
    const owner = await newUser(t.app);
    const ws = owner.workspaceId;
    const doomed = await createTree(t.app, owner.accessToken, ws);
    await addEnvironment(t.app, owner.headers, doomed, "Prod", "prod");
    const sibling = await createProject(owner.headers, ws, doomed.teamId, { name: "Sibling" });
    await addEnvironment(t.app, owner.headers, { ...doomed, projectId: sibling.id }, "Dev", "dev");
    expect(await environmentsOf(doomed.projectId)).toBe(2);

    const response = await call(
      "DELETE",
      `/projects/${ws}/${doomed.teamId}/${doomed.projectId}`,
      owner.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, id: doomed.projectId });

    expect(await environmentsOf(doomed.projectId)).toBe(0);
    expect(await environmentsOf(sibling.id)).toBe(1);
    const projects = (await call("GET", `/projects/${ws}/${doomed.teamId}/`, owner.headers)).json();
    expect(projects.map((p: { id: string }) => p.id)).toEqual([sibling.id]);
    const gone = await call("GET", `/projects/${ws}/${doomed.teamId}/${doomed.projectId}`, owner.headers);
    expect(gone.statusCode).toBe(404);
  });

  it("answers 403 to a Member of the team and deletes nothing", async () => {
    const owner = await newUser(t.app);
    const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const member = await newMember(t.app, t.db, owner.workspaceId, 1, [tree.teamId]);
    const response = await call(
      "DELETE",
      `/projects/${owner.workspaceId}/${tree.teamId}/${tree.projectId}`,
      member.headers,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden" });
    expect(await environmentsOf(tree.projectId)).toBe(1);
  });

  it("lets an Admin delete a project", async () => {
    const owner = await newUser(t.app);
    const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const admin = await newMember(t.app, t.db, owner.workspaceId, 2);
    const response = await call(
      "DELETE",
      `/projects/${owner.workspaceId}/${tree.teamId}/${tree.projectId}`,
      admin.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, id: tree.projectId });
  });
});
