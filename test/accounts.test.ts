// One capability's contract, read top to bottom: an account's /auth routes, one describe per route.
// Accounts over HTTP: sign-up, password sign-in, refresh-token rotation, logout, the profile and
// account deletion (spec §2 "Account profile", §4 "Accounts", §5, §7; DESIGN.md §3, §4, §9).
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { bearer, createApiKey, login, newUser, PASSWORD, randomEmail, signUp } from "./helpers/factories.ts";
import { countRows } from "./helpers/row-counts.ts";

const t = testAppForSuite();

const PROFILE_FIELDS = [
  "created_at",
  "current_workspace_id",
  "email",
  "email_verified",
  "first_name",
  "has_password",
  "id",
  "last_name",
  "middle_name",
  "name",
  "updated_at",
];

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  email: randomEmail("signup"),
  first_name: "Ada",
  last_name: "Lovelace",
  password: PASSWORD,
  created_at: new Date().toISOString(),
  ...overrides,
});

const getStarted = (payload: object) => t.app.inject({ method: "POST", url: "/auth/get-started", payload });

const loginForm = (fields: Record<string, string>, userAgent = "vitest-accounts") =>
  t.app.inject({
    method: "POST",
    url: "/auth/login",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": userAgent },
    payload: new URLSearchParams(fields).toString(),
  });

const refreshWithCookie = (refreshToken: string) =>
  t.app.inject({ method: "POST", url: "/auth/refresh", cookies: { refresh_token: refreshToken } });

const refreshWithBody = (refreshToken: unknown) =>
  t.app.inject({ method: "POST", url: "/auth/refresh", payload: { refresh_token: refreshToken } });

const me = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/auth/me", headers });

const refreshCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === "refresh_token");

const rowsWithId = (table: "users" | "workspaces", id: string) => countRows(t.db, table, "id", id);

describe("POST /auth/get-started", () => {
  it("answers 201 with the new profile and its first workspace", async () => {
    const body = signUpBody();
    const response = await getStarted(body);

    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(Object.keys(json).sort()).toEqual([...PROFILE_FIELDS, "workspace"].sort());
    expect(json).toMatchObject({
      email: body.email,
      name: "Ada Lovelace",
      first_name: "Ada",
      middle_name: null,
      last_name: "Lovelace",
      email_verified: false,
      current_workspace_id: json.workspace.id,
    });
    expect(json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.created_at).toMatch(ISO_DATETIME);
    expect(json.updated_at).toMatch(ISO_DATETIME);
    expect(json.workspace).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Ada's workspace",
      slug: expect.stringMatching(/^ada-s-workspace(-\d+)?$/),
      plan: "free",
      role: 3,
      seat_limit: 5,
    });
  });

  it("keeps the optional middle name", async () => {
    const response = await getStarted(signUpBody({ middle_name: "King" }));

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: "Ada King Lovelace",
      first_name: "Ada",
      middle_name: "King",
      last_name: "Lovelace",
    });
  });

  it("gives a second workspace of the same name a numbered slug", async () => {
    const first = await getStarted(signUpBody({ first_name: "Zebulon" }));
    const second = await getStarted(signUpBody({ first_name: "Zebulon" }));

    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const firstSlug: string = first.json().workspace.slug;
    expect(firstSlug).toMatch(/^zebulon-s-workspace(-\d+)?$/);
    expect(second.json().workspace.slug).toMatch(/^zebulon-s-workspace-\d+$/);
    expect(second.json().workspace.slug).not.toBe(firstSlug);
  });

  it("lists the new workspace in GET /workspaces/ for that user", async () => {
    const user = await newUser(t.app);

    const response = await t.app.inject({ method: "GET", url: "/workspaces/", headers: user.headers });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ id: user.workspaceId, name: "Ada's workspace", plan: "free", role: 3 }),
    ]);
  });

  it("never returns the password or its hash", async () => {
    const body = signUpBody({ password: "Never-Echo-This-1" });
    const response = await getStarted(body);

    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain("password_hash");
    expect(response.body).not.toContain("Never-Echo-This-1");
    expect(response.json()).not.toHaveProperty("password");
  });

  it("answers 409 email_taken when the address is taken", async () => {
    const body = signUpBody();
    expect((await getStarted(body)).statusCode).toBe(201);

    const response = await getStarted({ ...body, first_name: "Someone", password: "another password" });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "email_taken" });
  });

  it("answers 409 email_taken when the address is taken in another letter case", async () => {
    const body = signUpBody();
    expect((await getStarted(body)).statusCode).toBe(201);

    const response = await getStarted({ ...body, email: body.email.toUpperCase() });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "email_taken" });
  });

  it.each(["email", "first_name", "last_name", "password", "created_at"])(
    "answers 422 in the spec's shape when %s is missing",
    async (field) => {
      const body: Record<string, unknown> = signUpBody();
      delete body[field];

      const response = await getStarted(body);

      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail: [{ loc: ["body", field], msg: "Field required", type: "missing" }],
      });
    },
  );

  it("answers 422 for an address that is not an email", async () => {
    const response = await getStarted(signUpBody({ email: "not-an-email" }));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ["body", "email"], msg: expect.any(String), type: "value_error", input: "not-an-email" },
      ],
    });
  });

  it.each([
    { length: 7, password: "Sh0rt!x", type: "string_too_short", ctx: { min_length: 8 } },
    { length: 129, password: `L0ng${"p".repeat(125)}`, type: "string_too_long", ctx: { max_length: 128 } },
  ])(
    "answers 422 for a $length-character password without echoing it",
    async ({ length, password, type, ctx }) => {
      expect(password).toHaveLength(length);

      const response = await getStarted(signUpBody({ password }));

      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail: [{ loc: ["body", "password"], msg: expect.any(String), type, ctx }],
      });
      // Not even its first seven characters.
      expect(response.body).not.toContain(password.slice(0, 7));
    },
  );

  it("accepts passwords of exactly 8 and 128 characters", async () => {
    const eight = await getStarted(signUpBody({ password: "12345678" }));
    const max = await getStarted(signUpBody({ password: "x".repeat(128) }));

    expect(eight.statusCode).toBe(201);
    expect(max.statusCode).toBe(201);
  });

  it("keeps created_at required, but the server's clock is the account's creation time (no backdating)", async () => {
    const before = Date.now();
    const past = await getStarted(signUpBody({ created_at: "2001-01-01T00:00:00Z" }));
    const future = await getStarted(signUpBody({ created_at: "2999-01-01T00:00:00Z" }));
    for (const response of [past, future]) {
      expect(response.statusCode).toBe(201);
      expect(Date.parse(response.json().created_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(response.json().created_at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it("answers 422 for a created_at that is not a date", async () => {
    const response = await getStarted(signUpBody({ created_at: "yesterday-ish" }));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        {
          loc: ["body", "created_at"],
          msg: expect.any(String),
          type: "datetime_parsing",
          input: "yesterday-ish",
        },
      ],
    });
  });

  it("answers 422 for a number where the email should be", async () => {
    const response = await getStarted(signUpBody({ email: 42 }));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["body", "email"], msg: expect.any(String), type: "string_type", input: 42 }],
    });
  });

  it("answers 422 for a password of the wrong type without echoing it", async () => {
    const response = await getStarted(signUpBody({ password: 987654321 }));

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["body", "password"], msg: expect.any(String), type: "string_type" }],
    });
    expect(response.body).not.toContain("987654321");
  });

  it("answers 422 for a body that is not JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/auth/get-started",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["body"], msg: expect.any(String), type: "json_invalid" }],
    });
  });
});

describe("POST /auth/login", () => {
  it("answers 200 with a bearer access token for a form with username and password", async () => {
    const user = await signUp(t.app);

    const response = await loginForm({ username: user.email, password: user.password });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      token_type: "bearer",
      expires_in: 900,
    });
  });

  it("sets an HttpOnly, Secure, SameSite=Lax refresh_token cookie on path /auth", async () => {
    const user = await signUp(t.app);

    const response = await loginForm({ username: user.email, password: user.password });

    expect(response.statusCode).toBe(200);
    const cookie = refreshCookieOf(response);
    expect(cookie).toBeDefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/auth" });
    const header = String(response.headers["set-cookie"]);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Secure/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\/auth/);
  });

  it("accepts the extra OAuth2 form fields clients send", async () => {
    const user = await signUp(t.app);

    const response = await loginForm({
      grant_type: "password",
      username: user.email,
      password: user.password,
      scope: "",
      client_id: "",
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: "bearer", expires_in: 900 });
  });

  it("accepts a JSON body too", async () => {
    const user = await signUp(t.app);

    const response = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { username: user.email, password: user.password },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      token_type: "bearer",
      expires_in: 900,
    });
    expect(refreshCookieOf(response)).toBeDefined();
  });

  it("accepts the email in another letter case", async () => {
    const user = await signUp(t.app);

    const response = await loginForm({ username: user.email.toUpperCase(), password: user.password });

    expect(response.statusCode).toBe(200);
  });

  it("answers 401 invalid_credentials identically for a wrong password and an unknown email", async () => {
    const user = await signUp(t.app);

    const wrongPassword = await loginForm({ username: user.email, password: "wrong password!" });
    const unknownEmail = await loginForm({ username: randomEmail("nobody"), password: user.password });

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ detail: expect.any(String), code: "invalid_credentials" });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(refreshCookieOf(wrongPassword)).toBeUndefined();
  });

  it("answers 422 when the password is missing", async () => {
    const response = await loginForm({ username: randomEmail() });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["body", "password"], msg: "Field required", type: "missing" }],
    });
  });

  it("answers 422 when the username is missing", async () => {
    const response = await loginForm({ password: PASSWORD });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["body", "username"], msg: "Field required", type: "missing" }],
    });
  });

  it("issues an access token that works on GET /auth/me", async () => {
    const user = await signUp(t.app);
    const token = (await loginForm({ username: user.email, password: user.password })).json().access_token;

    const response = await me(bearer(token));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
  });
});

describe("POST /auth/refresh", () => {
  it("answers a new access token and rotates the cookie", async () => {
    const user = await newUser(t.app);

    const response = await refreshWithCookie(user.refreshToken);

    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json).toEqual({ access_token: expect.any(String), token_type: "bearer", expires_in: 900 });
    const cookie = refreshCookieOf(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(cookie?.value).not.toBe(user.refreshToken);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/auth" });
    expect((await me(bearer(json.access_token))).statusCode).toBe(200);
  });

  it("accepts the refresh token in a JSON body when no cookie is sent", async () => {
    const user = await newUser(t.app);

    const response = await refreshWithBody(user.refreshToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: "bearer", expires_in: 900 });
    expect(refreshCookieOf(response)?.value).not.toBe(user.refreshToken);
  });

  it("accepts the rotated cookie value as the next refresh token", async () => {
    const user = await newUser(t.app);
    const first = await refreshWithCookie(user.refreshToken);
    const next = refreshCookieOf(first)?.value ?? "";

    const response = await refreshWithBody(next);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: "bearer" });
  });

  it("works with the cookie, Content-Type application/json and an empty body", async () => {
    const user = await newUser(t.app);

    const response = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      headers: { "content-type": "application/json" },
      payload: "",
      cookies: { refresh_token: user.refreshToken },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: "bearer", expires_in: 900 });
  });

  it("answers 422 for a refresh_token of the wrong type", async () => {
    const response = await refreshWithBody(12345);

    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual({
      loc: ["body", "refresh_token"],
      msg: expect.any(String),
      type: "string_type",
    });
  });

  it("reads the cookie first when both a cookie and a body are sent", async () => {
    const user = await newUser(t.app);

    const response = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      cookies: { refresh_token: user.refreshToken },
      payload: { refresh_token: "garbage-from-the-body" },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: "bearer", expires_in: 900 });
  });

  it("answers 401 refresh_token_reused for a spent token and revokes its session", async () => {
    const user = await newUser(t.app);
    const rotated = await refreshWithCookie(user.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const newest = refreshCookieOf(rotated)?.value ?? "";
    // Past the grace window in which a second tab may still present it (DESIGN.md §4).
    t.clock.advance(11);

    const replay = await refreshWithCookie(user.refreshToken);

    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: expect.any(String), code: "refresh_token_reused" });

    const meResponse = await me(user.headers);
    expect(meResponse.statusCode).toBe(401);
    expect(meResponse.json()).toEqual({
      detail: expect.stringContaining("revoked"),
      code: "session_revoked",
      reason: "refresh_reused",
      revoked_at: expect.any(String),
    });

    const newestResponse = await refreshWithCookie(newest);
    expect(newestResponse.statusCode).toBe(401);
    expect(newestResponse.json()).toMatchObject({ code: "session_revoked", reason: "refresh_reused" });
  });

  it("answers 401 when no refresh token is sent", async () => {
    const response = await t.app.inject({ method: "POST", url: "/auth/refresh" });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "refresh_token_invalid" });
  });

  it("answers 401 refresh_token_invalid for a garbage token", async () => {
    const cookie = await refreshWithCookie("not-a-real-refresh-token");
    const body = await refreshWithBody("not-a-real-refresh-token");

    expect(cookie.statusCode).toBe(401);
    expect(cookie.json()).toEqual({ detail: expect.any(String), code: "refresh_token_invalid" });
    expect(body.statusCode).toBe(401);
    expect(body.json()).toEqual({ detail: expect.any(String), code: "refresh_token_invalid" });
  });

  it("answers 401 session_expired once the session has outlived the refresh-token lifetime", async () => {
    const user = await newUser(t.app);

    t.clock.advance(t.config.refreshTokenTtl + 1);
    const response = await refreshWithCookie(user.refreshToken);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.stringContaining("expired"), code: "session_expired" });
  });
});

describe("POST /auth/logout", () => {
  it("answers an API key with no session to end: zero revoked, the key still works", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);

    const response = await t.app.inject({
      method: "POST",
      url: "/auth/logout",
      headers: { "x-api-key": key.token },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 0 });
    expect((await me({ "x-api-key": key.token })).statusCode).toBe(200);
    expect((await me(user.headers)).statusCode).toBe(200);
  });

  it("revokes the bearer's session, clears the cookie and reports one revoked session", async () => {
    const user = await newUser(t.app);

    const response = await t.app.inject({ method: "POST", url: "/auth/logout", headers: user.headers });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    const cleared = refreshCookieOf(response);
    expect(cleared).toBeDefined();
    expect(cleared?.value).toBe("");
    expect(cleared?.path).toBe("/auth");
    const expiresInPast = cleared?.expires !== undefined && cleared.expires.getTime() <= Date.now();
    expect(expiresInPast || cleared?.maxAge === 0).toBe(true);

    const after = await me(user.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      detail: expect.stringContaining("revoked"),
      code: "session_revoked",
      reason: "signed_out",
    });
  });

  it("revokes the refresh cookie's session when no bearer is sent", async () => {
    const user = await newUser(t.app);

    const response = await t.app.inject({
      method: "POST",
      url: "/auth/logout",
      cookies: { refresh_token: user.refreshToken },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    const after = await me(user.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: "session_revoked" });
    expect((await refreshWithCookie(user.refreshToken)).statusCode).toBe(401);
  });

  it("answers 401 when neither a credential nor the cookie is sent", async () => {
    const response = await t.app.inject({ method: "POST", url: "/auth/logout" });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_authenticated" });
  });

  it.each([
    { how: "as a bodiless POST without a Content-Type", request: {} },
    {
      how: "with Content-Type application/json and an empty body",
      request: { headers: { "content-type": "application/json" }, payload: "" },
    },
  ])("works $how", async ({ request }) => {
    const user = await newUser(t.app);

    const response = await t.app.inject({
      method: "POST",
      url: "/auth/logout",
      ...request,
      headers: { ...user.headers, ...request.headers },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
  });
});

describe("GET /auth/me", () => {
  it("returns the caller's profile", async () => {
    const user = await newUser(t.app, { middle_name: "Byron" });

    const response = await me(user.headers);

    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(Object.keys(json).sort()).toEqual(PROFILE_FIELDS);
    expect(json).toEqual({
      id: user.id,
      email: user.email,
      name: "Ada Byron Lovelace",
      first_name: "Ada",
      middle_name: "Byron",
      last_name: "Lovelace",
      email_verified: false,
      has_password: true,
      current_workspace_id: user.workspaceId,
      created_at: expect.stringMatching(ISO_DATETIME),
      updated_at: expect.stringMatching(ISO_DATETIME),
    });
  });

  it("works with an API key in X-API-Key", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);

    const response = await me({ "x-api-key": key.token });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it("works with an API key as a bearer token", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    expect(key.token.startsWith("sk-")).toBe(true);

    const response = await me(bearer(key.token));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it("answers 401 without a credential", async () => {
    const response = await me({});

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_authenticated" });
  });

  it("answers 401 invalid_token for an unknown API key", async () => {
    const response = await me({ "x-api-key": "sk-doesnotexist" });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "invalid_token" });
  });
});

describe("PATCH /auth/me", () => {
  const patchMe = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "PATCH", url: "/auth/me", headers, payload });

  it("splits a full name into first, middle and last name", async () => {
    const user = await newUser(t.app);

    const response = await patchMe(user.headers, { name: "Grace Brewster Hopper" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      name: "Grace Brewster Hopper",
      first_name: "Grace",
      middle_name: "Brewster",
      last_name: "Hopper",
    });
    expect((await me(user.headers)).json()).toMatchObject({
      name: "Grace Brewster Hopper",
      first_name: "Grace",
      middle_name: "Brewster",
      last_name: "Hopper",
    });
  });

  it("lets name win over first_name when both are sent", async () => {
    const user = await newUser(t.app);

    const response = await patchMe(user.headers, { name: "Grace Hopper", first_name: "Ignored" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Grace Hopper",
      first_name: "Grace",
      middle_name: null,
      last_name: "Hopper",
    });
  });

  it("changes the first name alone and keeps the rest", async () => {
    const user = await newUser(t.app, { middle_name: "King" });

    const response = await patchMe(user.headers, { first_name: "Augusta" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Augusta King Lovelace",
      first_name: "Augusta",
      middle_name: "King",
      last_name: "Lovelace",
      email: user.email,
    });
  });

  it("answers 422 when the email would change, and changes nothing", async () => {
    const user = await newUser(t.app);

    const response = await patchMe(user.headers, { email: randomEmail("other"), first_name: "Mallory" });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["body", "email"], msg: expect.any(String), type: "value_error" }],
    });
    expect((await me(user.headers)).json()).toMatchObject({ email: user.email, first_name: "Ada" });
  });

  it("answers 200 unchanged when the same email is sent", async () => {
    const user = await newUser(t.app);
    const before = (await me(user.headers)).json();

    const response = await patchMe(user.headers, { email: user.email });

    expect(response.statusCode).toBe(200);
    const { updated_at: _after, ...rest } = response.json();
    const { updated_at: _before, ...expected } = before;
    expect(rest).toEqual(expected);
  });

  it("answers 422 for a name of the wrong type", async () => {
    const user = await newUser(t.app);

    const response = await patchMe(user.headers, { name: 7 });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["body", "name"], msg: expect.any(String), type: "string_type", input: 7 }],
    });
  });

  it("answers 401 without a credential", async () => {
    const response = await patchMe({}, { first_name: "Nobody" });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_authenticated" });
  });
});

describe("DELETE /auth/me", () => {
  const deleteMe = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "DELETE", url: "/auth/me", headers, payload });

  it("answers 403 password_incorrect for a wrong password and deletes nothing", async () => {
    const user = await newUser(t.app);

    const response = await deleteMe(user.headers, { password: "not my password" });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "password_incorrect" });
    expect((await me(user.headers)).statusCode).toBe(200);
    expect(await rowsWithId("users", user.id)).toBe(1);
    expect(await rowsWithId("workspaces", user.workspaceId)).toBe(1);
  });

  it("deletes the account and its solely owned workspace with the right password", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);

    const response = await deleteMe(user.headers, { password: user.password });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, workspaces_deleted: 1, workspaces_left: 0 });
    expect(await rowsWithId("users", user.id)).toBe(0);
    expect(await rowsWithId("workspaces", user.workspaceId)).toBe(0);

    const relogin = await loginForm({ username: user.email, password: user.password });
    expect(relogin.statusCode).toBe(401);
    expect(relogin.json()).toMatchObject({ code: "invalid_credentials" });
    const withKey = await me({ "x-api-key": key.token });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });
    expect((await me(user.headers)).statusCode).toBe(401);
  });

  it("leaves a workspace the user is only a member of, and counts it as left", async () => {
    const owner = await newUser(t.app, { first_name: "Olive" });
    const user = await newUser(t.app);
    const now = new Date().toISOString();
    await t.db
      .insertInto("workspace_members")
      .values({
        workspace_id: owner.workspaceId,
        user_id: user.id,
        role: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const response = await deleteMe(user.headers, { password: user.password });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, workspaces_deleted: 1, workspaces_left: 1 });
    expect(await rowsWithId("users", user.id)).toBe(0);
    expect(await rowsWithId("workspaces", user.workspaceId)).toBe(0);
    expect(await rowsWithId("workspaces", owner.workspaceId)).toBe(1);

    const members = await t.app.inject({
      method: "GET",
      url: `/workspaces/${owner.workspaceId}/members`,
      headers: owner.headers,
    });
    expect(members.statusCode).toBe(200);
    expect(members.json()).toEqual([expect.objectContaining({ user_id: owner.id, role: 3 })]);
  });

  it("answers 422 when the password is missing", async () => {
    const user = await newUser(t.app);

    const response = await deleteMe(user.headers, {});

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["body", "password"], msg: "Field required", type: "missing" }],
    });
    expect(await rowsWithId("users", user.id)).toBe(1);
  });

  it("answers 401 without a credential", async () => {
    const response = await deleteMe({}, { password: PASSWORD });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_authenticated" });
  });
});

describe("logging", () => {
  const logged = testAppForSuite({ captureLogs: true });

  it("never writes passwords, tokens, API keys or token query values to the log", async () => {
    const password = `Distinctive-Pa55-${randomUUID().slice(0, 8)}`;
    const user = await signUp(logged.app, { password });
    const session = await login(logged.app, user.email, password);
    const key = await createApiKey(logged.app, session.accessToken);

    const calls = [
      logged.app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.accessToken) }),
      logged.app.inject({ method: "GET", url: "/auth/me", headers: { "x-api-key": key.token } }),
      logged.app.inject({ method: "GET", url: "/auth/me?token=abc123secret", headers: bearer(key.token) }),
      logged.app.inject({ method: "GET", url: "/sessions/?token=abc123secret" }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBeLessThan(500);
    const refreshed = await logged.app.inject({
      method: "POST",
      url: "/auth/refresh",
      cookies: { refresh_token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const rotated = refreshCookieOf(refreshed)?.value ?? "";

    const logs = logged.logs();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain("/auth/me");
    expect(logs).toContain("token=[REDACTED]");
    for (const secret of [
      password,
      session.accessToken,
      key.token,
      session.refreshToken,
      rotated,
      refreshed.json().access_token,
      "abc123secret",
    ]) {
      expect(secret.length).toBeGreaterThan(0);
      expect(logs).not.toContain(secret);
    }
  });
});
