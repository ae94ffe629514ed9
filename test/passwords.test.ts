// What accounts are owed (issue 18): changing the password (current + new; the other sessions end)
// and resetting a forgotten one by mail (single use, short-lived, the same answer whether or not
// the address has an account, every session ended, rate-limited). A reset also gives a
// provider-only account a password, and takes an unverified account over cleanly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, createApiKey, login, newUser, PASSWORD, randomEmail, signUp } from "./helpers/factories.ts";
import { startFakeIdentityProviders } from "./helpers/fake-identity-providers.ts";
import { type FakeSmtp, startFakeSmtp, textBody } from "./helpers/fake-smtp.ts";
import { googlePerson, signInWithGoogle } from "./helpers/google-sign-in.ts";
import { send } from "./helpers/http.ts";
import { markEmailVerified } from "./helpers/verified-email.ts";

const NEW_PASSWORD = "a brand new passphrase";
const RESET_TTL = 900;

let smtp: FakeSmtp;
let fakes: Awaited<ReturnType<typeof startFakeIdentityProviders>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  fakes = await startFakeIdentityProviders();
  t = await createTestApp({
    env: {
      ...fakes.env(),
      SMTP_URL: smtp.url,
      COFFER_PASSWORD_RESET_TTL: String(RESET_TTL),
      COFFER_ACCESS_TOKEN_TTL: "86400",
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await fakes?.stop();
});

const change = (headers: Record<string, string>, current: string, next = NEW_PASSWORD) =>
  send(t.app, "POST", "/auth/password", headers, { current_password: current, new_password: next });
const forgot = (email: string) => send(t.app, "POST", "/auth/password/forgot", {}, { email });
const reset = (token: string, next = NEW_PASSWORD) =>
  send(t.app, "POST", "/auth/password/reset", {}, { token, new_password: next });
const canSignIn = async (email: string, password: string) =>
  (
    await t.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": `ua-${Math.random()}` },
      payload: new URLSearchParams({ username: email, password }).toString(),
    })
  ).statusCode === 200;
const actions = async (headers: Record<string, string>, workspaceId: string) =>
  (
    (await send(t.app, "GET", `/workspaces/${workspaceId}/audit`, headers)).json() as { action: string }[]
  ).map((e) => e.action);

/** Asks for a reset and reads the token out of the mailed link. */
async function mailedResetToken(email: string): Promise<string> {
  const before = smtp.messagesTo(email).length;
  const asked = await forgot(email);
  expect(asked.statusCode, asked.body).toBe(200);
  await smtp.waitFor(() => smtp.messagesTo(email).length > before);
  const body = textBody(smtp.messagesTo(email)[before]!.raw);
  const match = /https:\/\/coffer\.test\/reset-password#token=([A-Za-z0-9_-]+)/.exec(body);
  expect(match, body).not.toBeNull();
  return match![1]!;
}

describe("POST /auth/password (change)", () => {
  it("changes it, ends every other session but this one, audits, and mails a notice", async () => {
    const user = await newUser(t.app);
    const laptop = await login(t.app, user.email, PASSWORD, "laptop");
    const changed = await change(user.headers, PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ changed: true, sessions_revoked: 1 });

    expect((await send(t.app, "GET", "/auth/me", user.headers)).statusCode).toBe(200);
    expect((await send(t.app, "GET", "/auth/me", bearer(laptop.accessToken))).json()).toMatchObject({
      code: "session_revoked",
      reason: "password_changed",
    });
    expect(await canSignIn(user.email, PASSWORD)).toBe(false);
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
    expect(await actions(user.headers, user.workspaceId)).toContain("account.password_changed");
    await smtp.waitFor(() => smtp.messagesTo(user.email).length > 0);
    const notice = textBody(smtp.messagesTo(user.email)[0]!.raw);
    expect(notice).toContain("password");
    expect(notice).not.toContain(NEW_PASSWORD);
  });

  it("a wrong current password: 403 password_incorrect, nothing changes", async () => {
    const user = await newUser(t.app);
    const refused = await change(user.headers, "not the password");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("password_incorrect");
    expect(refused.body).not.toContain("not the password");
    expect(await canSignIn(user.email, PASSWORD)).toBe(true);
  });

  it("validates the new password (8 to 128 characters) with a 422", async () => {
    const user = await newUser(t.app);
    const short = await change(user.headers, PASSWORD, "short");
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0].loc).toEqual(["body", "new_password"]);
    expect(short.body).not.toContain(PASSWORD);
  });

  it("an API key cannot change it (403 session_required)", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const refused = await change({ "x-api-key": key.token }, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("session_required");
  });

  it("a provider-only account has none to change: 409 password_not_set, pointing at the reset", async () => {
    const signedIn = await signInWithGoogle(t.app, fakes.google, googlePerson(), { json: true });
    const refused = await change(bearer(signedIn.json().access_token), "anything");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: expect.stringContaining("forgot"), code: "password_not_set" });
  });

  it("answers 401 without a credential", async () => {
    expect((await change({}, PASSWORD)).statusCode).toBe(401);
  });
});

describe("POST /auth/password/forgot and /reset", () => {
  it("a mailed link resets the password once, ends every session, and is audited", async () => {
    const user = await newUser(t.app);
    await markEmailVerified(t.db, user.id);
    const key = await createApiKey(t.app, user.accessToken);
    const token = await mailedResetToken(user.email);

    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ reset: true, email: user.email, sessions_revoked: 1 });
    expect((await send(t.app, "GET", "/auth/me", user.headers)).json()).toMatchObject({
      code: "session_revoked",
      reason: "password_reset",
    });
    // A verified owner's keys are automation; a reset is not a takeover: they stay.
    expect((await send(t.app, "GET", "/auth/me", { "x-api-key": key.token })).statusCode).toBe(200);
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(user.email, PASSWORD)).toBe(false);

    const again = await reset(token, "yet another password");
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("reset_token_invalid");
    const session = await login(t.app, user.email, NEW_PASSWORD, "after");
    const trail = await actions(bearer(session.accessToken), user.workspaceId);
    expect(trail).toEqual(
      expect.arrayContaining(["account.password_reset_requested", "account.password_reset"]),
    );
    const audit = await send(
      t.app,
      "GET",
      `/workspaces/${user.workspaceId}/audit`,
      bearer(session.accessToken),
    );
    expect(audit.body).not.toContain(token);
  });

  it("answers the same whether or not the address has an account, and mails only real ones", async () => {
    const user = await signUp(t.app);
    const nobody = randomEmail("nobody");
    const real = await forgot(user.email);
    const fake = await forgot(nobody);
    expect(fake.statusCode).toBe(real.statusCode);
    expect(fake.json()).toEqual(real.json());
    await smtp.waitFor(() => smtp.messagesTo(user.email).length > 0);
    expect(smtp.messagesTo(nobody)).toHaveLength(0);
  });

  it("a link expires; a newer reset ends the older links", async () => {
    const user = await signUp(t.app);
    const old = await mailedResetToken(user.email);
    const newer = await mailedResetToken(user.email);
    expect((await reset(newer)).statusCode).toBe(200);
    expect((await reset(old)).json().code).toBe("reset_token_invalid");

    const late = await mailedResetToken(user.email);
    t.clock.advance(RESET_TTL + 1);
    expect((await reset(late)).json().code).toBe("reset_token_invalid");
  });

  it("refuses a fourth request for one address within the hour (429)", async () => {
    const email = randomEmail("spam");
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot(email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("gives a provider-only account a password", async () => {
    const person = googlePerson();
    const signedIn = await signInWithGoogle(t.app, fakes.google, person, { json: true });
    const before = await send(t.app, "GET", "/auth/me", bearer(signedIn.json().access_token));
    expect(before.json().has_password).toBe(false);
    expect(await canSignIn(person.email, NEW_PASSWORD)).toBe(false);
    const token = await mailedResetToken(person.email);
    expect((await reset(token)).statusCode).toBe(200);
    expect(await canSignIn(person.email, NEW_PASSWORD)).toBe(true);
    const session = await login(t.app, person.email, NEW_PASSWORD, "after-reset");
    expect((await send(t.app, "GET", "/auth/me", bearer(session.accessToken))).json().has_password).toBe(
      true,
    );
  });

  it("takes an unverified account over cleanly: the pre-hijacker's key and sessions die too", async () => {
    const email = randomEmail("victim");
    await signUp(t.app, { email, password: "attacker password" });
    const attacker = await login(t.app, email, "attacker password", "attacker");
    const key = await createApiKey(t.app, attacker.accessToken);
    const token = await mailedResetToken(email);

    expect((await reset(token)).statusCode).toBe(200);

    expect((await send(t.app, "GET", "/auth/me", { "x-api-key": key.token })).json().code).toBe(
      "api_key_revoked",
    );
    expect((await send(t.app, "GET", "/auth/me", bearer(attacker.accessToken))).statusCode).toBe(401);
    expect(await canSignIn(email, "attacker password")).toBe(false);
    const owner = await login(t.app, email, NEW_PASSWORD, "owner");
    expect((await send(t.app, "GET", "/auth/me", bearer(owner.accessToken))).json().email_verified).toBe(
      true,
    );
  });

  it("validates its input with 422s and treats an unknown token as invalid", async () => {
    expect((await forgot("not an email")).statusCode).toBe(422);
    expect((await reset("x".repeat(40), "short")).statusCode).toBe(422);
    const unknown = await reset("an-unknown-token");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      detail: expect.stringContaining("not valid"),
      code: "reset_token_invalid",
    });
  });
});
