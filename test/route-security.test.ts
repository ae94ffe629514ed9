// Every route is checked (issue 21, first part): the served OpenAPI document is walked, and every
// operation that is not public is sent without a credential (401), with an expired and a revoked
// API key (401), and — for every operation that names something by id — by a signed-in member of
// another workspace aiming at this workspace's real ids, with a body the schema accepts (403 or
// 404, never a success and never a 5xx). A route added later is walked too: one that forgets its
// credential check or its authorization fails here.
import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerKeyScopeCheck } from "../src/http/key-scope-check.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import {
  isOptional,
  isPublic,
  type Route,
  type RouteTable,
  requestRoute,
  routeTable,
} from "./helpers/route-walk.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";

let t: TestApp;
let table: RouteTable;
let routes: Route[];
/** The victim workspace's real ids, by path parameter name. */
const ids: Record<string, string> = {};
let attacker: Record<string, string>;
let expiredKey: Record<string, string>;
let revokedKey: Record<string, string>;
let readOnlyEnvironmentKey: Record<string, string>;
let elsewhereKey: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { DEBUG: "true" } });
  table = await routeTable(t.app);
  routes = table.routes;

  const owner = await newUser(t.app);
  const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  const base = secretsPath(tree);
  const secret = (
    await t.app.inject({
      method: "POST",
      url: `${base}/`,
      headers: owner.headers,
      payload: { key: "K", value: "v" },
    })
  ).json();
  const key = await createApiKey(t.app, owner.accessToken);
  const invite = await t.app.inject({
    method: "POST",
    url: `/invite/${owner.workspaceId}`,
    headers: owner.headers,
    payload: { invitee_email: `invitee-${randomUUID()}@example.com`, role: 1 },
  });
  expect(invite.statusCode).toBe(201);
  const sessions = (await t.app.inject({ method: "GET", url: "/sessions/", headers: owner.headers })).json();
  Object.assign(ids, {
    workspace_id: owner.workspaceId,
    team_id: tree.teamId,
    project_id: tree.projectId,
    environment_id: tree.environmentId,
    secret_id: secret.id,
    key_id: key.id,
    user_id: owner.id,
    session_id: sessions[0].id,
    invite_id: invite.json().id,
    link_id: randomUUID(),
    version: "1",
  });

  attacker = (await newUser(t.app)).headers;
  const expiring = await createApiKey(t.app, owner.accessToken, { name: "expiring", expires_at: 1 });
  expiredKey = { "x-api-key": expiring.token };
  const revoked = await createApiKey(t.app, owner.accessToken, { name: "revoked" });
  revokedKey = { "x-api-key": revoked.token };
  const revocation = await t.app.inject({
    method: "POST",
    url: `/keys/${revoked.id}`,
    headers: owner.headers,
  });
  expect(revocation.statusCode).toBe(200);
  const narrowed = await createApiKey(t.app, owner.accessToken, {
    name: "read dev",
    workspace_id: owner.workspaceId,
    environment_ids: [tree.environmentId],
    access: "read",
  });
  readOnlyEnvironmentKey = { "x-api-key": narrowed.token };
  // Requests from inject() come from 127.0.0.1: this key may be used from documentation addresses only.
  const fenced = await createApiKey(t.app, owner.accessToken, {
    name: "fenced",
    allowed_cidrs: ["203.0.113.0/24"],
  });
  elsewhereKey = { "x-api-key": fenced.token };
}, 60_000);
afterAll(() => t.close());

const request = (route: Route, headers: Record<string, string>) =>
  requestRoute(t.app, table, route, ids, headers);

/** Each route asked with `headers`, one after another: "METHOD /path status code" (no code when none). */
async function answersTo(routesToAsk: Route[], headers: Record<string, string>): Promise<string[]> {
  const answers: string[] = [];
  for (const route of routesToAsk) {
    const response = await request(route, headers);
    answers.push(`${route.method} ${route.path} ${response.statusCode} ${response.json().code ?? ""}`.trim());
  }
  return answers;
}

describe("every route that is not public", () => {
  const guarded = () => routes.filter((r) => !isPublic(r.op));

  it("is walked: the document lists the routes the server serves", () => {
    expect(guarded().length).toBeGreaterThan(60);
  });

  it("answers 401 without a credential", async () => {
    const answers = await answersTo(
      guarded().filter((r) => !isOptional(r.op)),
      {},
    );
    expect(answers.filter((a) => !a.endsWith(" 401 not_authenticated"))).toEqual([]);
  });

  it("answers 401 to a revoked API key", async () => {
    const answers = await answersTo(guarded(), revokedKey);
    expect(answers.filter((a) => !a.endsWith(" 401 api_key_revoked"))).toEqual([]);
  });

  it("refuses another workspace's member everything it names by id: 403 or 404, never a success", async () => {
    const answers = await answersTo(
      guarded().filter((r) => /\{(?!token)\w+\}/.test(r.path)),
      attacker,
    );
    expect(answers.filter((a) => !/ (403|404)( |$)/.test(a))).toEqual([]);
  });

  it("answers 401 to a key used from outside its allowed addresses", async () => {
    const answers = await answersTo(guarded(), elsewhereKey);
    expect(answers.filter((a) => !a.endsWith(" 401 api_key_address_refused"))).toEqual([]);
  });

  it("lets a read-only key of one environment read that environment's secrets, and nothing else", async () => {
    const answers = await answersTo(guarded(), readOnlyEnvironmentKey);
    const environment = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}";
    // Succeeds: its environment's secrets, one (by id or key) and all (listed, without values, or
    // exported), their logs, who inherits them, and its recently deleted ones.
    // Versions and the timeline are reads it may make, refused here by the free plan (402), not by
    // the key's scope.
    expect(answers.filter((a) => !/ 403 key_scope_forbidden$/.test(a)).sort()).toEqual(
      [
        // What the key is and reaches (issue 36): its own environment, nothing more.
        "GET /keys/current 200",
        `GET ${environment}/ 200`,
        // A key the environment does not have (the walk sends a made-up one): past the scope check.
        `GET ${environment}/by-key 404 not_found`,
        `GET ${environment}/deleted 200`,
        `GET ${environment}/export 200`,
        `GET ${environment}/metadata 200`,
        `GET ${environment}/timeline 402 plan_required`,
        `GET ${environment}/{secret_id} 200`,
        `GET ${environment}/{secret_id}/inherited-by 200`,
        `GET ${environment}/{secret_id}/logs 200`,
        `GET ${environment}/{secret_id}/versions 402 plan_required`,
        `GET ${environment}/{secret_id}/versions/{version} 402 plan_required`,
        // A key may revoke itself only; this one names another key (the guard's refusal).
        "POST /keys/{key_id} 403 session_required",
      ].sort(),
    );
  });

  it("refuses to serve a route that acts in a workspace without naming its policy action", async () => {
    const server = Fastify();
    registerKeyScopeCheck(server);
    expect(() => server.get("/things/:workspace_id/", async () => ({}))).toThrow(/names no policy action/);
    server.get("/things/:workspace_id/", { config: { action: "workspace.read" } }, async () => ({}));
    await server.ready();
    await server.close();
  });

  // Last: it moves the clock past the key's lifetime.
  it("answers 401 to an expired API key", async () => {
    t.clock.advance(120);
    const answers = await answersTo(guarded(), expiredKey);
    expect(answers.filter((a) => !a.endsWith(" 401 api_key_expired"))).toEqual([]);
  });
});
