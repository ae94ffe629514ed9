// A large environment in Chromium (issue 24): 2,000 secrets render a bounded page of rows, not
// 2,000 of them; the count, the pager, and search over the whole environment (not the page) work;
// long keys wrap only after an underscore.
import { beforeAll, describe, expect, it } from "vitest";
import { browserTestsRun } from "./helpers/browser.ts";
import {
  apiCall,
  environmentPageUrl,
  ownerWithEnvironmentForSuite,
  signInInBrowser,
} from "./helpers/dashboard-flows.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 90_000;
const COUNT = 2_000;
const key = (n: number) => `SERVICE_${String(n).padStart(4, "0")}_ENDPOINT_URL`;
/** Sorts last, and is too long for a phone's column on one line. */
const LONG = "ZULU_PAYMENTS_PROVIDER_WEBHOOK_SIGNING_SECRET_FOR_EUROPEAN_MERCHANTS";
const TOTAL = (COUNT + 1).toLocaleString("en");
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe.skipIf(!browserTestsRun)("a large environment in Chromium", () => {
  const { server, account, tree, page, problems } = ownerWithEnvironmentForSuite({
    team: "Platform",
    project: "Mesh",
    environment: "Production",
  });

  beforeAll(async () => {
    for (let start = 0; start < COUNT; start += 1000) {
      const secrets = Array.from({ length: 1000 }, (_, i) => ({
        key: key(start + i),
        value: `https://svc-${start + i}.internal`,
      }));
      await apiCall(server.url, "POST", `${secretsPath(tree)}/bulk`, account.headers, { secrets });
    }
    await apiCall(server.url, "POST", `${secretsPath(tree)}/`, account.headers, { key: LONG, value: "x" });
  }, 180_000);

  const domNodes = () => page.evaluate<number>("document.getElementsByTagName('*').length");

  it(
    "renders one page of rows, whatever the size of the environment",
    async () => {
      await signInInBrowser(page, server.url, account);
      await page.goto(environmentPageUrl(server.url, tree));
      await page.getByText(`${TOTAL} secrets`).waitFor();
      const rows = page.getByRole("table", { name: "Secrets" }).locator("tbody tr");
      await poll(() => rows.count()).toBe(100);
      expect(await domNodes()).toBeLessThan(4_000);
      await page.getByText(`1–100 of ${TOTAL} · page 1 of 21`).waitFor();

      const pager = page.getByRole("navigation", { name: "Secrets pages" });
      await pager.getByRole("button", { name: "Next" }).click();
      await page.getByText(key(100), { exact: true }).waitFor();
      await page.getByText(`101–200 of ${TOTAL} · page 2 of 21`).waitFor();
      expect(await rows.count()).toBe(100);
    },
    STEP_TIMEOUT,
  );

  it(
    "searches the whole environment, back on the first page, and counts what matches",
    async () => {
      // From page 2 (the previous test left it there), a search of many starts at its first page.
      await page.getByLabel("Search secrets").fill("SERVICE_1");
      await page.getByText("1–100 of 1,000 · page 1 of 10").waitFor();
      await page.getByText(key(1000), { exact: true }).waitFor();
      await page.getByLabel("Search secrets").fill("SERVICE_1999");
      await page.getByText(key(1999), { exact: true }).waitFor();
      await page.getByText(`1 of ${TOTAL} secrets`).waitFor();
      await poll(() => page.getByRole("navigation", { name: "Secrets pages" }).count()).toBe(0);
      await page.getByLabel("Search secrets").fill("");
      await page.getByText(key(0), { exact: true }).waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "wraps a long key after an underscore, never inside a word",
    async () => {
      await page.setViewportSize({ width: 320, height: 800 });
      await page.getByLabel("Search secrets").fill("ZULU");
      await page.getByText(LONG, { exact: true }).waitFor();
      // Each rendered line of the key ends at an underscore (or is the key's end).
      const lines = await page.evaluate<string[]>(
        `((code) => {
          const range = document.createRange();
          const out = [];
          let line = "", top = null;
          for (const node of code.childNodes) {
            if (node.nodeType !== 3) continue;
            for (let i = 0; i < node.length; i++) {
              range.setStart(node, i); range.setEnd(node, i + 1);
              const y = Math.round(range.getBoundingClientRect().top);
              if (top !== null && y !== top) { out.push(line); line = ""; }
              top = y; line += node.data[i];
            }
          }
          out.push(line);
          return out;
        })([...document.querySelectorAll("code.key")].find((c) => c.textContent === "${LONG}"))`,
      );
      expect(lines.join("")).toBe(LONG);
      expect(lines.length, "the key wraps at this width").toBeGreaterThan(1);
      for (const line of lines.slice(0, -1)) expect(line.endsWith("_"), JSON.stringify(lines)).toBe(true);
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});
