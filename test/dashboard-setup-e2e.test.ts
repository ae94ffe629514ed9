// Setting a project up, and the secrets table a team then lives in (issue 36, items 10 and 12), in
// Chromium: a new project starts with development, staging and production (renamable, removable,
// more added); environments are listed by type everywhere; the Type field says what it does; an
// invite of a Viewer or Member asks for a team; the secrets table fits ≥ 16 one-line rows at
// 1440×900 with relative times, keys ending in "…" and Delete selected disabled until a row is
// ticked, and at 390 px its tools fold so the first row shows on the first screen.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, SCREENSHOT_DIR, screenshots } from "./helpers/browser.ts";
import {
  apiCall,
  dashboardLocators,
  environmentPageUrl,
  ownerWithEnvironmentForSuite,
  signInInBrowser,
} from "./helpers/dashboard-flows.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 60_000;
const COUNT = 40;
const LONG = "PAYMENTS_PROVIDER_WEBHOOK_SIGNING_SECRET_FOR_EUROPEAN_MERCHANTS_AND_THEIR_SUBSIDIARIES";
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

interface Env {
  id: string;
  name: string;
  environment_type: string;
}

describe.skipIf(!browserTestsRun)("project set-up and the secrets table, in Chromium", () => {
  const { stack, server, account, tree, page, problems } = ownerWithEnvironmentForSuite({
    team: "Platform",
    project: "Billing",
    environment: "Production",
  });
  const envUrl = () => environmentPageUrl(server.url, tree);
  const environmentsOf = (projectId: string) =>
    apiCall<Env[]>(
      server.url,
      "GET",
      `/environments/${tree.workspaceId}/${tree.teamId}/${projectId}/`,
      account.headers,
    );

  beforeAll(async () => {
    // Created out of order: the lists put them by type all the same.
    for (const [name, environment_type] of [
      ["Sandbox", "custom"],
      ["Staging", "staging"],
      ["Dev", "dev"],
    ] as const) {
      await apiCall(
        server.url,
        "POST",
        `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`,
        account.headers,
        { name, environment_type },
      );
    }
    const secrets = Array.from({ length: COUNT }, (_, i) => ({
      key: `SERVICE_${String(i).padStart(2, "0")}_URL`,
      value: `https://svc-${i}.internal`,
      ...(i === 3
        ? { description: "The endpoint the billing worker calls for every invoice it renders" }
        : {}),
    }));
    await apiCall(server.url, "POST", `${secretsPath(tree)}/bulk`, account.headers, { secrets });
    await apiCall(server.url, "POST", `${secretsPath(tree)}/`, account.headers, { key: LONG, value: "x" });
    await signInInBrowser(page, server.url, account);
  }, 120_000);

  it(
    "lists environments by type: development, staging, production, then the rest, in the tree and the switcher",
    async () => {
      await page.goto(`${server.url}/w/${tree.workspaceId}`);
      const chips = page.locator(".project").filter({ hasText: "Billing" }).locator(".env-chip .env-link");
      await poll(() => chips.count()).toBe(4);
      expect((await chips.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual([
        "devDev",
        "stagingStaging",
        "prodProduction",
        "customSandbox",
      ]);
      await page.goto(envUrl());
      const switcher = page.locator(".breadcrumb select");
      await poll(() => switcher.locator("option").allInnerTexts()).toEqual([
        "Dev",
        "Staging",
        "Production",
        "Sandbox",
      ]);
    },
    STEP_TIMEOUT,
  );

  it(
    "a new project starts with development, staging and production, each changeable",
    async () => {
      const { button, dialog } = dashboardLocators(page);
      await page.goto(`${server.url}/w/${tree.workspaceId}`);
      await button("New project").click();
      const form = dialog();
      await form.getByLabel("Project name").fill("Checkout");
      const names = form.getByRole("textbox", { name: /^Environment \d name$/ });
      expect(
        await names.evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value)),
      ).toEqual(["development", "staging", "production"]);
      expect(await form.getByLabel("Environment 3 type").inputValue()).toBe("prod");
      // Changed: staging removed, production renamed, a pilot added.
      await form.getByRole("button", { name: "Remove environment staging" }).click();
      await form.getByLabel("Environment 2 name").fill("live");
      await form.getByRole("button", { name: "Add an environment" }).click();
      await form.getByLabel("Environment 3 name").fill("canary");
      await form.getByLabel("Environment 3 type").selectOption("pilot");
      expect(await form.innerText()).toContain("It changes no permission;");
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "new-project", stack.engine, { widths: ["desktop"] });
      await form.getByRole("button", { name: "Create project" }).click();
      await form.waitFor({ state: "detached" });

      const projects = await apiCall<{ id: string; name: string }[]>(
        server.url,
        "GET",
        `/projects/${tree.workspaceId}/${tree.teamId}/`,
        account.headers,
      );
      const checkout = projects.find((p) => p.name === "Checkout");
      expect(checkout).toBeDefined();
      const created = await environmentsOf(checkout?.id ?? "");
      expect(created.map((e) => [e.name, e.environment_type]).sort()).toEqual([
        ["canary", "pilot"],
        ["development", "dev"],
        ["live", "prod"],
      ]);
      const chips = page.locator(".project").filter({ hasText: "Checkout" }).locator(".env-chip .env-link");
      await poll(() => chips.allTextContents()).toEqual(["devdevelopment", "prodlive", "pilotcanary"]);
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "the Type field says what the type does, and what it does not",
    async () => {
      const { button, dialog } = dashboardLocators(page);
      await button("New environment").first().click();
      const type = dialog().getByLabel("Type");
      const hintId = (await type.getAttribute("aria-describedby")) ?? "";
      const described = await page.locator(`[id="${hintId}"]`).innerText();
      expect(described).toMatch(/colours the environment's chip/);
      expect(described).toMatch(/development, staging, production/);
      expect(described).toMatch(
        /changes no permission; the dashboard asks for confirmation before changing what a prod environment inherits/,
      );
      expect(described).toMatch(/cannot be changed after the environment is created/);
      await page.keyboard.press("Escape");
      await dialog().waitFor({ state: "detached" });
    },
    STEP_TIMEOUT,
  );

  it(
    "an invite of a Member asks for a team; no team must be chosen on purpose, with its warning",
    async () => {
      const { button, dialog } = dashboardLocators(page);
      await page.getByRole("link", { name: "Members", exact: true }).click();
      await page.getByRole("heading", { name: "Members" }).waitFor();
      await button("Invite someone").click();
      const form = dialog();
      const email = `member-${Date.now()}@example.com`;
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Role").selectOption({ label: "Member" });
      const team = form.getByLabel("Team");
      // Nothing chosen: the form does not go.
      expect(await team.inputValue()).toBe("");
      await form.getByRole("button", { name: "Send invite" }).click();
      expect(
        await team.evaluate(
          (select) => (select as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing,
        ),
      ).toBe(true);
      await form.waitFor();
      // "No team" on purpose says what it means.
      await team.selectOption({ label: "No team (sees nothing)" });
      await form.getByText("In no team, they see no project and no secret").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "invite-team", stack.engine, { widths: ["phone"] });
      // For an Admin the team stays optional.
      await form.getByLabel("Role").selectOption({ label: "Admin" });
      await form.getByText("Admins and Owners see every team").waitFor();
      await form.getByLabel("Role").selectOption({ label: "Member" });
      await team.selectOption({ label: "Platform" });
      await form.getByRole("button", { name: "Send invite" }).click();
      await page.getByText(`Invite mailed to ${email}.`).waitFor();
      const invites = await apiCall<{ invitee_email: string; team_id: string | null; role: number }[]>(
        server.url,
        "GET",
        `/invite/${tree.workspaceId}`,
        account.headers,
      );
      expect(invites.find((i) => i.invitee_email === email)).toMatchObject({ team_id: tree.teamId, role: 1 });
    },
    STEP_TIMEOUT,
  );

  /** Each row of the secrets table: its top and bottom, and the tops of its action buttons. */
  const rowBoxes = () =>
    page.evaluate<{ top: number; bottom: number; height: number; actionTops: number[] }[]>(
      `[...document.querySelectorAll(".secrets-table tbody tr")].map((tr) => {
        const box = tr.getBoundingClientRect();
        return {
          top: box.top,
          bottom: box.bottom,
          height: Math.round(box.height),
          actionTops: [...tr.querySelectorAll(".row-actions button")].map((b) =>
            Math.round(b.getBoundingClientRect().top)),
        };
      })`,
    );

  it(
    "fits at least 16 one-line rows at 1440×900: relative times, keys ending in …, actions on one line",
    async () => {
      const { button, row } = dashboardLocators(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(envUrl());
      await page.getByText(`${COUNT + 1} secrets`).waitFor();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${stack.engine}-secrets-compact-1440.png`) });
      const rows = await rowBoxes();
      expect(rows.length).toBe(COUNT + 1);
      const visible = rows.filter((r) => r.top >= 0 && r.bottom <= 900);
      expect(visible.length, JSON.stringify(rows.slice(0, 3))).toBeGreaterThanOrEqual(16);
      // One height for every row: nothing wrapped (the description and the long key included).
      expect(new Set(rows.map((r) => r.height)).size, JSON.stringify(rows.map((r) => r.height))).toBe(1);
      for (const r of rows) expect(new Set(r.actionTops).size).toBe(1);

      // "Updated" is relative; the exact time is on hover.
      const updated = row("SERVICE_00_URL").locator("time");
      expect(await updated.innerText()).toBe("just now");
      expect(await updated.getAttribute("title")).toBe(
        new Date((await updated.getAttribute("datetime")) ?? "").toLocaleString(),
      );
      // The long key ends in an ellipsis, never broken, and is whole on hover.
      const long = page.locator(".key-cell", { has: page.getByText(LONG, { exact: true }) });
      expect(await long.getAttribute("title")).toBe(LONG);
      expect(await long.locator("code.key").evaluate((code) => code.scrollWidth > code.clientWidth)).toBe(
        true,
      );

      // Delete selected is disabled until a row is ticked (and, pressed, says why).
      const deleteSelected = button("Delete selected");
      expect(await deleteSelected.getAttribute("aria-disabled")).toBe("true");
      expect(await deleteSelected.isDisabled()).toBe(true);
      await deleteSelected.focus();
      await page.keyboard.press("Enter");
      await page.getByText("Tick the secrets to delete in the table first").waitFor();
      await page.getByLabel("Select SERVICE_01_URL").check();
      const deleteOne = button("Delete 1 selected");
      expect(await deleteOne.getAttribute("aria-disabled")).toBeNull();
      expect(await deleteOne.isEnabled()).toBe(true);
      await page.getByLabel("Select SERVICE_01_URL").uncheck();
      await page.evaluate("window.scrollTo(0, 0)");
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "at 390×844 the tools fold into More and the first row shows on the first screen",
    async () => {
      const { button } = dashboardLocators(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(envUrl());
      await page.getByText(`${COUNT + 1} secrets`).waitFor();
      const [first] = await rowBoxes();
      expect(first?.bottom ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(844);
      expect(await button("Timeline").count()).toBe(0);
      await button("More").click();
      for (const name of ["Delete selected", "Paste .env", "Timeline", "Recently deleted", "Download .env"]) {
        await button(name).waitFor();
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${stack.engine}-secrets-compact-390-more.png`) });
      // Chosen: the list folds and the action runs.
      await button("Timeline").click();
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
      expect(await button("Paste .env").count()).toBe(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${stack.engine}-secrets-compact-390.png`) });
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});
