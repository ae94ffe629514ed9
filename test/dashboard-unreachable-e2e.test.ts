// The dashboard when Coffer stops answering (issue 24), in Chromium through a TCP proxy the test
// cuts: a banner says so instead of "Failed to fetch", what was on the page stays, and once the
// server answers again the page recovers without a reload.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  apiCall,
  environmentPageUrl,
  ownerWithEnvironmentForSuite,
  signInInBrowser,
} from "./helpers/dashboard-flows.ts";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 60_000;

describe.skipIf(!browserTestsRun)("the dashboard while Coffer is unreachable", () => {
  const { stack, account, tree, page, problems } = ownerWithEnvironmentForSuite({
    team: "Platform",
    project: "Billing",
    environment: "Production",
  });
  let proxy: TcpProxy;
  let base = "";

  beforeAll(async () => {
    await apiCall(stack.server.url, "POST", `${secretsPath(tree)}/`, account.headers, {
      key: "DATABASE_URL",
      value: "postgres://db/app",
    });
    // The browser reaches Coffer only through the proxy: cutting it is the server going away.
    proxy = await startTcpProxy("127.0.0.1", stack.server.port);
    base = `http://127.0.0.1:${proxy.port}`;
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await stack?.close();
  });

  const banner = () => page.getByRole("alert").filter({ hasText: "Coffer cannot be reached." });

  it(
    "says the server cannot be reached, keeps the page, and recovers without a reload",
    async () => {
      await signInInBrowser(page, base, account);
      await page.goto(environmentPageUrl(base, tree));
      const row = page.getByRole("row").filter({ hasText: "DATABASE_URL" });
      await row.waitFor();
      expect(await banner().count()).toBe(0);

      await proxy.cut("refuse");
      await page.getByRole("button", { name: "Reload secrets" }).click();
      await banner().waitFor({ timeout: 15_000 });
      expect(await page.locator("body").innerText()).not.toMatch(/Failed to fetch|NetworkError/);
      await row.waitFor(); // what the page showed is still there
      await screenshots(page, "unreachable", stack.engine, { widths: ["desktop"] });

      await proxy.restore();
      await page.getByRole("button", { name: "Retry now" }).click();
      await banner().waitFor({ state: "detached", timeout: 15_000 });
      await row.waitFor();
      // Problems the outage itself caused (failed loads) are expected; nothing else is.
      expect(
        problems.filter((p) => !/Failed to load resource|ERR_CONNECTION|Failed to fetch/.test(p)),
      ).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});
