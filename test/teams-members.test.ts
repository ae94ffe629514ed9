// A team's members over HTTP (spec §4 "Teams", §5, §7; DESIGN.md §3, §5): who may add and remove
// them, what a membership shows, and what it lets a member see.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { callerOf, type Headers, ISO } from "./helpers/http.ts";
import { countRows } from "./helpers/row-counts.ts";
import { createTeamIn } from "./helpers/teams.ts";
import { newMember } from "./helpers/tree.ts";

const t = testAppForSuite();

const TEAM_MEMBER_FIELDS = [
  "added_at",
  "email",
  "first_name",
  "last_name",
  "middle_name",
  "name",
  "role",
  "user_id",
];

const call = callerOf(() => t.app);
const createTeam = (headers: Headers, workspaceId: string, name: string) =>
  createTeamIn(t.app, headers, workspaceId, name);

/** Ids in a stable order: lists promise membership, not an order between same-instant rows. */
const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();
const sorted = (values: string[]) => [...values].sort();

const countWhere = (table: "team_members", column: "team_id", value: string) =>
  countRows(t.db, table, column, value);

describe("team members", () => {
  const membersUrl = (ws: string, teamId: string) => `/teams/${ws}/${teamId}/members`;
  /** `headers`' request to add a person (the body names them) to the team. */
  const addToTeam = (headers: Headers, ws: string, teamId: string, body: object) =>
    call("POST", membersUrl(ws, teamId), headers, body);

  it("adds a workspace member (201 with the record), lists and removes them", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const team = await createTeam(ada.headers, ws, "Crew");
    const viewer = await newMember(t.app, t.db, ws, 0);

    const added = await addToTeam(ada.headers, ws, team.id, { user_id: viewer.id });
    expect(added.statusCode).toBe(201);
    const record = added.json();
    expect(Object.keys(record).sort()).toEqual(TEAM_MEMBER_FIELDS);
    expect(record).toEqual({
      user_id: viewer.id,
      email: viewer.email,
      name: "Ada Lovelace",
      first_name: "Ada",
      middle_name: null,
      last_name: "Lovelace",
      role: 0,
      added_at: expect.stringMatching(ISO),
    });

    const list = await call("GET", membersUrl(ws, team.id), ada.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([record]);

    // The new team member now sees the team.
    expect(ids((await call("GET", `/teams/${ws}/`, viewer.headers)).json())).toEqual([team.id]);

    const removed = await call("DELETE", `${membersUrl(ws, team.id)}/${viewer.id}`, ada.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true, user_id: viewer.id });
    expect((await call("GET", membersUrl(ws, team.id), ada.headers)).json()).toEqual([]);
    expect((await call("GET", `/teams/${ws}/`, viewer.headers)).json()).toEqual([]);
    expect((await call("GET", `/teams/${ws}/${team.id}`, viewer.headers)).statusCode).toBe(403);
  });

  it("answers 409 when the person is already in the team", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Dupes");
    const member = await newMember(t.app, t.db, ada.workspaceId, 1, [team.id]);
    const response = await addToTeam(ada.headers, ada.workspaceId, team.id, { user_id: member.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict" });
    expect(await countWhere("team_members", "team_id", team.id)).toBe(1);
  });

  it("answers 404 when the person is not a member of the workspace", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Closed");
    const stranger = await newUser(t.app);
    for (const userId of [stranger.id, randomUUID()]) {
      const response = await addToTeam(ada.headers, ada.workspaceId, team.id, { user_id: userId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found" });
    }
    expect(await countWhere("team_members", "team_id", team.id)).toBe(0);
  });

  it("answers 404 when removing someone who is not in the team", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Empty");
    const viewer = await newMember(t.app, t.db, ada.workspaceId, 0);
    const response = await call(
      "DELETE",
      `${membersUrl(ada.workspaceId, team.id)}/${viewer.id}`,
      ada.headers,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found" });
  });

  it("answers 422 for a missing or malformed user_id", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Strict");
    for (const payload of [{}, { user_id: "someone" }, { user_id: 12 }]) {
      const response = await addToTeam(ada.headers, ada.workspaceId, team.id, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0].loc).toEqual(["body", "user_id"]);
    }
  });

  it("lets a Viewer of the team list its members, but only Admins and Owners change them", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const team = await createTeam(ada.headers, ws, "Managed");
    const member = await newMember(t.app, t.db, ws, 1, [team.id]);
    const viewer = await newMember(t.app, t.db, ws, 0, [team.id]);
    const outsider = await newMember(t.app, t.db, ws, 1);
    const admin = await newMember(t.app, t.db, ws, 2);

    const list = await call("GET", membersUrl(ws, team.id), viewer.headers);
    expect(list.statusCode).toBe(200);
    expect(sorted(list.json().map((m: { user_id: string }) => m.user_id))).toEqual(
      sorted([member.id, viewer.id]),
    );
    expect((await call("GET", membersUrl(ws, team.id), outsider.headers)).statusCode).toBe(403);

    const byMember = await addToTeam(member.headers, ws, team.id, { user_id: outsider.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ code: "forbidden" });
    const removeByMember = await call("DELETE", `${membersUrl(ws, team.id)}/${viewer.id}`, member.headers);
    expect(removeByMember.statusCode).toBe(403);

    const byAdmin = await addToTeam(admin.headers, ws, team.id, { user_id: outsider.id });
    expect(byAdmin.statusCode).toBe(201);
    const removeByAdmin = await call("DELETE", `${membersUrl(ws, team.id)}/${viewer.id}`, admin.headers);
    expect(removeByAdmin.statusCode).toBe(200);
    const after = (await call("GET", membersUrl(ws, team.id), ada.headers)).json();
    expect(sorted(after.map((m: { user_id: string }) => m.user_id))).toEqual(
      sorted([member.id, outsider.id]),
    );
  });

  it("answers 404 for a team of another workspace", async () => {
    const ada = await newUser(t.app);
    const bea = await newUser(t.app);
    const beaTeam = await createTeam(bea.headers, bea.workspaceId, "Theirs");
    const viewer = await newMember(t.app, t.db, ada.workspaceId, 0);
    const add = await addToTeam(ada.headers, ada.workspaceId, beaTeam.id, { user_id: viewer.id });
    expect(add.statusCode).toBe(404);
    const list = await call("GET", membersUrl(ada.workspaceId, beaTeam.id), ada.headers);
    expect(list.statusCode).toBe(404);
    expect(await countWhere("team_members", "team_id", beaTeam.id)).toBe(0);
  });
});
