// Issue 36, items 3 and 4, in Chromium: what an environment inherits is a labelled select, changing
// a prod environment's parent asks first naming both; deleting a secret others inherit names them;
// an Admin protects an environment with a toggle, the badge shows on the page and the chip, and a
// Member sees it read-only with why; screenshots go to .test-results/screenshots/.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  type ApiAccount,
  apiCall,
  type DashboardStack,
  type EnvTree,
  environmentPageUrl,
  memberThroughStore,
  newDesktopPage,
  ownerOnStack,
  signInInBrowser,
  startDashboardStack,
} from "./helpers/dashboard-flows.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 60_000;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe.skipIf(!browserTestsRun)("inheritance and protected environments in Chromium", () => {
  let stack: DashboardStack;
  let owner: ApiAccount;
  let production: EnvTree;
  let development = "";
  let url = "";
  const problems: string[][] = [];

  const environments = () =>
    `/environments/${production.workspaceId}/${production.teamId}/${production.projectId}/`;
  const productionRecord = () =>
    apiCall<{ parent_environment_id?: string; protected?: boolean }>(
      url,
      "GET",
      `${environments()}${production.environmentId}`,
      owner.headers,
    );
  const envUrl = () => environmentPageUrl(url, production);
  const pageFor = async (account: ApiAccount): Promise<Page> => {
    const { page, problems: reported } = await newDesktopPage(stack.browser);
    problems.push(reported);
    await signInInBrowser(page, url, account);
    await page.goto(envUrl());
    await page.getByRole("heading", { level: 1, name: /Production/ }).waitFor();
    return page;
  };

  beforeAll(async () => {
    stack = await startDashboardStack();
    url = stack.server.url;
    ({ account: owner, tree: production } = await ownerOnStack(stack, {
      team: "Platform",
      project: "Payments",
      environment: "Production",
    }));
    const create = (name: string, environment_type: string, parent?: string) =>
      apiCall<{ id: string }>(url, "POST", environments(), owner.headers, {
        name,
        environment_type,
        ...(parent ? { parent_environment_id: parent } : {}),
      });
    development = (await create("Development", "dev")).id;
    await create("Staging", "staging", production.environmentId);
    await create("QA", "staging", production.environmentId);
    await apiCall(url, "POST", `${secretsPath(production)}/`, owner.headers, {
      key: "DATABASE_URL",
      value: "postgres://prod",
    });
  }, 120_000);
  afterAll(() => stack?.close());

  it(
    "names the environments that lose a deleted secret, and asks before Production inherits from Development",
    async () => {
      const page = await pageFor(owner);
      await page.getByRole("button", { name: "Delete DATABASE_URL" }).click();
      const confirm = page.getByRole("dialog");
      await confirm.getByText("Staging and QA inherit DATABASE_URL from here and will lose it.").waitFor();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      // Deleting a selection says the same of the selected keys others inherit.
      await page.getByLabel("Select DATABASE_URL").check();
      await page.getByRole("button", { name: "Delete 1 selected" }).click();
      await page
        .getByRole("dialog")
        .getByText("Staging and QA inherit DATABASE_URL from here and will lose it.")
        .waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await page.getByLabel("Select DATABASE_URL").uncheck();

      const select = page.getByLabel("Inherits from");
      expect(await select.isEnabled()).toBe(true);
      await select.selectOption({ label: "Development" });
      const asked = page.getByRole("dialog");
      await asked.getByText(/Production will inherit from Development/).waitFor();
      await screenshots(page, "protection-inheritance-confirm", stack.engine, { widths: ["desktop"] });
      // Nothing changed while it asks.
      expect((await productionRecord()).parent_environment_id).toBeUndefined();
      await asked.getByRole("button", { name: "Inherit from Development" }).click();
      await poll(async () => (await productionRecord()).parent_environment_id).toBe(development);
      await poll(() => select.inputValue()).toBe(development);
      await select.selectOption({ label: "(none)" });
      await page.getByRole("dialog").getByRole("button", { name: "Stop inheriting" }).click();
      await poll(async () => (await productionRecord()).parent_environment_id).toBeUndefined();

      await page.getByLabel("Protected: writes into Production need Admin").click();
      await poll(async () => (await productionRecord()).protected).toBe(true);
      await page.getByRole("heading", { level: 1 }).getByText("Protected").waitFor();
      // The Owner still writes.
      expect(await page.getByRole("button", { name: "Add secret" }).count()).toBe(1);
      await page.context().close();
    },
    STEP_TIMEOUT,
  );

  it(
    "shows a Member the protected environment read-only, with why, and the badge on the chip",
    async () => {
      const member = await memberThroughStore(stack, production.workspaceId, Role.Member, [
        production.teamId,
      ]);
      const page = await pageFor(member);
      await page.getByText(/Protected: only Admins and Owners change Production/).waitFor();
      await page.getByRole("row").filter({ hasText: "DATABASE_URL" }).first().waitFor();
      expect(await page.getByRole("button", { name: "Add secret" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Delete DATABASE_URL" }).count()).toBe(0);
      expect(await page.getByLabel("Inherits from").isDisabled()).toBe(true);
      await page.getByText(/Only Admins and Owners change what an environment inherits/).waitFor();
      expect(await page.getByLabel(/^Protected: writes into/).count()).toBe(0);
      await screenshots(page, "protection-member", stack.engine, { widths: ["desktop"] });
      await page.goto(`${envUrl()}/import`);
      await page.getByText(/Protected: only Admins and Owners import into Production/).waitFor();
      await page.goto(`${url}/w/${production.workspaceId}`);
      const chip = page.locator(".env-chip").filter({ hasText: "Production" });
      await chip.getByText("Protected").waitFor();
      expect(await chip.getByRole("button", { name: /inherits from/ }).count()).toBe(0);
      // Compare offers the Member no write into Production, and still the override in Staging.
      await page.goto(
        `${url}/w/${production.workspaceId}/compare/${production.teamId}/${production.projectId}`,
      );
      await page.getByRole("button", { name: "Override DATABASE_URL in Staging" }).waitFor();
      expect(await page.getByRole("button", { name: /DATABASE_URL in Production$/ }).count()).toBe(0);
      await page.context().close();
    },
    STEP_TIMEOUT,
  );

  it(
    "lets an Admin write into it and lift the protection",
    async () => {
      const admin = await memberThroughStore(stack, production.workspaceId, Role.Admin);
      const page = await pageFor(admin);
      await page.getByRole("button", { name: "Add secret" }).waitFor();
      expect(await page.getByText(/Protected: only Admins and Owners change/).count()).toBe(0);
      await page.getByLabel("Protected: writes into Production need Admin").click();
      await poll(async () => (await productionRecord()).protected).toBeUndefined();
      expect(problems.flat()).toEqual([]);
      await page.context().close();
    },
    STEP_TIMEOUT,
  );
});
