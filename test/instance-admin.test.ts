// The instance-admin API (issue 36, item 8): the people who run the server (COFFER_OPERATORS) list
// every workspace and set plans; anyone else — a workspace Owner, an operator's unverified account,
// an operator's API key — is answered 404 as for a path that does not exist. A change is recorded in
// the workspace's trail under the operator's account, and lifts the plan's refusal at once.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";
import { enableTwoFactor } from "./helpers/two-factor.ts";
import { markEmailVerified } from "./helpers/verified-email.ts";

let t: TestApp;
const operatorEmail = `ops-${randomUUID()}@example.com`;
const unverifiedEmail = `ops-unverified-${randomUUID()}@example.com`;
let operator: Awaited<ReturnType<typeof newUser>>;

const verify = (userId: string) => markEmailVerified(t.db, userId);

beforeAll(async () => {
  t = await createTestApp({
    env: { COFFER_OPERATORS: `${operatorEmail.toUpperCase()}, ${unverifiedEmail}` },
  });
  operator = await newUser(t.app, { email: operatorEmail });
  await verify(operator.id);
}, 60_000);
afterAll(() => t.close());

const list = (headers: Record<string, string>, query = "") =>
  t.app.inject({ method: "GET", url: `/admin/workspaces${query}`, headers });
const setPlan = (headers: Record<string, string>, workspaceId: string, plan: unknown) =>
  t.app.inject({ method: "PATCH", url: `/admin/workspaces/${workspaceId}`, headers, payload: { plan } });

/** Every workspace the listing answers, page after page. */
async function everyListed(headers: Record<string, string>) {
  const all: { id: string }[] = [];
  let cursor = "";
  for (;;) {
    const page = await list(headers, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
    expect(page.statusCode, page.body).toBe(200);
    all.push(...page.json());
    const next = page.headers["x-next-cursor"];
    if (!next) return all;
    cursor = String(next);
  }
}

describe("the instance's operators", () => {
  it("are told so by GET /auth/me; nobody else is", async () => {
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: operator.headers });
    expect(me.json()).toMatchObject({ email: operatorEmail, instance_operator: true });
    const owner = await newUser(t.app);
    const theirs = await t.app.inject({ method: "GET", url: "/auth/me", headers: owner.headers });
    expect(theirs.json().instance_operator).toBeUndefined();
  });

  it("list every workspace with its plan, members and creation, paged", async () => {
    const owner = await newUser(t.app);
    const all = await everyListed(operator.headers);
    const row = all.find((w) => w.id === owner.workspaceId);
    expect(row).toMatchObject({ plan: "free", members: 1, seat_limit: 5, slug: expect.any(String) });
    expect(all.find((w) => w.id === operator.workspaceId)).toBeDefined();
  });

  it("read the instance's plans and what each allows", async () => {
    const plans = await t.app.inject({ method: "GET", url: "/admin/plans", headers: operator.headers });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().map((p: { name: string }) => p.name)).toEqual(["free", "pro", "enterprise"]);
    expect(plans.json()[0]).toMatchObject({
      name: "free",
      seats: 5,
      version_history: false,
      share_links: false,
    });
  });

  it("set a workspace's plan: the refusal is lifted at once and the trail names the operator's account", async () => {
    const owner = await newUser(t.app);
    const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const timeline = () =>
      t.app.inject({ method: "GET", url: `${secretsPath(tree)}/timeline`, headers: owner.headers });
    const refused = await timeline();
    expect(refused.statusCode).toBe(402);
    // Who can lift it, as the CLI prints it and the dashboard shows it.
    expect(refused.json().detail).toBe(
      "Version history needs the pro or enterprise plan; this workspace is on the free plan. An operator of this " +
        "Coffer server can change the plan: on the instance-admin page (/admin) or with " +
        "`coffer-server admin set-plan <workspace> pro`",
    );

    const changed = await setPlan(operator.headers, owner.workspaceId, "pro");
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: owner.workspaceId, plan: "pro", seat_limit: 50, members: 1 });
    const mine = await t.app.inject({ method: "GET", url: "/workspaces/", headers: owner.headers });
    expect(mine.json()[0]).toMatchObject({ plan: "pro" });
    expect((await timeline()).statusCode).toBe(200);

    const audit = await t.app.inject({
      method: "GET",
      url: `/workspaces/${owner.workspaceId}/audit?action=workspace.plan_changed`,
      headers: owner.headers,
    });
    expect(audit.json()).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ type: "operator", user_id: operator.id, name: operatorEmail }),
        details: { previous_plan: "free", plan: "pro" },
      }),
    ]);
  });

  it("answer 422 for a plan the instance does not have, 404 for a workspace that does not exist", async () => {
    const owner = await newUser(t.app);
    const gold = await setPlan(operator.headers, owner.workspaceId, "gold");
    expect(gold.statusCode).toBe(422);
    expect(gold.json().detail[0]).toMatchObject({ loc: ["body", "plan"] });
    expect((await setPlan(operator.headers, owner.workspaceId, "x".repeat(65))).statusCode).toBe(422);
    expect((await setPlan(operator.headers, owner.workspaceId, undefined)).statusCode).toBe(422);
    expect((await setPlan(operator.headers, "not-a-uuid", "pro")).statusCode).toBe(422);
    const nowhere = await setPlan(operator.headers, randomUUID(), "pro");
    expect(nowhere.statusCode).toBe(404);
    expect((await list(operator.headers, "?limit=0")).statusCode).toBe(422);
    expect((await list(operator.headers, "?limit=1001")).statusCode).toBe(422);
  });

  it("give the two-factor code to change a plan when the account has it", async () => {
    const email = `ops-2fa-${randomUUID()}@example.com`;
    const app = await createTestApp({ env: { COFFER_OPERATORS: email } });
    try {
      const person = await newUser(app.app, { email });
      await markEmailVerified(app.db, person.id);
      const enrolled = await enableTwoFactor(app.app, person.accessToken, app.clock);
      const patch = (headers: Record<string, string>) =>
        app.app.inject({
          method: "PATCH",
          url: `/admin/workspaces/${person.workspaceId}`,
          headers,
          payload: { plan: "pro" },
        });
      // Listing asks no code.
      expect(
        (await app.app.inject({ method: "GET", url: "/admin/workspaces", headers: person.headers }))
          .statusCode,
      ).toBe(200);
      const without = await patch(person.headers);
      expect(without.statusCode).toBe(403);
      expect(without.json().code).toBe("two_factor_code_required");
      const withCode = await patch({ ...person.headers, "x-coffer-otp": enrolled.nextCode() });
      expect(withCode.statusCode, withCode.body).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("everyone else gets 404, as for a path that does not exist", () => {
  const notFound = { detail: "Not Found", code: "not_found" };

  it("a workspace Owner who is not an operator", async () => {
    const owner = await newUser(t.app);
    const listing = await list(owner.headers);
    expect(listing.statusCode).toBe(404);
    expect(listing.json()).toEqual(notFound);
    const plans = await t.app.inject({ method: "GET", url: "/admin/plans", headers: owner.headers });
    expect(plans.statusCode).toBe(404);
    const change = await setPlan(owner.headers, owner.workspaceId, "enterprise");
    expect(change.statusCode).toBe(404);
    expect(change.json()).toEqual(notFound);
    const mine = await t.app.inject({ method: "GET", url: "/workspaces/", headers: owner.headers });
    expect(mine.json()[0].plan).toBe("free");
    // The same answer as a path nobody serves.
    const unknown = await t.app.inject({ method: "GET", url: "/admin/nothing-here", headers: owner.headers });
    expect(unknown.json()).toEqual(notFound);
  });

  it("an operator's account whose email is not verified", async () => {
    const unverified = await newUser(t.app, { email: unverifiedEmail });
    expect((await list(unverified.headers)).statusCode).toBe(404);
    expect((await setPlan(unverified.headers, unverified.workspaceId, "pro")).statusCode).toBe(404);
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: unverified.headers });
    expect(me.json().instance_operator).toBeUndefined();
  });

  it("an operator's own API key: power over every workspace is a person's, signed in", async () => {
    const key = await createApiKey(t.app, operator.accessToken);
    const headers = { "x-api-key": key.token };
    expect((await list(headers)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/admin/plans", headers })).statusCode).toBe(404);
    const owner = await newUser(t.app);
    expect((await setPlan(headers, owner.workspaceId, "pro")).statusCode).toBe(404);
    const mine = await t.app.inject({ method: "GET", url: "/workspaces/", headers: owner.headers });
    expect(mine.json()[0].plan).toBe("free");
  });

  it("nobody signed in: 401, as on every route", async () => {
    expect((await list({})).statusCode).toBe(401);
  });
});
