// Every role against every tenancy action: the matrix of DESIGN.md §5, stated here on its own
// (not read from src/auth/policy.ts) so that a change to the policy data has to change this too.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  renderAccountActionTable,
  renderInstanceActionTable,
  renderPermissionTable,
} from "../src/auth/policy.ts";
import { allowed, type Cast, castPlayers, PLAYERS, ROLE, type RoleRule } from "./helpers/players.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { addMember, newMember } from "./helpers/tree.ts";

interface Request {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  url: string;
  payload?: object;
}

interface ActionCase extends RoleRule {
  name: string;
  /** Builds the request; may create a fresh target (with the owner's token) so destructive actions repeat. */
  request: () => Promise<Request>;
  success: 200 | 201;
}

const { t, owner, tree } = ownerWithTreeForSuite();
let headers: Cast["headers"];
let ids: Cast["ids"];

async function ownerCreates(url: string, payload: object): Promise<string> {
  const response = await t.app.inject({ method: "POST", url, headers: owner.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const base = () => `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}`;
let counter = 0;
const unique = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

const ACTIONS: ActionCase[] = [
  {
    name: "list members",
    minRole: 0,
    success: 200,
    request: async () => ({ method: "GET", url: `/workspaces/${tree.workspaceId}/members` }),
  },
  {
    name: "update workspace",
    minRole: 3,
    success: 200,
    request: async () => ({
      method: "PATCH",
      url: `/workspaces/${tree.workspaceId}`,
      payload: { avatar_url: "https://x.test/a.png" },
    }),
  },
  {
    name: "delete workspace",
    minRole: 3,
    success: 200,
    request: async () => {
      // A fresh workspace, owned by the owner, where every player holds the same role as in the main one.
      const workspaceId = await ownerCreates("/workspaces/", { name: unique("doomed") });
      for (const player of PLAYERS) {
        if (player !== "owner" && player !== "non-member")
          await addMember(t.db, workspaceId, ids[player], ROLE[player]);
      }
      return { method: "DELETE", url: `/workspaces/${workspaceId}` };
    },
  },
  {
    name: "change a member's role",
    minRole: 3,
    success: 200,
    request: async () => {
      const target = await newMember(t.app, t.db, tree.workspaceId, 0);
      return {
        method: "PATCH",
        url: `/workspaces/${tree.workspaceId}/members/${target.id}`,
        payload: { role: 1 },
      };
    },
  },
  {
    name: "remove a member",
    minRole: 3,
    success: 200,
    request: async () => {
      const target = await newMember(t.app, t.db, tree.workspaceId, 0);
      return { method: "DELETE", url: `/workspaces/${tree.workspaceId}/members/${target.id}` };
    },
  },
  {
    name: "read the audit log",
    minRole: 2,
    success: 200,
    request: async () => ({ method: "GET", url: `/workspaces/${tree.workspaceId}/audit` }),
  },
  {
    name: "list teams",
    minRole: 0,
    success: 200,
    request: async () => ({ method: "GET", url: `/teams/${tree.workspaceId}/` }),
  },
  {
    name: "create team",
    minRole: 2,
    success: 201,
    request: async () => ({
      method: "POST",
      url: `/teams/${tree.workspaceId}/`,
      payload: { name: unique("team") },
    }),
  },
  {
    name: "read team",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `/teams/${tree.workspaceId}/${tree.teamId}` }),
  },
  {
    name: "update team",
    minRole: 2,
    success: 200,
    request: async () => ({
      method: "PATCH",
      url: `/teams/${tree.workspaceId}/${tree.teamId}`,
      payload: { avatar_url: null },
    }),
  },
  {
    name: "delete team",
    minRole: 2,
    success: 200,
    request: async () => {
      const teamId = await ownerCreates(`/teams/${tree.workspaceId}/`, { name: unique("doomed-team") });
      return { method: "DELETE", url: `/teams/${tree.workspaceId}/${teamId}` };
    },
  },
  {
    name: "list a team's projects",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `/teams/${tree.workspaceId}/${tree.teamId}/projects` }),
  },
  {
    name: "list a team's members",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `/teams/${tree.workspaceId}/${tree.teamId}/members` }),
  },
  {
    name: "add a team member",
    minRole: 2,
    success: 201,
    request: async () => {
      const target = await newMember(t.app, t.db, tree.workspaceId, 0);
      return {
        method: "POST",
        url: `/teams/${tree.workspaceId}/${tree.teamId}/members`,
        payload: { user_id: target.id },
      };
    },
  },
  {
    name: "remove a team member",
    minRole: 2,
    success: 200,
    request: async () => {
      const target = await newMember(t.app, t.db, tree.workspaceId, 0, [tree.teamId]);
      return { method: "DELETE", url: `/teams/${tree.workspaceId}/${tree.teamId}/members/${target.id}` };
    },
  },
  {
    name: "list projects",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `/projects/${tree.workspaceId}/${tree.teamId}/` }),
  },
  {
    name: "create project",
    minRole: 2,
    success: 201,
    request: async () => ({
      method: "POST",
      url: `/projects/${tree.workspaceId}/${tree.teamId}/`,
      payload: { name: unique("project") },
    }),
  },
  {
    name: "read project",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({
      method: "GET",
      url: `/projects/${tree.workspaceId}/${tree.teamId}/${tree.projectId}`,
    }),
  },
  {
    name: "update project",
    minRole: 2,
    success: 200,
    request: async () => ({
      method: "PATCH",
      url: `/projects/${tree.workspaceId}/${tree.teamId}/${tree.projectId}`,
      payload: { proj_metadata: { touched: counter++ } },
    }),
  },
  {
    name: "delete project",
    minRole: 2,
    success: 200,
    request: async () => {
      const projectId = await ownerCreates(`/projects/${tree.workspaceId}/${tree.teamId}/`, {
        name: unique("doomed"),
      });
      return { method: "DELETE", url: `/projects/${tree.workspaceId}/${tree.teamId}/${projectId}` };
    },
  },
  {
    name: "list environments",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `${base()}/` }),
  },
  {
    name: "create environment",
    minRole: 1,
    team: true,
    success: 201,
    request: async () => ({
      method: "POST",
      url: `${base()}/`,
      payload: { name: unique("env"), environment_type: "custom" },
    }),
  },
  {
    name: "read environment",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `${base()}/${tree.environmentId}` }),
  },
  {
    name: "rename environment",
    minRole: 1,
    team: true,
    success: 200,
    request: async () => ({
      method: "PATCH",
      url: `${base()}/${tree.environmentId}/`,
      payload: { name: unique("renamed") },
    }),
  },
  {
    name: "delete environment",
    minRole: 2,
    success: 200,
    request: async () => {
      const environmentId = await ownerCreates(`${base()}/`, {
        name: unique("doomed"),
        environment_type: "dev",
      });
      return { method: "DELETE", url: `${base()}/${environmentId}` };
    },
  },
];

beforeAll(async () => {
  const otherTeam = await ownerCreates(`/teams/${tree.workspaceId}/`, { name: "Other team" });
  ({ headers, ids } = await castPlayers(t.app, t.db, tree, owner, otherTeam));
});

describe("permission matrix", () => {
  for (const action of ACTIONS) {
    for (const player of PLAYERS) {
      const expected = allowed(player, action) ? action.success : 403;
      it(`${action.name}: ${player} → ${expected}`, async () => {
        const request = await action.request();
        const response = await t.app.inject({ ...request, headers: headers[player] });
        expect(response.statusCode, response.body).toBe(expected);
        if (expected === 403) {
          expect(response.json().code).toBe(player === "non-member" ? "not_a_member" : "forbidden");
        }
      });
    }
  }

  it("is printed in the docs exactly as the policy data says", () => {
    const doc = (name: string) => readFileSync(new URL(`../docs/${name}`, import.meta.url), "utf8");
    expect(
      doc("permissions.md"),
      "paste the output of renderPermissionTable() into docs/permissions.md",
    ).toContain(renderPermissionTable());
    expect(
      doc("credentials.md"),
      "paste the output of renderAccountActionTable() into docs/credentials.md",
    ).toContain(renderAccountActionTable());
    expect(
      doc("permissions.md"),
      "paste the output of renderInstanceActionTable() into docs/permissions.md",
    ).toContain(renderInstanceActionTable());
  });
});
