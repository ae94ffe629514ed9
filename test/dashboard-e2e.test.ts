// The dashboard end to end in a real browser (issue 11, phase 1): sign up, verify the email with
// the code from the (fake) SMTP server, build a team -> project -> environment tree, add secrets,
// paste a .env, edit one, show and copy it, sign out and back in. Screenshots of the main
// screens at 375 and 1440 px go to .test-results/screenshots/.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parse } from "dotenv";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { browserTestsRun, screenshots } from "./helpers/browser.ts";
import { dashboardLocators, openDashboardPage, startDashboardServer } from "./helpers/dashboard-flows.ts";
import { extractCode, type FakeSmtp, mailTo, startFakeSmtp, textBody } from "./helpers/fake-smtp.ts";
import { type ServerProcess, stopChildrenAndRemoveTempDirs } from "./helpers/server-process.ts";

const databaseUrl = inject("databaseUrl");
const engine = databaseUrl ? "postgres" : "sqlite";
const PASSWORD = "correct horse battery";
const STEP_TIMEOUT = 60_000;

const SECRETS = {
  DATABASE_URL: "postgres://db.internal/app",
  LOG_LEVEL: "info",
  DATABASE_URL_V2: "postgres://db.internal/app-v2",
  API_TOKEN: "tok-2f9c1e7a",
  API_TOKEN_EDITED: "tok-edited-83b1",
  REDIS_URL: "redis://cache:6379/0",
};

describe.skipIf(!browserTestsRun)("the dashboard in Chromium", () => {
  let smtp: FakeSmtp;
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const email = `web-${randomUUID()}@example.com`;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    ({ server } = await startDashboardServer({ databaseUrl, masterKey: inject("masterKey") }, smtp));
    ({ browser, context, page, problems } = await openDashboardPage(server.url));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await smtp?.close();
    await stopChildrenAndRemoveTempDirs();
  });

  const button = (name: string | RegExp) => dashboardLocators(page).button(name);
  const dialog = () => dashboardLocators(page).dialog();
  const row = (key: string) => dashboardLocators(page).row(key);

  it(
    "sends a visitor to sign in, and signs a new account up into its first workspace",
    async () => {
      await page.goto(`${server.url}/`);
      await expect.poll(() => new URL(page.url()).pathname).toBe("/sign-in");
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await screenshots(page, "sign-in", engine);

      await page.getByRole("link", { name: "Create an account" }).click();
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("Last name").fill("Lovelace");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await button("Create account").click();
      await page.waitForURL(/\/w\/[0-9a-f-]{36}$/);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.getByText("Verify your email.").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "verifies the email with the six-digit code from the mail",
    async () => {
      await screenshots(page, "workspace-empty", engine, { widths: ["desktop"] });
      // Sign-up sent the first code: the field is open, and still open after a reload.
      const code = extractCode(textBody((await mailTo(smtp, email)).raw));
      await page.reload();
      await page.getByLabel("Verification code").waitFor();
      // Asking again so soon is refused with when it may be asked again, in words.
      await button("Send a new code").click();
      await page
        .getByText(/A code was sent a moment ago.*You can try again (in \d+ seconds|at \d)/)
        .waitFor();
      await page.getByLabel("Verification code").fill(code);
      await button("Verify").click();
      await page.getByText("Verify your email.").waitFor({ state: "detached" });
    },
    STEP_TIMEOUT,
  );

  it(
    "builds a team, a project and an environment, and opens its secrets",
    async () => {
      await button("New team").click();
      await dialog().getByLabel("Team name").fill("Platform");
      await dialog().getByRole("button", { name: "Create team" }).click();
      await page.getByRole("heading", { name: "Platform" }).waitFor();

      await button("New project").click();
      await dialog().getByLabel("Project name").fill("Billing API");
      await dialog().getByRole("button", { name: "Create project" }).click();
      await page.getByRole("heading", { name: "Billing API" }).waitFor();

      await button("New environment").click();
      await dialog().getByLabel("Environment name").fill("Production");
      await dialog().getByLabel("Type").selectOption("prod");
      await dialog().getByRole("button", { name: "Create environment" }).click();
      await page.getByRole("link", { name: /Production/ }).waitFor();
      await screenshots(page, "tree", engine);

      await page.getByRole("link", { name: /Production/ }).click();
      await page.waitForURL(/\/env\//);
      await page.getByRole("heading", { name: /Production/ }).waitFor();
      await page.getByText("No secrets yet.").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "adds secrets one by one, masked in the table",
    async () => {
      // The rules are said as they are broken, in words, before any request.
      await button("Add secret").click();
      await dialog().getByLabel("Key").fill("db-url");
      await dialog()
        .getByText('A key holds only letters, digits and _ (environment-variable names); this one has "-"')
        .waitFor();
      await dialog()
        .getByText(/^Up to 64 KiB\./)
        .waitFor();
      await dialog().getByRole("button", { name: "Add secret" }).click();
      await dialog().getByLabel("Key").fill("");
      await page.keyboard.press("Escape");
      await dialog().waitFor({ state: "hidden" });
      for (const [key, value] of [
        ["DATABASE_URL", SECRETS.DATABASE_URL],
        ["LOG_LEVEL", SECRETS.LOG_LEVEL],
      ]) {
        await button("Add secret").click();
        await dialog().getByLabel("Key").fill(key!);
        await dialog().getByLabel("Value").fill(value!);
        await dialog().getByRole("button", { name: "Add secret" }).click();
        await row(key!).waitFor();
      }
      // Masked: the value is not on the page until revealed.
      expect(await page.locator("main").innerText()).not.toContain(SECRETS.DATABASE_URL);
    },
    STEP_TIMEOUT,
  );

  it(
    "previews a pasted .env (added, changed, unchanged) and applies it",
    async () => {
      await button("Paste .env").click();
      await dialog()
        .getByLabel(".env contents")
        .fill(
          [
            "# pasted from a laptop",
            `LOG_LEVEL=${SECRETS.LOG_LEVEL}`,
            `DATABASE_URL="${SECRETS.DATABASE_URL_V2}"`,
            `export API_TOKEN=${SECRETS.API_TOKEN}`,
            `REDIS_URL='${SECRETS.REDIS_URL}' # cache`,
          ].join("\n"),
        );
      const summary = dialog().getByRole("status");
      await expect.poll(() => summary.innerText()).toMatch(/2 added\s*1 changed\s*1 unchanged/);
      await screenshots(page, "paste-preview", engine);
      await dialog().getByRole("button", { name: "Apply 3 changes" }).click();
      await dialog()
        .waitFor({ state: "detached" })
        .catch(() => undefined);
      await row("REDIS_URL").waitFor();
      await row("API_TOKEN").waitFor();
      await expect.poll(() => row("DATABASE_URL").innerText()).toContain("v2");
      await expect.poll(() => row("LOG_LEVEL").innerText()).toContain("v1");
    },
    STEP_TIMEOUT,
  );

  it(
    "keyboard only: reaches Add secret by Tab, types into the dialog's first field, and focus follows each step",
    async () => {
      // What has the focus, named as a person hears it: aria-label, else its <label>, else its text.
      const focused = () =>
        page.evaluate<string>(`(() => {
          const el = document.activeElement;
          const label = el && el.id ? document.querySelector('label[for="' + el.id + '"]') : null;
          return (el && el.getAttribute("aria-label")) || (label && label.textContent) || (el && el.textContent.trim()) || "";
        })()`);
      await page.locator("body").focus();
      let reached = false;
      for (let presses = 0; presses < 60 && !reached; presses++) {
        await page.keyboard.press("Tab");
        reached = (await focused()) === "Add secret";
      }
      expect(reached, "Add secret is reachable with Tab").toBe(true);
      await page.keyboard.press("Enter");
      await dialog().waitFor();
      await expect.poll(focused).toMatch(/^Key/); // the first field, not the close button
      await page.keyboard.type("KEYBOARD_ONLY");
      await page.keyboard.press("Tab");
      await page.keyboard.type("typed-not-clicked");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter"); // in the description field: submits the form
      await row("KEYBOARD_ONLY").waitFor();
      await expect.poll(focused).toBe("Add secret"); // back on what opened the dialog

      // Inline edit by keyboard: Ctrl+Enter saves, focus returns to the row's Edit button.
      await button("Edit KEYBOARD_ONLY").focus();
      await page.keyboard.press("Enter");
      await expect.poll(focused).toBe("New value for KEYBOARD_ONLY");
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("edited-by-keyboard");
      await page.keyboard.press("Control+Enter");
      await expect.poll(() => row("KEYBOARD_ONLY").innerText()).toContain("v2");
      await expect.poll(focused).toBe("Edit KEYBOARD_ONLY");
      // Escape cancels, and focus comes back the same way. (Edit reads the value first.)
      await page.keyboard.press("Enter");
      await expect.poll(focused).toBe("New value for KEYBOARD_ONLY");
      await page.keyboard.press("Escape");
      await expect.poll(focused).toBe("Edit KEYBOARD_ONLY");
    },
    STEP_TIMEOUT,
  );

  it(
    "edits a value in place (a new version), then reveals and copies it",
    async () => {
      await button("Edit API_TOKEN").click();
      await page.getByLabel("New value for API_TOKEN").fill(SECRETS.API_TOKEN_EDITED);
      await row("API_TOKEN").getByRole("button", { name: "Save" }).click();
      await expect.poll(() => row("API_TOKEN").innerText()).toContain("v2");

      await button("Show API_TOKEN").click();
      await expect
        .poll(() => row("API_TOKEN").locator("code.value").innerText())
        .toBe(SECRETS.API_TOKEN_EDITED);
      await button("Copy the value of API_TOKEN").click();
      await row("API_TOKEN").getByText("Copied").waitFor();
      expect(await page.evaluate("navigator.clipboard.readText()")).toBe(SECRETS.API_TOKEN_EDITED);
      await button("Hide API_TOKEN").click();
      await screenshots(page, "secrets", engine);
      await screenshots(page, "secrets", engine, { dark: true, widths: ["desktop"] });
    },
    STEP_TIMEOUT,
  );

  it(
    "filters by key, and what it shows matches what the API holds",
    async () => {
      await page.getByLabel("Search secrets").fill("redis");
      await expect.poll(() => page.getByRole("row").count()).toBe(2); // header + REDIS_URL
      await page.getByLabel("Search secrets").fill("");

      // A reload lists the environment again without its values: the metadata, no value in the answer.
      const reread = page.waitForResponse(
        (r) => r.request().method() === "GET" && /\/secrets\/.*\/metadata$/.test(r.url()),
      );
      await button("Reload secrets").click();
      const answer = await reread;
      expect(answer.status()).toBe(200);
      const listed = (await answer.json()) as Record<string, unknown>[];
      expect(listed.map((s) => s.key).sort()).toEqual([
        "API_TOKEN",
        "DATABASE_URL",
        "KEYBOARD_ONLY",
        "LOG_LEVEL",
        "REDIS_URL",
      ]);
      for (const secret of listed) expect(secret).not.toHaveProperty("value");
      await row("REDIS_URL").waitFor();

      // The test's own HTTP session (another user agent, so the browser's session lives on).
      const login = await fetch(`${server.url}/auth/login`, {
        method: "POST",
        body: new URLSearchParams({ username: email, password: PASSWORD }),
        headers: { "user-agent": "dashboard-e2e-check" },
      });
      const { access_token } = (await login.json()) as { access_token: string };
      const headers = { authorization: `Bearer ${access_token}` };
      const path = new URL(page.url()).pathname.split("/");
      const [ws, team, project, env] = [path[2], path[4], path[5], path[6]];
      const list = await fetch(`${server.url}/secrets/${ws}/${team}/${project}/${env}/`, { headers });
      const secrets = (await list.json()) as { key: string; value: string; current_version: number }[];
      expect(Object.fromEntries(secrets.map((s) => [s.key, [s.value, s.current_version]]))).toEqual({
        DATABASE_URL: [SECRETS.DATABASE_URL_V2, 2],
        LOG_LEVEL: [SECRETS.LOG_LEVEL, 1],
        API_TOKEN: [SECRETS.API_TOKEN_EDITED, 2],
        REDIS_URL: [SECRETS.REDIS_URL, 1],
        KEYBOARD_ONLY: ["edited-by-keyboard", 2],
      });
    },
    STEP_TIMEOUT,
  );

  it(
    "downloads the environment, or the selected rows, as a .env that dotenv reads back exactly",
    async () => {
      await page.getByLabel("Search secrets").fill("");
      const saved = async (name: string) => {
        const [file] = await Promise.all([page.waitForEvent("download"), button(name).click()]);
        expect(file.suggestedFilename()).toBe("billing-api-production.env");
        return parse(readFileSync((await file.path()) as string));
      };
      expect(await saved("Download .env")).toEqual({
        DATABASE_URL: SECRETS.DATABASE_URL_V2,
        LOG_LEVEL: SECRETS.LOG_LEVEL,
        API_TOKEN: SECRETS.API_TOKEN_EDITED,
        REDIS_URL: SECRETS.REDIS_URL,
        KEYBOARD_ONLY: "edited-by-keyboard",
      });
      await page.getByLabel("Select API_TOKEN").check();
      await page.getByLabel("Select REDIS_URL").check();
      expect(await saved("Download the 2 selected as .env")).toEqual({
        API_TOKEN: SECRETS.API_TOKEN_EDITED,
        REDIS_URL: SECRETS.REDIS_URL,
      });
      await page.getByLabel("Select API_TOKEN").uncheck();
      await page.getByLabel("Select REDIS_URL").uncheck();
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps the session across a reload (the refresh cookie), signs out, and signs back in",
    async () => {
      const secretsUrl = page.url();
      await page.reload();
      await row("API_TOKEN").waitFor();

      await button("Sign out").click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/sign-in");
      // Signed out means signed out: the old page is not reachable without signing in.
      await page.goto(secretsUrl);
      await expect.poll(() => new URL(page.url()).pathname).toBe("/sign-in");

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await button("Sign in").click();
      await page.waitForURL(secretsUrl); // back where they were going
      await row("API_TOKEN").waitFor();
    },
    STEP_TIMEOUT,
  );

  it("never put a secret value in storage or in the URL, and the page reported no errors", async () => {
    const stored = String(await page.evaluate("JSON.stringify({ ...localStorage, ...sessionStorage })"));
    const cookies = JSON.stringify(await context.cookies());
    for (const value of Object.values(SECRETS)) {
      expect(stored).not.toContain(value);
      expect(page.url()).not.toContain(encodeURIComponent(value));
      expect(cookies).not.toContain(value);
    }
    // The only thing the dashboard stores is the theme choice; no token either.
    expect(await page.evaluate("Object.keys(localStorage).concat(Object.keys(sessionStorage))")).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/token|secret|session/i)]),
    );
    expect(problems).toEqual([]);
  });
});
