// Over 400 lines: one area of the dashboard, its screens tested in one file; its set-up (server, browser, accounts) is made once for them all.
// The dashboard's account-security screens end to end in Chromium (issue 18): an Owner turns on
// two-factor sign-in in Account → Security (QR code, the key as text, the first code, recovery codes
// shown once with copy, download and a "saved" gate), signs out and back in with the app's code and
// with a recovery code, finishes a Google sign-in on /two-factor, and is asked for the code by the
// one prompt of sensitive actions (an API key, the password change, turning two-factor off,
// renewing the codes). The Owner then requires two-factor of every member: a member without it sees
// the enrollment screen, turns it on from there, and gets in. Someone who forgot their password
// gets the mail (fake SMTP), resets it on the page the link opens and signs in with the new one; a
// spent sign-in budget shows the wait. Codes are computed from the secret the screen shows, as an
// authenticator app would. axe-core checks the new screens; screenshots at 375 and 1440 px, light
// and dark, go to .test-results/screenshots/.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Secret, TOTP } from "otpauth";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  type ApiAccount,
  type DashboardStack,
  httpJson,
  newDesktopPage,
  signUpVerifiedThroughApi,
  startDashboardStack,
} from "./helpers/dashboard-flows.ts";
import { type FakeGoogle, startFakeIdentityProviders } from "./helpers/fake-identity-providers.ts";
import { type FakeSmtp, textBody } from "./helpers/fake-smtp.ts";

const STEP_TIMEOUT = 120_000;
const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** expect.poll with room for a loaded machine (its default gives up after one second). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/**
 * An authenticator app for one secret. A code works once, and the server takes the codes of one
 * 30 s step either side of its clock: each code is of the next unused step, waiting when that
 * step is further ahead than the server would accept.
 */
class Authenticator {
  private lastStep = -1;
  private readonly totp: TOTP;
  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  }
  async code(): Promise<string> {
    for (;;) {
      const current = Math.floor(Date.now() / 30_000);
      const step = Math.max(this.lastStep + 1, current);
      if (step <= current + 1) {
        this.lastStep = step;
        return this.totp.generate({ timestamp: step * 30_000 + 1 });
      }
      await new Promise((resolve) => setTimeout(resolve, (current + 1) * 30_000 - Date.now() + 50));
    }
  }
  /** A code that is none of this secret's codes around now. */
  wrongCode(): string {
    const near = [-1, 0, 1].map((d) => this.totp.generate({ timestamp: Date.now() + d * 30_000 }));
    for (let n = 0; ; n++) {
      const candidate = String(n).padStart(6, "0");
      if (!near.includes(candidate)) return candidate;
    }
  }
}

/** The first mail to `address` whose text holds `needle` (the address also got its verification code). */
const mailWith = (smtp: FakeSmtp, address: string, needle: string) =>
  smtp
    .waitFor((m) => m.to.includes(address) && textBody(m.raw).includes(needle))
    .then((m) => textBody(m.raw));

describe.skipIf(!browserTestsRun)("the account-security screens in Chromium", () => {
  let stack: DashboardStack;
  let engine: string;
  let google: FakeGoogle;
  let stopProviders: () => Promise<void>;
  let browser: Browser;
  /** The browser's address, as COFFER_PUBLIC_URL names it (mail links and provider redirects point there). */
  let base = "";
  /** The test's own HTTP calls go to the address the server listens on. */
  let apiUrl = "";
  const contexts: BrowserContext[] = [];
  const problems: string[][] = [];
  let owner: ApiAccount; // Ada, the Owner
  let ownerPage: Page;
  let app: Authenticator; // Ada's authenticator app
  let recoveryCodes: string[] = [];
  let password = "";

  async function newPage(options: { userAgent?: string } = {}): Promise<Page> {
    const opened = await newDesktopPage(browser, { clipboardFor: base, ...options });
    contexts.push(opened.context);
    problems.push(opened.problems);
    return opened.page;
  }

  const on = (page: Page) => ({
    button: (name: string | RegExp) => page.getByRole("button", { name, exact: typeof name === "string" }),
    dialog: (name: string) => page.getByRole("dialog", { name }),
    nav: (name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }),
    prompt: () => page.getByRole("dialog", { name: "Confirm with two-factor sign-in" }),
  });

  /** Signs in on the sign-in screen up to the code step (an account with two-factor sign-in). */
  async function passwordStep(page: Page, email: string, secret: string) {
    await page.goto(`${base}/sign-in`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(secret);
    await on(page).button("Sign in").click();
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
  }

  /** Signs the Owner's browser out, and in again up to the code step. */
  async function signOutAndBackIn(page: Page) {
    await on(page).button("Sign out").click();
    await page.waitForURL(/\/sign-in/);
    await passwordStep(page, owner.email, password);
  }

  /** Answers the code prompt of a sensitive action. */
  async function answerPrompt(page: Page, code: string, kind: "app" | "recovery" = "app") {
    const prompt = on(page).prompt();
    await prompt.waitFor();
    if (kind === "recovery")
      await prompt.getByRole("button", { name: "Use a recovery code instead" }).click();
    await prompt.getByLabel(kind === "app" ? "Authentication code" : "Recovery code").fill(code);
    await prompt.getByRole("button", { name: "Confirm" }).click();
  }

  const openSecurity = async (page: Page) => {
    await page.getByRole("link", { name: /^Account settings/ }).click();
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Security" }).click();
    await page.getByRole("heading", { name: "Security", level: 1 }).waitFor();
  };

  /** The recovery codes dialog: the codes, checked for copy and download, saved, closed. */
  async function saveRecoveryCodes(page: Page): Promise<string[]> {
    const dialog = on(page).dialog("Save your recovery codes");
    await dialog.waitFor();
    const codes = (
      await dialog.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts()
    ).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    await dialog.getByRole("button", { name: "Copy the recovery codes" }).click();
    await dialog.getByText("Copied").waitFor();
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(codes.join("\n"));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download .txt" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("coffer-recovery-codes.txt");
    const file = readFileSync(await download.path(), "utf8");
    for (const code of codes) expect(file).toContain(code);

    // It does not let go before the person says the codes are saved.
    expect(await dialog.getByRole("button", { name: "Done" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.getByText("Save the codes first").waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel("I have saved these recovery codes").check();
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.content()).not.toContain(codes[0]);
    return codes;
  }

  /** Turns on two-factor sign-in on the Security page; answers the secret the dialog showed. */
  async function enableTwoFactor(
    page: Page,
    shots?: string,
    whileOpen?: () => Promise<void>,
  ): Promise<{ secret: string; codes: string[] }> {
    await on(page).button("Set up two-factor sign-in").click();
    const dialog = on(page).dialog("Set up two-factor sign-in");
    const qr = dialog.getByRole("img", { name: "QR code to add Coffer to an authenticator app" });
    await qr.waitFor();
    expect(await qr.locator("path").getAttribute("d")).toMatch(/^M4 4h1v1h-1z/);
    const secret = (await dialog.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    if (shots) {
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, `${shots}-setup`, engine);
      await screenshots(page, `${shots}-setup`, engine, { dark: true });
    }
    await whileOpen?.();
    expect(await dialog.getByTestId("two-factor-secret").innerText()).toContain(secret.slice(0, 4));
    const authenticator = new Authenticator(secret);
    // A wrong first code is refused in the dialog, which stays open.
    await dialog.getByLabel("Authentication code").fill(authenticator.wrongCode());
    await dialog.getByRole("button", { name: "Turn on" }).click();
    await dialog.getByText("The code does not match").waitFor();
    await dialog.getByLabel("Authentication code").fill(await authenticator.code());
    await dialog.getByRole("button", { name: "Turn on" }).click();
    if (shots) {
      await on(page).dialog("Save your recovery codes").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, `${shots}-recovery-codes`, engine, { widths: ["phone"] });
    }
    const codes = await saveRecoveryCodes(page);
    await page.getByText("10 recovery codes left.").waitFor();
    expect(page.url()).not.toContain(secret);
    if (page === ownerPage) app = authenticator;
    return { secret, codes };
  }

  beforeAll(async () => {
    const providers = await startFakeIdentityProviders();
    google = providers.google;
    stopProviders = providers.stop;
    stack = await startDashboardStack(providers.env());
    ({ engine, browser } = stack);
    base = `http://localhost:${stack.server.port}`;
    apiUrl = stack.server.url;
    owner = await signUpVerifiedThroughApi(apiUrl, stack.smtp);
    password = owner.password;
    ownerPage = await newPage();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await stopProviders?.();
    expect(problems.flat()).toEqual([]);
  });

  it(
    "an Owner without two-factor cannot require it of members yet: the switch says why",
    async () => {
      const page = ownerPage;
      await page.goto(`${base}/sign-in`);
      await page.getByLabel("Email").fill(owner.email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await on(page).button("Sign in").click();
      await page.waitForURL(/\/w\/[0-9a-f-]{36}/);
      await on(page).nav("Members").click();
      const requirement = page.getByRole("switch", { name: "Require two-factor sign-in for every member" });
      await page.getByText("Turn on two-factor sign-in for your own account first").waitFor();
      expect(await requirement.isDisabled()).toBe(true);
      const table = page.getByRole("table", { name: "Members" });
      // The requirement's note can come before the members' listing: wait for the table itself.
      await table.getByRole("columnheader", { name: "Two-factor" }).waitFor();
      expect(await table.getByRole("columnheader").allTextContents()).toContain("Two-factor");
      expect(await table.getByRole("row").nth(1).innerText()).toMatch(/Off/);
    },
    STEP_TIMEOUT,
  );

  it(
    "turns on two-factor in Account → Security: QR code and key, a first code, recovery codes saved once",
    async () => {
      const page = ownerPage;
      await openSecurity(page);
      const card = page.getByRole("region", { name: "Two-factor sign-in", exact: true });
      await card.getByText("Off", { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      const enabled = await enableTwoFactor(page, "security");
      recoveryCodes = enabled.codes;
      await card.getByText("On", { exact: true }).waitFor();
      const status = await httpJson(apiUrl, "GET", "/auth/2fa", owner.headers);
      expect(status.body).toMatchObject({ enabled: true, recovery_codes_left: 10 });
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "security", engine);
      await screenshots(page, "security", engine, { dark: true });
      const stored = String(await page.evaluate("JSON.stringify({ ...localStorage, ...sessionStorage })"));
      expect(stored).not.toContain(enabled.secret);
      expect(stored).not.toContain(recoveryCodes[0]);
    },
    STEP_TIMEOUT,
  );

  it(
    "creating an API key asks for the code; a refused code asks again, a cancelled prompt says what was not done",
    async () => {
      const page = ownerPage;
      const { button, nav, prompt } = on(page);
      await nav("API keys").click();
      await button("New API key").click();
      const keyDialog = on(page).dialog("New API key");
      await keyDialog.getByLabel("Name").fill("deploy-bot");
      await keyDialog.getByRole("button", { name: "Create key" }).click();

      // Cancelled: nothing is created, and the dialog says why.
      await prompt().waitFor();
      // The code field has the focus, ready for the app's code (or the browser's autofill).
      expect(await page.evaluate("document.activeElement.getAttribute('autocomplete')")).toBe(
        "one-time-code",
      );
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "otp-prompt", engine, { widths: ["phone"] });
      await prompt().getByRole("button", { name: "Cancel" }).click();
      await keyDialog.getByText("Not done: this needs the current code").waitFor();

      await keyDialog.getByRole("button", { name: "Create key" }).click();
      await answerPrompt(page, app.wrongCode());
      await prompt().getByText("That code was not accepted").waitFor();
      await answerPrompt(page, await app.code());
      await on(page).dialog("Your new API key").waitFor();
      const token = (await page.getByTestId("new-api-key").innerText()).trim();
      const me = await httpJson(apiUrl, "GET", "/auth/me", { "x-api-key": token });
      expect(me.body).toMatchObject({ email: owner.email });
      await on(page).dialog("Your new API key").getByRole("button", { name: "Done" }).click();
      const keys = await httpJson<{ name: string }[]>(apiUrl, "GET", "/keys/", owner.headers);
      expect(keys.body.map((k) => k.name)).toEqual(["deploy-bot"]);
    },
    STEP_TIMEOUT,
  );

  it(
    "signs out and back in: the password, then the app's code (numeric, one-time-code autofill)",
    async () => {
      const page = ownerPage;
      await signOutAndBackIn(page);
      const code = page.getByLabel("Authentication code");
      expect(await code.getAttribute("inputmode")).toBe("numeric");
      expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
      // The password step is gone, and the password with it.
      expect(await page.getByLabel("Password", { exact: true }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "sign-in-code", engine);
      await screenshots(page, "sign-in-code", engine, { dark: true });

      await code.fill(app.wrongCode());
      await on(page).button("Verify").click();
      await page.getByText("The two-factor code is not correct").waitFor();
      await page.getByLabel("Authentication code").fill(await app.code());
      await on(page).button("Verify").click();
      await page.waitForURL(/\/w\/[0-9a-f-]{36}/);
      await on(page).nav("Projects").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "signs in with a recovery code instead, which is spent",
    async () => {
      const page = ownerPage;
      await signOutAndBackIn(page);
      await on(page).button("Use a recovery code instead").click();
      // Typed in capitals, as read aloud from paper: the field keeps what the API takes.
      await page.getByLabel("Recovery code").fill((recoveryCodes[0] ?? "").toUpperCase());
      await on(page).button("Verify").click();
      await page.waitForURL(/\/w\/[0-9a-f-]{36}/);
      await openSecurity(page);
      await page.getByText("9 recovery codes left.").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "changes the password after the code; the new passwords must match; the other sessions end",
    async () => {
      const page = ownerPage;
      const form = page.getByRole("form", { name: "Change password" });
      const next = `pw-${randomUUID()}`;
      await form.getByLabel("Current password").fill(password);
      await form.getByLabel("New password", { exact: true }).fill(next);
      await form.getByLabel("Repeat the new password").fill(`${next}-typo`);
      await form.getByRole("button", { name: "Change password" }).click();
      await form.getByText("The two new passwords differ.").waitFor();
      expect(await on(page).prompt().count()).toBe(0);

      await form.getByLabel("Repeat the new password").fill(next);
      await form.getByRole("button", { name: "Change password" }).click();
      await answerPrompt(page, recoveryCodes[1] ?? "", "recovery");
      await form.getByText(/Password changed\. 1 other session was signed out/).waitFor();
      password = next;
      // The test's own session was the other one.
      expect((await httpJson(apiUrl, "GET", "/auth/me", owner.headers)).status).toBe(401);
      const login = await fetch(`${apiUrl}/auth/login`, {
        method: "POST",
        body: new URLSearchParams({ username: owner.email, password: next }),
      });
      expect(login.status).toBe(401);
      expect(await login.json()).toMatchObject({ code: "two_factor_required" });
      // The browser's own session goes on.
      await on(page).nav("Projects").click();
      await page.getByRole("heading", { level: 1 }).waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "finishes a Google sign-in of that account on /two-factor with the code; the challenge leaves the address bar",
    async () => {
      // Another device: one sign-in per device, so the same browser's would end the Owner's session there.
      const page = await newPage({ userAgent: MAC_CHROME });
      await page.goto(`${base}/auth/google-login`);
      await page.getByRole("heading", { name: "Consent screen" }).waitFor();
      const state = new URL(page.url()).searchParams.get("state") ?? "";
      const code = google.approve(state, {
        sub: String(Date.now()),
        email: owner.email,
        email_verified: true,
        name: "Ada Lovelace",
        given_name: "Ada",
        family_name: "Lovelace",
        picture: "https://lh3.googleusercontent.test/a/ada.png",
      });
      await page.goto(`${base}/auth/google-callback?${new URLSearchParams({ code, state })}`);
      await page.waitForURL(/\/two-factor$/);
      await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
      expect(page.url()).toBe(`${base}/two-factor`);
      expect(await axeViolations(page)).toEqual([]);
      // With a recovery code: the app's codes are kept for the screens that need them (one per step).
      await on(page).button("Use a recovery code instead").click();
      await page.getByLabel("Recovery code").fill(recoveryCodes[5] ?? "");
      await on(page).button("Verify").click();
      await page.waitForURL(/\/w\/[0-9a-f-]{36}/);
      await on(page).nav("Projects").waitFor();
      await page.context().close();
    },
    STEP_TIMEOUT,
  );

  let member: ApiAccount;
  let memberPage: Page;
  let memberRecoveryCodes: string[] = [];

  it(
    "the Owner requires two-factor of every member; the members list shows who has it",
    async () => {
      member = await signUpVerifiedThroughApi(apiUrl, stack.smtp);
      // The test's own API sign-ins use recovery codes: the app's codes (one per 30 s step, each used
      // once) are kept for the screens, so no test waits for the next step.
      const ownerHeaders = await signInOverHttp(owner.email, password, recoveryCodes[3] ?? "");
      const page = ownerPage;
      // Inviting grants power: the dashboard asks for the code, and sends the invite with it.
      await on(page).nav("Members").click();
      await on(page).button("Invite someone").click();
      await on(page).dialog("Invite someone").getByLabel("Email").fill(member.email);
      await on(page).dialog("Invite someone").getByLabel("Role").selectOption({ label: "Member" });
      await on(page)
        .dialog("Invite someone")
        .getByLabel("Team")
        .selectOption({ label: "No team (sees nothing)" });
      await on(page).dialog("Invite someone").getByRole("button", { name: "Send invite" }).click();
      await answerPrompt(page, recoveryCodes[6] ?? "", "recovery");
      await page.getByText(`Invite mailed to ${member.email}.`).waitFor();
      const link = /\/invite\?token=([A-Za-z0-9%._~-]+)/.exec(
        await mailWith(stack.smtp, member.email, "/invite?token="),
      );
      const accepted = await httpJson(apiUrl, "POST", "/invite/accept", member.headers, {
        token: decodeURIComponent(link?.[1] ?? ""),
        password: member.password,
      });
      expect(accepted.status).toBe(200);

      await page.reload();
      const table = page.getByRole("table", { name: "Members" });
      const memberRow = table.getByRole("row").filter({ has: page.getByText(member.email, { exact: true }) });
      const ownerRow = table.getByRole("row").filter({ has: page.getByText(owner.email, { exact: true }) });
      await poll(() => memberRow.innerText()).toMatch(/Member\s+Off/);
      expect(await ownerRow.innerText()).toMatch(/Owner\s+On/);

      const requirement = page.getByRole("switch", { name: "Require two-factor sign-in for every member" });
      await requirement.click();
      const confirm = on(page).dialog("Require two-factor sign-in?");
      await confirm.getByText("1 member does not use it yet").waitFor();
      await confirm.getByRole("button", { name: "Require it" }).click();
      await poll(() => requirement.isChecked()).toBe(true);
      const workspaces = await httpJson<{ id: string; require_two_factor: boolean }[]>(
        apiUrl,
        "GET",
        "/workspaces/",
        ownerHeaders,
      );
      expect(workspaces.body.find((w) => w.id === owner.workspaceId)?.require_two_factor).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "members-two-factor", engine);
    },
    STEP_TIMEOUT,
  );

  it(
    "a member without two-factor sees the enrollment screen, turns it on from there, and gets in",
    async () => {
      memberPage = await newPage();
      const page = memberPage;
      await page.goto(`${base}/sign-in`);
      await page.getByLabel("Email").fill(member.email);
      await page.getByLabel("Password", { exact: true }).fill(member.password);
      await on(page).button("Sign in").click();
      await page.waitForURL(/\/w\/[0-9a-f-]{36}/);
      await page.goto(`${base}/w/${owner.workspaceId}`);
      await page.getByRole("heading", { name: "Turn on two-factor sign-in to continue" }).waitFor();
      expect(await page.getByRole("alert").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "enrollment-required", engine);
      await screenshots(page, "enrollment-required", engine, { dark: true, widths: ["phone"] });

      await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
      await page.getByRole("heading", { name: "Security", level: 1 }).waitFor();
      await page.getByRole("region", { name: "Two-factor sign-in required" }).waitFor();
      // Back from the authenticator app: the page regains focus and the refused workspace is read
      // again; the set-up stays open meanwhile.
      const backFromTheApp = async () => {
        await page.evaluate("window.dispatchEvent(new Event('visibilitychange'))");
        await page.waitForTimeout(500);
      };
      memberRecoveryCodes = (await enableTwoFactor(page, undefined, backFromTheApp)).codes;
      await page.getByRole("region", { name: "Two-factor sign-in required" }).waitFor({ state: "detached" });
      await on(page).nav("Projects").click();
      await page.getByRole("heading", { name: "Turn on two-factor sign-in to continue" }).waitFor({
        state: "detached",
      });
      await page.getByRole("heading", { level: 1 }).waitFor();
      const members = await httpJson<{ email: string; two_factor: boolean }[]>(
        apiUrl,
        "GET",
        `/workspaces/${owner.workspaceId}/members`,
        await signInOverHttp(owner.email, password, recoveryCodes[4] ?? ""),
      );
      expect(members.body.find((m) => m.email === member.email)?.two_factor).toBe(true);
    },
    STEP_TIMEOUT,
  );

  it(
    "renews the recovery codes and turns two-factor off, each after the code; a workspace that requires it refuses (409)",
    async () => {
      const page = ownerPage;
      await openSecurity(page);
      const { button } = on(page);
      await button("New recovery codes").click();
      await on(page)
        .dialog("Make new recovery codes?")
        .getByRole("button", { name: "Make new codes" })
        .click();
      await answerPrompt(page, recoveryCodes[2] ?? "", "recovery");
      const renewed = await saveRecoveryCodes(page);
      expect(renewed).not.toContain(recoveryCodes[3]);
      recoveryCodes = renewed;

      await button("Turn off").click();
      const confirm = on(page).dialog("Turn off two-factor sign-in?");
      await confirm.getByRole("button", { name: "Turn off" }).click();
      await answerPrompt(page, recoveryCodes[0] ?? "", "recovery");
      await confirm.getByText(/Two-factor sign-in is required by .*: it cannot be turned off/).waitFor();
      await confirm.getByRole("button", { name: "Cancel" }).click();

      await on(page).nav("Members").click();
      const requirement = page.getByRole("switch", { name: "Require two-factor sign-in for every member" });
      await requirement.click();
      await on(page)
        .dialog("Stop requiring two-factor sign-in?")
        .getByRole("button", { name: "Stop requiring it" })
        .click();
      // Stopping the requirement loosens how members sign in: it asks for the code too.
      await answerPrompt(page, recoveryCodes[1] ?? "", "recovery");
      await poll(() => requirement.isChecked()).toBe(false);

      await openSecurity(page);
      await button("Turn off").click();
      await on(page).dialog("Turn off two-factor sign-in?").getByRole("button", { name: "Turn off" }).click();
      await answerPrompt(page, recoveryCodes[2] ?? "", "recovery");
      const card = page.getByRole("region", { name: "Two-factor sign-in", exact: true });
      await card.getByText("Off", { exact: true }).waitFor();
      await on(page).button("Set up two-factor sign-in").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "a member with two-factor deletes their account: the password, then a code",
    async () => {
      const page = memberPage;
      await page.getByRole("link", { name: /^Account settings/ }).click();
      await on(page).button("Delete account…").click();
      const confirm = on(page).dialog("Delete your account?");
      await confirm.getByLabel("Password").fill(member.password);
      await confirm.getByRole("button", { name: "Delete my account" }).click();
      await answerPrompt(page, memberRecoveryCodes[0] ?? "", "recovery");
      const deleted = on(page).dialog("Your account is deleted");
      await deleted.getByText("you left 1 other workspace").waitFor();
      await deleted.getByRole("button", { name: "Done" }).click();
      await page.waitForURL(/\/sign-in/);
      const login = await fetch(`${apiUrl}/auth/login`, {
        method: "POST",
        body: new URLSearchParams({ username: member.email, password: member.password }),
      });
      expect(login.status).toBe(401);
      expect(await login.json()).toMatchObject({ code: "invalid_credentials" });
    },
    STEP_TIMEOUT,
  );

  it(
    "forgot password → mail → the reset page → sign in with the new password (every session signed out)",
    async () => {
      const person = await signUpVerifiedThroughApi(apiUrl, stack.smtp);
      const page = await newPage();
      await page.goto(`${base}/sign-in`);
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.getByRole("heading", { name: "Reset your password" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel("Email").fill(person.email);
      await on(page).button("Mail me a link").click();
      await page.getByText("If an account exists for this address").waitFor();

      const text = await mailWith(stack.smtp, person.email, "/reset-password#token=");
      const link = new RegExp(`${base}/reset-password#token=[A-Za-z0-9_.~-]+`).exec(text)?.[0] ?? "";
      expect(link).not.toBe("");
      await page.goto(link);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      expect(page.url()).toBe(`${base}/reset-password`);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "reset-password", engine, { widths: ["phone"] });

      const next = `pw-${randomUUID()}`;
      await page.getByLabel("New password", { exact: true }).fill(next);
      await page.getByLabel("Repeat the new password").fill(`${next}!`);
      await on(page).button("Set the new password").click();
      await page.getByText("The two new passwords differ.").waitFor();
      await page.getByLabel("Repeat the new password").fill(next);
      await on(page).button("Set the new password").click();

      await page.waitForURL(/\/sign-in$/);
      await page.getByText(/every session of your account was signed out \(1 session\)/).waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe(person.email);
      expect(page.url()).not.toContain(person.email);
      await screenshots(page, "sign-in-after-reset", engine, { widths: ["phone"] });
      expect((await httpJson(apiUrl, "GET", "/auth/me", person.headers)).status).toBe(401);
      await page.getByLabel("Password", { exact: true }).fill(next);
      await on(page).button("Sign in").click();
      await page.waitForURL(/\/w\/[0-9a-f-]{36}/);

      // The link worked once.
      const again = await newPage();
      await again.goto(link);
      await again.getByLabel("New password", { exact: true }).fill(next);
      await again.getByLabel("Repeat the new password").fill(next);
      await on(again).button("Set the new password").click();
      await again.getByText("This reset link is not valid").waitFor();
      await again.getByRole("link", { name: "Ask for a new link" }).first().waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "a spent budget of failed sign-ins shows the API's message and when to try again",
    async () => {
      const person = await signUpVerifiedThroughApi(apiUrl, stack.smtp);
      for (let i = 0; i < 10; i++) {
        const wrong = await fetch(`${apiUrl}/auth/login`, {
          method: "POST",
          body: new URLSearchParams({ username: person.email, password: "not the password" }),
        });
        expect(wrong.status).toBe(401);
      }
      const page = await newPage();
      await page.goto(`${base}/sign-in`);
      await page.getByLabel("Email").fill(person.email);
      await page.getByLabel("Password", { exact: true }).fill(person.password);
      await on(page).button("Sign in").click();
      const alert = page.getByRole("alert");
      await alert.getByText("Too many failed sign-ins for this account").waitFor();
      expect(await alert.innerText()).toMatch(/You can try again at \d/);
    },
    STEP_TIMEOUT,
  );

  /** A session of the test's own, through the code (another device than the browsers). */
  async function signInOverHttp(email: string, secret: string, code: string) {
    const response = await fetch(`${apiUrl}/auth/login`, {
      method: "POST",
      body: new URLSearchParams({ username: email, password: secret, otp: code }),
      headers: { "user-agent": "security-e2e-api" },
    });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    return { authorization: `Bearer ${access_token}`, "user-agent": "security-e2e-api" };
  }
});
