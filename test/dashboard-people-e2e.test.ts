// Over 400 lines: one area of the dashboard, its screens tested in one file; its set-up (server, browser, accounts) is made once for them all.
// The dashboard's people and account screens end to end in Chromium (issue 11, phase 2b): an Owner
// signs up in the browser, mints an API key (its one-time token works over HTTP), invites a Viewer
// into one team; the invitee opens the mailed link (fake SMTP) in a second browser context, joins as
// a new account and sees only what a Viewer may. A full plan, the last Owner leaving, a declined and
// a withdrawn invite, revoking another device's session (that browser is signed out on its next
// action), revoking all, renaming the profile and deleting an account are shown the same way.
// Screenshots at 375 and 1440 px (one dark) go to .test-results/screenshots/.
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  type DashboardStack,
  type Headers,
  httpJson,
  httpSignIn,
  newDesktopPage,
  type Person,
  signInWithPassword,
  signUpInBrowser,
  startDashboardStack,
} from "./helpers/dashboard-flows.ts";
import { extractInviteLink, type FakeSmtp, mailTo, textBody } from "./helpers/fake-smtp.ts";
import type { ServerProcess } from "./helpers/server-process.ts";

const STEP_TIMEOUT = 60_000;
const SEATS = 3;
/** Another device of the Owner's: a different user agent, or signing in there would replace A's session. */
const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** expect.poll with room for a loaded machine (its default gives up after one second). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const person = (firstName: string, lastName: string): Person => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}-${randomUUID()}@example.com`,
  password: `pw-${randomUUID()}`,
});

describe.skipIf(!browserTestsRun)("the people and account screens in Chromium", () => {
  let stack: DashboardStack;
  let engine: string;
  let smtp: FakeSmtp;
  let server: ServerProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: Page; // context A
  let invitee: Page; // context B
  const problems: string[][] = [];
  const ada = person("Ada", "Lovelace");
  const viewer = {
    email: `viewer-${randomUUID()}@example.com`,
    name: "Grace Hopper",
    password: "viewer-pw-1",
  };
  const decliner = `decliner-${randomUUID()}@example.com`;
  let ws = "";
  let wsName = "";
  let apiHeaders: Headers;

  async function newPage(options: { userAgent?: string } = {}): Promise<Page> {
    const opened = await newDesktopPage(browser, { clipboardFor: server.url, ...options });
    contexts.push(opened.context);
    problems.push(opened.problems);
    return opened.page;
  }

  beforeAll(async () => {
    stack = await startDashboardStack({ COFFER_PLANS: JSON.stringify({ free: { seats: SEATS } }) });
    ({ engine, smtp, server, browser } = stack);
    owner = await newPage();
  }, 120_000);

  afterAll(() => stack?.close());

  const on = (page: Page) => ({
    button: (name: string | RegExp) => page.getByRole("button", { name, exact: typeof name === "string" }),
    dialog: () => page.getByRole("dialog"),
    row: (text: string) => page.getByRole("row").filter({ has: page.getByText(text, { exact: true }) }),
    nav: (name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }),
    /** A row of the table captioned `caption` (Members, Invites…) holding exactly `text`. */
    rowIn: (caption: string, text: string) =>
      page
        .getByRole("table", { name: caption })
        .getByRole("row")
        .filter({ has: page.getByText(text, { exact: true }) }),
  });
  const api = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
    httpJson(server.url, method, path, apiHeaders, body);

  it(
    "an Owner signs up in the browser; a tree of two teams is built over HTTP",
    async () => {
      ws = await signUpInBrowser(owner, server.url, ada);
      apiHeaders = await httpSignIn(server.url, ada.email, ada.password, "people-e2e-setup");
      const workspaces = await api("GET", "/workspaces/");
      const mine = (workspaces.body as { id: string; name: string; role: number }[]).find((w) => w.id === ws);
      expect(mine?.role).toBe(3);
      wsName = mine?.name ?? "";

      for (const [team, project, secret] of [
        ["Platform", "Billing API", "API_TOKEN"],
        ["Finance", "Ledger", "LEDGER_KEY"],
      ] as const) {
        const t = await api("POST", `/teams/${ws}/`, { name: team });
        const teamId = (t.body as { id: string }).id;
        const p = await api("POST", `/projects/${ws}/${teamId}/`, { name: project });
        const projectId = (p.body as { id: string }).id;
        const e = await api("POST", `/environments/${ws}/${teamId}/${projectId}/`, {
          name: "Production",
          environment_type: "prod",
        });
        const envId = (e.body as { id: string }).id;
        const s = await api("POST", `/secrets/${ws}/${teamId}/${projectId}/${envId}/`, {
          key: secret,
          value: `value-${randomUUID()}`,
        });
        expect(s.status).toBe(201);
      }
      await owner.reload();
      await owner.getByRole("heading", { name: "Finance" }).waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "mints an API key in the browser: the token is shown once, copies, and works over HTTP",
    async () => {
      const { button, dialog, row, nav } = on(owner);
      await nav("API keys").click();
      await owner.getByText("No API keys yet.").waitFor();
      await button("New API key").click();
      await dialog().getByLabel("Name").fill("ci-deploy");
      await dialog().getByLabel("Description (optional)").fill("GitHub Actions, production deploys");
      await dialog().getByLabel("Lifetime").selectOption({ label: "30 days" });
      await dialog().getByRole("button", { name: "Create key" }).click();

      await dialog().getByRole("heading", { name: "Your new API key" }).waitFor();
      await dialog().getByText("this is the only time it is shown").waitFor();
      const token = (await owner.getByTestId("new-api-key").innerText()).trim();
      expect(token.length).toBeGreaterThan(20);
      await screenshots(owner, "api-key-created", engine);
      await dialog().getByRole("button", { name: "Copy the API key" }).click();
      await dialog().getByText("Copied").waitFor();
      expect(await owner.evaluate("navigator.clipboard.readText()")).toBe(token);

      // The test uses the token as any client would.
      const me = await httpJson(server.url, "GET", "/auth/me", { "x-api-key": token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: ada.email });

      // Gone from the page once the dialog is closed, and never stored.
      await dialog().getByRole("button", { name: "Done" }).click();
      await dialog().waitFor({ state: "detached" });
      expect(await owner.content()).not.toContain(token);
      const stored = String(await owner.evaluate("JSON.stringify({ ...localStorage, ...sessionStorage })"));
      expect(stored).not.toContain(token);
      expect(owner.url()).not.toContain(token);

      const listed = row("ci-deploy");
      await listed.waitFor();
      const prefix = (await listed.locator("code").innerText()).replace("…", "");
      expect(token.startsWith(prefix)).toBe(true);
      expect(await listed.innerText()).toMatch(/in (29|30) days/);

      // Edit: a new name, no expiry.
      await button("Edit ci-deploy").click();
      await dialog().getByLabel("Name").fill("ci-deploy-prod");
      await dialog().getByLabel("Expiry").selectOption({ label: "Never expires" });
      await dialog().getByRole("button", { name: "Save" }).click();
      await row("ci-deploy-prod").waitFor();
      await poll(() => row("ci-deploy-prod").locator("td").nth(3).innerText()).toBe("never");

      // A second key, revoked after a confirmation: its token stops working at once.
      await button("New API key").click();
      await dialog().getByLabel("Name").fill("old-laptop");
      await dialog().getByRole("button", { name: "Create key" }).click();
      const oldToken = (await owner.getByTestId("new-api-key").innerText()).trim();
      await dialog().getByRole("button", { name: "Done" }).click();
      await button("Revoke old-laptop").click();
      await dialog()
        .getByText(/is refused from now on/)
        .waitFor();
      await dialog().getByRole("button", { name: "Revoke key" }).click();
      await row("old-laptop").waitFor({ state: "detached" });
      expect((await httpJson(server.url, "GET", "/auth/me", { "x-api-key": oldToken })).status).toBe(401);
      expect((await httpJson(server.url, "GET", "/auth/me", { "x-api-key": token })).status).toBe(200);
      await screenshots(owner, "api-keys", engine);
      await screenshots(owner, "api-keys", engine, { dark: true, widths: ["desktop"] });
    },
    STEP_TIMEOUT,
  );

  it(
    "invites a Viewer into one team and a second person; a full plan answers with the seat message",
    async () => {
      const { button, dialog, row, rowIn, nav } = on(owner);
      await nav("Members").click();
      await owner.getByRole("heading", { name: "Members" }).waitFor();
      await poll(() => row(ada.email).innerText()).toMatch(/Owner/);
      await owner.getByText("No invites yet.").waitFor();

      for (const [email, role, team] of [
        [viewer.email, "Viewer", "Platform"],
        [decliner, "Member", "No team (sees nothing)"],
      ] as const) {
        await button("Invite someone").click();
        await dialog().getByLabel("Email").fill(email);
        await dialog().getByLabel("Role").selectOption({ label: role });
        await dialog().getByLabel("Team").selectOption({ label: team });
        await dialog().getByRole("button", { name: "Send invite" }).click();
        await owner.getByText(`Invite mailed to ${email}.`).waitFor();
        await poll(() => row(email).innerText()).toMatch(/pending/);
      }
      expect(await rowIn("Invites", viewer.email).innerText()).toMatch(/Viewer[\s\S]*Platform/);
      await owner.getByText(`${SEATS} of ${SEATS} seats taken`, { exact: false }).waitFor();

      // The plan is full: the API's 402 is explained in the dialog, and nothing is sent.
      const third = `third-${randomUUID()}@example.com`;
      await button("Invite someone").click();
      await dialog().getByLabel("Email").fill(third);
      await dialog().getByLabel("Team").selectOption({ label: "No team (sees nothing)" });
      await dialog().getByRole("button", { name: "Send invite" }).click();
      const refusal = dialog().getByRole("alert");
      await poll(() => refusal.innerText()).toMatch(
        new RegExp(`No seat left: The free plan has ${SEATS} seats and ${SEATS} are taken`),
      );
      expect(await refusal.innerText()).toMatch(/Withdraw a pending invite, remove a member/);
      await screenshots(owner, "invite-seat-limit", engine, { widths: ["phone"] });
      await owner.keyboard.press("Escape");
      await dialog().waitFor({ state: "detached" });
      expect(smtp.messagesTo(third)).toEqual([]);
      await screenshots(owner, "members", engine);
      await screenshots(owner, "members", engine, { dark: true, widths: ["desktop"] });
    },
    STEP_TIMEOUT,
  );

  it(
    "the invitee opens the mailed link in a second browser: workspace and role, and no token in the address bar",
    async () => {
      const mail = await mailTo(smtp, viewer.email);
      const { token } = extractInviteLink(textBody(mail.raw), `http://localhost:${server.port}`);
      invitee = await newPage();
      await invitee.goto(`${server.url}/invite?token=${encodeURIComponent(token)}`);
      await invitee.getByRole("heading", { name: `Join ${wsName}` }).waitFor();
      expect(await invitee.locator(".invite-summary").innerText()).toMatch(
        new RegExp(`Ada Lovelace invited ${viewer.email} to ${wsName} as Viewer`),
      );
      await poll(() => invitee.url()).toBe(`${server.url}/invite`);
      expect(await invitee.evaluate("location.href + JSON.stringify(history.state)")).not.toContain(token);
      await screenshots(invitee, "invite-accept", engine);
      await screenshots(invitee, "invite-accept", engine, { dark: true, widths: ["phone"] });
    },
    STEP_TIMEOUT,
  );

  it(
    "accepts as a new account, is signed in, and sees only what a Viewer may",
    async () => {
      const { button, row, nav } = on(invitee);
      await invitee.getByLabel("I am new to Coffer").check();
      await invitee.getByLabel("Your name").fill(viewer.name);
      await invitee.getByLabel("Password").fill(viewer.password);
      await button("Create account and join").click();
      await invitee.waitForURL(`${server.url}/w/${ws}`);

      // Only the team they were invited into; nothing to create, rename or delete.
      await invitee.getByRole("heading", { name: "Platform" }).waitFor();
      expect(await invitee.getByRole("heading", { name: "Finance" }).count()).toBe(0);
      for (const name of [/^New (team|project|environment)$/, /^(Rename|Delete) /]) {
        expect(await invitee.getByRole("button", { name }).count()).toBe(0);
      }
      await invitee.getByRole("link", { name: /Production/ }).click();
      await row("API_TOKEN").waitFor();
      for (const name of ["Add secret", "Paste .env", "Edit API_TOKEN", "Delete API_TOKEN"]) {
        expect(await button(name).count()).toBe(0);
      }

      // Members: the list, and leaving; no invites, no role changes, no removals.
      await nav("Members").click();
      await row(viewer.email).waitFor();
      await row(ada.email).waitFor();
      expect(await invitee.getByRole("heading", { name: "Invites" }).count()).toBe(0);
      for (const name of [/^Invite someone$/, /^Change role/, /^Remove /]) {
        expect(await invitee.getByRole("button", { name }).count()).toBe(0);
      }
      expect(await row(viewer.email).getByRole("button", { name: "Leave" }).count()).toBe(1);
      expect(await row(ada.email).getByRole("button").count()).toBe(0);
      await screenshots(invitee, "members-as-viewer", engine, { widths: ["phone"] });
    },
    STEP_TIMEOUT,
  );

  it(
    "declines and withdraws invites; the Owner sees every status and changes the Viewer's role",
    async () => {
      const declinerPage = await newPage();
      const { token } = extractInviteLink(
        textBody((await mailTo(smtp, decliner)).raw),
        `http://localhost:${server.port}`,
      );
      await declinerPage.goto(`${server.url}/invite?token=${encodeURIComponent(token)}`);
      await on(declinerPage).button("Decline the invite").click();
      await on(declinerPage).dialog().getByRole("button", { name: "Decline invite" }).click();
      await declinerPage.getByText(`You declined the invite to ${wsName}.`).waitFor();

      const { button, dialog, row, rowIn } = on(owner);
      await owner.reload();
      await poll(() => rowIn("Invites", viewer.email).innerText()).toMatch(/accepted/);
      await poll(() => rowIn("Invites", decliner).innerText()).toMatch(/rejected/);
      // The seat freed by the decline takes a new invite, which is then withdrawn.
      const later = `later-${randomUUID()}@example.com`;
      await button("Invite someone").click();
      await dialog().getByLabel("Email").fill(later);
      await dialog().getByLabel("Team").selectOption({ label: "No team (sees nothing)" });
      await dialog().getByRole("button", { name: "Send invite" }).click();
      await row(later).waitFor();
      await button(`Withdraw the invite to ${later}`).click();
      await dialog().getByRole("button", { name: "Withdraw invite" }).click();
      await row(later).waitFor({ state: "detached" });

      // The Viewer is made a Member.
      const memberRow = rowIn("Members", viewer.email);
      await button(`Change role of ${viewer.name}`).click();
      await dialog().getByLabel("Role").selectOption("Member");
      await dialog().getByRole("button", { name: "Change role" }).click();
      await poll(() => memberRow.innerText()).toMatch(/Member/);
      const members = await api("GET", `/workspaces/${ws}/members`);
      expect(
        (members.body as { email: string; role: number }[]).find((m) => m.email === viewer.email)?.role,
      ).toBe(1);
    },
    STEP_TIMEOUT,
  );

  it(
    "the last Owner cannot leave: the API's message is shown and nothing changes",
    async () => {
      const { dialog, row } = on(owner);
      await row(ada.email).getByRole("button", { name: "Leave" }).click();
      await dialog().getByRole("button", { name: "Leave workspace" }).click();
      await poll(() => dialog().getByRole("alert").innerText()).toMatch(/at least one Owner/);
      await owner.keyboard.press("Escape");
      await dialog().waitFor({ state: "detached" });
      await poll(() => row(ada.email).innerText()).toMatch(/Owner/);
      expect(new URL(owner.url()).pathname).toBe(`/w/${ws}/members`);
    },
    STEP_TIMEOUT,
  );

  it(
    "revokes the Owner's session on another device: that browser is signed out on its next action",
    async () => {
      const other = await newPage({ userAgent: MAC_CHROME });
      await signInWithPassword(other, server.url, ada.email, ada.password);
      await other.getByRole("heading", { name: "Platform" }).waitFor();

      const { dialog, nav } = on(owner);
      await nav("Sessions").click();
      await owner.getByRole("heading", { name: "Sessions" }).waitFor();
      const current = owner.getByRole("row").filter({ hasText: "this browser" });
      await poll(() => current.count()).toBe(1);
      const mac = owner.getByRole("row").filter({ hasText: "Chrome on macOS" });
      await mac.waitFor();
      await screenshots(owner, "sessions", engine);
      await screenshots(owner, "sessions", engine, { dark: true, widths: ["phone"] });
      await mac.getByRole("button", { name: /^Revoke the session of Chrome on macOS/ }).click();
      await dialog().getByRole("button", { name: "Revoke session" }).click();
      await mac.waitFor({ state: "detached" });
      await poll(() => current.count()).toBe(1); // this browser lives on

      await on(other).nav("Members").click();
      await poll(() => new URL(other.url()).pathname).toBe("/sign-in");
      await other
        .getByText("this session was revoked from another of your sessions.", { exact: false })
        .waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "a second browser with the same user agent takes over the session: the first is told why, and when",
    async () => {
      const twin = await newPage(); // the same user agent as the Owner's browser
      await signInWithPassword(twin, server.url, ada.email, ada.password);

      // The next visit (its data may be cached, so a reload rather than a click) finds it ended.
      await owner.reload();
      await poll(() => new URL(owner.url()).pathname).toBe("/sign-in");
      const notice = owner
        .getByRole("status")
        .filter({ hasText: /signed in again from this browser elsewhere/ });
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/^Signed out on .*\d{1,2}:\d{2}.*one session per browser/s);
      await screenshots(owner, "signed-out-replaced", engine, { widths: ["phone"] });

      await signInWithPassword(owner, server.url, ada.email, ada.password);
      await owner.getByRole("navigation", { name: "Main" }).waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "renames the profile (the header follows); the email is read-only",
    async () => {
      const header = owner
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: /Account settings/ });
      expect(await header.innerText()).toBe("Ada Lovelace");
      await header.click();
      await owner.getByRole("heading", { name: "Account", exact: true }).waitFor();
      expect(await owner.getByRole("textbox", { name: "Email" }).inputValue()).toBe(ada.email);
      expect(await owner.getByRole("textbox", { name: "Email" }).isEditable()).toBe(false);
      await owner.getByLabel("First name").fill("Augusta");
      await owner.getByLabel("Middle name").fill("Ada");
      await on(owner).button("Save profile").click();
      await owner.getByText("Saved: you are Augusta Ada Lovelace.").waitFor();
      await poll(() => header.innerText()).toBe("Augusta Ada Lovelace");
      await screenshots(owner, "account", engine);
      const me = await api("GET", "/auth/me");
      expect(me.body).toMatchObject({
        first_name: "Augusta",
        middle_name: "Ada",
        name: "Augusta Ada Lovelace",
      });
    },
    STEP_TIMEOUT,
  );

  it(
    "revoking every session signs this browser out too",
    async () => {
      const { button, dialog, nav } = on(owner);
      await nav("Sessions").click();
      await button("Revoke all").click();
      await dialog()
        .getByText(/this browser too/)
        .waitFor();
      await dialog().getByRole("button", { name: "Revoke all sessions" }).click();
      await poll(() => new URL(owner.url()).pathname).toBe("/sign-in");
      expect((await api("GET", "/auth/me")).status).toBe(401); // the test's session went as well
    },
    STEP_TIMEOUT,
  );

  it(
    "deletes a throwaway account after its password: says what went with it, then signs out",
    async () => {
      const throwaway = person("Temp", "Account");
      const page = await newPage();
      await signUpInBrowser(page, server.url, throwaway);
      const { button, dialog } = on(page);
      await page.getByRole("link", { name: /Account settings/ }).click();
      await button("Delete account…").click();
      await dialog().getByLabel("Password").fill("not the password");
      await dialog().getByRole("button", { name: "Delete my account" }).click();
      await poll(() => dialog().getByRole("alert").innerText()).toMatch(/password is not correct/);
      await dialog().getByLabel("Password").fill(throwaway.password);
      await dialog().getByRole("button", { name: "Delete my account" }).click();
      await dialog().getByRole("heading", { name: "Your account is deleted" }).waitFor();
      expect(await dialog().getByRole("status").innerText()).toMatch(
        /1 workspace you alone owned was deleted with it; you left 0 other workspaces/,
      );
      await dialog().getByRole("button", { name: "Done" }).click();
      await poll(() => new URL(page.url()).pathname).toBe("/sign-in");
      const login = await fetch(`${server.url}/auth/login`, {
        method: "POST",
        body: new URLSearchParams({ username: throwaway.email, password: throwaway.password }),
      });
      expect(login.status).toBe(401);
    },
    STEP_TIMEOUT,
  );

  it("no page reported an error", () => {
    expect(problems.flat()).toEqual([]);
  });
});
