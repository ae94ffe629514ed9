// Over 400 lines: one capability's contract (OIDC single sign-on), read top to bottom with its fake issuer.
// Single sign-on through any OpenID Connect provider (issue 23; docs/single-sign-on.md): discovery,
// the authorization code flow with state, PKCE and a nonce, the ID token's checks, the linking rules
// shared with Google and GitHub, and a workspace that requires single sign-on of its members. The
// provider is a real one (the `oidc-provider` package) on 127.0.0.1.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, createApiKey, login, newUser, PASSWORD, randomEmail, signUp } from "./helpers/factories.ts";
import { type SsoAccount, type SsoProvider, startSsoProvider } from "./helpers/sso-provider.ts";
import { addMember, createTree, secretsPath, type Tree } from "./helpers/tree.ts";
import { enableTwoFactor } from "./helpers/two-factor.ts";
import { markEmailVerified } from "./helpers/verified-email.ts";

const PUBLIC_URL = "https://coffer.test";
const STATE_COOKIE = "coffer_oauth";
const JSON_ACCEPT = { accept: "application/json" };

let sso: SsoProvider;
let t: TestApp;
beforeAll(async () => {
  sso = await startSsoProvider();
  t = await createTestApp({ env: sso.env() });
});
afterAll(async () => {
  await t?.close();
  await sso?.stop();
});

/** A person at the provider, with a verified address unless told otherwise. */
const person = (overrides: Partial<SsoAccount> = {}): SsoAccount =>
  sso.addAccount({
    sub: `user-${randomUUID()}`,
    email: randomEmail("sso"),
    email_verified: true,
    given_name: "Grace",
    family_name: "Hopper",
    ...overrides,
  });

interface Flow {
  response: LightMyRequestResponse;
  location: URL;
  state: string;
  cookie: string;
}

async function beginLogin(app: FastifyInstance = t.app): Promise<Flow> {
  const response = await app.inject({ method: "GET", url: "/auth/oidc-login" });
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(String(response.headers.location));
  const cookie = response.cookies.find((c) => c.name === STATE_COOKIE)?.value ?? "";
  expect(cookie).toBeTruthy();
  return { response, location, state: location.searchParams.get("state") ?? "", cookie };
}

interface CallOptions {
  json?: boolean;
  app?: FastifyInstance;
  userAgent?: string;
}

function callback(
  query: URLSearchParams | Record<string, string>,
  cookie: string | undefined,
  options: CallOptions = {},
) {
  return (options.app ?? t.app).inject({
    method: "GET",
    url: `/auth/oidc-callback?${new URLSearchParams(query)}`,
    cookies: cookie === undefined ? {} : { [STATE_COOKIE]: cookie },
    headers: {
      ...(options.json ? JSON_ACCEPT : {}),
      ...(options.userAgent ? { "user-agent": options.userAgent } : {}),
    },
  });
}

/** The whole round trip: Coffer, the provider's login form (as `account`), and back. */
async function signInWith(account: SsoAccount, options: CallOptions = {}) {
  const flow = await beginLogin(options.app);
  const back = await sso.authorize(flow.location.href, account.sub);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/auth/oidc-callback`);
  const response = await callback(back.searchParams, flow.cookie, options);
  return { flow, back, response };
}

const refreshCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((c) => c.name === "refresh_token");

async function accessTokenFrom(response: LightMyRequestResponse): Promise<string> {
  if (response.headers["content-type"]?.includes("application/json")) return response.json().access_token;
  const refreshed = await t.app.inject({
    method: "POST",
    url: "/auth/refresh",
    cookies: { refresh_token: refreshCookieOf(response)?.value ?? "" },
  });
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  return refreshed.json().access_token;
}

/** Signs in through the provider and answers an access token of that session. */
async function ssoSession(account: SsoAccount, userAgent = `browser-${randomUUID()}`) {
  const { response } = await signInWith(account, { json: true, userAgent });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().access_token as string;
}

const me = async (accessToken: string) => {
  const response = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(accessToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** GET /sessions/'s entry for the session the token belongs to. */
const currentSession = async (accessToken: string) => {
  const response = await t.app.inject({ method: "GET", url: "/sessions/", headers: bearer(accessToken) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { current: boolean }[]).find((s) => s.current);
};

const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

const usersWithEmail = (email: string) =>
  countOf(
    t.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "=", email.toLowerCase()),
  );

/** The account's owner proved its address (a mailed code; verification.test.ts covers how). */
const markVerified = (userId: string) => markEmailVerified(t.db, userId);

const oidcIdentitiesOf = (userId: string) =>
  t.db
    .selectFrom("identities")
    .selectAll()
    .where("provider", "=", "oidc")
    .where("user_id", "=", userId)
    .execute();

/** A sign-in that failed: back to the front page with ?error=, no session, the flow cookie cleared. */
function expectErrorRedirect(response: LightMyRequestResponse, code: string) {
  expect(response.statusCode, response.body).toBe(302);
  expect(response.headers.location).toBe(`${PUBLIC_URL}/?error=${code}`);
  expect(refreshCookieOf(response)).toBeUndefined();
  expect(response.cookies.find((c) => c.name === STATE_COOKIE)?.value).toBe("");
}

function expectJsonError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ detail: expect.any(String), code });
  expect(refreshCookieOf(response)).toBeUndefined();
}

describe("GET /auth/providers", () => {
  it("names the single sign-on provider for the dashboard's button", async () => {
    const response = await t.app.inject({ method: "GET", url: "/auth/providers" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: false, github: false, oidc: { name: "Acme SSO" } });
  });

  it('calls it "Single sign-on" when COFFER_OIDC_NAME is unset', async () => {
    const { COFFER_OIDC_NAME: _, ...env } = sso.env();
    const unnamed = await createTestApp({ env });
    try {
      const response = await unnamed.app.inject({ method: "GET", url: "/auth/providers" });
      expect(response.json().oidc).toEqual({ name: "Single sign-on" });
    } finally {
      await unnamed.close();
    }
  });
});

describe("GET /auth/oidc-login", () => {
  it("redirects to the discovered authorization endpoint with state, a nonce and a PKCE S256 challenge", async () => {
    const flow = await beginLogin();

    expect(`${flow.location.origin}${flow.location.pathname}`).toBe(`${sso.issuer}/auth`);
    const query = flow.location.searchParams;
    expect(query.get("response_type")).toBe("code");
    expect(query.get("client_id")).toBe(sso.clientId);
    expect(query.get("redirect_uri")).toBe(`${PUBLIC_URL}/auth/oidc-callback`);
    expect(query.get("scope")).toBe("openid email profile");
    expect(query.get("state")).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(query.get("nonce")).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(query.get("nonce")).not.toBe(query.get("state"));
    expect(query.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get("code_challenge_method")).toBe("S256");
    expect(query.has("client_secret")).toBe(false);
    const cookie = flow.response.cookies.find((c) => c.name === STATE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/auth" });
    expect(flow.cookie).not.toContain(sso.clientSecret);
  });

  it("reads the discovery document once, not on every sign-in", async () => {
    await beginLogin();
    const before = sso.requests.filter((r) => r.endsWith("/.well-known/openid-configuration")).length;

    await beginLogin();
    await signInWith(person(), { json: true });

    expect(sso.requests.filter((r) => r.endsWith("/.well-known/openid-configuration"))).toHaveLength(before);
  });

  it("asks for the scopes COFFER_OIDC_SCOPES names", async () => {
    const narrow = await createTestApp({ env: sso.env({ COFFER_OIDC_SCOPES: "openid email" }) });
    try {
      const flow = await beginLogin(narrow.app);
      expect(flow.location.searchParams.get("scope")).toBe("openid email");
    } finally {
      await narrow.close();
    }
  });
});

describe("GET /auth/oidc-callback", () => {
  it("creates the account and its first workspace, signs in and redirects home", async () => {
    const grace = person({ given_name: "Grace", family_name: "Hopper" });

    const { response } = await signInWith(grace);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/`);
    expect(refreshCookieOf(response)).toMatchObject({ httpOnly: true, secure: true, path: "/auth" });
    const token = await accessTokenFrom(response);
    const profile = await me(token);
    expect(profile).toMatchObject({
      email: grace.email,
      email_verified: true,
      has_password: false,
      first_name: "Grace",
      last_name: "Hopper",
    });
    const workspaces = await t.app.inject({ method: "GET", url: "/workspaces/", headers: bearer(token) });
    expect(workspaces.json()).toEqual([expect.objectContaining({ role: 3, require_sso: false })]);
    // The session remembers how it was signed in (require-SSO reads it).
    expect(await currentSession(token)).toMatchObject({ current: true, sign_in_method: "oidc" });
  });

  it("answers the token as JSON when the request accepts application/json", async () => {
    const { response } = await signInWith(person(), { json: true });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      token_type: "bearer",
      expires_in: expect.any(Number),
    });
  });

  it("signs the same subject into the same account the second time, whatever its email says now", async () => {
    const ada = person();
    const first = await me(await ssoSession(ada));

    ada.email = randomEmail("moved");
    const second = await me(await ssoSession(ada));

    expect(second.id).toBe(first.id);
    expect(second.email).toBe(first.email);
    expect(await usersWithEmail(ada.email)).toBe(0);
    expect(await oidcIdentitiesOf(first.id)).toHaveLength(1);
  });

  it("reads the email from the userinfo endpoint when the ID token carries none", async () => {
    const quiet = person({ emailIn: "userinfo" });
    const userinfoCalls = () => sso.requests.filter((r) => r === "GET /me").length;
    const before = userinfoCalls();

    const profile = await me(await ssoSession(quiet));

    expect(profile).toMatchObject({ email: quiet.email, email_verified: true });
    expect(userinfoCalls()).toBe(before + 1);
  });

  it("authenticates in the form where the provider takes only client_secret_post", async () => {
    const postOnly = await startSsoProvider({ clientAuthentication: "client_secret_post" });
    const app = await createTestApp({ env: postOnly.env() });
    try {
      const login = await app.app.inject({ method: "GET", url: "/auth/oidc-login" });
      const cookie = login.cookies.find((c) => c.name === STATE_COOKIE)?.value;
      const someone = postOnly.addAccount({
        sub: `post-${randomUUID()}`,
        email: randomEmail("post"),
        email_verified: true,
      });
      const back = await postOnly.authorize(String(login.headers.location), someone.sub);

      const response = await callback(back.searchParams, cookie, { json: true, app: app.app });

      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await app.close();
      await postOnly.stop();
    }
  });

  it("ties the link to the issuer: the same subject at another issuer is not the same person", async () => {
    const victim = await signUp(t.app);
    const sub = `shared-${randomUUID()}`;
    // A link made through another issuer (the operator moved providers), for the same `sub`.
    await t.db
      .insertInto("identities")
      .values({
        provider: "oidc",
        subject: `another-issuer-fingerprint:${sub}`,
        user_id: victim.id,
        email: victim.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    await t.db
      .insertInto("identities")
      .values({
        provider: "oidc",
        subject: sub,
        user_id: victim.id,
        email: victim.email,
        created_at: new Date().toISOString(),
      })
      .execute();

    const newcomer = await me(await ssoSession(person({ sub })));

    expect(newcomer.id).not.toBe(victim.id);
    const [link] = await oidcIdentitiesOf(newcomer.id);
    expect(link?.subject).toMatch(new RegExp(`^[A-Za-z0-9_-]{22}:${sub}$`));
  });

  describe("an existing password account with the same email", () => {
    it("is linked when the provider verified the email, and keeps its password and names", async () => {
      const account = await signUp(t.app, { first_name: "Ada", last_name: "Lovelace" });
      await markVerified(account.id);

      const profile = await me(await ssoSession(person({ email: account.email, given_name: "Someone" })));

      expect(profile).toMatchObject({
        id: account.id,
        first_name: "Ada",
        last_name: "Lovelace",
        has_password: true,
      });
      expect((await login(t.app, account.email, PASSWORD)).accessToken).toBeTruthy();
      expect(await oidcIdentitiesOf(account.id)).toHaveLength(1);
    });

    it("whose own address was never verified, is taken over cleanly by the verified holder", async () => {
      const squatter = await signUp(t.app);
      const squatterSession = await login(t.app, squatter.email);

      const profile = await me(await ssoSession(person({ email: squatter.email })));

      expect(profile).toMatchObject({ id: squatter.id, email_verified: true, has_password: false });
      await expect(login(t.app, squatter.email, PASSWORD)).rejects.toThrow(/401/);
      const old = await t.app.inject({
        method: "GET",
        url: "/auth/me",
        headers: bearer(squatterSession.accessToken),
      });
      expect(old.statusCode).toBe(401);
    });

    it.each([
      ["email_verified false", false],
      ['email_verified "true" (a string)', "true"],
      ["no email_verified at all", undefined],
    ])("is never linked nor taken over when the provider sends %s", async (_, verified) => {
      const account = await signUp(t.app);
      const intruder = person({ email: account.email, email_verified: verified });

      const { response } = await signInWith(intruder);

      expectErrorRedirect(response, "email_not_verified");
      expect(await oidcIdentitiesOf(account.id)).toHaveLength(0);
      expect((await login(t.app, account.email, PASSWORD)).accessToken).toBeTruthy();
      const json = await signInWith(intruder, { json: true });
      expectJsonError(json.response, 403, "email_not_verified");
    });
  });

  describe("Microsoft Entra ID's xms_edov (the address's domain verified by the tenant)", () => {
    const entra = (extra: Record<string, unknown>) => ({
      claims: (claims: Record<string, unknown>) => {
        const { email_verified: _dropped, ...rest } = claims;
        return { ...rest, ...extra };
      },
    });
    afterEach(() => {
      sso.rewriteIdToken = null;
    });

    it("counts xms_edov true in the ID token when email_verified is absent: the account is created", async () => {
      const worker = person({ email_verified: undefined });
      sso.rewriteIdToken = entra({ xms_edov: true });
      const { response } = await signInWith(worker, { json: true });
      expect(response.statusCode, response.body).toBe(200);
      expect(await usersWithEmail(worker.email ?? "")).toBe(1);
    });

    it.each([
      ["xms_edov false", { xms_edov: false }],
      ['xms_edov "true" (a string)', { xms_edov: "true" }],
      ["xms_edov true beside email_verified false", { xms_edov: true, email_verified: false }],
    ])("does not count %s", async (_, extra) => {
      const worker = person({ email_verified: undefined });
      sso.rewriteIdToken = entra(extra);
      expectErrorRedirect((await signInWith(worker)).response, "email_not_verified");
      expect(await usersWithEmail(worker.email ?? "")).toBe(0);
    });
  });

  it("creates no account for a person whose email the provider did not verify", async () => {
    const stranger = person({ email_verified: false });

    expectErrorRedirect((await signInWith(stranger)).response, "email_not_verified");

    expect(await usersWithEmail(stranger.email ?? "")).toBe(0);
  });

  it("asks an account with two-factor sign-in for its code, and the session it finishes into is a single sign-on one", async () => {
    const account = await newUser(t.app);
    await markVerified(account.id);
    const enrolled = await enableTwoFactor(t.app, account.accessToken, t.clock);
    const holder = person({ email: account.email });

    const { response } = await signInWith(holder);

    expect(response.statusCode).toBe(302);
    const challenge = decodeURIComponent(String(response.headers.location).split("#challenge=")[1] ?? "");
    expect(challenge).toBeTruthy();
    expect(refreshCookieOf(response)).toBeUndefined();
    const finished = await t.app.inject({
      method: "POST",
      url: "/auth/2fa/sign-in",
      headers: { "user-agent": "two-factor-browser" },
      payload: { challenge, otp: enrolled.nextCode() },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await currentSession(finished.json().access_token)).toMatchObject({ sign_in_method: "oidc" });
    expect(await currentSession(account.accessToken)).toMatchObject({ sign_in_method: "password" });
  });
});

describe("state and ID token checks", () => {
  it("refuses a callback whose state is not the flow's, before the code is traded", async () => {
    const mine = await beginLogin();
    const theirs = await beginLogin();
    const back = await sso.authorize(theirs.location.href, person().sub);
    const tokenCalls = sso.requests.filter((r) => r === "POST /token").length;

    expectErrorRedirect(await callback(back.searchParams, mine.cookie), "invalid_state");
    expectErrorRedirect(await callback(back.searchParams, undefined), "invalid_state");
    expectJsonError(await callback(back.searchParams, mine.cookie, { json: true }), 400, "invalid_state");

    expect(sso.requests.filter((r) => r === "POST /token")).toHaveLength(tokenCalls);
  });

  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const cases: [string, SsoProvider["rewriteIdToken"]][] = [
    ["a payload changed after signing", { tamper: true }],
    ["a signature by another key", { claims: (c) => c, key: "stranger" }],
    ["another audience", { claims: (c) => ({ ...c, aud: "some-other-client" }) }],
    [
      "several audiences without this client as azp",
      { claims: (c) => ({ ...c, aud: [String(c.aud), "other"], azp: "other" }) },
    ],
    ["another issuer", { claims: (c) => ({ ...c, iss: "https://evil.example" }) }],
    ["an expired token", { claims: (c) => ({ ...c, iat: now() - 7200, exp: now() - 3600 }) }],
    ["a token issued an hour ago", { claims: (c) => ({ ...c, iat: now() - 3600 }) }],
    ["a token issued in the future", { claims: (c) => ({ ...c, iat: now() + 3600, exp: now() + 7200 }) }],
    ["another flow's nonce", { claims: (c) => ({ ...c, nonce: "someone-elses-nonce" }) }],
    ["no nonce", { claims: ({ nonce: _, ...c }) => c }],
  ];

  it.each(cases)("refuses %s: ?error=id_token_rejected, no account, no session", async (_, rewrite) => {
    const victim = person();
    sso.rewriteIdToken = rewrite;
    try {
      const redirected = await signInWith(victim);
      expectErrorRedirect(redirected.response, "id_token_rejected");
      const json = await signInWith(victim, { json: true });
      expectJsonError(json.response, 400, "id_token_rejected");
    } finally {
      sso.rewriteIdToken = null;
    }
    expect(await usersWithEmail(victim.email ?? "")).toBe(0);
  });

  it("accepts several audiences when azp names this client, and a small clock skew", async () => {
    sso.rewriteIdToken = {
      claims: (c) => ({ ...c, aud: [String(c.aud), "other"], azp: String(c.aud), iat: now() + 30 }),
    };
    try {
      const { response } = await signInWith(person(), { json: true });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      sso.rewriteIdToken = null;
    }
  });

  it("refuses another flow's code under this flow's state: the PKCE verifier does not match it", async () => {
    const victim = await beginLogin();
    const attacker = await beginLogin();
    const back = await sso.authorize(attacker.location.href, person().sub);

    const response = await callback(
      { code: back.searchParams.get("code") ?? "", state: victim.state },
      victim.cookie,
    );

    expectErrorRedirect(response, "provider_error");
  });

  it("refuses a code redeemed twice", async () => {
    const flow = await beginLogin();
    const back = await sso.authorize(flow.location.href, person().sub);
    expect((await callback(back.searchParams, flow.cookie, { json: true })).statusCode).toBe(200);

    expectJsonError(await callback(back.searchParams, flow.cookie, { json: true }), 400, "provider_error");
  });

  it("maps the provider's ?error= to provider_denied", async () => {
    const flow = await beginLogin();

    const response = await callback({ error: "access_denied", state: flow.state }, flow.cookie);

    expectErrorRedirect(response, "provider_denied");
  });
});

describe("the issuer", () => {
  /** A server on 127.0.0.1 that answers every request with `answer`. */
  async function fakeIssuer(answer: (issuer: string) => { status: number; body: string }) {
    let issuer = "";
    const server: Server = createServer((_request, response) => {
      const { status, body } = answer(issuer);
      response.writeHead(status, { "content-type": "application/json" }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { issuer, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  async function expectCleanFailure(issuer: string, code: string, status: number) {
    const app = await createTestApp({ env: sso.env({ COFFER_OIDC_ISSUER: issuer }) });
    try {
      const redirected = await app.app.inject({ method: "GET", url: "/auth/oidc-login" });
      expectErrorRedirect(redirected, code);
      const json = await app.app.inject({ method: "GET", url: "/auth/oidc-login", headers: JSON_ACCEPT });
      expectJsonError(json, status, code);
    } finally {
      await app.close();
    }
  }

  it("refuses a discovery document that names another issuer", async () => {
    // The same provider reached under another name: its document says 127.0.0.1, not localhost.
    await expectCleanFailure(sso.issuer.replace("127.0.0.1", "localhost"), "provider_error", 400);
  });

  it("answers provider_unavailable when the issuer cannot be reached", async () => {
    const closed = await fakeIssuer(() => ({ status: 200, body: "{}" }));
    await closed.stop();
    await expectCleanFailure(closed.issuer, "provider_unavailable", 502);
  });

  it("answers provider_unavailable for a discovery document that is not JSON, or too large", async () => {
    const html = await fakeIssuer(() => ({ status: 200, body: "<html>captive portal</html>" }));
    const huge = await fakeIssuer((issuer) => ({
      status: 200,
      body: JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, padding: "x".repeat(2 * 1024 * 1024) }),
    }));
    try {
      await expectCleanFailure(html.issuer, "provider_unavailable", 502);
      await expectCleanFailure(huge.issuer, "provider_unavailable", 502);
    } finally {
      await html.stop();
      await huge.stop();
    }
  });

  it("does not remember a failure: sign-in works again once the issuer is back", async () => {
    const fresh = await createTestApp({ env: sso.env() });
    sso.down = true;
    try {
      expectErrorRedirect(
        await fresh.app.inject({ method: "GET", url: "/auth/oidc-login" }),
        "provider_unavailable",
      );
    } finally {
      sso.down = false;
    }
    try {
      const { response } = await signInWith(person(), { json: true, app: fresh.app });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it("answers provider_unavailable when the token endpoint is down at the callback", async () => {
    const flow = await beginLogin();
    const back = await sso.authorize(flow.location.href, person().sub);
    sso.down = true;
    try {
      expectErrorRedirect(await callback(back.searchParams, flow.cookie), "provider_unavailable");
    } finally {
      sso.down = false;
    }
  });

  it("answers 404 on both routes when no provider is configured", async () => {
    const bare = await createTestApp();
    try {
      for (const url of ["/auth/oidc-login", "/auth/oidc-callback?code=a&state=b"]) {
        const response = await bare.app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe("not_found");
      }
    } finally {
      await bare.close();
    }
  });

  it("keeps the code, the state, the nonce and the tokens out of the log", async () => {
    const logged = await createTestApp({ captureLogs: true, env: sso.env() });
    try {
      const { flow, back, response } = await signInWith(person(), { json: true, app: logged.app });
      expect(response.statusCode).toBe(200);
      const failed = await beginLogin(logged.app);
      await callback({ code: "bad-code", state: failed.state }, failed.cookie, { app: logged.app });
      const logs = logged.logs();
      expect(logs).toContain("a sign-in through a provider failed");
      for (const secret of [
        back.searchParams.get("code"),
        flow.state,
        flow.location.searchParams.get("nonce"),
        flow.cookie,
        sso.idTokens.at(-1),
        response.json().access_token,
        sso.clientSecret,
      ]) {
        expect(secret).toBeTruthy();
        expect(logs).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe("a workspace that requires single sign-on", () => {
  let owner: { token: string; id: string; workspaceId: string };
  let tree: Tree;
  /** A member with a verified password account, linked to the provider: they can sign in both ways. */
  let member: { id: string; email: string; account: SsoAccount; password: string };

  const patch = (token: string | Record<string, string>, body: object, workspaceId = owner.workspaceId) =>
    t.app.inject({
      method: "PATCH",
      url: `/workspaces/${workspaceId}`,
      headers: typeof token === "string" ? bearer(token) : token,
      payload: body,
    });
  const teams = (headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: `/teams/${owner.workspaceId}/`, headers });

  beforeAll(async () => {
    const ownerAccount = person({ given_name: "Olive" });
    const token = await ssoSession(ownerAccount);
    const profile = await me(token);
    owner = { token, id: profile.id, workspaceId: profile.current_workspace_id };
    tree = await createTree(t.app, token, owner.workspaceId);
    const signedUp = await signUp(t.app);
    await markVerified(signedUp.id);
    await addMember(t.db, owner.workspaceId, signedUp.id, 1, [tree.teamId]);
    member = {
      id: signedUp.id,
      email: signedUp.email,
      account: person({ email: signedUp.email }),
      password: signedUp.password,
    };
  });

  it("is refused to an Owner who is not signed in through single sign-on (409 sso_session_required)", async () => {
    const other = await newUser(t.app);
    const key = await createApiKey(t.app, other.accessToken);

    const withPassword = await patch(other.accessToken, { require_sso: true }, other.workspaceId);
    const withKey = await patch(
      { authorization: `Bearer ${key.token}` },
      { require_sso: true },
      other.workspaceId,
    );

    expectJsonError(withPassword, 409, "sso_session_required");
    expectJsonError(withKey, 409, "sso_session_required");
    const read = await t.app.inject({
      method: "GET",
      url: "/workspaces/current",
      headers: { ...other.headers, "x-workspace-id": other.workspaceId },
    });
    expect(read.json().require_sso).toBe(false);
  });

  it("is refused where no provider is configured (409 sso_not_configured)", async () => {
    const bare = await createTestApp();
    try {
      const user = await newUser(bare.app);
      const response = await bare.app.inject({
        method: "PATCH",
        url: `/workspaces/${user.workspaceId}`,
        headers: user.headers,
        payload: { require_sso: true },
      });
      expectJsonError(response, 409, "sso_not_configured");
    } finally {
      await bare.close();
    }
  });

  it("is the Owner's to set: an Admin gets 403, whatever their session", async () => {
    const adminAccount = person();
    const adminToken = await ssoSession(adminAccount);
    await addMember(t.db, owner.workspaceId, (await me(adminToken)).id, 2);

    expectJsonError(await patch(adminToken, { require_sso: true }), 403, "forbidden");
    expectJsonError(await patch(adminToken, { require_sso: false }), 403, "forbidden");
  });

  it("locks out password sessions at once, lets single sign-on sessions and API keys in, and is audited", async () => {
    const passwordSession = await login(t.app, member.email, member.password, `password-${randomUUID()}`);
    const key = await createApiKey(t.app, passwordSession.accessToken);
    expect((await teams(bearer(passwordSession.accessToken))).statusCode).toBe(200);

    const enabled = await patch(owner.token, { require_sso: true });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().require_sso).toBe(true);

    // The password session: refused everywhere in the workspace, but it may read what is required.
    const refused = await teams(bearer(passwordSession.accessToken));
    expectJsonError(refused, 403, "sso_required");
    expect(refused.json().detail).toMatch(/single sign-on/);
    expectJsonError(
      await t.app.inject({
        method: "GET",
        url: `${secretsPath(tree)}/`,
        headers: bearer(passwordSession.accessToken),
      }),
      403,
      "sso_required",
    );
    const current = await t.app.inject({
      method: "GET",
      url: "/workspaces/current",
      headers: { ...bearer(passwordSession.accessToken), "x-workspace-id": owner.workspaceId },
    });
    expect(current.statusCode).toBe(200);
    expect(current.json().require_sso).toBe(true);

    // The same person through the provider passes; so does their API key.
    const ssoToken = await ssoSession(member.account);
    expect((await me(ssoToken)).id).toBe(member.id);
    expect((await teams(bearer(ssoToken))).statusCode).toBe(200);
    expect((await teams({ "x-api-key": key.token })).statusCode).toBe(200);

    const audit = await t.app.inject({
      method: "GET",
      url: `/workspaces/${owner.workspaceId}/audit?action=workspace.sso_required`,
      headers: bearer(owner.token),
    });
    expect(audit.json()).toEqual([
      expect.objectContaining({
        action: "workspace.sso_required",
        details: { require_sso: true },
        resource_id: owner.workspaceId,
      }),
    ]);
  });

  it("lets a service account's key in", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: `/workspaces/${owner.workspaceId}/service-accounts`,
      headers: bearer(owner.token),
      payload: { name: `deployer-${randomUUID().slice(0, 6)}`, role: 0, team_ids: [tree.teamId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = await t.app.inject({
      method: "POST",
      url: `/workspaces/${owner.workspaceId}/service-accounts/${created.json().id}/keys`,
      headers: bearer(owner.token),
      payload: { name: "ci" },
    });
    expect(key.statusCode, key.body).toBe(201);

    const read = await t.app.inject({
      method: "GET",
      url: `${secretsPath(tree)}/`,
      headers: { "x-api-key": key.json().token },
    });

    expect(read.statusCode, read.body).toBe(200);
  });

  it("lets in the CLI signed in through the browser when the approval was made signed in through single sign-on, not with a password (issue 36, 7)", async () => {
    /** `coffer login`: a device code, approved by `approver`'s session, then the CLI's session. */
    async function cliSessionApprovedBy(approver: string): Promise<string> {
      const started = await t.app.inject({
        method: "POST",
        url: "/auth/device/code",
        payload: { client_id: "coffer-cli", hostname: "laptop" },
      });
      const { device_code, user_code } = started.json();
      const approved = await t.app.inject({
        method: "POST",
        url: "/auth/device/approve",
        headers: bearer(approver),
        payload: { user_code },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const tokens = await t.app.inject({
        method: "POST",
        url: "/auth/device/token",
        headers: { "user-agent": `coffer-cli/test-${randomUUID()}` },
        payload: {
          grant_type: "urn:ietf:params:oauth:grant-type:device_code",
          device_code,
          client_id: "coffer-cli",
        },
      });
      expect(tokens.statusCode, tokens.body).toBe(200);
      return tokens.json().access_token;
    }
    const ssoCli = await cliSessionApprovedBy(await ssoSession(member.account));
    expect((await teams(bearer(ssoCli))).statusCode).toBe(200);
    expect(await currentSession(ssoCli)).toMatchObject({ sign_in_method: "oidc" });
    const password = await login(t.app, member.email, member.password, `password-${randomUUID()}`);
    const passwordCli = await cliSessionApprovedBy(password.accessToken);
    expectJsonError(await teams(bearer(passwordCli)), 403, "sso_required");
  });

  it("cannot be lifted with an API key, not even the Owner's: lifting it grants power (403 session_required)", async () => {
    const key = await createApiKey(t.app, owner.token);

    const refused = await patch({ "x-api-key": key.token }, { require_sso: false });

    expectJsonError(refused, 403, "session_required");
    const current = await t.app.inject({
      method: "GET",
      url: "/workspaces/current",
      headers: { ...bearer(owner.token), "x-workspace-id": owner.workspaceId },
    });
    expect(current.json().require_sso).toBe(true);
  });

  it("is lifted by the Owner from a session, audited (when the provider is gone: the operator's admin command)", async () => {
    const passwordSession = await login(t.app, member.email, member.password, `password-${randomUUID()}`);
    expectJsonError(await teams(bearer(passwordSession.accessToken)), 403, "sso_required");

    const lifted = await patch(owner.token, { require_sso: false });

    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().require_sso).toBe(false);
    expect((await teams(bearer(passwordSession.accessToken))).statusCode).toBe(200);
    const audit = await t.app.inject({
      method: "GET",
      url: `/workspaces/${owner.workspaceId}/audit?action=workspace.sso_not_required`,
      headers: bearer(owner.token),
    });
    expect(audit.json()).toEqual([expect.objectContaining({ details: { require_sso: false } })]);
  });
});
