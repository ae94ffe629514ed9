// The dashboard's audit screen in Chromium, against a real server process on this run's engine:
// entries read as what and where ("deleted DOOMED_KEY in Payments API / Production", even after the
// secret is gone), a bulk operation is one entry whose keys open behind a disclosure button, the
// filters live in the URL (a reload keeps them) and page with Load more, the CSV export carries the
// filters and never a value, and axe finds nothing wrong, light or dark, desktop or phone.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/connect.ts";
import { axeViolations, browserTestsRun } from "./helpers/browser.ts";
import {
  apiCall,
  createTreeThroughApi,
  type EnvTree,
  ownerWithEnvironmentForSuite,
  signInInBrowser,
} from "./helpers/dashboard-flows.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 60_000;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
/** Values that must never reach the page or an export. */
const VALUES = { doomed: `doomed-${randomUUID()}`, bulk: `bulk-${randomUUID()}` };
const BULK_KEYS = ["BULK_ALPHA", "BULK_BETA", "BULK_GAMMA"];
const PAGED = 51;

describe.skipIf(!browserTestsRun)("the audit screen in Chromium", () => {
  const {
    stack,
    server,
    account,
    tree: production,
    page,
    problems,
  } = ownerWithEnvironmentForSuite({ team: "Platform", project: "Payments API", environment: "Production" });
  let development: EnvTree;
  let doomedId = "";

  beforeAll(async () => {
    development = await createTreeThroughApi(server.url, account, { environment: "Development" }, production);
  }, 120_000);

  const rows = () => page.getByRole("table", { name: "Audit trail" }).locator("tbody tr");
  const rowTexts = () => rows().allInnerTexts();
  const button = (name: string) => page.getByRole("button", { name, exact: true });

  /** Saves the page at 1440 and 390 px, light and dark, to /tmp/audit-<engine>-<name>-<width>[-dark].png. */
  async function screenshots(name: string) {
    const original = page.viewportSize();
    for (const dark of [false, true]) {
      await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
        const path = `/tmp/audit-${stack.engine}-${name}-${width}${dark ? "-dark" : ""}.png`;
        await page.screenshot({ path, fullPage: true });
        // The screen never scrolls sideways: on a phone the table turns into cards. (The header
        // is the shell's, measured by its own tests.)
        const screen = page.locator("section.audit");
        expect(await screen.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
        expect(await screen.evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(width);
      }
    }
    if (original) await page.setViewportSize(original);
    await page.emulateMedia({ colorScheme: "light" });
  }

  it(
    "an audit entry names a deleted secret, by its key and where it was",
    async () => {
      const created = await apiCall<{ id: string }>(
        server.url,
        "POST",
        `${secretsPath(production)}/`,
        account.headers,
        {
          key: "DOOMED_KEY",
          value: VALUES.doomed,
        },
      );
      doomedId = created.id;
      await apiCall(server.url, "DELETE", `${secretsPath(production)}/${doomedId}`, account.headers);
      // A wrong password for the account: the trail tells the address tried and why it failed.
      const refused = await fetch(`${server.url}/auth/login`, {
        method: "POST",
        body: new URLSearchParams({ username: account.email, password: "not the password" }),
      });
      expect(refused.status).toBe(401);

      await signInInBrowser(page, server.url, account);
      await page.getByRole("link", { name: "Audit", exact: true }).click();
      await page.getByRole("heading", { name: "Audit trail" }).waitFor();
      const deleted = rows().filter({ hasText: "deleted DOOMED_KEY in Payments API / Production" });
      await deleted.waitFor();
      expect(await deleted.innerText()).not.toContain(doomedId.slice(0, 8));
      await rows()
        .filter({ hasText: `failed to sign in as ${account.email}: wrong password` })
        .waitFor();
      await rows().filter({ hasText: "signed in with a password" }).first().waitFor();
      for (const text of await rowTexts()) expect(text).not.toMatch(/\b(secret|environment) [0-9a-f]{8}\b/);
    },
    STEP_TIMEOUT,
  );

  it(
    "shows a bulk create as one entry, whose expander lists its three keys",
    async () => {
      const secrets = BULK_KEYS.map((key) => ({ key, value: VALUES.bulk }));
      await apiCall(server.url, "POST", `${secretsPath(development)}/bulk`, account.headers, { secrets });
      await page.reload();
      const bulk = rows().filter({ hasText: "3 secrets" });
      await bulk.waitFor();
      expect(await bulk.count()).toBe(1);
      expect(await bulk.innerText()).toContain("created 3 secrets in Payments API / Development");
      // One entry for the operation: not one per secret.
      for (const key of BULK_KEYS) {
        expect(
          await rows()
            .filter({ hasText: `created ${key}` })
            .count(),
        ).toBe(0);
      }

      const expander = bulk.getByRole("button", { name: "Show 3 keys" });
      expect(await expander.getAttribute("aria-expanded")).toBe("false");
      await expander.click();
      const hide = bulk.getByRole("button", { name: "Hide 3 keys" });
      expect(await hide.getAttribute("aria-expanded")).toBe("true");
      const list = page.locator(`[id="${await hide.getAttribute("aria-controls")}"]`);
      expect(await list.getByRole("listitem").allInnerTexts()).toEqual(
        expect.arrayContaining(BULK_KEYS.map((key) => expect.stringContaining(key))),
      );
      // Each key says what happened to it, from the operation's items (?batch=).
      await poll(() => list.innerText()).toContain("created, v1");
      expect(await page.content()).not.toContain(VALUES.bulk);
      await screenshots("bulk-open");
    },
    STEP_TIMEOUT,
  );

  it(
    "filters by action and by environment, in the URL, and a reload keeps them",
    async () => {
      await page.getByLabel("Action").selectOption("secret.deleted");
      await page.waitForURL(/action=secret\.deleted/);
      await poll(rowTexts).toHaveLength(1);
      expect((await rowTexts())[0]).toContain("deleted DOOMED_KEY");
      await page.reload();
      expect(await page.getByLabel("Action").inputValue()).toBe("secret.deleted");
      await poll(rowTexts).toHaveLength(1);

      await button("Clear filters").click();
      await page.waitForURL((u) => u.search === "");
      await page.getByLabel("Environment").selectOption({ label: "Development" });
      await page.waitForURL(new RegExp(`environment=${development.environmentId}`));
      // An empty list, while the filtered page loads, would pass `every`: wait for the rows themselves.
      await poll(async () => {
        const texts = await rowTexts();
        return texts.length > 0 && texts.every((t) => t.includes("Development"));
      }).toBe(true);
      const inDevelopment = await rowTexts();
      expect(inDevelopment.some((t) => t.includes("created 3 secrets"))).toBe(true);
      expect(inDevelopment.some((t) => t.includes("DOOMED_KEY"))).toBe(false);
      await page.reload();
      expect(await page.getByLabel("Environment").inputValue()).toBe(development.environmentId);
      await poll(rowTexts).toEqual(inDevelopment);
      await screenshots("filtered");
    },
    STEP_TIMEOUT,
  );

  it(
    "narrows the trail to the last 24 hours, yesterday or the last 7 days with one click (issue 36, item 11)",
    async () => {
      await page.goto(`${server.url}/w/${account.workspaceId}/audit`);
      const preset = (name: string) => page.getByRole("button", { name, exact: true });
      await preset("Last 24 hours").click();
      await page.waitForURL(/within=24h/);
      expect(await preset("Last 24 hours").getAttribute("aria-pressed")).toBe("true");
      await poll(async () => (await rowTexts()).some((t) => t.includes("deleted DOOMED_KEY"))).toBe(true);

      const now = new Date();
      const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
      const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, "0")}-${String(yesterday.getDate()).padStart(2, "0")}`;
      await preset("Yesterday").click();
      await page.waitForURL(new RegExp(`from=${day}&to=${day}`));
      expect(page.url()).not.toContain("within=");
      expect(await page.getByLabel("From").inputValue()).toBe(day);
      await page.getByText("No entries match these filters.").waitFor();

      await preset("Last 7 days").click();
      await poll(async () => (await rowTexts()).some((t) => t.includes("deleted DOOMED_KEY"))).toBe(true);
      expect(await preset("Last 7 days").getAttribute("aria-pressed")).toBe("true");
      expect(await preset("Yesterday").getAttribute("aria-pressed")).toBe("false");
      await button("Clear filters").click();
      await page.waitForURL((u) => u.search === "");
    },
    STEP_TIMEOUT,
  );

  it(
    "says an environment's rename before and after",
    async () => {
      const environment = `/environments/${production.workspaceId}/${production.teamId}/${production.projectId}/${production.environmentId}/`;
      await apiCall(server.url, "PATCH", environment, account.headers, { name: "Live" });
      await apiCall(server.url, "PATCH", environment, account.headers, { name: "Production" });
      await page.goto(`${server.url}/w/${account.workspaceId}/audit?action=environment.updated`);
      await poll(rowTexts).toHaveLength(2);
      const [back, renamed] = await rowTexts();
      expect(renamed).toContain("name: Production → Live");
      expect(back).toContain("name: Live → Production");
      // Where the previous step left the page, for the next one.
      await page.goto(
        `${server.url}/w/${account.workspaceId}/audit?environment=${development.environmentId}`,
      );
      await poll(rowTexts).not.toHaveLength(0);
    },
    STEP_TIMEOUT,
  );

  it(
    "pages a filtered trail with Load more",
    async () => {
      for (let i = 0; i < PAGED; i++) {
        await apiCall(server.url, "POST", `${secretsPath(development)}/`, account.headers, {
          key: `PAGED_${String(i).padStart(2, "0")}`,
          value: VALUES.bulk,
        });
      }
      await page.getByLabel("Action").selectOption("secret.created");
      await page.waitForURL(/action=secret\.created/);
      expect(page.url()).toContain(`environment=${development.environmentId}`);
      await poll(() => rows().count()).toBe(50);
      await button("Load more").click();
      await poll(() => rows().count()).toBe(PAGED);
      await page.getByText(`${PAGED} entries, the whole trail for these filters.`).waitFor();
      for (const text of await rowTexts())
        expect(text).toMatch(/created PAGED_\d\d in Payments API \/ Development/);
      await button("Clear filters").click();
    },
    STEP_TIMEOUT,
  );

  it(
    "exports the trail as CSV and JSON, with the filters, and never a value",
    async () => {
      await page.getByLabel("Environment").selectOption({ label: "Development" });
      await page.waitForURL(/environment=/);
      const [csvDownload] = await Promise.all([page.waitForEvent("download"), button("Export CSV").click()]);
      expect(csvDownload.suggestedFilename()).toMatch(/^coffer-audit-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await csvDownload.path())!, "utf8");
      const [header, ...lines] = csv.trim().split("\n");
      expect(header).toMatch(
        /^created_at,action,actor_type,actor_name,actor_id,key,count,project_name,environment_name,/,
      );
      expect(csv).toContain("BULK_ALPHA");
      expect(csv).toContain("environment.secrets_created");
      // The environment filter went with it: Production's deletion is not in it.
      expect(csv).not.toContain("DOOMED_KEY");
      expect(lines.length).toBeGreaterThan(PAGED);
      expect(csv).not.toContain(VALUES.bulk);

      await button("Clear filters").click();
      await page.waitForURL((u) => u.search === "");
      const [jsonDownload] = await Promise.all([
        page.waitForEvent("download"),
        button("Export JSON").click(),
      ]);
      const json = await readFile((await jsonDownload.path())!, "utf8");
      const entries = JSON.parse(json) as { action: string; details: { key?: string } }[];
      expect(entries.some((e) => e.action === "secret.deleted" && e.details.key === "DOOMED_KEY")).toBe(true);
      expect(json).not.toContain(VALUES.doomed);
      expect(json).not.toContain(VALUES.bulk);
    },
    STEP_TIMEOUT,
  );

  it(
    "has no axe violations, light or dark, with a bulk entry open",
    async () => {
      // The 51 newer entries pushed the bulk create to the second page: the action filter finds it.
      await page.getByLabel("Action").selectOption("environment.secrets_created");
      await rows().filter({ hasText: "3 secrets" }).getByRole("button", { name: "Show 3 keys" }).click();
      expect(await axeViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: "dark" });
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await axeViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: "light" });
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshots("trail");
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "verifies the trail's chain on request, and names the entry where it breaks once the database is edited",
    async () => {
      await page.goto(`${server.url}/w/${account.workspaceId}/audit`);
      const chain = page.getByRole("region", { name: "Tamper evidence" });
      await chain.getByText("Never verified.").waitFor();
      await chain.getByRole("button", { name: "Verify now" }).click();
      await chain.getByText(/Verified just now: the chain holds \(\d+ entries checked\)/).waitFor();

      // Someone with the database edits one entry: the next verification names it.
      const { db } = openDatabase({
        databaseUrl: stack.storeEnv.DATABASE_URL,
        dataDir: stack.storeEnv.COFFER_DATA_DIR!,
      });
      try {
        await db
          .updateTable("audit_events")
          .set({ actor_name: "nobody@example.com" })
          .where("workspace_id", "=", account.workspaceId)
          .where("sequence", "=", 3)
          .execute();
      } finally {
        await db.destroy();
      }
      await chain.getByRole("button", { name: "Verify now" }).click();
      await chain.getByText("Verified just now: it does not hold.").waitFor();
      await chain
        .getByRole("alert")
        .getByText(/Broken at entry #3: an entry was changed/)
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshots("chain-broken");
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});
