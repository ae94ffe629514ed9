// Signing the CLI in through the browser (issue 36, item 7): the OAuth 2.0 device authorization
// grant (RFC 8628) — a device starts, polls, and a signed-in person approves or denies its code.
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { bearer, createApiKey, newUser } from "./helpers/factories.ts";
import { enableTwoFactor } from "./helpers/two-factor.ts";

const t = testAppForSuite({ captureLogs: true });

const GRANT = "urn:ietf:params:oauth:grant-type:device_code";
type User = Awaited<ReturnType<typeof newUser>>;

async function start(body: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: "/auth/device/code",
    headers: { "user-agent": "coffer-cli/test" },
    payload: { client_id: "coffer-cli", client_name: "Coffer CLI", hostname: "ada-laptop", ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval: number;
  };
}

const poll = (device_code: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/auth/device/token",
    headers: { "user-agent": "coffer-cli/test" },
    payload: { grant_type: GRANT, device_code, client_id: "coffer-cli", ...extra },
  });

const decide = (what: "lookup" | "approve" | "deny", headers: Record<string, string>, user_code: string) =>
  t.app.inject({ method: "POST", url: `/auth/device/${what}`, headers, payload: { user_code } });

/** Polls as a well-behaved device: the clock moves by the interval first. */
async function politePoll(device_code: string, interval = 5) {
  t.clock.advance(interval);
  return poll(device_code);
}

async function trail(user: User) {
  await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", user.workspaceId).execute();
  const response = await t.app.inject({
    method: "GET",
    url: `/workspaces/${user.workspaceId}/audit?limit=1000&view=all`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { action: string; details: Record<string, unknown> }[];
}

describe("the device's side", () => {
  it("answers a short unambiguous user code, a long device code and the dashboard's URL", async () => {
    const started = await start();
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.device_code.length).toBeGreaterThanOrEqual(43);
    expect(started.verification_uri).toBe("https://coffer.test/device");
    expect(started.verification_uri_complete).toBe(`https://coffer.test/device?code=${started.user_code}`);
    expect(started).toMatchObject({ expires_in: 600, interval: 5 });
    const stored = await t.db.selectFrom("device_authorizations").selectAll().execute();
    const text = JSON.stringify(stored);
    expect(text).not.toContain(started.device_code);
    expect(text).not.toContain(started.user_code.replace("-", ""));
  });

  it("takes RFC 8628's form-encoded requests as well as JSON", async () => {
    const code = await t.app.inject({
      method: "POST",
      url: "/auth/device/code",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "client_id=coffer-cli",
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.headers["cache-control"]).toBe("no-store");
    const token = await t.app.inject({
      method: "POST",
      url: "/auth/device/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: GRANT,
        device_code: code.json().device_code,
        client_id: "coffer-cli",
      }).toString(),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json().error).toBe("authorization_pending");
  });

  it("answers the RFC's errors: unknown client, unknown grant type, unknown device code", async () => {
    const wrongClient = await t.app.inject({
      method: "POST",
      url: "/auth/device/code",
      payload: { client_id: "someone-else" },
    });
    expect(wrongClient.statusCode).toBe(400);
    expect(wrongClient.json().error).toBe("invalid_client");
    const { device_code } = await start();
    expect((await poll(device_code, { grant_type: "password" })).json().error).toBe("unsupported_grant_type");
    expect((await poll(device_code, { client_id: "other" })).json().error).toBe("invalid_client");
    const unknown = await poll("not-a-device-code");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("invalid_grant");
  });

  it("answers 422 in the API's shape for a body without its fields", async () => {
    const response = await t.app.inject({ method: "POST", url: "/auth/device/code", payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(["body", "client_id"]);
    const long = await t.app.inject({
      method: "POST",
      url: "/auth/device/code",
      payload: { client_id: "coffer-cli", hostname: "h".repeat(256) },
    });
    expect(long.statusCode).toBe(422);
  });

  it("answers slow_down to a device that polls faster than its interval, and widens the interval", async () => {
    const { device_code } = await start();
    expect((await poll(device_code)).json().error).toBe("authorization_pending");
    const tooSoon = await poll(device_code);
    expect(tooSoon.json()).toMatchObject({
      error: "slow_down",
      error_description: "Poll at most every 10 seconds",
    });
    t.clock.advance(5); // the old interval is no longer enough
    expect((await poll(device_code)).json().error).toBe("slow_down");
    expect((await politePoll(device_code, 15)).json().error).toBe("authorization_pending");
  });

  it("answers expired_token after ten minutes, and the code can no longer be approved", async () => {
    const owner = await newUser(t.app);
    const { device_code, user_code } = await start();
    t.clock.advance(601);
    const expired = await poll(device_code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe("expired_token");
    expect((await decide("approve", owner.headers, user_code)).statusCode).toBe(404);
  });
});

describe("approving in the dashboard", () => {
  it("signs the device in once, as the approver, with a session like a password sign-in's", async () => {
    const owner = await newUser(t.app);
    const { device_code, user_code } = await start();
    expect((await politePoll(device_code)).json().error).toBe("authorization_pending");

    const lookup = await decide("lookup", owner.headers, user_code.toLowerCase().replace("-", " "));
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({
      client_name: "Coffer CLI",
      hostname: "ada-laptop",
      ip_address: "127.0.0.1",
    });
    expect(JSON.stringify(lookup.json())).not.toContain(user_code);

    const approved = await decide("approve", owner.headers, user_code);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe("approved");

    const tokens = await politePoll(device_code);
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(tokens.headers["cache-control"]).toBe("no-store");
    const body = tokens.json();
    expect(body).toMatchObject({ token_type: "bearer" });
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(body.access_token) });
    expect(me.json().email).toBe(owner.email);
    // The refresh token rotates like any session's.
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      payload: { refresh_token: body.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    // One use: the device code is spent.
    const again = await politePoll(device_code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invalid_grant");
    // The new session is the CLI's (its user agent), signed in with the approver's method.
    const sessions = (
      await t.app.inject({ method: "GET", url: "/sessions/", headers: owner.headers })
    ).json();
    const cli = sessions.find((s: { user_agent: string }) => s.user_agent === "coffer-cli/test");
    expect(cli).toMatchObject({ sign_in_method: "password" });
    // An answered code cannot be answered again.
    expect((await decide("deny", owner.headers, user_code)).statusCode).toBe(404);

    const entries = await trail(owner);
    const approval = entries.find((e) => e.action === "device_login.approved");
    expect(approval?.details).toMatchObject({ client_name: "Coffer CLI", hostname: "ada-laptop" });
    const signedIn = entries.find(
      (e) => e.action === "user.signed_in" && e.details.via === "device_authorization",
    );
    expect(signedIn).toBeDefined();
    expect(JSON.stringify(entries)).not.toContain(user_code);
    expect(JSON.stringify(entries)).not.toContain(device_code);
    expect(t.logs()).not.toContain(device_code);
    expect(t.logs()).not.toContain(user_code);
  });

  it("an approval dies with the session that gave it: signed out or account deleted, the device gets nothing", async () => {
    // A person who signs out everywhere (or whose account is claimed) must not leave a CLI to be
    // signed in ten minutes later by an approval given from a session that no longer exists.
    const owner = await newUser(t.app);
    const { device_code, user_code } = await start();
    expect((await decide("approve", owner.headers, user_code)).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/auth/logout", headers: owner.headers });
    expect(out.statusCode, out.body).toBeLessThan(300);
    const answer = await politePoll(device_code);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error).toBe("access_denied");

    const leaving = await newUser(t.app);
    const second = await start();
    expect((await decide("approve", leaving.headers, second.user_code)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/auth/me",
      headers: leaving.headers,
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await politePoll(second.device_code);
    expect(gone.statusCode, gone.body).toBe(400);
    expect(gone.json().error).toBe("access_denied");
  });

  it("a denied code answers access_denied, and the denial is in the trail", async () => {
    const owner = await newUser(t.app);
    const { device_code, user_code } = await start({ hostname: "unknown-box" });
    const denied = await decide("deny", owner.headers, user_code);
    expect(denied.statusCode, denied.body).toBe(200);
    const answer = await politePoll(device_code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe("access_denied");
    const entries = await trail(owner);
    expect(entries.find((e) => e.action === "device_login.denied")?.details).toMatchObject({
      hostname: "unknown-box",
    });
  });

  it("needs a session: no credential is 401, an API key is 403 session_required", async () => {
    const owner = await newUser(t.app);
    const key = await createApiKey(t.app, owner.accessToken);
    const { user_code } = await start();
    for (const what of ["lookup", "approve", "deny"] as const) {
      expect((await decide(what, {}, user_code)).statusCode).toBe(401);
      const withKey = await decide(what, { "x-api-key": key.token }, user_code);
      expect(withKey.statusCode).toBe(403);
      expect(withKey.json().code).toBe("session_required");
    }
  });

  it("an account with two-factor sign-in approves with its code", async () => {
    const owner = await newUser(t.app);
    const enrolled = await enableTwoFactor(t.app, owner.accessToken, t.clock);
    const { device_code, user_code } = await start();
    const without = await decide("approve", owner.headers, user_code);
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe("two_factor_code_required");
    const withCode = await decide(
      "approve",
      { ...owner.headers, "x-coffer-otp": enrolled.nextCode() },
      user_code,
    );
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect((await politePoll(device_code)).statusCode).toBe(200);
  });

  it("wrong user codes spend the account's budget: the eleventh in a quarter hour is 429", async () => {
    const guesser = await newUser(t.app);
    for (let i = 0; i < 10; i++) {
      const miss = await decide("lookup", guesser.headers, "BCDF-GHJK");
      expect(miss.statusCode).toBe(404);
      expect(miss.json().code).toBe("not_found");
    }
    const { user_code } = await start();
    const refused = await decide("approve", guesser.headers, user_code);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another account is not held back by this one's guesses.
    const other = await newUser(t.app);
    expect((await decide("lookup", other.headers, user_code)).statusCode).toBe(200);
  });

  it("a code that cannot be one (wrong letters, wrong length) is a plain 404", async () => {
    const owner = await newUser(t.app);
    expect((await decide("lookup", owner.headers, "AAAA-AAAA")).statusCode).toBe(404);
    expect((await decide("lookup", owner.headers, "BCD")).statusCode).toBe(404);
  });
});
