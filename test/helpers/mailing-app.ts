// A suite's app that sends its mail to a fake SMTP server: both started before the suite's tests,
// the app closed before the server it mails to.
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./app.ts";
import { type FakeSmtp, startFakeSmtp } from "./fake-smtp.ts";
import { lateBound } from "./late-bound.ts";

export function mailingTestAppForSuite(env: Record<string, string> = {}): { t: TestApp; smtp: FakeSmtp } {
  let smtp: FakeSmtp | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ...env } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  return { t: lateBound("the test app", () => t), smtp: lateBound("the fake SMTP server", () => smtp) };
}
