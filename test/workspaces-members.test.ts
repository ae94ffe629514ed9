// A workspace's members over HTTP (spec §4 "Workspaces", §5, §7; DESIGN.md §3, §5): their roles,
// the last-Owner rule, removal and leaving.
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { callerOf, type Headers, ISO } from "./helpers/http.ts";
import { countRows } from "./helpers/row-counts.ts";
import { createTree, newMember } from "./helpers/tree.ts";

const t = testAppForSuite();

const MEMBER_FIELDS = [
  "email",
  "first_name",
  "joined_at",
  "last_name",
  "middle_name",
  "name",
  "role",
  "two_factor",
  "user_id",
];

const call = callerOf(() => t.app);

const rowsFor = (table: "workspace_members", workspaceId: string) =>
  countRows(t.db, table, "workspace_id", workspaceId);

describe("GET /workspaces/{workspace_id}/members", () => {
  it("lists every member with role, email and name, to any member", async () => {
    const ada = await newUser(t.app);
    const viewer = await newMember(t.app, t.db, ada.workspaceId, 0);

    const response = await call("GET", `/workspaces/${ada.workspaceId}/members`, viewer.headers);
    expect(response.statusCode).toBe(200);
    const members = response.json();
    expect(members).toHaveLength(2);
    for (const m of members) expect(Object.keys(m).sort()).toEqual(MEMBER_FIELDS);
    const byId = Object.fromEntries(members.map((m: { user_id: string }) => [m.user_id, m]));
    expect(byId[ada.id]).toEqual({
      user_id: ada.id,
      email: ada.email,
      name: "Ada Lovelace",
      first_name: "Ada",
      middle_name: null,
      last_name: "Lovelace",
      role: 3,
      joined_at: expect.stringMatching(ISO),
      two_factor: false,
    });
    expect(byId[viewer.id]).toMatchObject({ email: viewer.email, role: 0 });
  });

  it("pages with limit and the X-Next-Cursor header, without repeats or gaps", async () => {
    const ada = await newUser(t.app);
    for (let i = 0; i < 4; i++) await newMember(t.app, t.db, ada.workspaceId, 0);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const query = `limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await call("GET", `/workspaces/${ada.workspaceId}/members?${query}`, ada.headers);
      expect(response.statusCode).toBe(200);
      seen.push(...response.json().map((m: { user_id: string }) => m.user_id));
      cursor = response.headers["x-next-cursor"] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const bad = await call("GET", `/workspaces/${ada.workspaceId}/members?cursor=nonsense`, ada.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(["query", "cursor"]);
  });

  it("answers 403 to a non-member", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await call("GET", `/workspaces/${ada.workspaceId}/members`, stranger.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "not_a_member" });
  });
});

describe("PATCH /workspaces/{workspace_id}/members/{user_id}", () => {
  /** `headers`' request to give `userId` the role in `body` in `workspaceId`. */
  const setRole = (workspaceId: string, userId: string, headers: Headers, body: object) =>
    call("PATCH", `/workspaces/${workspaceId}/members/${userId}`, headers, body);
  const roleOf = async (headers: Headers, workspaceId: string, userId: string) => {
    const members = (await call("GET", `/workspaces/${workspaceId}/members`, headers)).json();
    return members.find((m: { user_id: string }) => m.user_id === userId)?.role;
  };

  it("lets the Owner change a member's role and answers the member record", async () => {
    const ada = await newUser(t.app);
    const member = await newMember(t.app, t.db, ada.workspaceId, 1);

    const response = await setRole(ada.workspaceId, member.id, ada.headers, { role: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user_id: member.id,
      email: member.email,
      name: "Ada Lovelace",
      first_name: "Ada",
      middle_name: null,
      last_name: "Lovelace",
      role: 2,
      joined_at: expect.stringMatching(ISO),
      two_factor: false,
    });
    expect(await roleOf(ada.headers, ada.workspaceId, member.id)).toBe(2);
  });

  it("refuses to demote the sole Owner (409) and keeps the role", async () => {
    const ada = await newUser(t.app);
    const response = await setRole(ada.workspaceId, ada.id, ada.headers, { role: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: expect.stringContaining("Owner"), code: "conflict" });
    expect(await roleOf(ada.headers, ada.workspaceId, ada.id)).toBe(3);
  });

  it("lets one of two Owners be demoted; the demoted one then cannot manage roles", async () => {
    const ada = await newUser(t.app);
    const bea = await newMember(t.app, t.db, ada.workspaceId, 1);
    const promote = await setRole(ada.workspaceId, bea.id, ada.headers, { role: 3 });
    expect(promote.statusCode).toBe(200);

    const demote = await setRole(ada.workspaceId, ada.id, bea.headers, { role: 1 });
    expect(demote.statusCode).toBe(200);
    expect(demote.json()).toMatchObject({ user_id: ada.id, role: 1 });

    const back = await setRole(ada.workspaceId, ada.id, ada.headers, { role: 3 });
    expect(back.statusCode).toBe(403);
    expect(back.json()).toMatchObject({ code: "forbidden" });

    // Bea is now the only Owner.
    const last = await setRole(ada.workspaceId, bea.id, bea.headers, { role: 0 });
    expect(last.statusCode).toBe(409);
  });

  it("keeping an Owner an Owner is not a demotion", async () => {
    const ada = await newUser(t.app);
    const response = await setRole(ada.workspaceId, ada.id, ada.headers, { role: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: ada.id, role: 3 });
  });

  it.each([
    ["a Member", 1],
    ["an Admin", 2],
  ])("answers 403 to %s and changes nothing", async (_label, role) => {
    const ada = await newUser(t.app);
    const caller = await newMember(t.app, t.db, ada.workspaceId, role);
    const target = await newMember(t.app, t.db, ada.workspaceId, 0);

    const response = await setRole(ada.workspaceId, target.id, caller.headers, { role: 2 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden" });
    expect(await roleOf(ada.headers, ada.workspaceId, target.id)).toBe(0);
  });

  it.each([
    ["role 4", { role: 4 }, "less_than_equal"],
    ["role -1", { role: -1 }, "greater_than_equal"],
    ["role 1.5", { role: 1.5 }, "int_type"],
    ['role "2"', { role: "2" }, "int_type"],
    ["no role", {}, "missing"],
  ])("answers 422 for %s", async (_label, payload, type) => {
    const ada = await newUser(t.app);
    const member = await newMember(t.app, t.db, ada.workspaceId, 1);
    const response = await setRole(ada.workspaceId, member.id, ada.headers, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([expect.objectContaining({ loc: ["body", "role"], type })]);
    expect(await roleOf(ada.headers, ada.workspaceId, member.id)).toBe(1);
  });

  it("answers 404 for someone who is not a member, and 422 for a malformed user id", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const missing = await setRole(ada.workspaceId, stranger.id, ada.headers, { role: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not_found" });

    const malformed = await setRole(ada.workspaceId, "nope", ada.headers, { role: 1 });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0].loc).toEqual(["path", "user_id"]);
  });
});

describe("DELETE /workspaces/{workspace_id}/members/{user_id}", () => {
  /** `headers`' request to take `userId` out of `workspaceId` (themselves: leaving it). */
  const removeMember = (workspaceId: string, userId: string, headers: Headers) =>
    call("DELETE", `/workspaces/${workspaceId}/members/${userId}`, headers);

  it("lets the Owner remove a member, with their team memberships; they then get 403", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const tree = await createTree(t.app, ada.accessToken, ws);
    const other = await createTree(t.app, ada.accessToken, ws);
    const member = await newMember(t.app, t.db, ws, 1, [tree.teamId, other.teamId]);
    const stays = await newMember(t.app, t.db, ws, 1, [tree.teamId]);

    const response = await removeMember(ws, member.id, ada.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ removed: true, user_id: member.id });

    const teamRows = await t.db
      .selectFrom("team_members")
      .select("team_id")
      .where("user_id", "=", member.id)
      .execute();
    expect(teamRows).toEqual([]);
    const teamList = (await call("GET", `/teams/${ws}/${tree.teamId}/members`, ada.headers)).json();
    expect(teamList.map((m: { user_id: string }) => m.user_id)).toEqual([stays.id]);

    const members = (await call("GET", `/workspaces/${ws}/members`, ada.headers)).json();
    expect(members.map((m: { user_id: string }) => m.user_id).sort()).toEqual([ada.id, stays.id].sort());

    for (const url of [`/workspaces/${ws}/members`, `/teams/${ws}/`, `/teams/${ws}/${tree.teamId}`]) {
      const denied = await call("GET", url, member.headers);
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json()).toMatchObject({ code: "not_a_member" });
    }
  });

  it("lets a Viewer leave on their own", async () => {
    const ada = await newUser(t.app);
    const viewer = await newMember(t.app, t.db, ada.workspaceId, 0);

    const response = await removeMember(ada.workspaceId, viewer.id, viewer.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ removed: true, user_id: viewer.id });

    const list = await call("GET", "/workspaces/", viewer.headers);
    expect(list.json().map((w: { id: string }) => w.id)).toEqual([viewer.workspaceId]);
    expect((await call("GET", `/workspaces/${ada.workspaceId}/members`, viewer.headers)).statusCode).toBe(
      403,
    );
  });

  it("clears the current workspace of a member who leaves it", async () => {
    const ada = await newUser(t.app);
    const member = await newMember(t.app, t.db, ada.workspaceId, 1);
    expect((await call("POST", `/workspaces/${ada.workspaceId}/switch`, member.headers)).statusCode).toBe(
      200,
    );

    expect((await removeMember(ada.workspaceId, member.id, member.headers)).statusCode).toBe(200);
    expect((await call("GET", "/auth/me", member.headers)).json().current_workspace_id).toBeNull();
  });

  it("refuses to let the last Owner leave (409)", async () => {
    const ada = await newUser(t.app);
    await newMember(t.app, t.db, ada.workspaceId, 2);

    const response = await removeMember(ada.workspaceId, ada.id, ada.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict" });
    expect(await rowsFor("workspace_members", ada.workspaceId)).toBe(2);
  });

  it("lets an Owner leave when another Owner remains", async () => {
    const ada = await newUser(t.app);
    const bea = await newMember(t.app, t.db, ada.workspaceId, 3);
    const response = await removeMember(ada.workspaceId, ada.id, ada.headers);
    expect(response.statusCode).toBe(200);
    const members = (await call("GET", `/workspaces/${ada.workspaceId}/members`, bea.headers)).json();
    expect(members.map((m: { user_id: string; role: number }) => [m.user_id, m.role])).toEqual([[bea.id, 3]]);
  });

  it("answers 403 when a non-Owner removes someone else", async () => {
    const ada = await newUser(t.app);
    const admin = await newMember(t.app, t.db, ada.workspaceId, 2);
    const viewer = await newMember(t.app, t.db, ada.workspaceId, 0);

    const response = await removeMember(ada.workspaceId, viewer.id, admin.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden" });
    expect(await rowsFor("workspace_members", ada.workspaceId)).toBe(3);
  });

  it("answers 404 when the user is not a member", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await removeMember(ada.workspaceId, stranger.id, ada.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found" });
  });
});
