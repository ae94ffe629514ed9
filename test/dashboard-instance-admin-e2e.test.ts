// The instance-admin page in Chromium (issue 36, item 8), against a real server process on this
// run's engine: an operator named in COFFER_OPERATORS sees "Instance" in the header, lists every
// workspace with its plan, and moves one to Pro; the Owner of that workspace, who had been refused
// version history with the words saying who can lift it, then has it. A workspace Owner who is not
// an operator sees no link, and the page answers "not found".
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  type ApiAccount,
  apiCall,
  type DashboardStack,
  newDesktopPage,
  signInInBrowser,
  signUpVerifiedThroughApi,
  startDashboardStack,
} from "./helpers/dashboard-flows.ts";

const STEP_TIMEOUT = 90_000;
const operatorEmail = `operator-${randomUUID()}@example.com`;

describe.skipIf(!browserTestsRun)("the instance-admin page in Chromium", () => {
  let stack: DashboardStack;
  let operator: ApiAccount;
  let owner: ApiAccount;
  let ownerName = "";

  beforeAll(async () => {
    stack = await startDashboardStack({ COFFER_OPERATORS: operatorEmail });
    operator = await signUpVerifiedThroughApi(stack.server.url, stack.smtp, operatorEmail);
    owner = await signUpVerifiedThroughApi(stack.server.url, stack.smtp);
    ownerName = `Acme ${randomUUID().slice(0, 6)}`;
    await apiCall(stack.server.url, "PATCH", `/workspaces/${owner.workspaceId}`, owner.headers, {
      name: ownerName,
    });
  }, 120_000);
  afterAll(() => stack?.close());

  async function openAs(account: ApiAccount): Promise<{ page: Page; problems: string[] }> {
    const { page, problems } = await newDesktopPage(stack.browser);
    await signInInBrowser(page, stack.server.url, account);
    return { page, problems };
  }

  it(
    "lets an operator move a workspace to Pro from the Instance page, recorded under their account",
    async () => {
      const { page, problems } = await openAs(operator);
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Instance" }).click();
      await page.getByRole("heading", { name: "Instance", level: 1 }).waitFor();
      const table = page.getByRole("table", { name: "Workspaces of this instance" });
      const row = table.getByRole("row").filter({ hasText: ownerName });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => row.innerText()).toContain("1 of 5 seats");
      // What each plan includes, in the refusal's words.
      await expect
        .poll(() => page.locator(".plan-summary").innerText())
        .toContain(
          "free: 5 seats, 2 service accounts, no version history (nor point-in-time restore), no share links",
        );
      const picker = page.getByLabel(`Plan of ${ownerName}`);
      expect(await picker.inputValue()).toBe("free");
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "instance-admin", stack.engine);

      await picker.selectOption("pro");
      await page.getByText(`${ownerName} is now on the pro plan.`).waitFor();
      await expect.poll(() => row.innerText()).toContain("1 of 50 seats");
      expect(problems).toEqual([]);

      const trail = await apiCall<{ actor: { type: string; name: string }; details: unknown }[]>(
        stack.server.url,
        "GET",
        `/workspaces/${owner.workspaceId}/audit?action=workspace.plan_changed`,
        owner.headers,
      );
      expect(trail[0]).toMatchObject({
        actor: { type: "operator", name: operatorEmail },
        details: { previous_plan: "free", plan: "pro" },
      });
    },
    STEP_TIMEOUT,
  );

  it(
    "shows a workspace Owner who is not an operator no Instance link, and the page as not found",
    async () => {
      const { page } = await openAs(owner);
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Audit" }).waitFor();
      expect(await nav.getByRole("link", { name: "Instance" }).count()).toBe(0);
      await page.goto(`${stack.server.url}/admin`);
      await page.waitForURL(/\/w\/[0-9a-f-]{36}\/admin$/);
      await page.getByText("Not Found").waitFor();
      expect(await page.getByRole("table", { name: "Workspaces of this instance" }).count()).toBe(0);
    },
    STEP_TIMEOUT,
  );
});
