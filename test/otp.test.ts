// One-time codes over HTTP (spec §3 "One-time code", §4 Accounts, §7, §8; DESIGN.md §3, §6, §7;
// issue 5): POST /auth/request-otp and /auth/verify-email mail a six-digit code (read here out of
// a real SMTP server on 127.0.0.1); a fresh code is refused (429 + Retry-After) while one is live;
// POST /auth/verify {otp} verifies the email; five wrong guesses kill a code; codes expire after
// COFFER_OTP_TTL, work once, belong to one account, and are stored only as a keyed digest.
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deriveKey } from "../src/crypto/keyring.ts";
import { newUser } from "./helpers/factories.ts";
import { extractCode, textBody } from "./helpers/fake-smtp.ts";
import { type Headers, ISO } from "./helpers/http.ts";
import { mailingTestAppForSuite } from "./helpers/mailing-app.ts";

const OTP_TTL = 300;

const { t, smtp } = mailingTestAppForSuite({
  COFFER_OTP_TTL: String(OTP_TTL),
  // Long-lived access tokens: the tests move the clock past the code lifetime.
  COFFER_ACCESS_TOKEN_TTL: "86400",
});

type User = Awaited<ReturnType<typeof newUser>>;

const requestOtp = (headers: Headers, path: "request-otp" | "verify-email" = "request-otp") =>
  t.app.inject({ method: "POST", url: `/auth/${path}`, headers });

const verify = (headers: Headers, payload?: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/auth/verify",
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const me = async (headers: Headers) => {
  const response = await t.app.inject({ method: "GET", url: "/auth/me", headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** The codes mailed to this address so far, oldest first. */
const codesMailedTo = (email: string) => smtp.messagesTo(email).map((m) => extractCode(textBody(m.raw)));

/** Asks for a code (200 expected) and reads it out of the captured mail. */
async function mailedCode(user: User, path: "request-otp" | "verify-email" = "request-otp") {
  const before = codesMailedTo(user.email).length;
  const response = await requestOtp(user.headers, path);
  expect(response.statusCode, response.body).toBe(200);
  await smtp.waitFor(() => codesMailedTo(user.email).length > before);
  const code = codesMailedTo(user.email)[before]!;
  return { code, response };
}

const codeRows = (userId: string) =>
  t.db.selectFrom("one_time_codes").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();

/** Another six-digit code than `code`, as the integer the API takes. */
const wrong = (code: string, offset = 1) => (Number(code) + offset) % 1_000_000;

describe("POST /auth/request-otp and /auth/verify-email", () => {
  for (const path of ["request-otp", "verify-email"] as const) {
    it(`${path}: 200 {sent, email, expires_at} and a six-digit code in the mail`, async () => {
      const user = await newUser(t.app);
      const before = t.clock.now().getTime();
      const { code, response } = await mailedCode(user, path);

      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(["email", "expires_at", "sent"]);
      expect(body.sent).toBe(true);
      expect(body.email).toBe(user.email);
      expect(body.expires_at).toMatch(ISO);
      const lifetime = (Date.parse(body.expires_at) - before) / 1000;
      expect(lifetime).toBeGreaterThan(OTP_TTL - 5);
      expect(lifetime).toBeLessThanOrEqual(OTP_TTL + 1);

      expect(code).toMatch(/^\d{6}$/);
      expect(smtp.messagesTo(user.email)).toHaveLength(1);
      expect(response.body).not.toContain(code);
    });
  }

  it("works with no body and no Content-Type, and with an empty JSON body", async () => {
    const a = await newUser(t.app);
    const noBody = await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: a.headers });
    expect(noBody.statusCode).toBe(200);
    const b = await newUser(t.app);
    const emptyJson = await t.app.inject({
      method: "POST",
      url: "/auth/verify-email",
      headers: { ...b.headers, "content-type": "application/json" },
      payload: "",
    });
    expect(emptyJson.statusCode).toBe(200);
  });

  it("a second request while the first code is live → 429 with Retry-After and {detail, code}, on both paths", async () => {
    const user = await newUser(t.app);
    await mailedCode(user);

    for (const path of ["request-otp", "verify-email"] as const) {
      const refused = await requestOtp(user.headers, path);
      expect(refused.statusCode).toBe(429);
      const retryAfter = refused.headers["retry-after"];
      expect(String(retryAfter)).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(OTP_TTL);
      const body = refused.json();
      expect(Object.keys(body).sort()).toEqual(["code", "detail"]);
      expect(body.code).toBe("rate_limited");
      expect(body.detail).toEqual(expect.any(String));
    }
    // No second mail and no second code.
    expect(smtp.messagesTo(user.email)).toHaveLength(1);
    expect(await codeRows(user.id)).toHaveLength(1);
  });

  it("Retry-After counts down with the clock", async () => {
    const user = await newUser(t.app);
    await mailedCode(user);
    t.clock.advance(100);
    const refused = await requestOtp(user.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(OTP_TTL - 100 + 1);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(OTP_TTL - 100 - 10);
  });

  it("once the code expires (COFFER_OTP_TTL + 1 s) a new one is mailed, and only the new one verifies", async () => {
    const user = await newUser(t.app);
    const first = await mailedCode(user);
    t.clock.advance(OTP_TTL + 1);
    const second = await mailedCode(user);
    expect(smtp.messagesTo(user.email)).toHaveLength(2);

    if (first.code !== second.code) {
      const old = await verify(user.headers, { otp: Number(first.code) });
      expect(old.statusCode).toBe(400);
      expect(old.json().code).toBe("otp_incorrect");
    }
    const ok = await verify(user.headers, { otp: Number(second.code) });
    expect(ok.statusCode).toBe(200);
  });

  it("a verified account → 409 on both paths, and no mail", async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);
    expect((await verify(user.headers, { otp: Number(code) })).statusCode).toBe(200);

    for (const path of ["request-otp", "verify-email"] as const) {
      const response = await requestOtp(user.headers, path);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "conflict", detail: expect.any(String) });
    }
    expect(smtp.messagesTo(user.email)).toHaveLength(1);
  });

  it("works with an API key as the credential", async () => {
    const user = await newUser(t.app);
    const key = await t.app.inject({
      method: "POST",
      url: "/keys/",
      headers: user.headers,
      payload: { name: "otp key" },
    });
    expect(key.statusCode).toBe(201);
    const headers = { "x-api-key": key.json().token as string };
    const response = await requestOtp(headers);
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    const code = extractCode(textBody(mail.raw));
    expect((await verify(headers, { otp: Number(code) })).statusCode).toBe(200);
    expect((await me(user.headers)).email_verified).toBe(true);
  });
});

describe("POST /auth/verify", () => {
  it("the mailed code (as an integer) → 200 {email_verified: true}; GET /auth/me shows it", async () => {
    const user = await newUser(t.app);
    expect((await me(user.headers)).email_verified).toBe(false);
    const { code } = await mailedCode(user);

    const response = await verify(user.headers, { otp: Number.parseInt(code, 10) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email_verified: true });
    expect(response.body).not.toContain(code);
    const profile = await me(user.headers);
    expect(profile.email_verified).toBe(true);
    expect(JSON.stringify(profile)).not.toContain(code);

    const [row] = await codeRows(user.id);
    expect(row!.consumed_at).not.toBeNull();
  });

  it("wrong codes → 400 otp_incorrect with attempts_left 4,3,2,1,0; then even the right code → 410", async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);

    for (const [i, left] of [4, 3, 2, 1, 0].entries()) {
      const response = await verify(user.headers, { otp: wrong(code, i + 1) });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ code: "otp_incorrect", attempts_left: left, detail: expect.any(String) });
      expect(response.body).not.toContain(code);
    }
    const [row] = await codeRows(user.id);
    expect(row!.attempts).toBe(5);

    const dead = await verify(user.headers, { otp: Number(code) });
    expect(dead.statusCode).toBe(410);
    expect(dead.json()).toMatchObject({ code: "gone", detail: expect.any(String) });
    expect((await me(user.headers)).email_verified).toBe(false);

    // A dead code no longer blocks a fresh one.
    const fresh = await mailedCode(user);
    expect((await verify(user.headers, { otp: Number(fresh.code) })).statusCode).toBe(200);
  });

  it("a wrong guess does not burn the code: the right one still works afterwards", async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);
    expect((await verify(user.headers, { otp: wrong(code) })).statusCode).toBe(400);
    expect((await verify(user.headers, { otp: wrong(code, 2) })).json().attempts_left).toBe(3);
    expect((await verify(user.headers, { otp: Number(code) })).statusCode).toBe(200);
  });

  it("an expired code → 410, and the address stays unverified", async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);
    t.clock.advance(OTP_TTL + 1);
    const response = await verify(user.headers, { otp: Number(code) });
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe("gone");
    expect((await me(user.headers)).email_verified).toBe(false);
  });

  it("without any code requested → 410", async () => {
    const user = await newUser(t.app);
    const response = await verify(user.headers, { otp: 123456 });
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe("gone");
  });

  it("a code is single use: the same code again after success just says verified", async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);
    expect((await verify(user.headers, { otp: Number(code) })).statusCode).toBe(200);
    const again = await verify(user.headers, { otp: Number(code) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email_verified: true });
    const rows = await codeRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.consumed_at).not.toBeNull();
  });

  it("a code belongs to its account: user B submitting user A's code is refused", async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const codeA = (await mailedCode(a)).code;

    // B has no code of its own: A's code finds nothing to match → 410.
    const none = await verify(b.headers, { otp: Number(codeA) });
    expect(none.statusCode).toBe(410);

    const codeB = (await mailedCode(b)).code;
    // (One chance in a million that both codes are equal; then there is nothing to tell apart.)
    if (codeA !== codeB) {
      const stolen = await verify(b.headers, { otp: Number(codeA) });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json()).toMatchObject({ code: "otp_incorrect", attempts_left: 4 });
    }
    expect((await me(b.headers)).email_verified).toBe(false);
    // A's code still works for A, and B's for B.
    expect((await verify(a.headers, { otp: Number(codeA) })).statusCode).toBe(200);
    expect((await verify(b.headers, { otp: Number(codeB) })).statusCode).toBe(200);
  });

  it("a code with leading zeros verifies when sent as the integer (e.g. 001234 → 1234)", async () => {
    // The code is random, so a leading zero cannot be provoked; the row's digest is rewritten
    // for a known code instead (the digest key derives from the master key, as in the service).
    const user = await newUser(t.app);
    await mailedCode(user);
    const [row] = await codeRows(user.id);
    const forced = "001234";
    const key = deriveKey(t.config.masterKey!, "one-time-code/v1");
    const digest = createHmac("sha256", key).update(`${row!.id}:${forced}`).digest("hex");
    await t.db.updateTable("one_time_codes").set({ code_hash: digest }).where("id", "=", row!.id).execute();

    const response = await verify(user.headers, { otp: 1234 });
    expect(response.statusCode).toBe(200);
    expect((await me(user.headers)).email_verified).toBe(true);
  });

  it('the mailed code parsed as an integer verifies whatever its digits ("012345" is sent as 12345)', async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);
    const otp = Number.parseInt(code, 10);
    expect(String(otp).padStart(6, "0")).toBe(code);
    expect((await verify(user.headers, { otp })).statusCode).toBe(200);
  });

  it('422 for otp "123456" (string), 1234567, -1, 12.5, null and a missing otp', async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);
    for (const payload of [
      { otp: "123456" },
      { otp: code },
      { otp: 1234567 },
      { otp: -1 },
      { otp: 12.5 },
      { otp: null },
      {},
    ]) {
      const response = await verify(user.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const detail = response.json().detail;
      expect(Array.isArray(detail)).toBe(true);
      expect(detail[0].loc).toEqual(["body", "otp"]);
      // The submitted value never comes back.
      expect(response.body).not.toContain(code);
    }
    const noBody = await verify(user.headers);
    expect(noBody.statusCode).toBe(422);
    // None of these counted as a guess.
    const [row] = await codeRows(user.id);
    expect(row!.attempts).toBe(0);
    expect((await verify(user.headers, { otp: Number(code) })).statusCode).toBe(200);
  });
});

describe("credentials and storage", () => {
  it("401 without a credential on request-otp, verify-email and verify", async () => {
    for (const [url, payload] of [
      ["/auth/request-otp", undefined],
      ["/auth/verify-email", undefined],
      ["/auth/verify", { otp: 123456 }],
    ] as const) {
      const response = await t.app.inject({ method: "POST", url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
    const bad = await t.app.inject({
      method: "POST",
      url: "/auth/request-otp",
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(bad.statusCode).toBe(401);
  });

  it("the code is stored only as a keyed digest: not the code, not sha256(code), nowhere in the row", async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);
    const rows = await codeRows(user.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toBe(code);
    expect(row.code_hash).not.toBe(createHash("sha256").update(code).digest("hex"));
    expect(row.code_hash).not.toBe(
      createHash("sha256")
        .update(String(Number(code)))
        .digest("hex"),
    );
    for (const [column, value] of Object.entries(row)) {
      expect(String(value), column).not.toContain(code);
    }
    expect(row.attempts).toBe(0);
    expect(row.consumed_at).toBeNull();
    expect(row.delivery_error).toBeNull();
  });

  it("two accounts asking at once get independent codes", async () => {
    const users = await Promise.all([newUser(t.app), newUser(t.app), newUser(t.app)]);
    const responses = await Promise.all(users.map((u) => requestOtp(u.headers)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const user of users) {
      const mail = await smtp.waitFor((m) => m.to.includes(user.email));
      const code = extractCode(textBody(mail.raw));
      expect((await verify(user.headers, { otp: Number(code) })).statusCode).toBe(200);
    }
  });
});

describe("guessing in parallel", () => {
  it("ten simultaneous wrong guesses: exactly five are judged, the rest → 410; the code is then dead", async () => {
    const user = await newUser(t.app);
    const { code } = await mailedCode(user);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verify(user.headers, { otp: wrong(code, i + 1) })),
    );
    const judged = responses.filter((r) => r.statusCode === 400);
    expect(responses.filter((r) => r.statusCode === 410)).toHaveLength(5);
    // Each judged guess spent its own attempt.
    expect(judged.map((r) => r.json().attempts_left).sort()).toEqual([0, 1, 2, 3, 4]);
    const [row] = await codeRows(user.id);
    expect(row!.attempts).toBe(5);
    expect((await verify(user.headers, { otp: Number(code) })).statusCode).toBe(410);
  });
});
