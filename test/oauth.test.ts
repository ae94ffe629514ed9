// Over 400 lines: one capability's contract (provider sign-in, per provider), read top to bottom.
// Sign-in through Google and GitHub (issue 5; shared/reference/platform-apis.md "Sign-in identity
// providers"; DESIGN.md §4, §7): the authorization-code flow with state and PKCE S256, driven end
// to end against fake providers that are real HTTP servers on 127.0.0.1.
import { randomInt, randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, login, PASSWORD, signUp } from "./helpers/factories.ts";
import {
  type FakeGitHub,
  type FakeGoogle,
  type GitHubProfile,
  type GoogleProfile,
  startFakeIdentityProviders,
} from "./helpers/fake-identity-providers.ts";
import { markEmailVerified } from "./helpers/verified-email.ts";

const PUBLIC_URL = "https://coffer.test";
const STATE_COOKIE = "coffer_oauth";

type ProviderName = "google" | "github";
const PROVIDERS = [
  { name: "google", label: "Google", scope: "openid email profile" },
  { name: "github", label: "GitHub", scope: "read:user user:email" },
] as const;

let fakes: Awaited<ReturnType<typeof startFakeIdentityProviders>>;
let t: TestApp;
beforeAll(async () => {
  fakes = await startFakeIdentityProviders();
  t = await createTestApp({ env: fakes.env() });
});
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

const fakeOf = (name: ProviderName): FakeGoogle | FakeGitHub => fakes[name];

/** A person as the test thinks of them; each provider describes them in its own format. */
interface Person {
  subject: string;
  email: string;
  verified: boolean;
  givenName: string;
  familyName: string;
}

const person = (overrides: Partial<Person> = {}): Person => ({
  subject: String(randomInt(1, 2 ** 31)),
  email: `idp-${randomUUID().slice(0, 12)}@example.com`,
  verified: true,
  givenName: "Grace",
  familyName: "Hopper",
  ...overrides,
});

const googleProfile = (p: Person): GoogleProfile => ({
  sub: p.subject,
  email: p.email,
  email_verified: p.verified,
  name: `${p.givenName} ${p.familyName}`,
  given_name: p.givenName,
  family_name: p.familyName,
  picture: "https://lh3.googleusercontent.test/a/photo.png",
});

/** Unverified on GitHub: the primary address is unverified; a verified secondary one does not count. */
const githubProfile = (p: Person): GitHubProfile => ({
  user: {
    id: Number(p.subject),
    login: `${p.givenName.toLowerCase()}${p.subject}`,
    name: `${p.givenName} ${p.familyName}`,
    // The public profile email is not a verification; the app must read /user/emails.
    email: p.email,
    avatar_url: `https://avatars.githubusercontent.test/u/${p.subject}`,
  },
  emails: p.verified
    ? [
        { email: p.email, primary: true, verified: true, visibility: "private" },
        {
          email: `noreply-${p.subject}@users.noreply.github.test`,
          primary: false,
          verified: true,
          visibility: null,
        },
      ]
    : [
        { email: p.email, primary: true, verified: false, visibility: "private" },
        { email: `secondary-${p.subject}@example.com`, primary: false, verified: true, visibility: null },
      ],
});

/** The provider's consent: a code for this person, bound to the flow that sent `state`. */
const approve = (name: ProviderName, state: string, p: Person): string =>
  name === "google"
    ? fakes.google.approve(state, googleProfile(p))
    : fakes.github.approve(state, githubProfile(p));

interface Flow {
  response: LightMyRequestResponse;
  location: URL;
  state: string;
  cookie: string;
}

/** GET /auth/{p}-login, then the browser follows the redirect to the fake's consent screen. */
async function beginLogin(name: ProviderName, app: FastifyInstance = t.app): Promise<Flow> {
  const response = await app.inject({ method: "GET", url: `/auth/${name}-login` });
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  const consent = await fetch(location);
  expect(consent.status).toBe(200);
  const cookie = response.cookies.find((c) => c.name === STATE_COOKIE);
  expect(cookie?.value).toBeTruthy();
  return { response, location, state: location.searchParams.get("state") ?? "", cookie: cookie?.value ?? "" };
}

const JSON_ACCEPT = { accept: "application/json" };

function callback(
  name: ProviderName,
  query: Record<string, string>,
  cookie: string | undefined,
  options: { json?: boolean; app?: FastifyInstance; userAgent?: string } = {},
) {
  return (options.app ?? t.app).inject({
    method: "GET",
    url: `/auth/${name}-callback?${new URLSearchParams(query)}`,
    cookies: cookie === undefined ? {} : { [STATE_COOKIE]: cookie },
    headers: {
      ...(options.json ? JSON_ACCEPT : {}),
      ...(options.userAgent ? { "user-agent": options.userAgent } : {}),
    },
  });
}

/** The whole round trip for one person. */
async function signInWith(
  name: ProviderName,
  p: Person,
  options: { json?: boolean; app?: FastifyInstance } = {},
) {
  const flow = await beginLogin(name, options.app);
  const code = approve(name, flow.state, p);
  const response = await callback(name, { code, state: flow.state }, flow.cookie, options);
  return { flow, code, response };
}

const refreshCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((c) => c.name === "refresh_token");

/** Trades the refresh cookie a callback set for an access token. */
async function accessTokenFrom(response: LightMyRequestResponse): Promise<string> {
  const cookie = refreshCookieOf(response);
  expect(cookie?.value).toBeTruthy();
  const refreshed = await t.app.inject({
    method: "POST",
    url: "/auth/refresh",
    cookies: { refresh_token: cookie?.value ?? "" },
  });
  expect(refreshed.statusCode).toBe(200);
  return refreshed.json().access_token;
}

const me = async (accessToken: string) => {
  const response = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(accessToken) });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const workspacesOf = async (accessToken: string) => {
  const response = await t.app.inject({ method: "GET", url: "/workspaces/", headers: bearer(accessToken) });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; role: number }[];
};

const usersWithEmail = async (email: string) =>
  Number(
    (
      await t.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("email", "=", email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).n,
  );

const identitiesOf = (name: ProviderName, subject: string) =>
  t.db
    .selectFrom("identities")
    .selectAll()
    .where("provider", "=", name)
    .where("subject", "=", subject)
    .execute();

const membershipsOf = async (userId: string) =>
  Number(
    (
      await t.db
        .selectFrom("workspace_members")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A sign-in that failed: back to the front page with ?error=, no session, the flow cookie cleared. */
function expectErrorRedirect(response: LightMyRequestResponse, code: string) {
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe(`${PUBLIC_URL}/?error=${code}`);
  expect(refreshCookieOf(response)).toBeUndefined();
  const cleared = response.cookies.find((c) => c.name === STATE_COOKIE);
  expect(cleared?.value).toBe("");
}

function expectJsonError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ detail: expect.any(String), code });
  expect(refreshCookieOf(response)).toBeUndefined();
}

/** The signed cookie is `<base64url JSON>.<mac>`; this rewrites the JSON and keeps the old mac. */
function tamperedCookie(cookie: string, change: (flow: Record<string, unknown>) => void): string {
  const [payload, mac] = cookie.split(".");
  const flow = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
  change(flow);
  return `${Buffer.from(JSON.stringify(flow)).toString("base64url")}.${mac}`;
}

describe("GET /auth/providers", () => {
  it("tells a client without a credential which providers are configured", async () => {
    const both = await t.app.inject({ method: "GET", url: "/auth/providers" });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({ google: true, github: true, oidc: null });

    const googleOnly = await createTestApp({ env: fakes.google.env() });
    const none = await createTestApp();
    try {
      const one = await googleOnly.app.inject({ method: "GET", url: "/auth/providers" });
      expect(one.json()).toEqual({ google: true, github: false, oidc: null });
      const zero = await none.app.inject({ method: "GET", url: "/auth/providers" });
      expect(zero.statusCode).toBe(200);
      expect(zero.json()).toEqual({ google: false, github: false, oidc: null });
    } finally {
      await googleOnly.close();
      await none.close();
    }
  });
});

describe.each(PROVIDERS)("sign-in through $label", ({ name, label, scope }) => {
  const fake = () => fakeOf(name);
  const other: ProviderName = name === "google" ? "github" : "google";

  describe(`GET /auth/${name}-login`, () => {
    it("redirects to the provider's consent screen with state and a PKCE S256 challenge", async () => {
      const flow = await beginLogin(name);

      expect(`${flow.location.origin}${flow.location.pathname}`).toBe(fake().authorizeUrl);
      const query = flow.location.searchParams;
      if (name === "google") expect(query.get("response_type")).toBe("code");
      expect(query.get("client_id")).toBe(fake().clientId);
      expect(query.get("redirect_uri")).toBe(`${PUBLIC_URL}/auth/${name}-callback`);
      expect(query.get("scope")).toBe(scope);
      expect(query.get("state")).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      // base64url(SHA-256) is 43 characters without padding.
      expect(query.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(query.get("code_challenge_method")).toBe("S256");
      expect(query.has("client_secret")).toBe(false);
      // The fake saw exactly what the browser was sent to.
      expect(fake().authorizeQuery(flow.state).get("code_challenge")).toBe(query.get("code_challenge"));
    });

    it("remembers the flow in a short-lived HttpOnly, Secure, SameSite=Lax cookie on /auth", async () => {
      const flow = await beginLogin(name);

      const cookie = flow.response.cookies.find((c) => c.name === STATE_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/auth" });
      expect(cookie?.maxAge).toBeGreaterThan(0);
      expect(cookie?.maxAge).toBeLessThanOrEqual(600);
      // The cookie is not the state itself, and it does not carry the client secret.
      expect(cookie?.value).not.toBe(flow.state);
      expect(Buffer.from(flow.cookie.split(".")[0] ?? "", "base64url").toString()).not.toContain(
        fake().clientSecret,
      );
    });

    it("starts a fresh state and challenge every time", async () => {
      const first = await beginLogin(name);
      const second = await beginLogin(name);

      expect(second.state).not.toBe(first.state);
      expect(second.location.searchParams.get("code_challenge")).not.toBe(
        first.location.searchParams.get("code_challenge"),
      );
    });
  });

  describe(`GET /auth/${name}-callback`, () => {
    it("creates the account and its first workspace, sets the refresh cookie and redirects home", async () => {
      const grace = person({ givenName: "Grace", familyName: "Hopper" });

      const { response } = await signInWith(name, grace);

      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/`);
      const refresh = refreshCookieOf(response);
      expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/auth" });
      expect(response.cookies.find((c) => c.name === STATE_COOKIE)?.value).toBe("");

      const accessToken = await accessTokenFrom(response);
      const profile = await me(accessToken);
      expect(profile).toMatchObject({
        email: grace.email,
        email_verified: true,
        first_name: "Grace",
        last_name: "Hopper",
        name: "Grace Hopper",
      });
      const workspaces = await workspacesOf(accessToken);
      expect(workspaces).toHaveLength(1);
      expect(workspaces[0]).toMatchObject({ id: profile.current_workspace_id, role: 3 });

      const identities = await identitiesOf(name, grace.subject);
      expect(identities).toEqual([expect.objectContaining({ user_id: profile.id, email: grace.email })]);
    });

    it("answers the token as JSON when the request accepts application/json", async () => {
      const { response } = await signInWith(name, person(), { json: true });

      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        access_token: expect.any(String),
        token_type: "bearer",
        expires_in: expect.any(Number),
      });
      expect(refreshCookieOf(response)?.value).toBeTruthy();
      expect((await me(body.access_token)).email_verified).toBe(true);
    });

    it("signs the same subject into the same account the second time, without a second workspace", async () => {
      const ada = person({ givenName: "Ada", familyName: "Byron" });
      const first = await signInWith(name, ada, { json: true });
      const firstProfile = await me(first.response.json().access_token);

      const second = await signInWith(name, ada, { json: true });

      expect(second.response.statusCode).toBe(200);
      const token = second.response.json().access_token;
      expect((await me(token)).id).toBe(firstProfile.id);
      expect(await workspacesOf(token)).toHaveLength(1);
      expect(await membershipsOf(firstProfile.id)).toBe(1);
      expect(await usersWithEmail(ada.email)).toBe(1);
      expect(await identitiesOf(name, ada.subject)).toHaveLength(1);
    });

    it("keys the account on provider and subject: a changed email still finds it", async () => {
      const ada = person();
      const first = await signInWith(name, ada, { json: true });
      const original = await me(first.response.json().access_token);

      const renamed = { ...ada, email: `renamed-${randomUUID().slice(0, 8)}@example.com` };
      const second = await signInWith(name, renamed, { json: true });

      expect(second.response.statusCode).toBe(200);
      const again = await me(second.response.json().access_token);
      expect(again.id).toBe(original.id);
      expect(again.email).toBe(ada.email);
      expect(await usersWithEmail(renamed.email)).toBe(0);
    });

    it("does not mistake the other provider's subject for this one's", async () => {
      const shared = person();
      const here = await signInWith(name, shared, { json: true });
      const there = await signInWith(
        other,
        { ...shared, email: `other-${randomUUID().slice(0, 8)}@example.com` },
        { json: true },
      );

      expect(here.response.statusCode).toBe(200);
      expect(there.response.statusCode).toBe(200);
      const hereId = (await me(here.response.json().access_token)).id;
      const thereId = (await me(there.response.json().access_token)).id;
      expect(thereId).not.toBe(hereId);
    });

    if (name === "github") {
      it("names the account after the login when the GitHub profile has no name", async () => {
        const p = person();
        const profile = githubProfile(p);
        profile.user = { ...profile.user, name: null, login: "octocat" };
        const flow = await beginLogin(name);
        const code = fakes.github.approve(flow.state, profile);

        const response = await callback(name, { code, state: flow.state }, flow.cookie, { json: true });

        expect(response.statusCode).toBe(200);
        expect(await me(response.json().access_token)).toMatchObject({
          email: p.email,
          first_name: "octocat",
        });
      });
    }

    it("makes an account without a password: password sign-in is refused", async () => {
      const p = person();
      const { response } = await signInWith(name, p, { json: true });
      expect(response.statusCode).toBe(200);

      const attempt = await t.app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ username: p.email, password: "" }).toString(),
      });
      expect(attempt.statusCode).not.toBe(200);
      expect(attempt.statusCode).toBeLessThan(500);
      await expect(login(t.app, p.email, PASSWORD)).rejects.toThrow(/401/);
    });

    it("starts over after the account was deleted: the link goes with it", async () => {
      const p = person();
      const first = await signInWith(name, p, { json: true });
      const token = first.response.json().access_token;
      const original = await me(token);
      const deleted = await t.app.inject({
        method: "DELETE",
        url: "/auth/me",
        headers: bearer(token),
        payload: { password: "unused" },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await identitiesOf(name, p.subject)).toHaveLength(0);

      const again = await signInWith(name, p, { json: true });

      expect(again.response.statusCode).toBe(200);
      const fresh = await me(again.response.json().access_token);
      expect(fresh.id).not.toBe(original.id);
      expect(fresh.email).toBe(p.email);
      expect(await workspacesOf(again.response.json().access_token)).toHaveLength(1);
    });

    it("survives two first sign-ins of the same person at once (one account, no 5xx)", async () => {
      const p = person();
      const flows = await Promise.all([beginLogin(name), beginLogin(name), beginLogin(name)]);
      const responses = await Promise.all(
        flows.map((flow, i) =>
          // Distinct devices, so no sign-in ends another's session.
          callback(name, { code: approve(name, flow.state, p), state: flow.state }, flow.cookie, {
            json: true,
            userAgent: `device-${i}`,
          }),
        ),
      );

      for (const response of responses) expect(response.statusCode).toBe(200);
      const ids = await Promise.all(responses.map(async (r) => (await me(r.json().access_token)).id));
      expect(new Set(ids).size).toBe(1);
      expect(await usersWithEmail(p.email)).toBe(1);
      expect(await identitiesOf(name, p.subject)).toHaveLength(1);
      expect(await membershipsOf(ids[0])).toBe(1);
    });

    describe("an existing password account with the same email", () => {
      it("is linked when the provider vouches for the email", async () => {
        const email = `linked-${randomUUID().slice(0, 12)}@example.com`;
        const account = await signUp(t.app, { email, first_name: "Ada", last_name: "Lovelace" });
        // Verified: its holder proved the address. (An unverified one is taken over, and keeps
        // no password: test/review-attacks.test.ts.)
        await markEmailVerified(t.db, account.id);
        const ada = person({ email, givenName: "Someone", familyName: "Else" });

        const { response } = await signInWith(name, ada);

        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe(`${PUBLIC_URL}/`);
        const profile = await me(await accessTokenFrom(response));
        expect(profile).toMatchObject({ id: account.id, email, email_verified: true });
        // The account keeps its own names and its one workspace; the password still works.
        expect(profile).toMatchObject({ first_name: "Ada", last_name: "Lovelace" });
        expect(await membershipsOf(account.id)).toBe(1);
        expect(await usersWithEmail(email)).toBe(1);
        expect((await login(t.app, email, PASSWORD)).accessToken).toBeTruthy();
        expect(await identitiesOf(name, ada.subject)).toEqual([
          expect.objectContaining({ provider: name, subject: ada.subject, user_id: account.id }),
        ]);

        // From then on the subject alone finds it.
        const again = await signInWith(name, {
          ...ada,
          email: `moved-${randomUUID().slice(0, 8)}@example.com`,
        });
        expect((await me(await accessTokenFrom(again.response))).id).toBe(account.id);
      });

      it("is not linked when the email is unverified (redirect with ?error=email_not_verified)", async () => {
        const email = `unverified-${randomUUID().slice(0, 12)}@example.com`;
        const account = await signUp(t.app, { email });
        const intruder = person({ email, verified: false });

        const { response } = await signInWith(name, intruder);

        expectErrorRedirect(response, "email_not_verified");
        expect(await usersWithEmail(email)).toBe(1);
        expect(await identitiesOf(name, intruder.subject)).toHaveLength(0);
        expect(await membershipsOf(account.id)).toBe(1);
        const unchanged = await t.db
          .selectFrom("users")
          .select("email_verified_at")
          .where("id", "=", account.id)
          .executeTakeFirstOrThrow();
        expect(unchanged.email_verified_at).toBeNull();
      });

      it("is not linked when the email is unverified (JSON: 403 email_not_verified)", async () => {
        const email = `unverified-${randomUUID().slice(0, 12)}@example.com`;
        await signUp(t.app, { email });
        const intruder = person({ email, verified: false });

        const { response } = await signInWith(name, intruder, { json: true });

        expectJsonError(response, 403, "email_not_verified");
        expect(await identitiesOf(name, intruder.subject)).toHaveLength(0);
      });
    });

    it("creates no account for a person whose email is unverified", async () => {
      const stranger = person({ verified: false });

      const redirected = await signInWith(name, stranger);
      expectErrorRedirect(redirected.response, "email_not_verified");
      const json = await signInWith(name, stranger, { json: true });
      expectJsonError(json.response, 403, "email_not_verified");

      expect(await usersWithEmail(stranger.email)).toBe(0);
      if (name === "github")
        expect(await usersWithEmail(`secondary-${stranger.subject}@example.com`)).toBe(0);
      expect(await identitiesOf(name, stranger.subject)).toHaveLength(0);
    });
  });

  describe("state checks", () => {
    interface Attempt {
      query: Record<string, string>;
      cookie: string | undefined;
    }
    const cases: [string, () => Promise<Attempt>][] = [
      [
        "a cookie whose content was changed (the mac no longer matches)",
        async () => {
          const flow = await beginLogin(name);
          const code = approve(name, flow.state, person());
          const cookie = tamperedCookie(flow.cookie, (f) => {
            f.state = "attacker-chosen-state";
          });
          return { query: { code, state: "attacker-chosen-state" }, cookie };
        },
      ],
      [
        "a cookie whose expiry was pushed back",
        async () => {
          const flow = await beginLogin(name);
          const code = approve(name, flow.state, person());
          const cookie = tamperedCookie(flow.cookie, (f) => {
            f.expires = Date.now() + 10 * 365 * 86_400_000;
          });
          return { query: { code, state: flow.state }, cookie };
        },
      ],
      [
        "a cookie with a forged mac",
        async () => {
          const flow = await beginLogin(name);
          const code = approve(name, flow.state, person());
          const [payload] = flow.cookie.split(".");
          return { query: { code, state: flow.state }, cookie: `${payload}.${"A".repeat(43)}` };
        },
      ],
      [
        "a cookie that is not a signed flow at all",
        async () => {
          const flow = await beginLogin(name);
          const code = approve(name, flow.state, person());
          return { query: { code, state: flow.state }, cookie: "%%%not-a-cookie" };
        },
      ],
      [
        "a cookie that is just a dot",
        async () => {
          const flow = await beginLogin(name);
          const code = approve(name, flow.state, person());
          return { query: { code, state: flow.state }, cookie: "." };
        },
      ],
      [
        "no cookie",
        async () => {
          const flow = await beginLogin(name);
          const code = approve(name, flow.state, person());
          return { query: { code, state: flow.state }, cookie: undefined };
        },
      ],
      [
        "a state that differs from the cookie's",
        async () => {
          const mine = await beginLogin(name);
          const theirs = await beginLogin(name);
          const code = approve(name, theirs.state, person());
          return { query: { code, state: theirs.state }, cookie: mine.cookie };
        },
      ],
      [
        "no state parameter",
        async () => {
          const flow = await beginLogin(name);
          const code = approve(name, flow.state, person());
          return { query: { code }, cookie: flow.cookie };
        },
      ],
      [
        "a cookie and state from the other provider's flow",
        async () => {
          const flow = await beginLogin(other);
          const code = approve(other, flow.state, person());
          return { query: { code, state: flow.state }, cookie: flow.cookie };
        },
      ],
      [
        "a flow older than ten minutes",
        async () => {
          const flow = await beginLogin(name);
          const code = approve(name, flow.state, person());
          t.clock.advance(601);
          return { query: { code, state: flow.state }, cookie: flow.cookie };
        },
      ],
    ];

    it.each(cases)("refuses %s: redirect with ?error=invalid_state, no code trade", async (_, attempt) => {
      const { query, cookie } = await attempt();
      const tokenCalls = fake().requests.filter((r) => r.path === fake().tokenPath).length;

      const response = await callback(name, query, cookie);

      expectErrorRedirect(response, "invalid_state");
      expect(fake().requests.filter((r) => r.path === fake().tokenPath)).toHaveLength(tokenCalls);
    });

    it.each(cases)("refuses %s: JSON 400 invalid_state", async (_, attempt) => {
      const { query, cookie } = await attempt();

      const response = await callback(name, query, cookie, { json: true });

      expectJsonError(response, 400, "invalid_state");
    });

    it("accepts a flow completed just inside ten minutes", async () => {
      const flow = await beginLogin(name);
      const code = approve(name, flow.state, person());
      t.clock.advance(590);

      const response = await callback(name, { code, state: flow.state }, flow.cookie, { json: true });

      expect(response.statusCode).toBe(200);
    });
  });

  describe("PKCE", () => {
    it("the fake refuses a code redeemed with the wrong verifier (or none)", async () => {
      const flow = await beginLogin(name);
      const form = (extra: Record<string, string>) => ({
        grant_type: "authorization_code",
        code: approve(name, flow.state, person()),
        client_id: fake().clientId,
        client_secret: fake().clientSecret,
        redirect_uri: `${PUBLIC_URL}/auth/${name}-callback`,
        ...extra,
      });

      const wrong = await fake().tokenRequest(form({ code_verifier: "a".repeat(43) }));
      const missing = await fake().tokenRequest(form({}));

      for (const response of [wrong, missing]) {
        if (name === "google") {
          expect(response.status).toBe(400);
          expect(await response.json()).toMatchObject({ error: "invalid_grant" });
        } else {
          expect(response.status).toBe(200);
          expect(await response.json()).toMatchObject({ error: "bad_verification_code" });
        }
      }
    });

    it("a code issued to another flow fails, because the app sends this flow's verifier", async () => {
      // An attacker's code (bound to the attacker's challenge), injected into the victim's callback.
      const victim = await beginLogin(name);
      const attacker = await beginLogin(name);
      const code = approve(name, attacker.state, person());

      const response = await callback(name, { code, state: victim.state }, victim.cookie);

      expectErrorRedirect(response, "provider_error");
    });
  });

  describe("provider errors", () => {
    it("maps ?error=access_denied to ?error=provider_denied", async () => {
      const flow = await beginLogin(name);
      const query = { error: "access_denied", error_description: "The user denied", state: flow.state };

      expectErrorRedirect(await callback(name, query, flow.cookie), "provider_denied");
      expectJsonError(await callback(name, query, flow.cookie, { json: true }), 400, "provider_denied");
    });

    it("maps a refused code to ?error=provider_error", async () => {
      const flow = await beginLogin(name);
      const query = { code: "no-such-code", state: flow.state };

      expectErrorRedirect(await callback(name, query, flow.cookie), "provider_error");
      expectJsonError(await callback(name, query, flow.cookie, { json: true }), 400, "provider_error");
    });

    it("refuses a code used twice", async () => {
      const flow = await beginLogin(name);
      const code = approve(name, flow.state, person());
      const first = await callback(name, { code, state: flow.state }, flow.cookie, { json: true });
      expect(first.statusCode).toBe(200);

      const second = await callback(name, { code, state: flow.state }, flow.cookie, { json: true });

      expectJsonError(second, 400, "provider_error");
    });

    it("checks the state before reading a provider error: a forged ?error= is invalid_state", async () => {
      const flow = await beginLogin(name);

      expectErrorRedirect(
        await callback(name, { error: "access_denied", state: "forged" }, flow.cookie),
        "invalid_state",
      );
      expectErrorRedirect(await callback(name, { error: "access_denied" }, undefined), "invalid_state");
    });

    it("ends an over-long or repeated code in a redirect, never a 422", async () => {
      const flow = await beginLogin(name);
      const long = await callback(name, { code: "c".repeat(5000), state: flow.state }, flow.cookie);
      expectErrorRedirect(long, "provider_error");

      const repeated = await t.app.inject({
        method: "GET",
        url: `/auth/${name}-callback?code=a&code=b&state=${encodeURIComponent(flow.state)}&state=x`,
        cookies: { [STATE_COOKIE]: flow.cookie },
      });
      expect(repeated.statusCode).toBe(302);
      expect(String(repeated.headers.location)).toContain("?error=");
    });

    it("maps a callback without a code to ?error=provider_error", async () => {
      const flow = await beginLogin(name);

      expectErrorRedirect(await callback(name, { state: flow.state }, flow.cookie), "provider_error");
    });

    it("maps a 401 from the provider's API to ?error=provider_error", async () => {
      fake().refuseTokens = true;
      try {
        const p = person();
        const redirected = await signInWith(name, p);
        expectErrorRedirect(redirected.response, "provider_error");
        const json = await signInWith(name, p, { json: true });
        expectJsonError(json.response, 400, "provider_error");
        expect(await usersWithEmail(p.email)).toBe(0);
      } finally {
        fake().refuseTokens = false;
      }
    });

    const malformed = [
      ["the token endpoint", "token", 200, "application/json", "null"],
      ["the token endpoint", "token", 200, "application/json", "{}"],
      ["the token endpoint", "token", 200, "application/json", '"ya29.just-a-string"'],
      ["the token endpoint", "token", 200, "text/html", "<html>proxy login</html>"],
      ["the profile endpoint", "profile", 200, "application/json", "null"],
      ["the profile endpoint", "profile", 200, "application/json", "[]"],
      ["the profile endpoint", "profile", 200, "application/json", '{"sub":"","id":null}'],
      ["the profile endpoint", "profile", 404, "application/json", '{"message":"Not Found"}'],
    ] as const;

    it.each(malformed)(
      "maps a malformed answer from %s (%s: %i %s %s) to ?error=provider_error",
      async (_, where, status, contentType, body) => {
        const p = person();
        const flow = await beginLogin(name);
        const code = approve(name, flow.state, p);
        fake().override = {
          path: where === "token" ? fake().tokenPath : fake().profilePath,
          status,
          contentType,
          body,
        };
        try {
          const response = await callback(name, { code, state: flow.state }, flow.cookie);
          expectErrorRedirect(response, "provider_error");
        } finally {
          fake().override = null;
        }
        expect(await usersWithEmail(p.email)).toBe(0);
      },
    );

    if (name === "github") {
      it("reads no verified email out of a malformed /user/emails answer", async () => {
        const p = person();
        const flow = await beginLogin(name);
        const code = approve(name, flow.state, p);
        fake().override = {
          path: "/user/emails",
          status: 200,
          contentType: "application/json",
          body: JSON.stringify([null, { email: 42, primary: true, verified: true }]),
        };
        try {
          const response = await callback(name, { code, state: flow.state }, flow.cookie);
          expectErrorRedirect(response, "email_not_verified");
        } finally {
          fake().override = null;
        }
        expect(await usersWithEmail(p.email)).toBe(0);
      });
    }

    const outages = [
      ["the token endpoint answers 500", "500", "token"],
      ["the token endpoint drops the connection", "close", "token"],
      ["the profile endpoint answers 500", "500", "profile"],
      ["the profile endpoint drops the connection", "close", "profile"],
    ] as const;

    it.each(outages)("maps an outage (%s) to ?error=provider_unavailable", async (_, mode, where) => {
      const p = person();
      const flow = await beginLogin(name);
      const jsonFlow = await beginLogin(name);
      const code = approve(name, flow.state, p);
      const jsonCode = approve(name, jsonFlow.state, p);
      fake().outage = { mode, path: where === "token" ? fake().tokenPath : fake().profilePath };
      try {
        const redirected = await callback(name, { code, state: flow.state }, flow.cookie);
        expectErrorRedirect(redirected, "provider_unavailable");
        const json = await callback(name, { code: jsonCode, state: jsonFlow.state }, jsonFlow.cookie, {
          json: true,
        });
        expectJsonError(json, 502, "provider_unavailable");
      } finally {
        fake().outage = null;
      }
      expect(await usersWithEmail(p.email)).toBe(0);
    });
  });

  describe("when not configured", () => {
    let bare: TestApp;
    beforeAll(async () => {
      // Only the other provider is configured.
      bare = await createTestApp({ env: fakeOf(other).env() });
    });
    afterAll(() => bare?.close());

    it(`answers 404 on /auth/${name}-login and /auth/${name}-callback, naming ${label}`, async () => {
      for (const url of [`/auth/${name}-login`, `/auth/${name}-callback?code=abc&state=def`]) {
        const response = await bare.app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(404);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ detail: expect.stringContaining(label), code: "not_found" });
      }
      // The other provider still works on that deployment.
      const otherLogin = await bare.app.inject({ method: "GET", url: `/auth/${other}-login` });
      expect(otherLogin.statusCode).toBe(302);
    });
  });

  describe("nothing leaks", () => {
    it("keeps the provider's token, the code and the state out of the redirect and the body", async () => {
      const redirected = await signInWith(name, person());
      const providerToken = fake().issuedTokens.at(-1) ?? "";
      expect(providerToken).toBeTruthy();
      const json = await signInWith(name, person(), { json: true });
      const jsonProviderToken = fake().issuedTokens.at(-1) ?? "";

      expect(redirected.response.headers.location).toBe(`${PUBLIC_URL}/`);
      for (const [{ response, code, flow }, token] of [
        [redirected, providerToken],
        [json, jsonProviderToken],
      ] as const) {
        const visible = `${response.headers.location ?? ""} ${response.body} ${String(response.headers["set-cookie"])}`;
        expect(visible).not.toContain(token);
        expect(visible).not.toContain(code);
        expect(visible).not.toContain(flow.state);
      }

      const failed = await beginLogin(name);
      const refused = await callback(name, { code: "refused-code-123", state: failed.state }, failed.cookie);
      expect(refused.headers.location).not.toContain("refused-code-123");
      expect(refused.headers.location).not.toContain(failed.state);
    });

    it("keeps codes, states and tokens out of the log", async () => {
      const logged = await createTestApp({ captureLogs: true, env: fakes.env() });
      try {
        const ok = await signInWith(name, person(), { json: true, app: logged.app });
        expect(ok.response.statusCode).toBe(200);
        const providerToken = fake().issuedTokens.at(-1) ?? "";
        const refreshToken = refreshCookieOf(ok.response)?.value ?? "";
        const failedFlow = await beginLogin(name, logged.app);
        const badCode = `bad-code-${randomUUID()}`;
        const failed = await callback(name, { code: badCode, state: failedFlow.state }, failedFlow.cookie, {
          app: logged.app,
        });
        expectErrorRedirect(failed, "provider_error");

        const logs = logged.logs();
        expect(logs).toContain(`/auth/${name}-callback`);
        expect(logs).toContain("code=[REDACTED]");
        for (const secret of [
          ok.code,
          ok.flow.state,
          ok.flow.cookie,
          badCode,
          failedFlow.state,
          providerToken,
          ok.response.json().access_token,
          refreshToken,
          fake().clientSecret,
        ]) {
          expect(secret).toBeTruthy();
          expect(logs).not.toContain(secret);
        }
      } finally {
        await logged.close();
      }
    });
  });
});
