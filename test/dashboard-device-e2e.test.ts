// `coffer login` approved in the dashboard, end to end (issue 36, item 7): the real CLI runs
// `coffer login` (no TTY: it prints the URL and the code), Chromium opens that URL signed out, signs
// in (with a password, or through single sign-on at a real OpenID Connect provider) and comes back
// to the approval page, which names the machine; Approve signs the CLI in (`coffer whoami` works),
// Deny stops it. A code that waits for nobody says so. axe-core checks the page.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Readable } from "node:stream";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, screenshots } from "./helpers/browser.ts";
import { runCoffer, spawnCoffer, waitForMatch } from "./helpers/cli-process.ts";
import { signInInBrowser } from "./helpers/dashboard-flows.ts";
import { tempDir } from "./helpers/server-process.ts";
import { ssoDashboardForSuite } from "./helpers/sso-dashboard.ts";

const STEP_TIMEOUT = 120_000;

describe.skipIf(!browserTestsRun)("coffer login approved in Chromium", () => {
  /** base(): the dashboard's address as COFFER_PUBLIC_URL names it (the CLI prints URLs under it). */
  const { sso, stack, base, owner, newPage } = ssoDashboardForSuite("coffer-device", STEP_TIMEOUT);

  /** `coffer login` in a fresh home, and the code and URL it prints. */
  async function startLogin() {
    const where = { home: tempDir("coffer-device-home-"), cwd: tempDir("coffer-device-") };
    const login = spawnCoffer(["--api-url", stack.server.url, "login"], where);
    const printed = await waitForMatch(
      login.child.stderr as Readable,
      /\(or open (\S+\?code=([A-Z]{4}-[A-Z]{4}))\)/,
    );
    return { where, done: login.done, url: printed[1]!, code: printed[2]! };
  }

  const approvalHeading = (page: Page) =>
    page.getByRole("heading", { name: `Sign in the Coffer CLI on ${hostname()}?` });

  it(
    "signed out, the link from the terminal goes through sign-in and back; Approve signs the CLI in",
    async () => {
      const login = await startLogin();
      expect(login.url).toBe(`${base()}/device?code=${login.code}`);
      const page = await newPage();
      await page.goto(login.url);
      await page.waitForURL(/\/sign-in\?/);
      await page.getByLabel("Email").fill(owner.email);
      await page.getByLabel("Password").fill(owner.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();

      await approvalHeading(page).waitFor();
      await page.getByText(owner.email).waitFor();
      await page.getByText("Approve only if you ran").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "device-approve", stack.engine);
      await page.getByRole("button", { name: "Approve" }).click();
      await page.getByText(`The Coffer CLI on ${hostname()} is signed in as ${owner.email}`).waitFor();

      const result = await login.done;
      expect(result.code, result.stderr).toBe(0);
      const whoami = await runCoffer(["--api-url", stack.server.url, "whoami"], login.where);
      expect(whoami.code, whoami.stderr).toBe(0);
      expect(whoami.stdout).toContain(owner.email);
    },
    STEP_TIMEOUT,
  );

  it(
    "signed in, the code typed on /device can be denied: the CLI stops, signed in nowhere",
    async () => {
      const page = await newPage();
      await signInInBrowser(page, base(), owner);

      // A code that waits for nobody (mistyped, or expired) says so.
      await page.goto(`${base()}/device`);
      const field = page.getByLabel("Enter the code shown in your terminal");
      await field.fill("BCDF-GHJK");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("No sign-in waits for this code").waitFor();

      const login = await startLogin();
      await field.fill(login.code.toLowerCase());
      await page.getByRole("button", { name: "Continue" }).click();
      await approvalHeading(page).waitFor();
      await page.getByRole("button", { name: "Deny" }).click();
      await page.getByText(`The Coffer CLI on ${hostname()} was not signed in.`).waitFor();

      const result = await login.done;
      expect(result.code).toBe(3);
      expect(result.stderr).toContain("the sign-in was denied in the browser");
    },
    STEP_TIMEOUT,
  );

  it(
    "an account that signs in through single sign-on approves after the provider's round trip",
    async () => {
      const account = sso.addAccount({
        sub: `grace-${randomUUID().slice(0, 8)}`,
        email: `sso-${randomUUID().slice(0, 8)}@example.com`,
        email_verified: true,
        given_name: "Grace",
        family_name: "Hopper",
      });
      const login = await startLogin();
      const page = await newPage();
      await page.goto(login.url);
      await page.waitForURL(/\/sign-in\?/);
      await page.getByRole("link", { name: "Sign in with Acme SSO" }).click();
      await page.waitForURL((url) => url.origin === sso.issuer);
      await page.getByLabel("Username").fill(account.sub);
      await page.getByRole("button", { name: "Sign in" }).click();

      // The provider brings the browser back to `/`, which brings it back to the code.
      await approvalHeading(page).waitFor();
      await page.getByRole("button", { name: "Approve" }).click();
      await page.getByText(`is signed in as ${account.email}`).waitFor();
      const result = await login.done;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(account.email!);
      const whoami = await runCoffer(["--api-url", stack.server.url, "whoami"], login.where);
      expect(whoami.stdout).toContain(account.email!);
    },
    STEP_TIMEOUT,
  );
});
