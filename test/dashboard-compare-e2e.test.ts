// The environment comparison grid in Chromium (issue 22): a project's three environments side by
// side, missing and differing cells marked, no value on the page until asked; a missing key added
// and a differing value fixed in place, each a real write the API then reads back; axe-core on the
// grid; screenshots at 375 and 1440 px go to .test-results/screenshots/.
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  apiCall,
  createTreeThroughApi,
  type EnvTree,
  ownerWithEnvironmentForSuite,
  signInInBrowser,
} from "./helpers/dashboard-flows.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 60_000;
/** expect.poll with room for a loaded machine (its default gives up after one second). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe.skipIf(!browserTestsRun)("the environment comparison grid in Chromium", () => {
  const {
    stack,
    server,
    account,
    tree: production,
    page,
    problems,
  } = ownerWithEnvironmentForSuite({ team: "Platform", project: "Payments", environment: "Production" });
  let staging: EnvTree;
  let development: EnvTree;

  const read = async (tree: EnvTree) =>
    Object.fromEntries(
      (
        await apiCall<{ key: string; value: string }[]>(
          server.url,
          "GET",
          `${secretsPath(tree)}/`,
          account.headers,
        )
      ).map((s) => [s.key, s.value]),
    );

  beforeAll(async () => {
    staging = await createTreeThroughApi(
      server.url,
      account,
      { environment: "Staging", type: "staging" },
      production,
    );
    development = await createTreeThroughApi(
      server.url,
      account,
      { environment: "Development", type: "dev" },
      production,
    );
    const put = (tree: EnvTree, secrets: { key: string; value: string }[]) =>
      apiCall(server.url, "POST", `${secretsPath(tree)}/bulk`, account.headers, { secrets });
    await put(production, [
      { key: "DB_HOST", value: "db.prod.internal" },
      { key: "LOG_LEVEL", value: "warn" },
    ]);
    await put(staging, [
      { key: "DB_HOST", value: "db.prod.internal" },
      { key: "LOG_LEVEL", value: "debug" },
    ]);
    await put(development, [
      { key: "DB_HOST", value: "db.prod.internal" },
      { key: "LOG_LEVEL", value: "warn" },
      { key: "FEATURE_FLAG", value: "on" },
    ]);
  }, 120_000);

  const grid = () => page.getByRole("table", { name: "Keys by environment" });
  const gridRow = (key: string) =>
    grid()
      .getByRole("row")
      .filter({ has: page.getByText(key, { exact: true }) });

  it(
    "opens from the project and marks what is missing and what differs, without values",
    async () => {
      await signInInBrowser(page, server.url, account);
      await page.getByRole("link", { name: "Compare the environments of Payments" }).click();
      await page.getByRole("heading", { name: "Compare environments" }).waitFor();
      await gridRow("FEATURE_FLAG").waitFor();
      // Listed by type (issue 36): development, staging, production.
      expect(await grid().getByRole("columnheader").allInnerTexts()).toEqual([
        "KEY",
        "DEVELOPMENT",
        "STAGING",
        "PRODUCTION",
        "STATUS",
      ]);
      expect(await gridRow("DB_HOST").locator("td").last().innerText()).toBe("same");
      expect(await gridRow("LOG_LEVEL").locator("td").last().innerText()).toBe("differs");
      expect(await gridRow("FEATURE_FLAG").locator("td").last().innerText()).toBe("missing");
      // Staging is the odd one out of LOG_LEVEL; FEATURE_FLAG is missing in two.
      expect(await gridRow("LOG_LEVEL").locator("td.cell-differs").count()).toBe(1);
      expect(await gridRow("FEATURE_FLAG").locator("td.cell-missing").count()).toBe(2);
      const shown = await page.content();
      for (const value of ["db.prod.internal", "debug", "warn"]) expect(shown).not.toContain(value);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "compare", stack.engine);

      await page.getByLabel("Only differences").check();
      await gridRow("DB_HOST").waitFor({ state: "detached" });
      await page.getByLabel("Show values").check();
      await gridRow("LOG_LEVEL").getByText("debug").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "adds a missing key and fixes a differing value in place",
    async () => {
      await page.getByRole("button", { name: "Add FEATURE_FLAG in Production" }).click();
      await page.getByLabel("New value for FEATURE_FLAG").fill("off");
      await gridRow("FEATURE_FLAG").getByRole("button", { name: "Save" }).click();
      await expect.poll(async () => (await read(production)).FEATURE_FLAG).toBe("off");
      await expect.poll(() => gridRow("FEATURE_FLAG").locator("td.cell-missing").count()).toBe(1);

      await page.getByRole("button", { name: "Edit LOG_LEVEL in Staging" }).click();
      await page.getByLabel("New value for LOG_LEVEL").fill("warn");
      await gridRow("LOG_LEVEL").getByRole("button", { name: "Save" }).click();
      // Now the same everywhere: the "Only differences" view lets it go.
      await gridRow("LOG_LEVEL").waitFor({ state: "detached" });
      expect((await read(staging)).LOG_LEVEL).toBe("warn");
      await screenshots(page, "compare-fixed", stack.engine, { widths: ["desktop"] });
    },
    STEP_TIMEOUT,
  );

  it(
    "moves between environments from the secrets page; every breadcrumb part is a link",
    async () => {
      const { workspaceId, teamId, projectId } = production;
      await page.goto(
        `${server.url}/w/${workspaceId}/env/${teamId}/${projectId}/${production.environmentId}`,
      );
      await page.getByRole("heading", { name: /Production/ }).waitFor();
      const switcher = page.getByRole("navigation", { name: "Breadcrumb" }).getByLabel("Environment");
      await poll(() => switcher.locator("option").allInnerTexts()).toEqual([
        "Development",
        "Staging",
        "Production",
      ]);

      await switcher.selectOption({ label: "Development" });
      await page.getByRole("heading", { name: /Development/ }).waitFor();
      await poll(() => new URL(page.url()).pathname).toBe(
        `/w/${workspaceId}/env/${teamId}/${projectId}/${development.environmentId}`,
      );
      await page.getByRole("row").filter({ hasText: "FEATURE_FLAG" }).waitFor();
      expect(await switcher.inputValue()).toBe(development.environmentId);
      await screenshots(page, "environment-switcher", stack.engine, { widths: ["phone"] });

      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await crumbs.getByRole("link", { name: "Payments" }).click();
      await page.getByRole("heading", { name: "Compare environments" }).waitFor();
      await crumbs.getByRole("link", { name: "Platform" }).click();
      await poll(() => new URL(page.url()).hash).toBe(`#team-${teamId}`);
      await page.getByRole("heading", { name: "Platform", level: 2 }).waitFor();
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "counts keys Staging inherits from Production as present, leads with the one real gap, and says what overriding does (issue 36)",
    async () => {
      const live = await createTreeThroughApi(server.url, account, {
        team: "Shop",
        project: "Checkout",
        environment: "Production",
        type: "prod", // listed after Staging: the grid's columns go by type
      });
      const { workspaceId, teamId, projectId } = live;
      const child = await apiCall<{ id: string }>(
        server.url,
        "POST",
        `/environments/${workspaceId}/${teamId}/${projectId}/`,
        account.headers,
        { name: "Staging", environment_type: "staging", parent_environment_id: live.environmentId },
      );
      const stagingTree = { ...live, environmentId: child.id };
      const keys = Array.from({ length: 14 }, (_, i) => `SHARED_${String(i).padStart(2, "0")}`);
      await apiCall(server.url, "POST", `${secretsPath(live)}/bulk`, account.headers, {
        secrets: keys.map((key) => ({ key, value: `prod-${key}` })),
      });
      await apiCall(server.url, "POST", `${secretsPath(stagingTree)}/bulk`, account.headers, {
        secrets: [{ key: "STAGING_ONLY", value: "s" }],
      });
      await page.goto(`${server.url}/w/${workspaceId}/compare/${teamId}/${projectId}`);
      await gridRow("SHARED_00").waitFor();
      await page.getByLabel("Only differences").uncheck();
      const statuses = await grid().locator("tbody tr td:last-child").allInnerTexts();
      // The one real gap comes first; the 14 inherited keys are the same, not missing.
      expect(statuses).toEqual(["missing", ...keys.map(() => "same")]);
      expect(await grid().locator("tbody tr").first().innerText()).toContain("STAGING_ONLY");
      expect(await grid().locator("td.cell-missing").count()).toBe(1);
      // Staging's column comes first (columns go by type: staging before prod).
      expect(await gridRow("SHARED_05").locator("td").nth(0).innerText()).toContain(
        "inherited from Production",
      );
      await page.getByRole("status").filter({ hasText: "1 key missing somewhere" }).waitFor();
      expect(await page.getByRole("button", { name: /^Add SHARED_/ }).count()).toBe(0);

      await page.getByRole("button", { name: "Override SHARED_05 in Staging" }).click();
      await page
        .getByText(
          "Staging will keep its own copy of SHARED_05; changes in Production will no longer reach Staging.",
        )
        .waitFor();
      await screenshots(page, "compare-override", stack.engine, { widths: ["desktop"] });
      await page.getByLabel("New value for SHARED_05").fill("staging-own");
      await gridRow("SHARED_05").getByRole("button", { name: "Override", exact: true }).click();
      const overridden = async () => {
        const listed = await apiCall<{ key: string; value: string; inherited_from?: string }[]>(
          server.url,
          "GET",
          `${secretsPath(stagingTree)}/`,
          account.headers,
        );
        const secret = listed.find((s) => s.key === "SHARED_05");
        return `${secret?.value} ${secret?.inherited_from ?? "own"}`;
      };
      await poll(overridden).toBe("staging-own own");
      await poll(() => gridRow("SHARED_05").locator("td").last().innerText()).toBe("differs");
      expect((await read(live)).SHARED_05).toBe("prod-SHARED_05");
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});
