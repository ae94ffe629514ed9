// Single sign-on in the dashboard, end to end in Chromium (issue 23): the sign-in screen offers
// "Sign in with <COFFER_OIDC_NAME>"; the browser goes through a real OpenID Connect provider
// (`oidc-provider` on 127.0.0.1, its login form filled in) and lands signed in. An Owner signed in
// with a password cannot require single sign-on (the switch says why); signed in through the
// provider, they require it on the Members page. Their password session then meets the prompt of a
// workspace that requires single sign-on, and its button takes them through the provider and back
// into the workspace. axe-core checks the screens; screenshots go to .test-results/screenshots/.
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, screenshots } from "./helpers/browser.ts";
import { signInInBrowser } from "./helpers/dashboard-flows.ts";
import { ssoDashboardForSuite } from "./helpers/sso-dashboard.ts";
import type { SsoAccount } from "./helpers/sso-provider.ts";

const STEP_TIMEOUT = 120_000;

describe.skipIf(!browserTestsRun)("single sign-on in Chromium", () => {
  /** base(): the browser's address, as COFFER_PUBLIC_URL names it (the provider redirects back there). */
  const { sso, stack, base, owner, newPage } = ssoDashboardForSuite("coffer-sso", STEP_TIMEOUT);
  let ownerAtProvider: SsoAccount;

  /** The provider's login form, as a person fills it in; then back in Coffer, in the workspace. */
  async function throughTheProvider(page: Page, account: SsoAccount) {
    await page.waitForURL((url) => url.origin === sso.issuer);
    await page.getByRole("heading", { name: "Acme identity" }).waitFor();
    await page.getByLabel("Username").fill(account.sub);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(new RegExp(`^${base()}/w/${owner.workspaceId}`));
  }

  const openMembers = async (page: Page) => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" }).click();
    await page.getByRole("heading", { name: "Members", level: 1 }).waitFor();
  };
  const ssoSwitch = (page: Page) =>
    page.getByRole("switch", { name: "Require sign-in with Acme SSO for every member" });

  beforeAll(async () => {
    ownerAtProvider = sso.addAccount({
      sub: `ada-${randomUUID().slice(0, 8)}`,
      email: owner.email,
      email_verified: true,
      given_name: "Ada",
      family_name: "Lovelace",
    });
  }, STEP_TIMEOUT);

  it(
    "does not let an Owner signed in with a password require single sign-on, and says why",
    async () => {
      const page = await newPage();
      await signInInBrowser(page, base(), owner);
      await openMembers(page);

      await ssoSwitch(page).waitFor();
      expect(await ssoSwitch(page).isDisabled()).toBe(true);
      expect(await ssoSwitch(page).isChecked()).toBe(false);
      await page.getByText("Sign in with Acme SSO yourself first").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "signs in from the sign-in screen's button, through the provider's login form",
    async () => {
      const page = await newPage();
      await page.goto(`${base()}/sign-in`);
      const button = page.getByRole("link", { name: "Sign in with Acme SSO" });
      await button.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "sso-sign-in", stack.engine);

      await button.click();
      await throughTheProvider(page, ownerAtProvider);

      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.getByRole("link", { name: /^Account settings for/ }).innerText()).toBe(
        "Grace Hopper",
      );
      // The session knows it came through single sign-on: the Sessions page says so.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sessions" }).click();
      await page.getByText("with single sign-on").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "lets the Owner require it; a password session then gets the prompt, whose button signs in through the provider",
    async () => {
      const ssoPage = await newPage();
      await ssoPage.goto(`${base()}/sign-in`);
      await ssoPage.getByRole("link", { name: "Sign in with Acme SSO" }).click();
      await throughTheProvider(ssoPage, ownerAtProvider);
      await openMembers(ssoPage);
      // Enabled once the page knows this session came through single sign-on.
      await expect.poll(() => ssoSwitch(ssoPage).isEnabled(), { timeout: 15_000 }).toBe(true);
      await ssoSwitch(ssoPage).click();
      const dialog = ssoPage.getByRole("dialog", { name: "Require sign-in with Acme SSO?" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Require it" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => ssoSwitch(ssoPage).isChecked(), { timeout: 15_000 }).toBe(true);
      expect(await axeViolations(ssoPage)).toEqual([]);
      await screenshots(ssoPage, "sso-requirement", stack.engine, { widths: ["desktop"] });

      // The same person in a browser signed in with the password.
      const passwordPage = await newPage();
      await signInInBrowser(passwordPage, base(), owner);
      const prompt = passwordPage.getByRole("heading", { name: "Sign in with single sign-on to continue" });
      await prompt.waitFor();
      expect(await passwordPage.getByRole("heading", { name: /Payments|Projects/ }).count()).toBe(0);
      expect(await axeViolations(passwordPage)).toEqual([]);
      await screenshots(passwordPage, "sso-required", stack.engine);
      await screenshots(passwordPage, "sso-required", stack.engine, { dark: true, widths: ["phone"] });

      await passwordPage.getByRole("main").getByRole("link", { name: "Sign in with Acme SSO" }).click();
      await throughTheProvider(passwordPage, ownerAtProvider);

      await passwordPage.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await prompt.count()).toBe(0);
      await openMembers(passwordPage);
      expect(await ssoSwitch(passwordPage).isChecked()).toBe(true);
    },
    STEP_TIMEOUT,
  );
});
