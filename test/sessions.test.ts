// Sessions over HTTP: listing live sessions, one session per device, revoking one or all, and how
// revoked, expired and forged session tokens answer (spec §2 "Session", §3, §4 "Sessions", §7;
// DESIGN.md §3, §4, §9).
import { randomBytes, randomUUID } from "node:crypto";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { bearer, login, newUser, signUp } from "./helpers/factories.ts";

const t = testAppForSuite();

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const listSessions = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/sessions/", headers });

const revokeOne = (headers: Record<string, string>, sessionId: string) =>
  t.app.inject({ method: "POST", url: `/sessions/${sessionId}/`, headers });

const revokeAll = (headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/sessions/", headers });

const me = (accessToken: string) =>
  t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(accessToken) });

const refresh = (refreshToken: string) =>
  t.app.inject({ method: "POST", url: "/auth/refresh", cookies: { refresh_token: refreshToken } });

/** The session id an access token is bound to, as GET /sessions/ reports it for the caller. */
async function currentSessionId(accessToken: string): Promise<string> {
  const sessions = (await listSessions(bearer(accessToken))).json() as Array<{
    id: string;
    current: boolean;
  }>;
  const current = sessions.find((s) => s.current);
  if (!current) throw new Error("no current session in the listing");
  return current.id;
}

describe("GET /sessions/", () => {
  it("lists live sessions with exactly id, ip_address, user_agent, created_at, expires_at and current", async () => {
    const user = await signUp(t.app);
    const userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0  coffer/1.2;x";
    const session = await login(t.app, user.email, user.password, userAgent);

    const response = await listSessions(bearer(session.accessToken));

    expect(response.statusCode).toBe(200);
    const sessions = response.json();
    expect(sessions).toHaveLength(1);
    expect(Object.keys(sessions[0]).sort()).toEqual([
      "created_at",
      "current",
      "expires_at",
      "id",
      "ip_address",
      "sign_in_method",
      "user_agent",
    ]);
    expect(sessions[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ip_address: expect.any(String),
      user_agent: userAgent,
      created_at: expect.stringMatching(ISO_DATETIME),
      expires_at: expect.stringMatching(ISO_DATETIME),
      current: true,
      sign_in_method: "password",
    });
    expect(Date.parse(sessions[0].expires_at)).toBeGreaterThan(Date.parse(sessions[0].created_at));
    expect(sessions[0].id).toBe(decodeJwt(session.accessToken).sid);
  });

  it("never shows tokens or hashes", async () => {
    const user = await newUser(t.app);

    const response = await listSessions(user.headers);

    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/token|hash/i);
    expect(response.body).not.toContain(user.refreshToken);
    expect(response.body).not.toContain(user.accessToken);
  });

  it("marks only the caller's own session as current", async () => {
    const user = await signUp(t.app);
    const laptop = await login(t.app, user.email, user.password, "laptop-agent");
    const phone = await login(t.app, user.email, user.password, "phone-agent");

    const response = await listSessions(bearer(phone.accessToken));

    expect(response.statusCode).toBe(200);
    const sessions = response.json() as Array<{ user_agent: string; current: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.user_agent === "phone-agent")?.current).toBe(true);
    expect(sessions.find((s) => s.user_agent === "laptop-agent")?.current).toBe(false);
    expect((await me(laptop.accessToken)).statusCode).toBe(200);
  });

  it("does not list another user's sessions", async () => {
    const alice = await newUser(t.app);
    await newUser(t.app);

    const sessions = (await listSessions(alice.headers)).json() as Array<{ id: string }>;

    expect(sessions.map((s) => s.id)).toEqual([await currentSessionId(alice.accessToken)]);
  });
});

describe("one live session per device", () => {
  it("revokes the previous session when the same user agent signs in again", async () => {
    const user = await signUp(t.app);
    const first = await login(t.app, user.email, user.password, "same-device");
    const second = await login(t.app, user.email, user.password, "same-device");

    const sessions = (await listSessions(bearer(second.accessToken))).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ user_agent: "same-device", current: true });

    const old = await me(first.accessToken);
    expect(old.statusCode).toBe(401);
    // The device that lost its session is told why, and when: not a revocation by its owner.
    expect(old.json()).toEqual({
      detail: expect.stringContaining("signed in again from this browser or device elsewhere"),
      code: "session_revoked",
      reason: "replaced",
      revoked_at: expect.any(String),
    });
    expect(old.json().detail).toContain(old.json().revoked_at);
    expect((await me(second.accessToken)).statusCode).toBe(200);
  });

  it("keeps two sessions for two different user agents", async () => {
    const user = await signUp(t.app);
    const desktop = await login(t.app, user.email, user.password, "desktop-agent");
    const cli = await login(t.app, user.email, user.password, "cli-agent");

    const sessions = (await listSessions(bearer(cli.accessToken))).json() as Array<{ user_agent: string }>;

    expect(sessions.map((s) => s.user_agent).sort()).toEqual(["cli-agent", "desktop-agent"]);
    expect((await me(desktop.accessToken)).statusCode).toBe(200);
    expect((await me(cli.accessToken)).statusCode).toBe(200);
  });
});

describe("POST /sessions/{session_id}/", () => {
  it("revokes that session: its access token answers 401 session_revoked at once", async () => {
    const user = await signUp(t.app);
    const keep = await login(t.app, user.email, user.password, "keep-agent");
    const drop = await login(t.app, user.email, user.password, "drop-agent");
    const dropId = await currentSessionId(drop.accessToken);

    const response = await revokeOne(bearer(keep.accessToken), dropId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    const dropped = await me(drop.accessToken);
    expect(dropped.statusCode).toBe(401);
    expect(dropped.json()).toMatchObject({
      detail: expect.stringContaining("revoked"),
      code: "session_revoked",
      reason: "revoked",
    });
    expect((await refresh(drop.refreshToken)).statusCode).toBe(401);
    expect((await me(keep.accessToken)).statusCode).toBe(200);
    const listed = (await listSessions(bearer(keep.accessToken))).json() as Array<{ id: string }>;
    expect(listed.map((s) => s.id)).not.toContain(dropId);
  });

  it("can revoke the caller's own session", async () => {
    const user = await newUser(t.app);
    const ownId = await currentSessionId(user.accessToken);

    const response = await revokeOne(user.headers, ownId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    expect((await me(user.accessToken)).json()).toMatchObject({ code: "session_revoked" });
  });

  it("answers 404 for another user's session and leaves it working", async () => {
    const mallory = await newUser(t.app);
    const victim = await newUser(t.app);
    const victimSessionId = await currentSessionId(victim.accessToken);

    const response = await revokeOne(mallory.headers, victimSessionId);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_found" });
    expect((await me(victim.accessToken)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown session id", async () => {
    const user = await newUser(t.app);

    const response = await revokeOne(user.headers, randomUUID());

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_found" });
  });

  it("answers 404 for a session that is already revoked", async () => {
    const user = await signUp(t.app);
    const keep = await login(t.app, user.email, user.password, "keep-agent");
    const drop = await login(t.app, user.email, user.password, "drop-agent");
    const dropId = await currentSessionId(drop.accessToken);
    expect((await revokeOne(bearer(keep.accessToken), dropId)).statusCode).toBe(200);

    const again = await revokeOne(bearer(keep.accessToken), dropId);

    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: expect.any(String), code: "not_found" });
  });

  it("answers 422 with loc path.session_id for a malformed id", async () => {
    const user = await newUser(t.app);

    const response = await revokeOne(user.headers, "not-a-uuid");

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ["path", "session_id"], msg: expect.any(String), type: "uuid_parsing", input: "not-a-uuid" },
      ],
    });
  });
});

describe("POST /sessions/", () => {
  it("revokes every session of the account and reports how many", async () => {
    const user = await signUp(t.app);
    const devices = ["agent-one", "agent-two", "agent-three"];
    const sessions = [];
    for (const agent of devices) sessions.push(await login(t.app, user.email, user.password, agent));
    const caller = sessions[0]!;

    const response = await revokeAll(bearer(caller.accessToken));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 3 });
    for (const session of sessions) {
      const access = await me(session.accessToken);
      expect(access.statusCode).toBe(401);
      expect(access.json()).toMatchObject({
        detail: expect.stringContaining("revoked"),
        code: "session_revoked",
        reason: "revoked_all",
      });
      const refreshed = await refresh(session.refreshToken);
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json()).toMatchObject({ code: "session_revoked" });
    }
  });

  it("leaves other accounts' sessions alone", async () => {
    const alice = await newUser(t.app);
    const bob = await newUser(t.app);

    const response = await revokeAll(alice.headers);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 1 });
    expect((await me(bob.accessToken)).statusCode).toBe(200);
  });
});

describe("expiry", () => {
  it("answers 401 session_expired, not session_revoked, once the session outlives its lifetime", async () => {
    const user = await newUser(t.app);

    t.clock.advance(t.config.refreshTokenTtl + 1);
    const response = await me(user.accessToken);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.stringContaining("expired"), code: "session_expired" });
    expect(response.json().detail).not.toContain("revoked");
  });

  it("drops expired sessions from the listing", async () => {
    const user = await signUp(t.app);
    const old = await login(t.app, user.email, user.password, "old-device");
    const oldId = await currentSessionId(old.accessToken);

    t.clock.advance(t.config.refreshTokenTtl + 1);
    const fresh = await login(t.app, user.email, user.password, "new-device");
    const response = await listSessions(bearer(fresh.accessToken));

    expect(response.statusCode).toBe(200);
    const ids = (response.json() as Array<{ id: string }>).map((s) => s.id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(oldId);
  });

  it("answers 401 access_token_expired after the token's 900 s, and a refresh then works", async () => {
    const user = await newUser(t.app);

    t.clock.advance(t.config.accessTokenTtl + 1);
    const stale = await me(user.accessToken);

    expect(t.config.accessTokenTtl).toBe(900);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ detail: expect.any(String), code: "access_token_expired" });

    const refreshed = await refresh(user.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const fresh = await me(refreshed.json().access_token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ id: user.id });
  });
});

describe("forged tokens", () => {
  it("answers 401 invalid_token for a JWT whose signature was changed", async () => {
    const user = await newUser(t.app);
    const [header, payload, signature = ""] = user.accessToken.split(".");
    const middle = Math.floor(signature.length / 2);
    const flipped = signature[middle] === "A" ? "B" : "A";
    const tampered = `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;

    const response = await me(tampered);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "invalid_token" });
    expect((await me(user.accessToken)).statusCode).toBe(200);
  });

  it("answers 401 invalid_token for a JWT signed with another key", async () => {
    const user = await newUser(t.app);
    const claims = decodeJwt(user.accessToken);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ sid: claims.sid, ws: claims.ws })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("coffer")
      .setSubject(String(claims.sub))
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(randomBytes(32));

    const response = await me(forged);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "invalid_token" });
  });

  it("answers 401 invalid_token for a bearer that is not a JWT", async () => {
    const response = await me("definitely-not-a-jwt");

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "invalid_token" });
  });
});

describe("without a credential", () => {
  it.each([
    ["GET", "/sessions/"],
    ["POST", `/sessions/${randomUUID()}/`],
    ["POST", "/sessions/"],
  ] as const)("%s %s answers 401", async (method, url) => {
    const response = await t.app.inject({ method, url });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_authenticated" });
    expect(response.headers["www-authenticate"]).toBe("Bearer");
  });
});
