// Outgoing mail (issue 5 "Mail"; DESIGN.md §6, §7): over SMTP when SMTP_URL is set (proven
// against a real SMTP server on 127.0.0.1), otherwise to the log and an .eml file under
// COFFER_DATA_DIR/outbox/; a failed delivery keeps the code it was meant to deliver, reports 502
// and lets the caller ask again; the code never reaches the log when SMTP is the channel.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testAppForSuite } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import {
  extractCode,
  type FakeSmtp,
  htmlBody,
  mailHeader,
  mailTo,
  partTypes,
  startFakeSmtp,
  textBody,
} from "./helpers/fake-smtp.ts";

const MAIL_FROM = "Coffer Tests <robot@coffer.test>";

/** POST /auth/verify with the mailed code, as the person would type it. */
const verify = (t: TestApp, headers: Record<string, string>, code: string) =>
  t.app.inject({ method: "POST", url: "/auth/verify", headers, payload: { otp: Number(code) } });

describe("with SMTP_URL", () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM }, captureLogs: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("delivers the request-otp mail to the account's address, from MAIL_FROM, as text and HTML", async () => {
    const user = await newUser(t.app);
    const response = await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: user.headers });
    expect(response.statusCode).toBe(200);

    const mail = await mailTo(smtp, user.email);
    expect(mail.to).toEqual([user.email]);
    expect(mail.mailFrom).toBe("robot@coffer.test");
    expect(mailHeader(mail.raw, "from")).toBe(MAIL_FROM);
    expect(mailHeader(mail.raw, "to")).toBe(user.email);
    expect(mailHeader(mail.raw, "subject")).toMatch(/verification code/i);
    expect(partTypes(mail.raw)).toEqual(expect.arrayContaining(["text/plain", "text/html"]));

    const code = extractCode(textBody(mail.raw));
    expect(code).toMatch(/^\d{6}$/);
    const html = htmlBody(mail.raw);
    expect(html).toContain(code);
    expect(html).toMatch(/<html/i);
    // Nothing went to the outbox: SMTP is the channel.
    expect(() => readdirSync(join(t.config.dataDir, "outbox"))).toThrow();
  });

  it("a refused delivery answers 502 mail_failed, keeps the code row with delivery_error, and a retry is allowed", async () => {
    const user = await newUser(t.app);
    smtp.failNext();
    try {
      const failed = await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: user.headers });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ code: "mail_failed", detail: expect.any(String) });
    } finally {
      smtp.recover();
    }

    const rows = await t.db.selectFrom("one_time_codes").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.delivery_error).toEqual(expect.stringContaining("554"));
    expect(rows[0]!.consumed_at).toBeNull();

    // The refused code is not the one the user can ever read: asking again is allowed, not 429.
    const retry = await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: user.headers });
    expect(retry.statusCode).toBe(200);
    const mail = await mailTo(smtp, user.email);
    const code = extractCode(textBody(mail.raw));

    const verified = await verify(t, user.headers, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email_verified: true });
  });

  it("the log of a failed SMTP delivery names the recipient but never carries the code", async () => {
    const user = await newUser(t.app);
    smtp.failNext(1);
    const failed = await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: user.headers });
    expect(failed.statusCode).toBe(502);

    // The fake read the whole message before refusing it: that is the code that was lost.
    const lost = smtp.refused().find((m) => m.to.includes(user.email));
    expect(lost).toBeDefined();
    const code = extractCode(textBody(lost!.raw));
    const lines = t
      .logs()
      .split("\n")
      .filter((line) => line.includes(user.email));
    expect(lines.some((line) => line.includes("mail delivery failed"))).toBe(true);
    expect(t.logs()).not.toContain(code);
    expect(failed.body).not.toContain(code);
  });
});

describe("with an unreachable SMTP server", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there now.
    const gone = await startFakeSmtp();
    await gone.close();
    t = await createTestApp({ env: { SMTP_URL: gone.url } });
  });
  afterAll(() => t.close());

  it("request-otp → 502 mail_failed quickly; the code row keeps the delivery error", async () => {
    const user = await newUser(t.app);
    const response = await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: user.headers });
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe("mail_failed");
    const rows = await t.db.selectFrom("one_time_codes").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.delivery_error).toMatch(/SMTP delivery failed/);
    // And again: still allowed to ask (no 429 for an undelivered code).
    const again = await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: user.headers });
    expect(again.statusCode).toBe(502);
  });

  it("an invite is still created: 201 with mail_sent false", async () => {
    const owner = await newUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: `/invite/${owner.workspaceId}`,
      headers: owner.headers,
      payload: { invitee_email: "someone@example.com", role: 1 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mail_sent: false, status: "pending" });
    expect(response.json().mail_error).toEqual(expect.any(String));
  });
});

describe("without SMTP_URL", () => {
  const t = testAppForSuite({ captureLogs: true });

  it("writes the mail as an .eml file under COFFER_DATA_DIR/outbox/ and logs where, never the code", async () => {
    expect(t.config.smtpUrl).toBeUndefined();
    const user = await newUser(t.app);
    const response = await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sent: true, email: user.email });

    const outbox = join(t.config.dataDir, "outbox");
    const files = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const file = join(outbox, files[0]!);
    const raw = readFileSync(file, "utf8");
    expect(mailHeader(raw, "to")).toBe(user.email);
    expect(mailHeader(raw, "from")).toBe("Coffer <no-reply@localhost>");
    expect(partTypes(raw)).toEqual(expect.arrayContaining(["text/plain", "text/html"]));
    const code = extractCode(textBody(raw));
    // Only the owner reads the outbox (mode 0600 file in a 0700 directory).
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(statSync(outbox).mode & 0o077).toBe(0);

    const lines = t
      .logs()
      .split("\n")
      .filter((line) => line.includes(user.email) && line.includes("mail (no SMTP_URL)"));
    expect(lines).toHaveLength(1);
    // Without SMTP the file is the delivery: the log names it and never carries the code.
    expect(lines[0]).toContain(file);
    expect(t.logs()).not.toContain(code);

    // The code from the file verifies the address.
    const verified = await verify(t, user.headers, code);
    expect(verified.statusCode).toBe(200);
  });

  it("each mail is its own file", async () => {
    const before = readdirSync(join(t.config.dataDir, "outbox")).length;
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    for (const user of [a, b]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/auth/verify-email",
        headers: user.headers,
      });
      expect(response.statusCode).toBe(200);
    }
    const files = readdirSync(join(t.config.dataDir, "outbox"));
    expect(files).toHaveLength(before + 2);
    const recipients = files.map((f) =>
      mailHeader(readFileSync(join(t.config.dataDir, "outbox", f), "utf8"), "to"),
    );
    expect(recipients).toEqual(expect.arrayContaining([a.email, b.email]));
  });
});
