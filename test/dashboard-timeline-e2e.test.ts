// The environment's timeline in Chromium (issue 22), against a real server process on both engines:
// on the free plan it explains that it is part of Pro; after the operator's `set-plan … pro`, it lists
// what happened to the secrets, newest first, with who did it and no value; "Restore to just before
// this" on the update that broke things opens the restore preview at that moment, and applying it
// brings the secrets back as they were. axe-core on each step; screenshots at 375 and 1440 px go to
// .test-results/screenshots/.
import { describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  apiCall,
  dashboardLocators,
  environmentPageUrl,
  ownerWithEnvironmentForSuite,
  signInInBrowser,
} from "./helpers/dashboard-flows.ts";
import { runScript } from "./helpers/server-process.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 60_000;
const VALUES = {
  good: "postgres://db-one",
  bad: "postgres://db-typo",
  key: "api-key-one",
  late: "late-value",
};

describe.skipIf(!browserTestsRun)("the environment's timeline in Chromium", () => {
  const { stack, server, storeEnv, account, tree, page, problems } = ownerWithEnvironmentForSuite(
    { team: "Platform", project: "Checkout", environment: "Production" },
    { clipboard: true },
  );
  const { button, dialog, row } = dashboardLocators(page);

  const read = async () =>
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
  const write = (method: string, suffix: string, body?: unknown) =>
    apiCall<{ id: string }>(server.url, method, `${secretsPath(tree)}${suffix}`, account.headers, body);
  /** A dialog that fits the width it is shown at: nothing to scroll sideways. */
  const fitsItsWidth = () =>
    page.evaluate(
      `(() => {
        const open = document.querySelector("dialog[open]");
        return open !== null && open.scrollWidth <= open.clientWidth;
      })()`,
    ) as Promise<boolean>;

  const envUrl = () => environmentPageUrl(server.url, tree);

  it(
    "on the free plan, explains that the timeline is part of Pro",
    async () => {
      await write("POST", "/", { key: "DATABASE_URL", value: VALUES.good });
      await signInInBrowser(page, server.url, account);
      await page.goto(envUrl());
      await row("DATABASE_URL").waitFor();
      await button("Timeline").click();
      await dialog().getByText("The environment's timeline is part of the Pro plan.").waitFor();
      expect(await dialog().getByRole("alert").count()).toBe(0); // a hint, not an error
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "timeline-free", stack.engine, { widths: ["phone"] });
      await page.keyboard.press("Escape");
      await dialog().waitFor({ state: "hidden" });
    },
    STEP_TIMEOUT,
  );

  it(
    "after the move to Pro, lists what happened, newest first, with who and never a value",
    async () => {
      const result = await runScript("admin", storeEnv, ["set-plan", tree.workspaceId, "pro"]);
      expect(result.code, result.stderr).toBe(0);
      const apiKey = await write("POST", "/", { key: "PAYMENT_API_KEY", value: VALUES.key });
      const database = (
        await apiCall<{ id: string; key: string }[]>(
          server.url,
          "GET",
          `${secretsPath(tree)}/`,
          account.headers,
        )
      ).find((s) => s.key === "DATABASE_URL")!;
      // The incident: a bad value, a key deleted, one added.
      await write("PATCH", `/${database.id}`, { value: VALUES.bad });
      await write("DELETE", `/${apiKey.id}`);
      await write("POST", "/", { key: "LATE_KEY", value: VALUES.late });

      await page.goto(envUrl());
      await row("LATE_KEY").waitFor();
      await button("Timeline").click();
      const table = dialog().getByRole("table", { name: "Timeline of the environment" });
      const rows = table.locator("tbody tr");
      await expect.poll(() => rows.count()).toBe(5);
      const texts = await rows.allInnerTexts();
      expect(texts.map((t) => t.replace(/\s+/g, " "))).toEqual([
        expect.stringMatching(/created LATE_KEY as v1/),
        expect.stringMatching(/deleted PAYMENT_API_KEY /),
        expect.stringMatching(/updated DATABASE_URL to v2/),
        expect.stringMatching(/created PAYMENT_API_KEY as v1/),
        expect.stringMatching(/created DATABASE_URL as v1/),
      ]);
      // Who: the owner, for every event (a delete keeps the trail of what came before it).
      for (const text of texts) expect(text).toContain(account.email);
      const shown = await page.content();
      for (const value of Object.values(VALUES)) expect(shown).not.toContain(value);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "timeline", stack.engine);
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await fitsItsWidth()).toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });
    },
    STEP_TIMEOUT,
  );

  it(
    "restores to just before the bad update, after a preview, and the secrets are back",
    async () => {
      await dialog()
        .getByRole("button", { name: /^Restore to just before this\W+DATABASE_URL updated to v2,/ })
        .click();
      await dialog().getByRole("heading", { name: "Restore to a moment" }).waitFor();
      await dialog().getByText("Just before DATABASE_URL updated to v2").waitFor();
      // Previewed at once: the value goes back, the deleted key returns, the new one goes.
      const preview = dialog().getByRole("table", { name: "Restore preview" });
      await preview.getByText("LATE_KEY", { exact: true }).waitFor();
      await dialog().getByText("1 recreated").waitFor();
      await dialog().getByText("1 changed").waitFor();
      await dialog().getByText("1 removed").waitFor();
      expect(await dialog().innerText()).not.toContain(VALUES.bad);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "timeline-restore-preview", stack.engine);
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await fitsItsWidth()).toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });

      await dialog().getByRole("button", { name: "Restore to this moment" }).click();
      await dialog().getByRole("heading", { name: "Restored" }).waitFor();
      await page.keyboard.press("Escape");
      await row("LATE_KEY").waitFor({ state: "detached" });
      await row("PAYMENT_API_KEY").waitFor();
      expect(await read()).toEqual({ DATABASE_URL: VALUES.good, PAYMENT_API_KEY: VALUES.key });

      // The restore is on the timeline too, each change marked as part of it.
      await button("Timeline").click();
      const rows = dialog().getByRole("table", { name: "Timeline of the environment" }).locator("tbody tr");
      await expect.poll(() => rows.count()).toBe(8);
      const newest = (await rows.allInnerTexts()).slice(0, 3).map((t) => t.replace(/\s+/g, " "));
      expect([...newest].sort()).toEqual([
        expect.stringMatching(/deleted LATE_KEY by a restore to/),
        expect.stringMatching(/restored PAYMENT_API_KEY at v1 by a restore to/),
        expect.stringMatching(/rolled back DATABASE_URL to an earlier value, as v3 by a restore to/),
      ]);
      await screenshots(page, "timeline-after-restore", stack.engine, { widths: ["desktop"] });
      await page.keyboard.press("Escape");
    },
    STEP_TIMEOUT,
  );

  it("put no secret value in storage, and the page reported no errors", async () => {
    const stored = String(await page.evaluate("JSON.stringify({ ...localStorage, ...sessionStorage })"));
    for (const value of Object.values(VALUES)) expect(stored).not.toContain(value);
    expect(problems).toEqual([]);
  });
});
