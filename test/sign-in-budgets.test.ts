// Attempt budgets (issue 18 items 5 and 10; DESIGN.md §4): each account has a budget of failed
// sign-ins (COFFER_LOGIN_FAILURES_PER_ACCOUNT per 15 minutes) spent from any address, shared by
// every node through Redis; codes per account and sign-ups per address are budgeted too. A
// budget's window starts at the first attempt and ends on its own.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { newUser, PASSWORD, randomEmail, signUp } from "./helpers/factories.ts";
import { send } from "./helpers/http.ts";
import { mailingTestAppForSuite } from "./helpers/mailing-app.ts";
import { REDIS_URL, REQUIRE_REDIS, redisReachable } from "./helpers/redis.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
/** Every attempt from an address of its own: the per-address limit is not what is tested. */
const anotherAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

const attempt = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/auth/login",
    remoteAddress: anotherAddress(),
    headers: { ...FORM, "user-agent": `agent-${randomUUID()}` },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });

const { t } = mailingTestAppForSuite({
  COFFER_LOGIN_FAILURES_PER_ACCOUNT: "5",
  COFFER_ACCESS_TOKEN_TTL: "86400",
  COFFER_OTP_TTL: "60",
});

describe("failed sign-ins per account", () => {
  it("past the budget, every address gets 429 with Retry-After, the right password too, until the window ends", async () => {
    const user = await signUp(t.app);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(t, user.email, "wrong password")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const locked = await attempt(t, user.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      detail: expect.stringContaining("failed sign-ins"),
      code: "rate_limited",
    });
    const wait = Number(locked.headers["retry-after"]);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(locked.body).not.toContain(PASSWORD);

    // The window does not move with further attempts; it ends on its own.
    t.clock.advance(15 * 60 + 1);
    const after = await attempt(t, user.email, PASSWORD);
    expect(after.statusCode, after.body).toBe(200);
  });

  it("successful sign-ins spend nothing", async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 8; i++) expect((await attempt(t, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("an address without an account is budgeted the same (429 tells nobody whether it exists)", async () => {
    const email = randomEmail("nobody");
    for (let i = 0; i < 5; i++) expect((await attempt(t, email, "guess")).statusCode).toBe(401);
    expect((await attempt(t, email, "guess")).statusCode).toBe(429);
  });

  it("parallel guesses cannot spend more than the budget", async () => {
    const user = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => attempt(t, user.email, "parallel guess")),
    );
    const counts = answers.reduce<Record<number, number>>((acc, r) => {
      acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ 401: 5, 429: 7 });
  });

  it("invite acceptance and account deletion check the password against the same budget", async () => {
    const user = await newUser(t.app);
    for (let i = 0; i < 5; i++) {
      const refused = await send(t.app, "DELETE", "/auth/me", user.headers, { password: "not it" });
      expect(refused.statusCode).toBe(403);
    }
    const locked = await send(t.app, "DELETE", "/auth/me", user.headers, { password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect((await attempt(t, user.email, PASSWORD)).statusCode).toBe(429);
    // A session that exists goes on working.
    expect((await send(t.app, "GET", "/auth/me", user.headers)).statusCode).toBe(200);
  });
});

describe("one-time codes per account", () => {
  it("a sixth code within the hour is refused: five guesses per code cannot become unlimited", async () => {
    const user = await newUser(t.app);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await send(t.app, "POST", "/auth/request-otp", user.headers)).statusCode);
      t.clock.advance(61); // the code expires, so a fresh one may be asked for
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await send(t.app, "POST", "/auth/request-otp", user.headers);
    expect(refused.json()).toEqual({ detail: expect.stringContaining("codes"), code: "rate_limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("sign-ups per address", () => {
  it("the same address answers 409 a few times, then 429", async () => {
    const user = await signUp(t.app);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const again = await t.app.inject({
        method: "POST",
        url: "/auth/get-started",
        remoteAddress: anotherAddress(),
        payload: {
          email: user.email.toUpperCase(),
          first_name: "Eve",
          last_name: "Probe",
          password: PASSWORD,
          created_at: new Date().toISOString(),
        },
      });
      statuses.push(again.statusCode);
    }
    // The sign-up itself was the first of the five.
    expect(statuses).toEqual([409, 409, 409, 409, 429]);
  });
});

const redisUp = await redisReachable();

describe.skipIf(!redisUp && !REQUIRE_REDIS)("two nodes on one Redis", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!redisUp) throw new Error(`COFFER_REQUIRE_REDIS=1 but Redis is not reachable at ${REDIS_URL}`);
    const env = { REDIS_URL, COFFER_LOGIN_FAILURES_PER_ACCOUNT: "4" };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("spend one account's budget: failures on A lock the account on B", async () => {
    const email = randomEmail("shared");
    await signUp(a.app, { email });
    expect((await attempt(a, email, "wrong")).statusCode).toBe(401);
    expect((await attempt(b, email, "wrong")).statusCode).toBe(401);
    expect((await attempt(a, email, "wrong")).statusCode).toBe(401);
    expect((await attempt(b, email, "wrong")).statusCode).toBe(401);
    expect((await attempt(b, email, "wrong")).statusCode).toBe(429);
    expect((await attempt(a, email, PASSWORD)).statusCode).toBe(429);
  });
});
