// Workspaces over HTTP (spec §2 "Workspace", §4 "Workspaces", §5, §7; DESIGN.md §3, §5, §9):
// create / list / update / delete, slugs, validation, who may do what, the cascade of a delete.
// Members are in workspaces-members.test.ts.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { callerOf, expectPatched, type Headers, ISO, UUID } from "./helpers/http.ts";
import { countRows } from "./helpers/row-counts.ts";
import { addMember, createTree, newMember } from "./helpers/tree.ts";

const t = testAppForSuite();

const WORKSPACE_FIELDS = [
  "avatar_url",
  "created_at",
  "id",
  "name",
  "plan",
  "require_sso",
  "require_two_factor",
  "role",
  "seat_limit",
  "slug",
  "updated_at",
];
const call = callerOf(() => t.app);

/** A lowercase word no other test (or test file sharing the database) will use. */
const tag = () =>
  randomUUID()
    .slice(0, 8)
    .replace(/^[0-9-]+/, "x");

type CountedTable = "teams" | "team_members" | "projects" | "environments" | "workspace_members";
const rowsFor = (table: CountedTable, workspaceId: string) =>
  countRows(t.db, table, "workspace_id", workspaceId);

async function createWorkspace(headers: Headers, payload: Record<string, unknown>) {
  const response = await call("POST", "/workspaces/", headers, payload);
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe("POST /workspaces/", () => {
  it("answers 201 with the workspace; the caller is its Owner on the free plan with 5 seats", async () => {
    const ada = await newUser(t.app);
    const name = `Acme Corp ${tag()}`;
    const response = await call("POST", "/workspaces/", ada.headers, {
      name,
      avatar_url: "https://img.example.com/acme.png",
    });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(WORKSPACE_FIELDS);
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      name,
      slug: expect.any(String),
      avatar_url: "https://img.example.com/acme.png",
      created_at: expect.stringMatching(ISO),
      updated_at: body.created_at,
      plan: "free",
      role: 3,
      seat_limit: 5,
      require_two_factor: false,
      require_sso: false,
    });
  });

  it("answers a null avatar_url when none is sent", async () => {
    const ada = await newUser(t.app);
    const body = await createWorkspace(ada.headers, { name: `Plain ${tag()}` });
    expect(body.avatar_url).toBeNull();
  });

  it("derives a kebab-case slug from the name and adds -2 on a collision", async () => {
    const ada = await newUser(t.app);
    const bea = await newUser(t.app);
    const word = tag();

    const first = await createWorkspace(ada.headers, { name: `Acme Corp ${word}` });
    const second = await createWorkspace(bea.headers, { name: `Acme Corp ${word}` });
    const third = await createWorkspace(ada.headers, { name: `  ACME   corp!! ${word}  ` });

    expect(first.slug).toBe(`acme-corp-${word}`);
    expect(second.slug).toBe(`acme-corp-${word}-2`);
    expect(third.slug).toBe(`acme-corp-${word}-3`);
    expect(third.name).toBe(`ACME   corp!! ${word}`);
  });

  it("gives ten concurrent creates of one name ten distinct slugs, never a 500", async () => {
    const ada = await newUser(t.app);
    const word = tag();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call("POST", "/workspaces/", ada.headers, { name: `Race ${word}` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const slugs = responses.map((r) => r.json().slug).sort();
    expect(slugs).toEqual(
      [`race-${word}`, ...Array.from({ length: 9 }, (_, i) => `race-${word}-${i + 2}`)].sort(),
    );
  });

  it("accepts a name of exactly 100 characters", async () => {
    const ada = await newUser(t.app);
    const word = tag();
    const name = `${word}${"n".repeat(100 - word.length)}`;
    expect(name).toHaveLength(100);
    const response = await call("POST", "/workspaces/", ada.headers, { name });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe(name);
  });

  it.each([
    ["a missing name", {}, "missing"],
    ["an empty name", { name: "" }, "string_too_short"],
    ["a whitespace-only name", { name: "   " }, "string_pattern_mismatch"],
    ["a 101-character name", { name: "n".repeat(101) }, "string_too_long"],
    ["a number as name", { name: 42 }, "string_type"],
    ["null as name", { name: null }, "string_type"],
  ])("answers 422 for %s, naming body.name", async (_label, payload, type) => {
    const ada = await newUser(t.app);
    const response = await call("POST", "/workspaces/", ada.headers, payload);

    expect(response.statusCode).toBe(422);
    const { detail } = response.json();
    expect(detail.length).toBeGreaterThan(0);
    for (const issue of detail) expect(issue.loc).toEqual(["body", "name"]);
    expect(detail.map((i: { type: string }) => i.type)).toContain(type);
  });

  it("answers 422 for an avatar_url that is not a string", async () => {
    const ada = await newUser(t.app);
    const response = await call("POST", "/workspaces/", ada.headers, { name: "Fine", avatar_url: 7 });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(["body", "avatar_url"]);
  });

  it("answers 422 for a body that is not an object", async () => {
    const ada = await newUser(t.app);
    const response = await call("POST", "/workspaces/", ada.headers, ["Acme"]);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc[0]).toBe("body");
  });

  it("creates nothing on a 422", async () => {
    const ada = await newUser(t.app);
    await call("POST", "/workspaces/", ada.headers, { name: "   " });
    const list = await call("GET", "/workspaces/", ada.headers);
    expect(list.json().map((w: { id: string }) => w.id)).toEqual([ada.workspaceId]);
  });

  it("answers 401 without a credential", async () => {
    const response = await call("POST", "/workspaces/", {}, { name: "Nope" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "not_authenticated" });
  });
});

describe("GET /workspaces/", () => {
  it("lists the account's workspaces, each with plan, role and seat limit", async () => {
    const ada = await newUser(t.app);
    const created = await createWorkspace(ada.headers, { name: `Second ${tag()}` });
    const bea = await newUser(t.app);
    const beaWorkspace = bea.workspaceId;
    await addMember(t.db, beaWorkspace, ada.id, 0); // Ada is a Viewer in Bea's workspace

    const response = await call("GET", "/workspaces/", ada.headers);
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items.map((w: { id: string }) => w.id).sort()).toEqual(
      [ada.workspaceId, created.id, beaWorkspace].sort(),
    );
    for (const item of items) expect(Object.keys(item).sort()).toEqual(WORKSPACE_FIELDS);
    const byId = Object.fromEntries(items.map((w: { id: string }) => [w.id, w]));
    expect(byId[ada.workspaceId]).toMatchObject({ name: "Ada's workspace", role: 3, plan: "free" });
    expect(byId[created.id]).toEqual(created);
    expect(byId[beaWorkspace]).toMatchObject({ plan: "free", role: 0, seat_limit: 5 });
  });
});

describe("PATCH /workspaces/{workspace_id}", () => {
  it("lets the Owner rename and change the avatar; the slug stays", async () => {
    const ada = await newUser(t.app);
    const before = await createWorkspace(ada.headers, { name: `Old ${tag()}` });
    t.clock.advance(2);

    const response = await call("PATCH", `/workspaces/${before.id}`, ada.headers, {
      name: "  New Name  ",
      avatar_url: "https://img.example.com/new.png",
    });

    const body = expectPatched(
      response,
      before,
      { name: "New Name", avatar_url: "https://img.example.com/new.png" },
      before.updated_at,
    );

    const listed = (await call("GET", "/workspaces/", ada.headers))
      .json()
      .find((w: { id: string }) => w.id === before.id);
    expect(listed).toEqual(body);
  });

  it("clears the avatar with null and leaves the name alone", async () => {
    const ada = await newUser(t.app);
    const before = await createWorkspace(ada.headers, {
      name: `Pic ${tag()}`,
      avatar_url: "https://img.example.com/a.png",
    });
    const response = await call("PATCH", `/workspaces/${before.id}`, ada.headers, { avatar_url: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: before.name, avatar_url: null });
  });

  it.each([
    ["an empty name", { name: "" }],
    ["a whitespace-only name", { name: " \t " }],
    ["a 101-character name", { name: "x".repeat(101) }],
    ["a boolean name", { name: true }],
  ])("answers 422 for %s", async (_label, payload) => {
    const ada = await newUser(t.app);
    const response = await call("PATCH", `/workspaces/${ada.workspaceId}`, ada.headers, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(["body", "name"]);
  });

  it("answers 403 to an Admin and changes nothing", async () => {
    const ada = await newUser(t.app);
    const admin = await newMember(t.app, t.db, ada.workspaceId, 2);
    const response = await call("PATCH", `/workspaces/${ada.workspaceId}`, admin.headers, { name: "Mine" });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.stringContaining("Owner"), code: "forbidden" });
    const row = await t.db
      .selectFrom("workspaces")
      .select("name")
      .where("id", "=", ada.workspaceId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Ada's workspace");
  });

  it("answers 403 to someone who is not a member", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await call("PATCH", `/workspaces/${ada.workspaceId}`, stranger.headers, { name: "X" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "not_a_member" });
  });

  it("answers 404 for an unknown workspace id", async () => {
    const ada = await newUser(t.app);
    const response = await call("PATCH", `/workspaces/${randomUUID()}`, ada.headers, { name: "X" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found" });
  });

  it("answers 422 naming path.workspace_id for a malformed id", async () => {
    const ada = await newUser(t.app);
    const response = await call("PATCH", "/workspaces/not-a-uuid", ada.headers, { name: "X" });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ["path", "workspace_id"], type: "uuid_parsing", input: "not-a-uuid" }),
    ]);
  });
});

describe("DELETE /workspaces/{workspace_id}", () => {
  it("lets the Owner delete it; it then disappears from the listing and answers 404", async () => {
    const ada = await newUser(t.app);
    const doomed = await createWorkspace(ada.headers, { name: `Doomed ${tag()}` });

    const response = await call("DELETE", `/workspaces/${doomed.id}`, ada.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, id: doomed.id });

    const list = await call("GET", "/workspaces/", ada.headers);
    expect(list.json().map((w: { id: string }) => w.id)).toEqual([ada.workspaceId]);
    const again = await call("DELETE", `/workspaces/${doomed.id}`, ada.headers);
    expect(again.statusCode).toBe(404);
    expect((await call("GET", `/workspaces/${doomed.id}/members`, ada.headers)).statusCode).toBe(404);
  });

  it("deletes every team, team membership, project, environment and member beneath it", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const tree = await createTree(t.app, ada.accessToken, ws);
    const second = await call("POST", `/environments/${ws}/${tree.teamId}/${tree.projectId}/`, ada.headers, {
      name: "Production",
      environment_type: "prod",
    });
    expect(second.statusCode).toBe(201);
    const member = await newMember(t.app, t.db, ws, 1, [tree.teamId]);
    const viewer = await newMember(t.app, t.db, ws, 0);
    const added = await call("POST", `/teams/${ws}/${tree.teamId}/members`, ada.headers, {
      user_id: viewer.id,
    });
    expect(added.statusCode).toBe(201);

    expect(await rowsFor("teams", ws)).toBe(1);
    expect(await rowsFor("team_members", ws)).toBe(2);
    expect(await rowsFor("projects", ws)).toBe(1);
    expect(await rowsFor("environments", ws)).toBe(2);
    expect(await rowsFor("workspace_members", ws)).toBe(3);

    const response = await call("DELETE", `/workspaces/${ws}`, ada.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, id: ws });

    for (const table of ["teams", "team_members", "projects", "environments", "workspace_members"] as const) {
      expect(await rowsFor(table, ws), table).toBe(0);
    }
    const workspaces = await t.db.selectFrom("workspaces").select("id").where("id", "=", ws).execute();
    expect(workspaces).toEqual([]);
    const users = await t.db
      .selectFrom("users")
      .select("id")
      .where("id", "in", [ada.id, member.id, viewer.id])
      .execute();
    expect(users).toHaveLength(3);
  });

  it("clears the current workspace of every user who had it, and only theirs", async () => {
    const ada = await newUser(t.app);
    const doomed = ada.workspaceId;
    const switcher = await newMember(t.app, t.db, doomed, 1);
    const switched = await call("POST", `/workspaces/${doomed}/switch`, switcher.headers);
    expect(switched.statusCode).toBe(200);
    const bystander = await newMember(t.app, t.db, doomed, 0);

    const meBefore = await call("GET", "/auth/me", switcher.headers);
    expect(meBefore.json().current_workspace_id).toBe(doomed);

    expect((await call("DELETE", `/workspaces/${doomed}`, ada.headers)).statusCode).toBe(200);

    const adaMe = await call("GET", "/auth/me", ada.headers);
    expect(adaMe.statusCode).toBe(200);
    expect(adaMe.json().current_workspace_id).toBeNull();
    expect((await call("GET", "/auth/me", switcher.headers)).json().current_workspace_id).toBeNull();
    expect((await call("GET", "/auth/me", bystander.headers)).json().current_workspace_id).toBe(
      bystander.workspaceId,
    );
  });

  it("answers 403 to an Admin and deletes nothing", async () => {
    const ada = await newUser(t.app);
    const tree = await createTree(t.app, ada.accessToken, ada.workspaceId);
    const admin = await newMember(t.app, t.db, ada.workspaceId, 2);

    const response = await call("DELETE", `/workspaces/${ada.workspaceId}`, admin.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden" });
    expect(await rowsFor("teams", tree.workspaceId)).toBe(1);
    expect(await rowsFor("environments", tree.workspaceId)).toBe(1);
  });

  it("answers 403 to a non-member, 404 for an unknown id and 422 for a malformed one", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);

    const foreign = await call("DELETE", `/workspaces/${ada.workspaceId}`, stranger.headers);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: "not_a_member" });

    const unknown = await call("DELETE", `/workspaces/${randomUUID()}`, ada.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "not_found" });

    const malformed = await call("DELETE", "/workspaces/1234", ada.headers);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0].loc).toEqual(["path", "workspace_id"]);
    expect(await rowsFor("workspace_members", ada.workspaceId)).toBe(1);
  });
});
