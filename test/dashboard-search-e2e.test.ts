// Over 400 lines: one area of the dashboard, its screens tested in one file; its set-up (server, browser, accounts) is made once for them all.
// The header's search across a workspace in Chromium, against a real server process on this run's
// engine: "/" focuses it, a part of a key lists what matches as an ARIA combobox (arrow keys, Enter,
// Escape), the choice opens its environment; nothing found and a failed search are said in the
// list; a Viewer finds only their team's secrets and is offered no action they may not take; on a
// phone the field unfolds from a button and fits. Alongside: the switcher shows a plan the operator
// changed without a reload, deleting an environment says how many secrets go with it, and a dead
// share link offers nothing to show. Screenshots of the open list go to /tmp/search-*.png.
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { axeViolations, browserTestsRun, collectPageProblems } from "./helpers/browser.ts";
import {
  apiCall,
  createTreeThroughApi,
  dashboardLocators,
  type EnvTree,
  memberThroughStore,
  ownerWithEnvironmentForSuite,
  signInInBrowser,
} from "./helpers/dashboard-flows.ts";
import { runScript } from "./helpers/server-process.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 90_000;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!browserTestsRun)(
  "search from the header, and the smaller promises around it, in Chromium",
  () => {
    /** production: Platform / Payments API / Production, and its Staging and Preview. */
    const {
      stack,
      server,
      account: owner,
      tree: production,
      page,
      problems,
    } = ownerWithEnvironmentForSuite({
      team: "Platform",
      project: "Payments API",
      environment: "Production",
    });
    let staging: EnvTree;
    let preview: EnvTree;
    /** Data / Warehouse / Production: a team the Viewer is not in. */
    let warehouse: EnvTree;

    const combobox = () => page.getByRole("combobox", { name: "Search the workspace" });
    /** The search's options (the switcher's <option>s are options too). */
    const optionsOn = (on: Page) => on.getByRole("listbox", { name: "Secrets found" }).getByRole("option");
    const options = () => optionsOn(page);
    /** A line the list shows under its options, which its live region says too. */
    const said = async (on: Page, words: string) => {
      await on.locator(".header-search-popup").getByText(words).waitFor();
      await on.getByRole("status").filter({ hasText: words }).waitFor({ state: "attached" });
    };
    const add = (tree: EnvTree, secrets: { key: string; value: string; description?: string }[]) =>
      apiCall(server.url, "POST", `${secretsPath(tree)}/bulk`, owner.headers, { secrets });
    /** The page as it is, at its present width, light or dark, to /tmp/search-<engine>-<name>-<width>-<scheme>.png. */
    const shot = async (name: string, dark = false) => {
      const width = page.viewportSize()?.width ?? 0;
      await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
      await page.screenshot({
        path: join(tmpdir(), `search-${stack.engine}-${name}-${width}-${dark ? "dark" : "light"}.png`),
      });
      await page.emulateMedia({ colorScheme: "light" });
    };
    const setPlan = async (plan: string) => {
      const result = await runScript("admin", stack.storeEnv, ["set-plan", owner.workspaceId, plan]);
      expect(result.code, result.stderr).toBe(0);
    };
    /** The switcher's line for the Owner's workspace: "name · Owner · plan". */
    const switcherLine = () =>
      page.getByLabel("Workspace", { exact: true }).locator("option:checked").innerText();

    beforeAll(async () => {
      staging = await createTreeThroughApi(server.url, owner, { environment: "Staging" }, production);
      preview = await createTreeThroughApi(server.url, owner, { environment: "Preview" }, production);
      warehouse = await createTreeThroughApi(server.url, owner, {
        team: "Data",
        project: "Warehouse",
        environment: "Production",
      });
      await add(production, [
        { key: "STRIPE_SECRET_KEY", value: "sk_live_1", description: "Stripe live key for charges" },
        { key: "DATABASE_URL", value: "postgres://db/app" },
      ]);
      await add(staging, [
        { key: "STRIPE_WEBHOOK_SECRET", value: "whsec_1" },
        { key: "REDIS_URL", value: "redis://cache" },
        { key: "LOG_LEVEL", value: "debug" },
      ]);
      await add(preview, [{ key: "PREVIEW_TOKEN", value: "tok" }]);
      await add(warehouse, [{ key: "STRIPE_WAREHOUSE_TOKEN", value: "wh_1" }]);
    }, 120_000);

    it(
      'keyboard only: "/" focuses the search, a part of a key lists the matches, arrows and Enter open one',
      async () => {
        await signInInBrowser(page, server.url, owner);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.locator("#main").focus();
        await page.keyboard.press("/");
        await expect
          .poll(() => page.evaluate("document.activeElement.getAttribute('role')"))
          .toBe("combobox");
        await page.keyboard.type("stripe");
        await expect.poll(() => options().count()).toBe(3);
        const field = combobox();
        expect(await field.getAttribute("aria-expanded")).toBe("true");
        const listId = await field.getAttribute("aria-controls");
        expect(await page.locator(`[id="${listId}"]`).getAttribute("role")).toBe("listbox");
        // Sorted by key; each says where it lives, and its description when it has one.
        expect(await options().allInnerTexts()).toEqual([
          expect.stringMatching(
            /^STRIPE_SECRET_KEY — Payments API \/ Production\s+Stripe live key for charges$/,
          ),
          expect.stringMatching(/^STRIPE_WAREHOUSE_TOKEN — Warehouse \/ Production$/),
          expect.stringMatching(/^STRIPE_WEBHOOK_SECRET — Payments API \/ Staging$/),
        ]);
        await said(page, "3 secrets match.");

        // The arrows move the active option (wrapping), which the field names.
        const activeKey = async () => {
          const id = await field.getAttribute("aria-activedescendant");
          return id ? page.locator(`[id="${id}"] code`).innerText() : null;
        };
        expect(await activeKey()).toBeNull();
        await page.keyboard.press("ArrowUp");
        expect(await activeKey()).toBe("STRIPE_WEBHOOK_SECRET");
        await page.keyboard.press("ArrowDown");
        expect(await activeKey()).toBe("STRIPE_SECRET_KEY");
        await page.keyboard.press("ArrowDown");
        expect(await activeKey()).toBe("STRIPE_WAREHOUSE_TOKEN");
        expect(
          await options()
            .and(page.getByRole("option", { selected: true }))
            .innerText(),
        ).toMatch(/^STRIPE_WAREHOUSE_TOKEN/);

        // Escape closes the list and keeps the text; the arrow opens it again.
        await page.keyboard.press("Escape");
        expect(await field.getAttribute("aria-expanded")).toBe("false");
        expect(await options().first().isVisible()).toBe(false);
        expect(await field.inputValue()).toBe("stripe");
        await page.keyboard.press("ArrowDown");
        await expect.poll(() => field.getAttribute("aria-expanded")).toBe("true");

        expect(await axeViolations(page)).toEqual([]);
        await shot("open");
        await shot("open", true);

        for (let presses = 0; (await activeKey()) !== "STRIPE_WEBHOOK_SECRET" && presses < 5; presses++) {
          await page.keyboard.press("ArrowDown");
        }
        await page.keyboard.press("Enter");
        await page.waitForURL(
          `${server.url}/w/${owner.workspaceId}/env/${staging.teamId}/${staging.projectId}/${staging.environmentId}?key=STRIPE_WEBHOOK_SECRET`,
        );
        await page.getByRole("heading", { name: /Staging/ }).waitFor();
        // The table opens filtered to the key chosen: its row, on the first page, whatever its size.
        expect(await page.getByLabel("Search secrets").inputValue()).toBe("STRIPE_WEBHOOK_SECRET");
        await page.getByRole("row", { name: /STRIPE_WEBHOOK_SECRET/ }).waitFor();
        expect(await field.inputValue()).toBe("");
        expect(await field.getAttribute("aria-expanded")).toBe("false");
      },
      STEP_TIMEOUT,
    );

    it(
      'says when nothing matches, shows a failed search in the list, and leaves "/" to other fields',
      async () => {
        const field = combobox();
        await field.fill("NOTHING_LIKE_THIS");
        await said(page, "No secrets match “NOTHING_LIKE_THIS”.");
        expect(await field.getAttribute("aria-expanded")).toBe("false");
        expect(await options().count()).toBe(0);

        await page.route(/\/workspaces\/[^/]+\/search\?/, (route) =>
          route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ detail: "The search index is on fire", code: "internal_error" }),
          }),
        );
        await field.fill("REDIS");
        await said(page, "The search index is on fire");
        await page.unroute(/\/workspaces\/[^/]+\/search\?/);
        await page.keyboard.press("Escape");
        await page.keyboard.press("Escape");
        expect(await field.inputValue()).toBe("");

        // In another field "/" is a character, not the shortcut.
        const tableSearch = page.getByLabel("Search secrets");
        // The page still holds the key the last search opened it with.
        await tableSearch.fill("");
        await tableSearch.focus();
        await page.keyboard.type("a/b");
        expect(await tableSearch.inputValue()).toBe("a/b");
        await tableSearch.fill("");
      },
      STEP_TIMEOUT,
    );

    it(
      "on a phone, the search unfolds from a button as a row of its own, and fits",
      async () => {
        await page.setViewportSize(PHONE);
        const field = combobox();
        expect(await field.isVisible()).toBe(false);
        await page.getByRole("button", { name: "Search the workspace" }).click();
        await expect
          .poll(() => page.evaluate("document.activeElement.getAttribute('role')"))
          .toBe("combobox");
        await page.keyboard.type("stripe");
        await expect.poll(() => options().count()).toBe(3);
        const box = await field.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
        for (const option of await options().all()) {
          const optionBox = await option.boundingBox();
          expect(optionBox && optionBox.x + optionBox.width <= PHONE.width).toBe(true);
        }
        expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(PHONE.width);
        expect(await axeViolations(page)).toEqual([]);
        await shot("open");
        await shot("open", true);
        await page.keyboard.press("Escape"); // closes the list
        await page.keyboard.press("Escape"); // empties the field
        await page.keyboard.press("Escape"); // folds the row
        expect(await field.isVisible()).toBe(false);
        // Between the phone and a screen wide enough for one line, the header wraps: the page never
        // scrolls sideways, and Sign out stays on screen.
        for (const width of [760, 900, 1024, 1180, 1280, 1366, 1440]) {
          await page.setViewportSize({ width, height: 800 });
          expect(
            await page.evaluate("document.documentElement.scrollWidth"),
            `${width} px`,
          ).toBeLessThanOrEqual(width);
          const signOut = await page.getByRole("button", { name: "Sign out" }).boundingBox();
          expect(signOut && signOut.x + signOut.width <= width, `${width} px`).toBe(true);
          if (width === 1024)
            await page.screenshot({ path: join(tmpdir(), `search-${stack.engine}-header-1024.png`) });
        }
        await page.setViewportSize(DESKTOP);
      },
      STEP_TIMEOUT,
    );

    it(
      "a Viewer finds only their team's secrets, and is offered no action a Viewer may not take",
      async () => {
        const viewer = await memberThroughStore(stack, owner.workspaceId, Role.Viewer, [production.teamId]);
        const viewerPage = await (await stack.browser.newContext({ viewport: DESKTOP })).newPage();
        const viewerProblems = collectPageProblems(viewerPage);
        await signInInBrowser(viewerPage, server.url, viewer);
        const home = `${server.url}/w/${owner.workspaceId}`;
        await viewerPage.goto(home);
        await viewerPage.getByRole("heading", { name: "Platform" }).waitFor();

        await viewerPage.getByRole("combobox", { name: "Search the workspace" }).fill("stripe");
        await said(viewerPage, "2 secrets match.");
        expect(await optionsOn(viewerPage).allInnerTexts()).toEqual([
          expect.stringMatching(/^STRIPE_SECRET_KEY/),
          expect.stringMatching(/^STRIPE_WEBHOOK_SECRET/),
        ]);
        await viewerPage.keyboard.press("Escape");

        // The tree: nothing to create, rename, re-parent or delete.
        await viewerPage.getByRole("link", { name: /Staging/ }).waitFor();
        const { button } = dashboardLocators(viewerPage);
        expect(await button(/^(New |Create |Rename|Delete|Choose what)/).count()).toBe(0);
        // The navigation leaves out what Viewers may not use; typed in, those pages say why.
        const nav = viewerPage.getByRole("navigation", { name: "Main" });
        expect(await nav.getByRole("link").allInnerTexts()).toEqual(
          expect.not.arrayContaining(["Service accounts", "Webhooks", "Audit"]),
        );
        await viewerPage.goto(`${home}/service-accounts`);
        await viewerPage.getByText("Service accounts are for the workspace's Admins and Owners.").waitFor();
        expect(await button("New service account").count()).toBe(0);
        await viewerPage.goto(`${home}/webhooks`);
        await viewerPage.getByText("Webhooks are for the workspace's Admins and Owners.").waitFor();
        // Members: leaving is theirs; roles, removals and invites are not.
        await viewerPage.goto(`${home}/members`);
        await viewerPage.getByRole("table", { name: "Members" }).waitFor();
        expect(await button("Leave").count()).toBe(1);
        expect(await button(/^(Change role|Remove|Invite)/).count()).toBe(0);
        // An API key is the person's own: anyone may mint one.
        await viewerPage.goto(`${home}/api-keys`);
        await button("New API key").waitFor();
        expect(viewerProblems).toEqual([]);
        await viewerPage.context().close();
      },
      STEP_TIMEOUT,
    );

    it(
      "the switcher shows a plan the operator changed, without a reload: when focused, and after a 402",
      async () => {
        await page.goto(`${server.url}/w/${owner.workspaceId}`);
        await page.getByRole("heading", { name: "Platform" }).waitFor();
        expect(await switcherLine()).toMatch(/· free$/);
        await setPlan("pro");
        await page.getByLabel("Workspace", { exact: true }).focus();
        await expect.poll(switcherLine).toMatch(/· pro$/);
        await page.locator("#main").focus();

        // Back to free behind the page's back, with the two service accounts free allows taken.
        for (const name of ["ci-one", "ci-two"]) {
          await apiCall(
            server.url,
            "POST",
            `/workspaces/${owner.workspaceId}/service-accounts`,
            owner.headers,
            {
              name,
              role: Role.Viewer,
              team_ids: [],
            },
          );
        }
        await setPlan("free");
        await page.getByRole("link", { name: "Service accounts" }).click();
        await page.getByRole("heading", { name: "Service accounts" }).waitFor();
        expect(await switcherLine()).toMatch(/· pro$/); // nothing has asked yet
        await page.getByRole("button", { name: "New service account" }).click();
        await page.getByRole("dialog").getByLabel("Name", { exact: true }).fill("ci-three");
        await page.getByRole("dialog").getByRole("button", { name: "Create service account" }).click();
        await page.getByRole("dialog").getByRole("alert").waitFor();
        await expect.poll(switcherLine).toMatch(/· free$/);
        await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      },
      STEP_TIMEOUT,
    );

    it(
      "deleting an environment says how many secrets go with it, counted when the dialog opens",
      async () => {
        await page.getByRole("link", { name: "Projects" }).click();
        await page.getByRole("link", { name: /Staging/ }).waitFor();
        const dialog = page.getByRole("dialog");
        // While the count is read the dialog says so, then the number.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/metadata$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.getByRole("button", { name: "Delete environment Staging" }).click();
        await dialog.getByRole("heading", { name: "Delete Staging and its … secrets?" }).waitFor();
        release();
        await dialog.getByRole("heading", { name: "Delete Staging and its 3 secrets?" }).waitFor();
        await page.unroute(/\/metadata$/);
        expect(await axeViolations(page)).toEqual([]);
        await shot("delete-environment");
        await dialog.getByRole("button", { name: "Delete environment" }).click();
        await page.getByRole("link", { name: /Staging/ }).waitFor({ state: "detached" });

        // A count that cannot be read does not stand in the way: the delete is still offered.
        await page.route(/\/metadata$/, (route) =>
          route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ detail: "Try again in a moment", code: "unavailable" }),
          }),
        );
        await page.getByRole("button", { name: "Delete environment Preview" }).click();
        await dialog.getByRole("heading", { name: "Delete Preview and its secrets?" }).waitFor();
        await dialog.getByText("How many secrets it holds could not be read.").waitFor();
        await dialog.getByRole("button", { name: "Delete environment" }).click();
        await page.getByRole("link", { name: /Preview/ }).waitFor({ state: "detached" });
        await page.unroute(/\/metadata$/);
        const left = await apiCall<{ name: string }[]>(
          server.url,
          "GET",
          `/environments/${owner.workspaceId}/${production.teamId}/${production.projectId}/`,
          owner.headers,
        );
        expect(left.map((e) => e.name)).toEqual(["Production"]);
      },
      STEP_TIMEOUT,
    );

    it(
      "a share link that is used up, revoked, burnt or unknown says so, with nothing to show or copy",
      async () => {
        await setPlan("pro");
        const [stripe] = await apiCall<{ id: string; key: string }[]>(
          server.url,
          "GET",
          `${secretsPath(production)}/metadata`,
          owner.headers,
        ).then((secrets) => secrets.filter((s) => s.key === "STRIPE_SECRET_KEY"));
        const share = (body: object = {}) =>
          apiCall<{ id: string; browser_url: string }>(
            server.url,
            "POST",
            `${secretsPath(production)}/share`,
            owner.headers,
            {
              secret_ids: [stripe?.id],
              ...body,
            },
          );
        const reader = await (await stack.browser.newContext({ viewport: PHONE })).newPage();
        const show = () => reader.getByRole("button", { name: "Show the secrets" });
        const expectDead = async (words: string, heading = "This link no longer works") => {
          await reader.getByRole("heading", { name: heading }).waitFor();
          await reader.getByText(words).waitFor();
          expect(await show().count()).toBe(0);
          expect(await reader.getByRole("button", { name: /^Copy/ }).count()).toBe(0);
          expect(await reader.getByLabel("Passphrase").count()).toBe(0);
        };

        // Used up: the one view shows the value; opened again, the link is dead and says so.
        const once = await share({ max_views: 1 });
        await reader.goto(once.browser_url);
        await show().click();
        await reader.getByText("sk_live_1").waitFor();
        await reader.goto("about:blank");
        await reader.goto(once.browser_url);
        await show().click();
        await expectDead("its views are used up");
        await reader.screenshot({ path: join(tmpdir(), `search-${stack.engine}-share-dead-390-light.png`) });

        // Revoked by its maker.
        const revoked = await share();
        await apiCall(
          server.url,
          "DELETE",
          `/workspaces/${owner.workspaceId}/share-links/${revoked.id}`,
          owner.headers,
        );
        await reader.goto("about:blank");
        await reader.goto(revoked.browser_url);
        await show().click();
        await expectDead("it was revoked");

        // Burnt by wrong passphrases: the four before the last leave the form; the fifth ends it.
        const guarded = await share({ passphrase: "correct horse battery" });
        await reader.goto("about:blank");
        await reader.goto(guarded.browser_url);
        await show().click();
        for (let guess = 1; guess <= 5; guess++) {
          await reader.getByLabel("Passphrase").fill(`wrong guess ${guess}`);
          await show().click();
          if (guess < 5) await reader.getByText(`${5 - guess} attempt`).waitFor();
        }
        await expectDead("wrong passphrases have burnt this link");

        // A token that never was.
        await reader.goto("about:blank");
        await reader.goto(`${server.url}/s/#no-such-token`);
        await show().click();
        await expectDead("No share link has this address.", "This link does not open");
        await reader.context().close();
        expect(problems).toEqual([]);
      },
      STEP_TIMEOUT,
    );
  },
);
