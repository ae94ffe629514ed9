// The outside review's reproduced attacks (issue 18), each as it was run against a server: they
// must fail now. 1: a provider-only account signed into with the timing-equaliser's constant
// password; 2: account pre-hijacking through provider linking; 4: an API key making itself
// permanent; 7: login CSRF. Items 3 and 9 (the CLI) live in the CLI tests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, createApiKey, login, newUser, PASSWORD, signUp } from "./helpers/factories.ts";
import { startFakeIdentityProviders } from "./helpers/fake-identity-providers.ts";
import { extractInviteLink, type FakeSmtp, startFakeSmtp, textBody } from "./helpers/fake-smtp.ts";
import { googlePerson, signInWithGoogle } from "./helpers/google-sign-in.ts";
import { send } from "./helpers/http.ts";
import { markEmailVerified } from "./helpers/verified-email.ts";

const PUBLIC_URL = "https://coffer.test";
// The constant verifyPassword hashed for timing: before the fix, it opened every provider-only account.
const TIMING_CONSTANT = "coffer-timing-equaliser";

let fakes: Awaited<ReturnType<typeof startFakeIdentityProviders>>;
let smtp: FakeSmtp;
let t: TestApp;
beforeAll(async () => {
  fakes = await startFakeIdentityProviders();
  smtp = await startFakeSmtp();
  t = await createTestApp({ env: { ...fakes.env(), SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
  await smtp?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

const passwordLogin = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/auth/login",
    headers: { ...FORM, ...headers },
    payload: form({ username: email, password }),
  });

/** A Google-only account (no password), signed in: its access token. */
async function providerOnlyAccount() {
  const person = googlePerson();
  const response = await signInWithGoogle(t.app, fakes.google, person, { json: true });
  expect(response.statusCode, response.body).toBe(200);
  return { person, accessToken: response.json().access_token as string };
}

describe("1: a provider-only account refuses every password", () => {
  it("the timing constant, an empty one and a random one all answer 401 invalid_credentials", async () => {
    const { person } = await providerOnlyAccount();
    for (const password of [TIMING_CONSTANT, "correct horse battery", "x".repeat(128)]) {
      const response = await passwordLogin(person.email, password);
      expect(response.statusCode, `password ${JSON.stringify(password)}`).toBe(401);
      expect(response.json()).toEqual({ detail: "Incorrect email or password", code: "invalid_credentials" });
      expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
    }
  });

  it("invite acceptance with the timing constant is refused for a provider-only account", async () => {
    const owner = await newUser(t.app);
    const { person } = await providerOnlyAccount();
    const sent = await send(t.app, "POST", `/invite/${owner.workspaceId}`, owner.headers, {
      invitee_email: person.email,
      role: 1,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await smtp.waitFor(() => smtp.messagesTo(person.email).length > 0);
    const { token } = extractInviteLink(textBody(smtp.messagesTo(person.email)[0]!.raw), PUBLIC_URL);

    const accepted = await send(t.app, "POST", "/invite/accept", {}, { token, password: TIMING_CONSTANT });

    expect(accepted.statusCode).toBe(401);
    expect(accepted.json().code).toBe("invalid_credentials");
    const members = await send(t.app, "GET", `/workspaces/${owner.workspaceId}/members`, owner.headers);
    expect(JSON.stringify(members.json())).not.toContain(person.email);
  });
});

describe("2: account pre-hijacking through provider linking", () => {
  it("an unverified account taken over by a provider proving the address keeps nothing of the attacker's", async () => {
    // The attacker signs up first with the victim's address (never verified), and arms the account.
    const victimEmail = `victim-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const attacker = await signUp(t.app, { email: victimEmail, password: "attacker's password" });
    const attackerSession = await login(t.app, victimEmail, "attacker's password", "attacker-browser");
    const attackerKey = await createApiKey(t.app, attackerSession.accessToken, { name: "persistence" });

    // The victim signs in with Google, which vouches for the address.
    const victim = googlePerson({ email: victimEmail });
    const signedIn = await signInWithGoogle(t.app, fakes.google, victim, { json: true });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const victimToken = signedIn.json().access_token as string;
    const me = await send(t.app, "GET", "/auth/me", bearer(victimToken));
    expect(me.json()).toMatchObject({ id: attacker.id, email: victimEmail, email_verified: true });

    // The attacker's session, refresh token, API key and password all fail now.
    const sessionUse = await send(t.app, "GET", "/auth/me", bearer(attackerSession.accessToken));
    expect(sessionUse.statusCode).toBe(401);
    expect(sessionUse.json().code).toBe("session_revoked");
    const refresh = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      cookies: { refresh_token: attackerSession.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const keyUse = await send(t.app, "GET", "/auth/me", { "x-api-key": attackerKey.token });
    expect(keyUse.statusCode).toBe(401);
    expect(keyUse.json().code).toBe("api_key_revoked");
    const passwordUse = await passwordLogin(victimEmail, "attacker's password");
    expect(passwordUse.statusCode).toBe(401);

    // The victim's own sign-in is the one session left, and the takeover is on the record.
    const sessions = await send(t.app, "GET", "/sessions/", bearer(victimToken));
    expect(sessions.json()).toHaveLength(1);
    const audit = await send(t.app, "GET", `/workspaces/${attacker.workspaceId}/audit`, bearer(victimToken));
    expect(audit.statusCode, audit.body).toBe(200);
    const claimed = (audit.json() as { action: string; details?: Record<string, unknown> }[]).find(
      (e) => e.action === "account.claimed",
    );
    expect(claimed).toBeDefined();
    expect(JSON.stringify(claimed)).not.toContain(attackerKey.token);
  });

  it("a verified password account is linked and keeps its password and sessions", async () => {
    const owner = await newUser(t.app);
    await markEmailVerified(t.db, owner.id);
    const key = await createApiKey(t.app, owner.accessToken);

    const signedIn = await signInWithGoogle(t.app, fakes.google, googlePerson({ email: owner.email }), {
      json: true,
    });

    expect(signedIn.statusCode).toBe(200);
    expect((await send(t.app, "GET", "/auth/me", owner.headers)).statusCode).toBe(200);
    expect((await send(t.app, "GET", "/auth/me", { "x-api-key": key.token })).statusCode).toBe(200);
    expect((await passwordLogin(owner.email, PASSWORD, { "user-agent": "another" })).statusCode).toBe(200);
  });
});

describe("4: an API key cannot make itself permanent", () => {
  type Ids = { key: string; other: string; session: string };
  const sessionOnly = async (
    method: "POST" | "PATCH" | "DELETE",
    url: (ids: Ids) => string,
    payload?: Record<string, unknown>,
  ) => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const other = await createApiKey(t.app, user.accessToken, { name: "other" });
    const sessions = await send(t.app, "GET", "/sessions/", user.headers);
    const ids = { key: key.id, other: other.id, session: sessions.json()[0].id as string };
    const response = await send(t.app, method, url(ids), { "x-api-key": key.token }, payload);
    return { user, key, other, response };
  };

  it.each([
    ["mint a key", "POST", () => "/keys/", { name: "minted by a key" }],
    ["change a key's expiry", "PATCH", (ids: Ids) => `/keys/${ids.key}`, { expires_at: null }],
    ["revoke another key", "POST", (ids: Ids) => `/keys/${ids.other}`, undefined],
    ["end one session", "POST", (ids: Ids) => `/sessions/${ids.session}/`, undefined],
    ["end every session", "POST", () => "/sessions/", undefined],
    ["delete the account", "DELETE", () => "/auth/me", { password: PASSWORD }],
  ] as const)("cannot %s: 403 session_required, nothing changes", async (_what, method, url, payload) => {
    const { user, response } = await sessionOnly(method, url, payload);

    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ detail: expect.stringMatching(/sign/i), code: "session_required" });
    const keys = await send(t.app, "GET", "/keys/", user.headers);
    expect(keys.json()).toHaveLength(2);
    expect((await send(t.app, "GET", "/sessions/", user.headers)).json()).toHaveLength(1);
    expect((await send(t.app, "GET", "/auth/me", user.headers)).statusCode).toBe(200);
  });

  it("a key may still revoke itself (a pipeline ending its own key)", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const response = await send(t.app, "POST", `/keys/${key.id}`, { "x-api-key": key.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().is_revoked).toBe(true);
  });

  it("a session still does all of it", async () => {
    const user = await newUser(t.app);
    const created = await send(t.app, "POST", "/keys/", user.headers, { name: "by a person" });
    expect(created.statusCode).toBe(201);
    const patched = await send(t.app, "PATCH", `/keys/${created.json().id}`, user.headers, {
      name: "renamed",
    });
    expect(patched.statusCode).toBe(200);
  });
});

describe("7: login CSRF", () => {
  const crossSite = [
    ["an Origin of another site", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["an opaque Origin (null)", { origin: "null" }],
    [
      "a same-site sibling with another Origin",
      { "sec-fetch-site": "same-site", origin: "https://x.coffer.test" },
    ],
  ] as const;

  it.each(crossSite)(
    "POST /auth/login from %s → 403 cross_site_request, no session",
    async (_what, headers) => {
      const user = await signUp(t.app);
      const response = await passwordLogin(user.email, PASSWORD, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("cross_site_request");
      expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
    },
  );

  it.each(crossSite)(
    "POST /auth/refresh and /auth/logout from %s → 403, the session lives on",
    async (_what, headers) => {
      const user = await newUser(t.app);
      for (const url of ["/auth/refresh", "/auth/logout"]) {
        const response = await t.app.inject({
          method: "POST",
          url,
          headers,
          cookies: { refresh_token: user.refreshToken },
        });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().code).toBe("cross_site_request");
      }
      expect((await send(t.app, "GET", "/auth/me", user.headers)).statusCode).toBe(200);
    },
  );

  it("the dashboard's own origin, a same-origin fetch and a client without browser headers all work", async () => {
    const user = await signUp(t.app);
    const sameOrigin = await passwordLogin(user.email, PASSWORD, {
      origin: PUBLIC_URL,
      "sec-fetch-site": "same-origin",
      "user-agent": "browser",
    });
    expect(sameOrigin.statusCode).toBe(200);
    const typedUrl = await passwordLogin(user.email, PASSWORD, {
      "sec-fetch-site": "none",
      "user-agent": "b2",
    });
    expect(typedUrl.statusCode).toBe(200);
    const script = await passwordLogin(user.email, PASSWORD, { "user-agent": "curl/8" });
    expect(script.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      headers: { origin: PUBLIC_URL },
      cookies: { refresh_token: script.cookies.find((c) => c.name === "refresh_token")!.value },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it("a page served from the address the request reached (Host) is same-origin too", async () => {
    const user = await signUp(t.app);
    const response = await passwordLogin(user.email, PASSWORD, {
      host: "127.0.0.1:8080",
      origin: "http://127.0.0.1:8080",
    });
    expect(response.statusCode).toBe(200);
  });
});
