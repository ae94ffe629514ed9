// Refresh-token rotation with a grace window (issue 18 item 8; DESIGN.md §4) and the sessions'
// absolute lifetime (item 11). Two tabs or two CLI runs refreshing with one token at once keep
// their session, on one chain; a token presented after the window still ends it; no refresh
// keeps a session alive past COFFER_SESSION_MAX_AGE.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, newUser } from "./helpers/factories.ts";

const GRACE = 10;
const MAX_AGE = 3 * 86_400;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      COFFER_REFRESH_REUSE_GRACE_SECONDS: String(GRACE),
      COFFER_SESSION_MAX_AGE: String(MAX_AGE),
      COFFER_REFRESH_TOKEN_TTL: String(86_400),
    },
  });
});
afterAll(() => t.close());

const refresh = (token: string) =>
  t.app.inject({ method: "POST", url: "/auth/refresh", cookies: { refresh_token: token } });
const cookieOf = (response: Awaited<ReturnType<typeof refresh>>) =>
  response.cookies.find((c) => c.name === "refresh_token")?.value ?? "";
const me = (accessToken: string) =>
  t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(accessToken) });
const liveSessions = async (accessToken: string) =>
  (await t.app.inject({ method: "GET", url: "/sessions/", headers: bearer(accessToken) })).json() as {
    id: string;
    expires_at: string;
  }[];

describe("two refreshes with one token", () => {
  it("at once: both answer 200 with working access tokens of the same session and the same next token", async () => {
    const user = await newUser(t.app);
    const [first, second] = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);

    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    // One chain: both were handed the same successor.
    expect(cookieOf(first)).toBeTruthy();
    expect(cookieOf(second)).toBe(cookieOf(first));
    for (const answer of [first, second]) expect((await me(answer.json().access_token)).statusCode).toBe(200);
    expect(await liveSessions(first.json().access_token)).toHaveLength(1);

    // The chain goes on from that one token.
    const next = await refresh(cookieOf(first));
    expect(next.statusCode).toBe(200);
  });

  it("one after the other within the window: the late one gets the same session and successor", async () => {
    const user = await newUser(t.app);
    const first = await refresh(user.refreshToken);
    t.clock.advance(GRACE - 2);
    const late = await refresh(user.refreshToken);
    expect(late.statusCode, late.body).toBe(200);
    expect(cookieOf(late)).toBe(cookieOf(first));
    expect((await me(user.accessToken)).statusCode).toBe(200);
  });

  it("after the window: reuse detection revokes the session, successor included", async () => {
    const user = await newUser(t.app);
    const first = await refresh(user.refreshToken);
    t.clock.advance(GRACE + 1);
    const replay = await refresh(user.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("refresh_token_reused");
    expect((await me(first.json().access_token)).json().code).toBe("session_revoked");
    expect((await refresh(cookieOf(first))).json().code).toBe("session_revoked");
  });

  it("within the window, a revoked session stays revoked", async () => {
    const user = await newUser(t.app);
    await refresh(user.refreshToken);
    const out = await t.app.inject({ method: "POST", url: "/auth/logout", headers: user.headers });
    expect(out.statusCode).toBe(200);
    const replay = await refresh(user.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("session_revoked");
  });
});

describe("the absolute lifetime", () => {
  it("refreshes never carry a session past COFFER_SESSION_MAX_AGE from its sign-in", async () => {
    const user = await newUser(t.app);
    const signedInAt = t.clock.now().getTime();
    let token = user.refreshToken;
    let access = user.accessToken;
    // Refreshed every 20 hours (well within the 24-hour refresh lifetime), for three days.
    for (let hours = 20; hours < 72; hours += 20) {
      t.clock.advance(20 * 3600);
      const answer = await refresh(token);
      expect(answer.statusCode, `after ${hours} h: ${answer.body}`).toBe(200);
      token = cookieOf(answer);
      access = answer.json().access_token;
      const [session] = await liveSessions(access);
      expect(Date.parse(session!.expires_at)).toBeLessThanOrEqual(signedInAt + MAX_AGE * 1000);
    }
    t.clock.advance(72 * 3600 - 60 * 3600 + 1);
    const ended = await refresh(token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe("session_expired");
    expect((await me(access)).statusCode).toBe(401);
  });
});
