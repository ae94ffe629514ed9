// Two-factor sign-in with TOTP (issue 18): set-up with codes computed from the shared secret,
// recovery codes shown once, the code at password and provider sign-in, on the sensitive account
// actions. A code works once. A workspace that requires it is in two-factor-workspace.test.ts.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { enrolledUserOf } from "./helpers/enrolled-user.ts";
import { bearer, createApiKey, login, newUser, PASSWORD, signUp } from "./helpers/factories.ts";
import { startFakeIdentityProviders } from "./helpers/fake-identity-providers.ts";
import { googlePerson, signInWithGoogle } from "./helpers/google-sign-in.ts";
import { send } from "./helpers/http.ts";
import { enableTwoFactor, totpCode } from "./helpers/two-factor.ts";

let fakes: Awaited<ReturnType<typeof startFakeIdentityProviders>>;
let t: TestApp;
beforeAll(async () => {
  fakes = await startFakeIdentityProviders();
  // The tests move the clock by 30 s per code; sessions must outlive that.
  t = await createTestApp({ env: { ...fakes.env(), COFFER_ACCESS_TOKEN_TTL: "86400" } });
});
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const signIn = (email: string, fields: Record<string, string> = {}, userAgent = "browser") =>
  t.app.inject({
    method: "POST",
    url: "/auth/login",
    headers: { ...FORM, "user-agent": userAgent },
    payload: new URLSearchParams({ username: email, password: PASSWORD, ...fields }).toString(),
  });
const finish = (challenge: string, otp: string) =>
  send(t.app, "POST", "/auth/2fa/sign-in", {}, { challenge, otp });
const auditActions = async (headers: Record<string, string>, workspaceId: string) =>
  (
    (await send(t.app, "GET", `/workspaces/${workspaceId}/audit`, headers)).json() as { action: string }[]
  ).map((e) => e.action);

/** A user with two-factor sign-in on. */
const enrolledUser = () => enrolledUserOf(t);

describe("set-up", () => {
  it("a secret to scan, then its first code turns it on and answers ten recovery codes once", async () => {
    const user = await newUser(t.app);
    const before = await send(t.app, "GET", "/auth/2fa", user.headers);
    expect(before.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });

    const setup = await send(t.app, "POST", "/auth/2fa/setup", user.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(otpauth_url).toContain(encodeURIComponent(user.email));
    // Nothing is on until the first code.
    expect((await send(t.app, "GET", "/auth/2fa", user.headers)).json().enabled).toBe(false);

    const wrong = await send(t.app, "POST", "/auth/2fa/enable", user.headers, { code: "000000" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0].loc).toEqual(["body", "code"]);
    const enabled = await send(t.app, "POST", "/auth/2fa/enable", user.headers, {
      code: totpCode(secret, t.clock),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().enabled).toBe(true);
    const codes = enabled.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = (await send(t.app, "GET", "/auth/2fa", user.headers)).json();
    expect(after).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(JSON.stringify(after)).not.toContain(secret);
    const audit = await send(t.app, "GET", `/workspaces/${user.workspaceId}/audit`, user.headers);
    expect(audit.json().map((e: { action: string }) => e.action)).toContain("two_factor.enabled");
    expect(audit.body).not.toContain(secret);
    for (const code of codes) expect(audit.body).not.toContain(code);
  });

  it("stores the secret sealed, never in clear", async () => {
    const user = await enrolledUser();
    const row = await t.db
      .selectFrom("two_factor")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(user.secret);
    const codes = await t.db
      .selectFrom("recovery_codes")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(codes).toHaveLength(10);
    for (const code of user.recoveryCodes) expect(JSON.stringify(codes)).not.toContain(code);
  });

  it("a second set-up while it is on needs the code and answers 409", async () => {
    const user = await enrolledUser();
    const withoutCode = await send(t.app, "POST", "/auth/2fa/setup", user.headers);
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().code).toBe("two_factor_code_required");
    const withCode = await send(t.app, "POST", "/auth/2fa/setup", {
      ...user.headers,
      "x-coffer-otp": user.nextCode(),
    });
    expect(withCode.statusCode).toBe(409);
  });

  it("an API key cannot set it up, turn it off or renew the codes", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    for (const url of ["/auth/2fa/setup", "/auth/2fa/disable", "/auth/2fa/recovery-codes"]) {
      const response = await send(t.app, "POST", url, { "x-api-key": key.token });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe("session_required");
    }
  });
});

describe("password sign-in", () => {
  it("without the code: 401 two_factor_required with a challenge, no session", async () => {
    const user = await enrolledUser();
    const response = await signIn(user.email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: expect.stringContaining("two-factor"),
      code: "two_factor_required",
      challenge: expect.any(String),
    });
    expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
  });

  it("with the code in `otp`: signed in; the same code again is refused (a code works once)", async () => {
    const user = await enrolledUser();
    const code = user.nextCode();
    const first = await signIn(user.email, { otp: code }, "device-1");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().access_token).toBeTruthy();
    const replay = await signIn(user.email, { otp: code }, "device-2");
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("two_factor_incorrect");
  });

  it("a wrong code is refused; a wrong password is refused whatever the code", async () => {
    const user = await enrolledUser();
    const wrong = await signIn(user.email, {
      otp: "123456" === totpCode(user.secret, t.clock) ? "654321" : "123456",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("two_factor_incorrect");
    const badPassword = await signIn(user.email, { password: "not the password", otp: user.nextCode() });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().code).toBe("invalid_credentials");
  });

  it("a recovery code signs in once, is audited, and counts down", async () => {
    const user = await enrolledUser();
    const [code] = user.recoveryCodes;
    const first = await signIn(user.email, { otp: code!.toUpperCase() });
    expect(first.statusCode, first.body).toBe(200);
    const again = await signIn(user.email, { otp: code! }, "other");
    expect(again.statusCode).toBe(401);
    const status = await send(t.app, "GET", "/auth/2fa", bearer(first.json().access_token));
    expect(status.json().recovery_codes_left).toBe(9);
    expect(await auditActions(user.headers, user.workspaceId)).toContain("two_factor.recovery_code_used");
  });

  it("the challenge finishes the sign-in once; five wrong codes end it", async () => {
    const user = await enrolledUser();
    const { challenge } = (await signIn(user.email)).json();
    const finished = await finish(challenge, user.nextCode());
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.cookies.find((c) => c.name === "refresh_token")?.value).toBeTruthy();
    const me = await send(t.app, "GET", "/auth/me", bearer(finished.json().access_token));
    expect(me.json().id).toBe(user.id);
    expect((await finish(challenge, user.nextCode())).json().code).toBe("two_factor_challenge_invalid");

    const second = (await signIn(user.email)).json().challenge as string;
    for (let i = 0; i < 5; i++)
      expect((await finish(second, "000000")).json().code).toBe("two_factor_incorrect");
    const dead = await finish(second, user.nextCode());
    expect(dead.statusCode).toBe(401);
    expect(dead.json().code).toBe("two_factor_challenge_invalid");
  });

  it("a challenge expires after five minutes", async () => {
    const user = await enrolledUser();
    const { challenge } = (await signIn(user.email)).json();
    t.clock.advance(301);
    const late = await finish(challenge, totpCode(user.secret, t.clock));
    expect(late.json().code).toBe("two_factor_challenge_invalid");
  });
});

describe("provider sign-in", () => {
  it("an account with two-factor gets a challenge, not a session, and finishes with the code", async () => {
    const person = googlePerson();
    const first = await signInWithGoogle(t.app, fakes.google, person, { json: true });
    const token = first.json().access_token as string;
    const enrolled = await enableTwoFactor(t.app, token, t.clock);

    const json = await signInWithGoogle(t.app, fakes.google, person, { json: true });
    expect(json.statusCode).toBe(401);
    expect(json.json()).toMatchObject({ code: "two_factor_required", challenge: expect.any(String) });
    expect(json.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();

    const browser = await signInWithGoogle(t.app, fakes.google, person);
    expect(browser.statusCode).toBe(302);
    const location = String(browser.headers.location);
    expect(location).toMatch(/^https:\/\/coffer\.test\/two-factor#challenge=/);
    expect(browser.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
    const challenge = decodeURIComponent(location.split("#challenge=")[1]!);

    const finished = await finish(challenge, enrolled.nextCode());
    expect(finished.statusCode, finished.body).toBe(200);
  });
});

describe("sensitive actions need the code", () => {
  it("minting a key: 403 two_factor_code_required without it, 201 with it", async () => {
    const user = await enrolledUser();
    const mint = (otp?: string) =>
      send(t.app, "POST", "/keys/", otp ? { ...user.headers, "x-coffer-otp": otp } : user.headers, {
        name: "ci",
      });
    const without = await mint();
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe("two_factor_code_required");
    const wrong = await mint("000000");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("two_factor_code_incorrect");
    const right = await mint(user.nextCode());
    expect(right.statusCode, right.body).toBe(201);
    expect((await send(t.app, "GET", "/keys/", user.headers)).json()).toHaveLength(1);
  });

  it("deleting the account and changing the password need it; ending sessions does not", async () => {
    const user = await enrolledUser();
    const deleted = await send(t.app, "DELETE", "/auth/me", user.headers, { password: PASSWORD });
    expect(deleted.json().code).toBe("two_factor_code_required");
    const changed = await send(t.app, "POST", "/auth/password", user.headers, {
      current_password: PASSWORD,
      new_password: "another long password",
    });
    expect(changed.json().code).toBe("two_factor_code_required");
    const ended = await send(t.app, "POST", "/sessions/", user.headers);
    expect(ended.statusCode).toBe(200);
  });

  it("wrong codes spend the account's budget: 429 after ten", async () => {
    const user = await enrolledUser();
    const guesses = [];
    for (let i = 0; i < 11; i++) {
      guesses.push(
        (await send(t.app, "POST", "/keys/", { ...user.headers, "x-coffer-otp": "000000" }, { name: "k" }))
          .statusCode,
      );
    }
    expect(guesses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(guesses[10]).toBe(429);
  });
});

describe("turning it off, renewing the codes", () => {
  it("off with the code: sign-in needs only the password again, and it is audited", async () => {
    const user = await enrolledUser();
    const off = await send(t.app, "POST", "/auth/2fa/disable", {
      ...user.headers,
      "x-coffer-otp": user.nextCode(),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect((await signIn(user.email)).statusCode).toBe(200);
    expect(await auditActions(user.headers, user.workspaceId)).toContain("two_factor.disabled");
  });

  it("renewed recovery codes replace the old ones", async () => {
    const user = await enrolledUser();
    const renewed = await send(t.app, "POST", "/auth/2fa/recovery-codes", {
      ...user.headers,
      "x-coffer-otp": user.recoveryCodes[0]!,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect((await signIn(user.email, { otp: user.recoveryCodes[1]! })).statusCode).toBe(401);
    expect((await signIn(user.email, { otp: fresh[0]! })).statusCode).toBe(200);
  });
});

describe("sign-up and the password form stay as they were for accounts without it", () => {
  it("a new account signs in with its password alone", async () => {
    const user = await signUp(t.app);
    expect((await login(t.app, user.email)).accessToken).toBeTruthy();
  });
});

describe("an invite accepted with an existing account's password", () => {
  it("needs the account's two-factor code too (401 two_factor_required), and joins with it", async () => {
    const owner = await newUser(t.app);
    const invitee = await enrolledUser();
    const invite = await send(t.app, "POST", `/invite/${owner.workspaceId}`, owner.headers, {
      invitee_email: invitee.email,
      role: 1,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    // The token is mailed; the test reads the stored invite's token through a fresh one it knows.
    const token = `t-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    await t.db
      .updateTable("invites")
      .set({ token_hash: createHash("sha256").update(token).digest("hex") })
      .where("id", "=", invite.json().id)
      .execute();

    const withoutCode = await send(t.app, "POST", "/invite/accept", {}, { token, password: PASSWORD });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().code).toBe("two_factor_required");
    const wrongCode = await send(
      t.app,
      "POST",
      "/invite/accept",
      {},
      { token, password: PASSWORD, otp: "000000" },
    );
    expect(wrongCode.json().code).toBe("two_factor_incorrect");
    const joined = await send(
      t.app,
      "POST",
      "/invite/accept",
      {},
      {
        token,
        password: PASSWORD,
        otp: invitee.nextCode(),
      },
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().workspace_id).toBe(owner.workspaceId);
  });
});
