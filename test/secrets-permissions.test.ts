// Every role against every secrets endpoint (DESIGN.md §5: Viewer reads, Member writes, in the
// team unless Admin or Owner; Owner alone deletes an environment's secrets), stated here on its
// own rather than read from src/auth/policy.ts. Also: API keys act with their owner's role, no
// credential is 401 everywhere, and another workspace's ids never work under this one's path.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey, newUser } from "./helpers/factories.ts";
import type { Method } from "./helpers/http.ts";
import { allowed, type Cast, castPlayers, PLAYERS, type Player } from "./helpers/players.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { addMember, createTree, newMember, secretsPath } from "./helpers/tree.ts";

interface Request {
  method: Method;
  url: string;
  payload?: object;
}

interface ActionCase {
  name: string;
  /** Lowest role allowed; `team`: Viewers and Members must also belong to the team. */
  minRole: number;
  team: boolean;
  success: 200 | 201;
  /** Builds the request; may create a fresh target (as the owner) so that destructive actions repeat. */
  request: () => Promise<Request>;
}

const { t, owner, tree } = ownerWithTreeForSuite();
let shared: { id: string; key: string };
let headers: Cast["headers"];
let tokens: Cast["tokens"];

const base = (environmentId = tree.environmentId) => secretsPath(tree, environmentId);
let counter = 0;
const unique = (label: string) => `${label}_${++counter}_${randomUUID().slice(0, 8).replace(/-/g, "")}`;

async function ownerCreates(url: string, payload: object): Promise<{ id: string; key: string }> {
  const response = await t.app.inject({ method: "POST", url, headers: owner.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const freshSecret = () => ownerCreates(`${base()}/`, { key: unique("TARGET"), value: "target-value" });

const ACTIONS: ActionCase[] = [
  {
    name: "list secrets",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `${base()}/` }),
  },
  {
    name: "list secrets at a version",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `${base()}/?version=1` }),
  },
  {
    name: "read one secret",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `${base()}/${shared.id}` }),
  },
  {
    name: "read version history",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `${base()}/${shared.id}/versions` }),
  },
  {
    name: "read logs",
    minRole: 0,
    team: true,
    success: 200,
    request: async () => ({ method: "GET", url: `${base()}/${shared.id}/logs` }),
  },
  {
    name: "create a secret",
    minRole: 1,
    team: true,
    success: 201,
    request: async () => ({
      method: "POST",
      url: `${base()}/`,
      payload: { key: unique("CREATED"), value: "v" },
    }),
  },
  {
    name: "bulk create",
    minRole: 1,
    team: true,
    success: 201,
    request: async () => ({
      method: "POST",
      url: `${base()}/bulk`,
      payload: {
        secrets: [
          { key: unique("BULK"), value: "1" },
          { key: unique("BULK"), value: "2" },
        ],
      },
    }),
  },
  {
    name: "update a secret",
    minRole: 1,
    team: true,
    success: 200,
    request: async () => ({
      method: "PATCH",
      url: `${base()}/${shared.id}`,
      payload: { value: unique("value"), description: "touched" },
    }),
  },
  {
    name: "bulk update",
    minRole: 1,
    team: true,
    success: 200,
    request: async () => ({
      method: "PATCH",
      url: `${base()}/`,
      payload: { secrets: [{ key: shared.key, value: unique("bulk-value") }] },
    }),
  },
  {
    name: "delete a secret",
    minRole: 1,
    team: true,
    success: 200,
    request: async () => {
      const target = await freshSecret();
      return { method: "DELETE", url: `${base()}/${target.id}` };
    },
  },
  {
    name: "share secrets",
    minRole: 1,
    team: true,
    success: 201,
    request: async () => ({
      method: "POST",
      url: `${base()}/share`,
      payload: { secret_ids: [shared.id] },
    }),
  },
  {
    name: "delete every secret of an environment",
    minRole: 3,
    team: false,
    success: 200,
    request: async () => {
      const environment = await ownerCreates(
        `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`,
        { name: unique("doomed"), environment_type: "custom" },
      );
      await ownerCreates(`${base(environment.id)}/`, { key: "DOOMED", value: "v" });
      return { method: "DELETE", url: `${base(environment.id)}/` };
    },
  },
];

const send = (request: Request, requestHeaders: Record<string, string>) =>
  t.app.inject({
    method: request.method,
    url: request.url,
    headers: requestHeaders,
    ...(request.payload ? { payload: request.payload } : {}),
  });

beforeAll(async () => {
  // Version history and share links are paid capabilities: the walk is about roles, not plans.
  await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", tree.workspaceId).execute();
  const otherTeam = await ownerCreates(`/teams/${tree.workspaceId}/`, { name: "Other team" });
  shared = await ownerCreates(`${base()}/`, { key: "SHARED_SECRET", value: "shared-value" });
  ({ headers, tokens } = await castPlayers(t.app, t.db, tree, owner, otherTeam.id));
});

describe("secrets permission matrix", () => {
  for (const action of ACTIONS) {
    for (const player of PLAYERS) {
      const expected = allowed(player, action) ? action.success : 403;
      it(`${action.name}: ${player} → ${expected}`, async () => {
        const response = await send(await action.request(), headers[player]);
        expect(response.statusCode, response.body).toBe(expected);
        if (expected === 403) {
          expect(response.json().code).toBe(player === "non-member" ? "not_a_member" : "forbidden");
          expect(typeof response.json().detail).toBe("string");
          expect(response.body).not.toContain("shared-value");
          expect(response.body).not.toContain("target-value");
        }
      });
    }
  }

  it("leaves the shared secret in place after every refused write", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `${base()}/${shared.id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().key).toBe("SHARED_SECRET");
  });
});

describe("API keys act with their owner's role", () => {
  const players: Player[] = ["viewer-in-team", "member-in-team", "member-other-team", "admin", "owner"];
  for (const player of players) {
    it(`${player}: the same answers with X-API-Key and with Authorization: Bearer sk-…`, async () => {
      const key = await createApiKey(t.app, tokens[player]);
      const credentials: Record<string, string>[] = [
        { "x-api-key": key.token },
        { authorization: `Bearer ${key.token}` },
      ];
      for (const credential of credentials) {
        for (const action of ACTIONS) {
          const expected = allowed(player, action) ? action.success : 403;
          const response = await send(await action.request(), credential);
          expect(response.statusCode, `${action.name}: ${response.body}`).toBe(expected);
        }
      }
    });
  }

  it("records the API key as the actor of what it writes", async () => {
    const member = await newMember(t.app, t.db, tree.workspaceId, 1, [tree.teamId]);
    const key = await createApiKey(t.app, member.accessToken, { name: "ci deploy key" });
    const created = await send(
      { method: "POST", url: `${base()}/`, payload: { key: unique("FROM_KEY"), value: "v" } },
      { "x-api-key": key.token },
    );
    expect(created.statusCode).toBe(201);
    const logs = await send(
      { method: "GET", url: `${base()}/${created.json().id}/logs` },
      { "x-api-key": key.token },
    );
    expect(logs.json()[0]).toMatchObject({
      action: "secret.created",
      actor: { type: "api_key", id: key.id, user_id: member.id, name: "ci deploy key" },
    });
  });

  it("answers 403 not_a_member to the key of someone outside the workspace", async () => {
    const key = await createApiKey(t.app, tokens["non-member"]);
    const response = await send({ method: "GET", url: `${base()}/` }, { "x-api-key": key.token });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("not_a_member");
  });
});

describe("without a credential", () => {
  for (const action of ACTIONS) {
    it(`${action.name}: 401`, async () => {
      const request = await action.request();
      const response = await send(request, {});
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().code).toBe("not_authenticated");
    });
  }

  it("answers 401 to an invalid key or token too", async () => {
    const credentials: Record<string, string>[] = [
      { "x-api-key": "sk-not-a-real-key" },
      { authorization: "Bearer sk-not-a-real-key" },
      { authorization: "Bearer not.a.jwt" },
    ];
    for (const credential of credentials) {
      const response = await send({ method: "GET", url: `${base()}/` }, credential);
      expect(response.statusCode).toBe(401);
    }
  });
});

describe("across workspaces", () => {
  it("never lets workspace X's secret ids work under workspace Y's path", async () => {
    // X: the tree above. Y: another owner's workspace, which X's owner also belongs to as an Admin.
    const yOwner = await newUser(t.app);
    const y = await createTree(t.app, yOwner.accessToken, yOwner.workspaceId);
    await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", y.workspaceId).execute();
    await addMember(t.db, y.workspaceId, owner.id, 2);
    const xSecret = await ownerCreates(`${base()}/`, { key: unique("X_ONLY"), value: "x-secret-value" });
    const yBase = secretsPath(y);
    const xChainUnderY = `/secrets/${y.workspaceId}/${tree.teamId}/${tree.projectId}/${tree.environmentId}`;

    const attempts: Request[] = [];
    for (const prefix of [yBase, xChainUnderY]) {
      attempts.push(
        { method: "GET", url: `${prefix}/${xSecret.id}` },
        { method: "PATCH", url: `${prefix}/${xSecret.id}`, payload: { value: "hijacked" } },
        { method: "DELETE", url: `${prefix}/${xSecret.id}` },
        { method: "GET", url: `${prefix}/${xSecret.id}/versions` },
        { method: "GET", url: `${prefix}/${xSecret.id}/logs` },
        { method: "POST", url: `${prefix}/share`, payload: { secret_ids: [xSecret.id] } },
        {
          method: "PATCH",
          url: `${prefix}/`,
          payload: { secrets: [{ key: xSecret.key, value: "hijacked" }] },
        },
      );
    }
    attempts.push(
      { method: "GET", url: `${xChainUnderY}/` },
      { method: "POST", url: `${xChainUnderY}/`, payload: { key: "PLANTED", value: "v" } },
      { method: "DELETE", url: `${xChainUnderY}/` },
    );

    // As a member of both X and Y (Admin in Y): not found, never the secret.
    for (const attempt of attempts) {
      const response = await send(attempt, owner.headers);
      expect(response.statusCode, `${attempt.method} ${attempt.url}: ${response.body}`).toBe(404);
      expect(response.body).not.toContain("x-secret-value");
    }
    // As Y's owner, who is no member of X: not found either.
    for (const attempt of attempts) {
      const response = await send(attempt, yOwner.headers);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    // As a member of X only: 403 at Y's door.
    for (const attempt of attempts) {
      const response = await send(attempt, headers["member-in-team"]);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().code).toBe("not_a_member");
    }

    const read = await send({ method: "GET", url: `${base()}/${xSecret.id}` }, owner.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ value: "x-secret-value", current_version: 1 });
    const yList = await send({ method: "GET", url: `${yBase}/` }, yOwner.headers);
    expect(yList.json()).toEqual([]);
  });
});
