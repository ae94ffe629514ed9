// The second review's item 2: a leaked API key must not make itself permanent through membership.
// An Owner's key (workspace-bound, of an account with two-factor sign-in) invited an attacker as
// Owner, raised a member to Owner and switched the workspace's two-factor requirement off; the
// attacker kept Owner after the key was revoked. Every action that grants or widens power now needs
// a session, and the current code when the account has two-factor sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { newUser, randomEmail } from "./helpers/factories.ts";
import { type Headers, send } from "./helpers/http.ts";
import { newMember } from "./helpers/tree.ts";
import { enableTwoFactor } from "./helpers/two-factor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** An Owner with two-factor sign-in, a workspace that requires it, a Viewer, and a bound key of the Owner's. */
async function armedWorkspace() {
  const owner = await newUser(t.app);
  const enrolled = await enableTwoFactor(t.app, owner.accessToken, t.clock);
  const withCode = (): Headers => ({ ...owner.headers, "x-coffer-otp": enrolled.nextCode() });
  const required = await send(t.app, "PATCH", `/workspaces/${owner.workspaceId}`, withCode(), {
    require_two_factor: true,
  });
  expect(required.statusCode, required.body).toBe(200);
  const viewer = await newMember(t.app, t.db, owner.workspaceId, 0);
  await enableTwoFactor(t.app, viewer.accessToken, t.clock);
  const key = await send(t.app, "POST", "/keys/", withCode(), {
    name: "ci",
    workspace_id: owner.workspaceId,
  });
  expect(key.statusCode, key.body).toBe(201);
  return { owner, enrolled, withCode, viewer, keyHeaders: { "x-api-key": key.json().token } as Headers };
}

type Armed = Awaited<ReturnType<typeof armedWorkspace>>;

const attempts: [string, (a: Armed) => [method: "POST" | "PATCH", url: string, body: unknown]][] = [
  [
    "invite an attacker as Owner",
    (a) => ["POST", `/invite/${a.owner.workspaceId}`, { invitee_email: randomEmail("attacker"), role: 3 }],
  ],
  [
    "raise a member to Owner",
    (a) => ["PATCH", `/workspaces/${a.owner.workspaceId}/members/${a.viewer.id}`, { role: 3 }],
  ],
  [
    "switch the two-factor requirement off",
    (a) => ["PATCH", `/workspaces/${a.owner.workspaceId}`, { require_two_factor: false }],
  ],
];

async function standing(a: Armed) {
  const [workspace, members, invites] = await Promise.all([
    send(t.app, "GET", "/workspaces/current", { ...a.owner.headers, "x-workspace-id": a.owner.workspaceId }),
    send(t.app, "GET", `/workspaces/${a.owner.workspaceId}/members`, a.owner.headers),
    send(t.app, "GET", `/invite/${a.owner.workspaceId}`, a.owner.headers),
  ]);
  return {
    requiresTwoFactor: workspace.json().require_two_factor,
    roles: (members.json() as { user_id: string; role: number }[])
      .map((m) => `${m.user_id}:${m.role}`)
      .sort(),
    invites: (invites.json() as { invitee_email: string }[]).map((i) => i.invitee_email).sort(),
  };
}

describe("an Owner's API key cannot grant or widen power", () => {
  it.each(attempts)("cannot %s: 403 session_required, nothing changes", async (_what, attempt) => {
    const armed = await armedWorkspace();
    const before = await standing(armed);
    const [method, url, body] = attempt(armed);

    const response = await send(t.app, method, url, armed.keyHeaders, body);

    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().code).toBe("session_required");
    expect(await standing(armed)).toEqual(before);
  });

  it.each(attempts)(
    "a session without the code cannot %s either: 403 two_factor_code_required",
    async (_w, attempt) => {
      const armed = await armedWorkspace();
      const before = await standing(armed);
      const [method, url, body] = attempt(armed);

      const response = await send(t.app, method, url, armed.owner.headers, body);

      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().code).toBe("two_factor_code_required");
      expect(await standing(armed)).toEqual(before);
    },
  );

  it.each(attempts)("a session with the code may %s", async (_what, attempt) => {
    const armed = await armedWorkspace();
    const [method, url, body] = attempt(armed);

    const response = await send(t.app, method, url, armed.withCode(), body);

    expect(response.statusCode, response.body).toBeLessThan(300);
  });
});
