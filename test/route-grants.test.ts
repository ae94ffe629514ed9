// Only a person, with their second factor, grants power (the second review's item 2, as an
// invariant): every route of the served OpenAPI document is walked with an Owner's API key, an Admin
// service account's key and an Owner's session that sends no two-factor code, each with the smallest
// and the fullest body its schema accepts, naming a real member, team, service account, trust,
// webhook and invite. After every request the workspace's power is read from the database: who is a
// member with which role, pending invites, team memberships, service accounts with their roles,
// teams, keys and trusts, webhooks with where they send, the Owner's API keys and two-factor sign-in,
// and the workspace's sign-in requirements. No request of those credentials may widen any of it —
// whatever the route, including routes added later. And the same walk with a session that sends the
// code shows which routes do widen it: each must declare (x-coffer-actions) an action that grants
// power, so the policy's list of such actions cannot fall behind the routes.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ACTIONS, type AccountAction, type Action, MATRIX } from "../src/auth/policy.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, newUser, PASSWORD } from "./helpers/factories.ts";
import { type Headers, send } from "./helpers/http.ts";
import { isPublic, type Route, type RouteTable, requestRoute, routeTable } from "./helpers/route-walk.ts";
import { createTree, newMember } from "./helpers/tree.ts";
import { enableTwoFactor } from "./helpers/two-factor.ts";

let t: TestApp;
let table: RouteTable;
beforeAll(async () => {
  t = await createTestApp({ env: { DEBUG: "true", COFFER_OUTBOUND_ALLOW: "127.0.0.1/32" } });
  table = await routeTable(t.app);
});
afterAll(() => t?.close());

/** Whether the action is one only a session, with the second factor, may take. */
const grants = (action: string) =>
  action in MATRIX
    ? MATRIX[action as Action].grants
    : action in ACCOUNT_ACTIONS && ACCOUNT_ACTIONS[action as AccountAction].secondFactor;

/** The route's actions (its own first, then those it may also take) that grant power. */
const grantingActionsOf = (route: Route): string[] => (route.op["x-coffer-actions"] ?? []).filter(grants);

/** Whether the route's own action grants power (not only something it may also take). */
const alwaysGrants = (route: Route): boolean => grants(route.op["x-coffer-actions"]?.[0] ?? "");

/** Destructive routes last (the workspace and the account very last), so every route meets the fixture whole. */
function walkOrder(routes: Route[]): Route[] {
  const weight = (route: Route) => {
    if (
      route.method === "DELETE" &&
      (route.path === "/workspaces/{workspace_id}" || route.path === "/auth/me")
    )
      return 3;
    if (route.method === "DELETE" || route.path === "/sessions/" || route.path === "/auth/logout") return 2;
    return 1;
  };
  return [...routes].sort((a, b) => weight(a) - weight(b));
}

/** An armed workspace: an Owner with two-factor sign-in, which the workspace requires, and one of each thing. */
async function armedWorkspace() {
  const owner = await newUser(t.app);
  const enrolled = await enableTwoFactor(t.app, owner.accessToken, t.clock);
  let session = owner.headers;
  const withCode = (): Headers => ({ ...session, "x-coffer-otp": enrolled.nextCode() });
  const created = async (url: string, payload: object) => {
    const response = await send(t.app, "POST", url, withCode(), payload);
    expect(response.statusCode, `${url} ${response.body}`).toBe(201);
    return response.json() as { id: string; token?: string };
  };
  const ws = owner.workspaceId;
  // Every capability (version history, more service accounts): refusals then come from the policy, not the plan.
  await t.db.updateTable("workspaces").set({ plan: "enterprise" }).where("id", "=", ws).execute();
  const tree = await createTree(t.app, owner.accessToken, ws);
  const secret = await created(`/secrets/${ws}/${tree.teamId}/${tree.projectId}/${tree.environmentId}/`, {
    key: "K",
    value: "v",
  });
  // A member in no team, with the lowest role: adding them to a team or raising them widens power.
  const viewer = await newMember(t.app, t.db, ws, 0);
  const required = await send(t.app, "PATCH", `/workspaces/${ws}`, withCode(), { require_two_factor: true });
  expect(required.statusCode, required.body).toBe(200);
  const invite = await created(`/invite/${ws}`, {
    invitee_email: `invitee-${randomUUID()}@example.com`,
    role: 0,
  });
  const account = await created(`/workspaces/${ws}/service-accounts`, { name: "deploy", role: 0 });
  const trust = await created(`/workspaces/${ws}/service-accounts/${account.id}/trusts`, {
    name: "ci",
    issuer: "http://127.0.0.1:9",
    audience: "coffer",
    subject: "repo:acme/app:ref:refs/heads/main",
  });
  const webhook = await created(`/workspaces/${ws}/webhooks`, { url: "http://127.0.0.1:9/fixture" });
  const admin = await created(`/workspaces/${ws}/service-accounts`, { name: "automation", role: 2 });
  const adminKey = await created(`/workspaces/${ws}/service-accounts/${admin.id}/keys`, { name: "k" });
  const ownerKey = await created("/keys/", { name: "leaked" });
  const otherKey = await created("/keys/", { name: "other" });
  const spare = await send(
    t.app,
    "POST",
    "/auth/login",
    {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": "spare-device",
    },
    new URLSearchParams({ username: owner.email, password: PASSWORD, otp: enrolled.nextCode() }).toString(),
  );
  expect(spare.statusCode, spare.body).toBe(200);
  const sessions = (await send(t.app, "GET", "/sessions/", owner.headers)).json() as {
    id: string;
    user_agent: string;
  }[];

  /** A new session of the Owner (the walk may end the one it uses: sign-out, ending every session). */
  const signIn = async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "walking-browser" },
      payload: new URLSearchParams({
        username: owner.email,
        password: PASSWORD,
        otp: enrolled.nextCode(),
      }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    session = bearer(response.json().access_token);
  };
  await signIn();

  const ids: Record<string, string> = {
    workspace_id: ws,
    team_id: tree.teamId,
    project_id: tree.projectId,
    environment_id: tree.environmentId,
    secret_id: secret.id,
    key_id: otherKey.id,
    user_id: viewer.id,
    session_id: sessions.find((s) => s.user_agent === "spare-device")!.id,
    invite_id: invite.id,
    service_account_id: account.id,
    trust_id: trust.id,
    webhook_id: webhook.id,
  };
  const known = {
    ...ids,
    team_ids: [tree.teamId],
    url: "http://127.0.0.1:9/elsewhere",
    issuer: "http://127.0.0.1:9",
    allowed_cidrs: ["127.0.0.0/8"],
  };
  return {
    owner,
    ids,
    known,
    session: () => session,
    withCode,
    signIn,
    ownerKey: { "x-api-key": ownerKey.token! } as Headers,
    adminKey: { "x-api-key": adminKey.token! } as Headers,
  };
}

type Armed = Awaited<ReturnType<typeof armedWorkspace>>;

/** The workspace's power, as facts: a fact that appears is power gained (a role is held as every role up to it). */
async function power(armed: Armed): Promise<Set<string>> {
  const ws = armed.ids.workspace_id!;
  const now = new Date(t.clock.now()).toISOString();
  const facts = new Set<string>();
  const upTo = (prefix: string, role: number) => {
    for (let r = 0; r <= role; r++) facts.add(`${prefix} role>=${r}`);
  };
  for (const m of await t.db
    .selectFrom("workspace_members")
    .selectAll()
    .where("workspace_id", "=", ws)
    .execute())
    upTo(`member ${m.user_id}`, m.role);
  for (const i of await t.db.selectFrom("invites").selectAll().where("workspace_id", "=", ws).execute()) {
    if (i.status !== "pending" || i.expiry_time <= now) continue;
    upTo(`invite ${i.invitee_email}`, i.role);
    if (i.team_id) facts.add(`invite ${i.invitee_email} team ${i.team_id}`);
  }
  for (const m of await t.db.selectFrom("team_members").selectAll().where("workspace_id", "=", ws).execute())
    facts.add(`team ${m.team_id} member ${m.user_id}`);
  const accounts = await t.db
    .selectFrom("service_accounts")
    .selectAll()
    .where("workspace_id", "=", ws)
    .execute();
  for (const a of accounts) {
    upTo(`service account ${a.id}`, a.role);
    if (!a.disabled_at) facts.add(`service account ${a.id} enabled`);
    for (const team of await t.db
      .selectFrom("service_account_teams")
      .selectAll()
      .where("service_account_id", "=", a.id)
      .execute())
      facts.add(`service account ${a.id} team ${team.team_id}`);
    for (const k of await t.db
      .selectFrom("service_account_keys")
      .selectAll()
      .where("service_account_id", "=", a.id)
      .execute())
      if (!k.revoked_at) facts.add(`service account key ${k.id}`);
    for (const trust of await t.db
      .selectFrom("service_account_trusts")
      .selectAll()
      .where("service_account_id", "=", a.id)
      .execute())
      facts.add(`trust ${trust.id} ${trust.issuer} ${trust.subject} ${trust.claims} ${trust.audience}`);
  }
  for (const w of await t.db.selectFrom("webhooks").selectAll().where("workspace_id", "=", ws).execute()) {
    facts.add(`webhook ${w.id} to ${w.url} events ${w.events} in ${w.project_id}/${w.environment_id}`);
    facts.add(`webhook ${w.id} signs with ${w.secret_ciphertext}`);
    if (!w.disabled_at) facts.add(`webhook ${w.id} enabled`);
  }
  for (const k of await t.db
    .selectFrom("api_keys")
    .selectAll()
    .where("user_id", "=", armed.owner.id)
    .execute()) {
    if (k.revoked_at) continue;
    facts.add(`api key ${k.id}`);
    facts.add(
      `api key ${k.id} until ${k.expires_at} in ${k.workspace_id} ${k.access} ${k.project_ids} ${k.environment_ids} ${k.allowed_cidrs}`,
    );
  }
  const workspace = await t.db.selectFrom("workspaces").selectAll().where("id", "=", ws).executeTakeFirst();
  if (workspace && !workspace.two_factor_required_at) facts.add("workspace requires no two-factor sign-in");
  if (workspace && !workspace.sso_required_at) facts.add("workspace requires no single sign-on");
  const twoFactor = await t.db
    .selectFrom("two_factor")
    .selectAll()
    .where("user_id", "=", armed.owner.id)
    .executeTakeFirst();
  if (!twoFactor?.enabled_at) facts.add("owner signs in without a second factor");
  return facts;
}

interface Step {
  route: Route;
  answer: string;
  gained: string[];
}

/** Walks every route that takes a credential, with a fresh fixture; `credential` is asked before each request. */
async function walk(
  credential: (armed: Armed) => Headers | Promise<Headers>,
  full: boolean,
  sessionWalk: boolean,
): Promise<Step[]> {
  const armed = await armedWorkspace();
  const steps: Step[] = [];
  let before = await power(armed);
  for (const route of walkOrder(table.routes.filter((r) => !isPublic(r.op)))) {
    // The walk may have ended the session it uses (sign-out, ending every session, an hour of codes).
    if (sessionWalk && (await send(t.app, "GET", "/auth/me", armed.session())).statusCode === 401)
      await armed.signIn();
    const response = await requestRoute(t.app, table, route, armed.ids, await credential(armed), {
      known: { ...armed.known, invitee_email: `walk-${randomUUID()}@example.com` },
      full,
    });
    const after = await power(armed);
    const body = response.body.startsWith("{") ? (response.json() as { code?: string }) : {};
    steps.push({
      route,
      answer: `${response.statusCode}${body.code ? ` ${body.code}` : ""}`,
      gained: [...after].filter((fact) => !before.has(fact)),
    });
    before = after;
  }
  return steps;
}

const name = (step: Step) => `${step.route.method} ${step.route.path}`;
const gainedAny = (steps: Step[]) =>
  steps.filter((s) => s.gained.length > 0).map((s) => `${name(s)}: ${s.gained.join("; ")}`);

describe.each([
  ["the smallest bodies", false],
  ["the fullest bodies", true],
])("every route, with %s", (_bodies, full) => {
  it("widens no power with an Owner's API key, and answers 403 session_required where it would grant", async () => {
    const steps = await walk((armed) => armed.ownerKey, full, false);

    expect(gainedAny(steps)).toEqual([]);
    const granting = steps.filter((s) => alwaysGrants(s.route));
    expect(granting.length).toBeGreaterThan(10);
    expect(
      granting.filter((s) => s.answer !== "403 session_required").map((s) => `${name(s)} ${s.answer}`),
    ).toEqual([]);
  });

  it("widens no power with an Admin service account's key", async () => {
    const steps = await walk((armed) => armed.adminKey, full, false);

    expect(gainedAny(steps)).toEqual([]);
    expect(
      steps.filter((s) => grantingActionsOf(s.route).length > 0 && s.answer.startsWith("2")).map(name),
    ).toEqual([]);
  });

  it("widens no power with an Owner's session that sends no two-factor code", async () => {
    const steps = await walk((armed) => armed.session(), full, true);

    expect(gainedAny(steps)).toEqual([]);
    const granting = steps.filter((s) => alwaysGrants(s.route) && !s.answer.startsWith("404"));
    expect(
      granting
        .filter((s) => s.answer !== "403 two_factor_code_required")
        .map((s) => `${name(s)} ${s.answer}`),
    ).toEqual([]);
  });

  it("widens power, with the code, only through routes that declare an action granting it", async () => {
    const steps = await walk((armed) => armed.withCode(), full, true);

    const undeclared = steps.filter((s) => s.gained.length > 0 && grantingActionsOf(s.route).length === 0);
    expect(undeclared.map((s) => `${name(s)}: ${s.gained.join("; ")}`)).toEqual([]);
    // The walk reaches what it guards: these grant power when a person with the code asks.
    const widened = steps.filter((s) => s.gained.length > 0).map(name);
    expect(widened).toEqual(
      expect.arrayContaining([
        "POST /invite/{workspace_id}",
        "PATCH /workspaces/{workspace_id}/members/{user_id}",
        "POST /teams/{workspace_id}/{team_id}/members",
        "POST /workspaces/{workspace_id}/service-accounts",
        "POST /workspaces/{workspace_id}/service-accounts/{service_account_id}/keys",
        "POST /workspaces/{workspace_id}/webhooks",
        "POST /keys/",
      ]),
    );
    if (full) expect(widened).toContain("PATCH /workspaces/{workspace_id}");
  });
});
