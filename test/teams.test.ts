// Over 400 lines: one capability's contract (teams over HTTP), read top to bottom.
// Teams over HTTP (spec §2 "Team", §4 "Teams", §5, §7; DESIGN.md §3, §5): create, read, rename,
// delete with everything beneath, who sees which teams, tenant isolation, and unique names under
// concurrent creates. A team's members are in teams-members.test.ts.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { addEnvironment } from "./helpers/environments.ts";
import { newUser } from "./helpers/factories.ts";
import { callerOf, expectPatched, type Headers, ISO, UUID } from "./helpers/http.ts";
import { countRows } from "./helpers/row-counts.ts";
import { createTeamIn } from "./helpers/teams.ts";
import { createTree, newMember } from "./helpers/tree.ts";

const t = testAppForSuite();

const TEAM_FIELDS = ["avatar_url", "created_at", "id", "name", "updated_at", "workspace_id"];

const call = callerOf(() => t.app);

const createTeam = (headers: Headers, workspaceId: string, name: string) =>
  createTeamIn(t.app, headers, workspaceId, name);

/** Ids in a stable order: lists promise membership, not an order between same-instant rows. */
const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();
const sorted = (values: string[]) => [...values].sort();

const countWhere = (
  table: "projects" | "environments" | "team_members" | "teams",
  column: "team_id" | "id",
  value: string,
) => countRows(t.db, table, column, value);

describe("POST /teams/{workspace_id}/", () => {
  it("answers 201 with the team record", async () => {
    const ada = await newUser(t.app);
    const response = await call("POST", `/teams/${ada.workspaceId}/`, ada.headers, {
      name: "  Platform  ",
      avatar_url: "https://img.example.com/platform.png",
    });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(TEAM_FIELDS);
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      workspace_id: ada.workspaceId,
      name: "Platform",
      avatar_url: "https://img.example.com/platform.png",
      created_at: expect.stringMatching(ISO),
      updated_at: body.created_at,
    });

    const read = await call("GET", `/teams/${ada.workspaceId}/${body.id}`, ada.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
  });

  it("ignores unknown fields", async () => {
    const ada = await newUser(t.app);
    const response = await call("POST", `/teams/${ada.workspaceId}/`, ada.headers, {
      name: "Extra",
      colour: "teal",
      workspace_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(TEAM_FIELDS);
    expect(body).toMatchObject({ name: "Extra", workspace_id: ada.workspaceId, avatar_url: null });
  });

  it("answers 409 for a name already taken in the workspace (after trimming)", async () => {
    const ada = await newUser(t.app);
    await createTeam(ada.headers, ada.workspaceId, "Platform");

    const response = await call("POST", `/teams/${ada.workspaceId}/`, ada.headers, { name: " Platform " });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: expect.stringContaining("Platform"), code: "conflict" });
    expect((await call("GET", `/teams/${ada.workspaceId}/`, ada.headers)).json()).toHaveLength(1);
  });

  it("allows the same name in another workspace", async () => {
    const ada = await newUser(t.app);
    const bea = await newUser(t.app);
    await createTeam(ada.headers, ada.workspaceId, "Platform");
    const response = await call("POST", `/teams/${bea.workspaceId}/`, bea.headers, { name: "Platform" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: "Platform", workspace_id: bea.workspaceId });
  });

  it("lets an Admin create a team", async () => {
    const ada = await newUser(t.app);
    const admin = await newMember(t.app, t.db, ada.workspaceId, 2);
    const response = await call("POST", `/teams/${ada.workspaceId}/`, admin.headers, { name: "Ops" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: "Ops", workspace_id: ada.workspaceId });
  });

  it.each([
    ["a Member", 1],
    ["a Viewer", 0],
  ])("answers 403 to %s and creates nothing", async (_label, role) => {
    const ada = await newUser(t.app);
    const caller = await newMember(t.app, t.db, ada.workspaceId, role);
    const response = await call("POST", `/teams/${ada.workspaceId}/`, caller.headers, { name: "Rogue" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.stringContaining("Admin"), code: "forbidden" });
    expect((await call("GET", `/teams/${ada.workspaceId}/`, ada.headers)).json()).toEqual([]);
  });

  it("answers 403 to a non-member", async () => {
    const ada = await newUser(t.app);
    const stranger = await newUser(t.app);
    const response = await call("POST", `/teams/${ada.workspaceId}/`, stranger.headers, { name: "X" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "not_a_member" });
  });

  it.each([
    ["a missing name", {}, "missing"],
    ["an empty name", { name: "" }, "string_too_short"],
    ["a whitespace-only name", { name: "  " }, "string_pattern_mismatch"],
    ["a 101-character name", { name: "t".repeat(101) }, "string_too_long"],
    ["a numeric name", { name: 5 }, "string_type"],
  ])("answers 422 for %s", async (_label, payload, type) => {
    const ada = await newUser(t.app);
    const response = await call("POST", `/teams/${ada.workspaceId}/`, ada.headers, payload);
    expect(response.statusCode).toBe(422);
    const { detail } = response.json();
    for (const issue of detail) expect(issue.loc).toEqual(["body", "name"]);
    expect(detail.map((i: { type: string }) => i.type)).toContain(type);
  });

  it("answers 404 for an unknown workspace and 422 for a malformed one", async () => {
    const ada = await newUser(t.app);
    const unknown = await call("POST", `/teams/${randomUUID()}/`, ada.headers, { name: "X" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "not_found" });
    const malformed = await call("POST", "/teams/xyz/", ada.headers, { name: "X" });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0].loc).toEqual(["path", "workspace_id"]);
  });

  it("gives exactly one 201 and nine 409s to ten parallel creates of one name, never a 500", async () => {
    const ada = await newUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", `/teams/${ada.workspaceId}/`, ada.headers, { name: "Race" }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: "conflict" });
    }
    const teams = (await call("GET", `/teams/${ada.workspaceId}/`, ada.headers)).json();
    expect(teams.map((team: { name: string }) => team.name)).toEqual(["Race"]);
  });
});

describe("GET /teams/{workspace_id}/", () => {
  it("shows Owners and Admins every team, Members and Viewers only their own", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const alpha = await createTeam(ada.headers, ws, "Alpha");
    const beta = await createTeam(ada.headers, ws, "Beta");
    const gamma = await createTeam(ada.headers, ws, "Gamma");
    const admin = await newMember(t.app, t.db, ws, 2);
    const member = await newMember(t.app, t.db, ws, 1, [alpha.id, gamma.id]);
    const viewer = await newMember(t.app, t.db, ws, 0, [beta.id]);
    const loner = await newMember(t.app, t.db, ws, 0);

    const listed = async (headers: Headers) => {
      const response = await call("GET", `/teams/${ws}/`, headers);
      expect(response.statusCode).toBe(200);
      return ids(response.json());
    };
    expect(await listed(ada.headers)).toEqual(sorted([alpha.id, beta.id, gamma.id]));
    expect(await listed(admin.headers)).toEqual(sorted([alpha.id, beta.id, gamma.id]));
    expect(await listed(member.headers)).toEqual(sorted([alpha.id, gamma.id]));
    expect(await listed(viewer.headers)).toEqual([beta.id]);
    expect(await listed(loner.headers)).toEqual([]);

    const full = (await call("GET", `/teams/${ws}/`, viewer.headers)).json();
    expect(full).toEqual([beta]);
  });

  it("never lists another workspace's teams", async () => {
    const ada = await newUser(t.app);
    const bea = await newUser(t.app);
    await createTeam(bea.headers, bea.workspaceId, "Hidden");
    const mine = await createTeam(ada.headers, ada.workspaceId, "Visible");
    const response = await call("GET", `/teams/${ada.workspaceId}/`, ada.headers);
    expect(response.json()).toEqual([mine]);
  });
});

describe("GET /teams/{workspace_id}/{team_id}", () => {
  it("answers a Viewer of the team, and 403 to a Viewer outside it", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Core");
    const inside = await newMember(t.app, t.db, ada.workspaceId, 0, [team.id]);
    const outside = await newMember(t.app, t.db, ada.workspaceId, 0);

    const ok = await call("GET", `/teams/${ada.workspaceId}/${team.id}`, inside.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(team);

    const denied = await call("GET", `/teams/${ada.workspaceId}/${team.id}`, outside.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: expect.stringContaining("team"), code: "forbidden" });
  });

  it("answers 404 for a team of another workspace under this workspace's path, both ways", async () => {
    const ada = await newUser(t.app);
    const bea = await newUser(t.app);
    const adaTeam = await createTeam(ada.headers, ada.workspaceId, "Ada's team");
    const beaTeam = await createTeam(bea.headers, bea.workspaceId, "Bea's team");

    for (const [headers, ws, teamId] of [
      [ada.headers, ada.workspaceId, beaTeam.id],
      [bea.headers, bea.workspaceId, adaTeam.id],
    ] as const) {
      for (const method of ["GET", "PATCH", "DELETE"] as const) {
        const response = await call(
          method,
          `/teams/${ws}/${teamId}`,
          headers,
          method === "PATCH" ? { name: "Taken over" } : undefined,
        );
        expect(response.statusCode, `${method}`).toBe(404);
        expect(response.json()).toEqual({ detail: "Team not found", code: "not_found" });
      }
      const projects = await call("GET", `/teams/${ws}/${teamId}/projects`, headers);
      expect(projects.statusCode).toBe(404);
    }
    // Nothing changed on either side.
    expect((await call("GET", `/teams/${bea.workspaceId}/${beaTeam.id}`, bea.headers)).json()).toEqual(
      beaTeam,
    );
    expect((await call("GET", `/teams/${ada.workspaceId}/${adaTeam.id}`, ada.headers)).json()).toEqual(
      adaTeam,
    );
  });

  it("answers 403 (not 404) to a non-member asking under the other workspace's own path", async () => {
    const ada = await newUser(t.app);
    const bea = await newUser(t.app);
    const beaTeam = await createTeam(bea.headers, bea.workspaceId, "Private");
    const response = await call("GET", `/teams/${bea.workspaceId}/${beaTeam.id}`, ada.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "not_a_member" });
  });

  it("answers 404 for an unknown team and 422 naming path.team_id for a malformed one", async () => {
    const ada = await newUser(t.app);
    const unknown = await call("GET", `/teams/${ada.workspaceId}/${randomUUID()}`, ada.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "not_found" });
    const malformed = await call("GET", `/teams/${ada.workspaceId}/not-a-team`, ada.headers);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail).toEqual([expect.objectContaining({ loc: ["path", "team_id"] })]);
  });
});

describe("PATCH /teams/{workspace_id}/{team_id}", () => {
  /** `headers`' PATCH of the team `teamId` in `workspaceId` with `body`. */
  const patchTeam = (headers: Headers, workspaceId: string, teamId: string, body: object) =>
    call("PATCH", `/teams/${workspaceId}/${teamId}`, headers, body);

  it("renames the team and changes its avatar", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Old");
    t.clock.advance(2);
    const response = await call("PATCH", `/teams/${ada.workspaceId}/${team.id}`, ada.headers, {
      name: "New",
      avatar_url: "https://img.example.com/n.png",
    });
    expectPatched(
      response,
      team,
      { name: "New", avatar_url: "https://img.example.com/n.png" },
      team.created_at,
    );
  });

  it("answers 409 when renaming onto another team's name, and keeps both", async () => {
    const ada = await newUser(t.app);
    const first = await createTeam(ada.headers, ada.workspaceId, "First");
    const second = await createTeam(ada.headers, ada.workspaceId, "Second");

    const response = await patchTeam(ada.headers, ada.workspaceId, second.id, { name: "First" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict" });
    const teams = (await call("GET", `/teams/${ada.workspaceId}/`, ada.headers)).json();
    expect(teams).toHaveLength(2);
    expect(teams).toEqual(expect.arrayContaining([first, second]));
  });

  it("accepts a rename to the team's own name", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Same");
    const response = await patchTeam(ada.headers, ada.workspaceId, team.id, { name: "Same" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: team.id, name: "Same" });
  });

  it("answers 403 to a Member of the team", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Guarded");
    const member = await newMember(t.app, t.db, ada.workspaceId, 1, [team.id]);
    const response = await patchTeam(member.headers, ada.workspaceId, team.id, { name: "Mine" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden" });
    expect((await call("GET", `/teams/${ada.workspaceId}/${team.id}`, ada.headers)).json().name).toBe(
      "Guarded",
    );
  });

  it("answers 422 for a whitespace-only name", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Valid");
    const response = await patchTeam(ada.headers, ada.workspaceId, team.id, { name: "   " });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(["body", "name"]);
  });
});

describe("DELETE /teams/{workspace_id}/{team_id}", () => {
  it("removes the team with its projects, environments and memberships, and nothing else", async () => {
    const ada = await newUser(t.app);
    const ws = ada.workspaceId;
    const doomed = await createTree(t.app, ada.accessToken, ws);
    const kept = await createTree(t.app, ada.accessToken, ws);
    await addEnvironment(t.app, ada.headers, doomed, "Staging", "staging");
    await newMember(t.app, t.db, ws, 1, [doomed.teamId, kept.teamId]);

    expect(await countWhere("projects", "team_id", doomed.teamId)).toBe(1);
    expect(await countWhere("environments", "team_id", doomed.teamId)).toBe(2);
    expect(await countWhere("team_members", "team_id", doomed.teamId)).toBe(1);

    const response = await call("DELETE", `/teams/${ws}/${doomed.teamId}`, ada.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, id: doomed.teamId });

    expect(await countWhere("teams", "id", doomed.teamId)).toBe(0);
    expect(await countWhere("projects", "team_id", doomed.teamId)).toBe(0);
    expect(await countWhere("environments", "team_id", doomed.teamId)).toBe(0);
    expect(await countWhere("team_members", "team_id", doomed.teamId)).toBe(0);
    expect(await countWhere("projects", "team_id", kept.teamId)).toBe(1);
    expect(await countWhere("environments", "team_id", kept.teamId)).toBe(1);
    expect(await countWhere("team_members", "team_id", kept.teamId)).toBe(1);

    const gone = await call("GET", `/teams/${ws}/${doomed.teamId}`, ada.headers);
    expect(gone.statusCode).toBe(404);
    const envGone = await call(
      "GET",
      `/environments/${ws}/${doomed.teamId}/${doomed.projectId}/${doomed.environmentId}`,
      ada.headers,
    );
    expect(envGone.statusCode).toBe(404);
  });

  it("frees the name for a new team", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Reused");
    expect((await call("DELETE", `/teams/${ada.workspaceId}/${team.id}`, ada.headers)).statusCode).toBe(200);
    const again = await call("POST", `/teams/${ada.workspaceId}/`, ada.headers, { name: "Reused" });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(team.id);
  });

  it("answers 403 to a Member of the team and deletes nothing", async () => {
    const ada = await newUser(t.app);
    const tree = await createTree(t.app, ada.accessToken, ada.workspaceId);
    const member = await newMember(t.app, t.db, ada.workspaceId, 1, [tree.teamId]);
    const response = await call("DELETE", `/teams/${ada.workspaceId}/${tree.teamId}`, member.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "forbidden" });
    expect(await countWhere("projects", "team_id", tree.teamId)).toBe(1);
  });

  it("lets an Admin delete a team", async () => {
    const ada = await newUser(t.app);
    const team = await createTeam(ada.headers, ada.workspaceId, "Short-lived");
    const admin = await newMember(t.app, t.db, ada.workspaceId, 2);
    const response = await call("DELETE", `/teams/${ada.workspaceId}/${team.id}`, admin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, id: team.id });
  });
});

describe("GET /teams/{workspace_id}/{team_id}/projects", () => {
  it("lists the team's projects to a Viewer of the team, 403 to a Viewer outside it", async () => {
    const ada = await newUser(t.app);
    const tree = await createTree(t.app, ada.accessToken, ada.workspaceId);
    const other = await createTree(t.app, ada.accessToken, ada.workspaceId);
    const inside = await newMember(t.app, t.db, ada.workspaceId, 0, [tree.teamId]);

    const response = await call("GET", `/teams/${ada.workspaceId}/${tree.teamId}/projects`, inside.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ id: tree.projectId, team_id: tree.teamId, name: "Payments API" }),
    ]);

    const denied = await call("GET", `/teams/${ada.workspaceId}/${other.teamId}/projects`, inside.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: "forbidden" });
  });
});
