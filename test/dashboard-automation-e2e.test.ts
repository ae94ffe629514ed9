// The automation screens end to end in Chromium (issue 21): an Owner mints a personal key narrowed
// in the browser (read-only, one environment, one address range) and the API holds it to exactly
// that; creates a service account, mints its scoped key, sees its last use and the audit naming it;
// adds an OIDC trust on a real issuer on loopback whose tokens the API then exchanges, and a GitHub
// Actions trust with its workflow; disables, re-enables, revokes and deletes. Screenshots at 375
// and 1440 px (one dark) go to .test-results/screenshots/.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  type DashboardStack,
  type Headers,
  httpJson,
  httpSignIn,
  newDesktopPage,
  type Person,
  signUpInBrowser,
  startDashboardStack,
} from "./helpers/dashboard-flows.ts";
import { type Issuer, startIssuer } from "./helpers/oidc-issuer.ts";
import type { ServerProcess } from "./helpers/server-process.ts";

const STEP_TIMEOUT = 60_000;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe.skipIf(!browserTestsRun)("the automation screens in Chromium", () => {
  let stack: DashboardStack;
  let engine: string;
  let server: ServerProcess;
  let browser: Browser;
  let issuer: Issuer;
  let page: Page;
  let problems: string[];
  const ada: Person = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada-${randomUUID()}@example.com`,
    password: `pw-${randomUUID()}`,
  };
  let ws = "";
  let apiHeaders: Headers;
  const env = { team: "", project: "", production: "", staging: "" };
  let accountId = "";
  let accountToken = "";

  const secretsOf = (environment: string) => `/secrets/${ws}/${env.team}/${env.project}/${environment}/`;
  const api = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
    httpJson(server.url, method, path, apiHeaders, body);
  const withKey = (token: string, method: "GET" | "POST", path: string, body?: unknown) =>
    httpJson(server.url, method, path, { "x-api-key": token }, body);
  const codeOf = (answer: { status: number; body: unknown }) =>
    `${answer.status} ${(answer.body as { code?: string } | null)?.code ?? ""}`.trim();

  const button = (name: string | RegExp) =>
    page.getByRole("button", { name, exact: typeof name === "string" });
  const dialog = () => page.getByRole("dialog");
  const rowIn = (caption: string, text: string) =>
    page
      .getByRole("table", { name: caption })
      .getByRole("row")
      .filter({ has: page.getByText(text, { exact: true }) });
  const nav = (name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

  beforeAll(async () => {
    issuer = await startIssuer();
    // The loopback issuer is reachable only because the operator allows 127.0.0.1.
    stack = await startDashboardStack({ COFFER_OUTBOUND_ALLOW: "127.0.0.1/32" });
    ({ engine, server, browser } = stack);
    ({ page, problems } = await newDesktopPage(browser, { clipboardFor: server.url }));
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await issuer?.stop();
  });

  it(
    "an Owner signs up; a project with two environments is built over HTTP",
    async () => {
      ws = await signUpInBrowser(page, server.url, ada);
      apiHeaders = await httpSignIn(server.url, ada.email, ada.password, "automation-e2e-setup");
      env.team = ((await api("POST", `/teams/${ws}/`, { name: "Platform" })).body as { id: string }).id;
      env.project = (
        (await api("POST", `/projects/${ws}/${env.team}/`, { name: "Billing API" })).body as { id: string }
      ).id;
      for (const name of ["Production", "Staging"] as const) {
        const created = await api("POST", `/environments/${ws}/${env.team}/${env.project}/`, {
          name,
          environment_type: name === "Production" ? "prod" : "staging",
        });
        const id = (created.body as { id: string }).id;
        env[name === "Production" ? "production" : "staging"] = id;
        expect(
          (await api("POST", secretsOf(id), { key: "DATABASE_URL", value: `postgres://${name}` })).status,
        ).toBe(201);
      }
      await page.reload();
      await page.getByRole("heading", { name: "Platform" }).waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "mints a personal key narrowed in the browser; the API holds it to that scope",
    async () => {
      await nav("API keys").click();
      await page.getByText("No API keys yet.").waitFor();
      await button("New API key").click();
      await dialog().getByLabel("Name", { exact: true }).fill("prod-reader");
      await dialog().getByLabel("Read-only").check();
      await dialog().getByLabel("Only the projects and environments chosen below").check();
      // Nothing chosen yet: the dialog says so instead of sending.
      await dialog().getByRole("button", { name: "Create key" }).click();
      await dialog()
        .getByText(/Choose at least one project or environment/)
        .first()
        .waitFor();
      await dialog().getByLabel("Billing API / Production").check();
      await dialog()
        .getByLabel(/Allowed client addresses/)
        .fill("127.0.0.0/8");
      await screenshots(page, "api-key-scope", engine, { widths: ["desktop"] });
      expect(await axeViolations(page)).toEqual([]);
      await dialog().getByRole("button", { name: "Create key" }).click();
      const token = (await page.getByTestId("new-api-key").innerText()).trim();
      // How to use it (issue 36, item 5): the variable and the command, with this key.
      const usage = await page.getByTestId("key-usage").innerText();
      expect(usage).toContain(`export COFFER_TOKEN=${token}`);
      expect(usage).toMatch(/export COFFER_API_URL=http:\/\/127\.0\.0\.1:\d+/);
      expect(usage).toContain("coffer run -- <your command>");
      await dialog().getByRole("button", { name: "Done" }).click();

      const row = rowIn("API keys", "prod-reader");
      await row.waitFor();
      const scope = await row.locator("td").nth(5).innerText();
      expect(scope).toContain("Read-only");
      expect(scope).toContain("Billing API / Production");
      expect(scope).toContain("from 127.0.0.0/8");

      expect((await withKey(token, "GET", secretsOf(env.production))).status).toBe(200);
      expect(codeOf(await withKey(token, "GET", secretsOf(env.staging)))).toBe("403 key_scope_forbidden");
      expect(
        codeOf(await withKey(token, "POST", secretsOf(env.production), { key: "NEW", value: "x" })),
      ).toBe("403 key_scope_forbidden");
      expect(codeOf(await withKey(token, "POST", "/keys/", { name: "more" }))).toMatch(/^403 /);

      // A key allowed only elsewhere is refused from here with its own code.
      await button("New API key").click();
      await dialog().getByLabel("Name", { exact: true }).fill("office-only");
      await dialog()
        .getByLabel(/Allowed client addresses/)
        .fill("203.0.113.0/24");
      await dialog().getByRole("button", { name: "Create key" }).click();
      const elsewhere = (await page.getByTestId("new-api-key").innerText()).trim();
      await dialog().getByRole("button", { name: "Done" }).click();
      expect(codeOf(await withKey(elsewhere, "GET", "/auth/me"))).toBe("401 api_key_address_refused");
      await poll(() => rowIn("API keys", "office-only").locator("td").nth(5).innerText()).toContain(
        "Every workspace of yours",
      );

      // The use shows as the key's last use.
      await page.reload();
      await poll(() => rowIn("API keys", "prod-reader").locator("td").nth(4).innerText()).not.toBe("never");
      await screenshots(page, "api-keys-scoped", engine);
    },
    STEP_TIMEOUT,
  );

  it(
    "creates a service account, mints its scoped key, and the audit trail names it",
    async () => {
      await nav("Service accounts").click();
      await page.getByText(/No service accounts yet/).waitFor();
      await button("New service account").click();
      await dialog().getByLabel("Name", { exact: true }).fill("deployer");
      await dialog().getByLabel("Description (optional)").fill("Production deploys");
      await dialog().getByLabel("Viewer").check();
      await dialog().getByLabel("Platform").check();
      await dialog().getByRole("button", { name: "Create service account" }).click();
      const listed = rowIn("Service accounts", "deployer");
      await listed.waitFor();
      expect(await listed.innerText()).toMatch(/Viewer[\s\S]*Platform[\s\S]*Active/);
      await screenshots(page, "service-accounts", engine);
      expect(await axeViolations(page)).toEqual([]);

      await listed.getByRole("link", { name: "deployer" }).click();
      await page.getByRole("heading", { name: /deployer/, level: 1 }).waitFor();
      accountId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
      await page.getByText(/No keys\./).waitFor();
      await button("New key").click();
      await dialog().getByLabel("Name", { exact: true }).fill("prod-deploy");
      // Service-account keys start read-only, on the whole workspace.
      expect(await dialog().getByLabel("Read-only").isChecked()).toBe(true);
      await dialog().getByLabel("Only the projects and environments chosen below").check();
      await dialog().getByLabel("Billing API / Production").check();
      await dialog().getByRole("button", { name: "Create key" }).click();
      accountToken = (await page.getByTestId("new-api-key").innerText()).trim();
      expect(accountToken.startsWith("sk-svc-")).toBe(true);
      await dialog().getByRole("button", { name: "Done" }).click();
      const keyRow = rowIn("Keys", "prod-deploy");
      await keyRow.waitFor();
      expect(await keyRow.innerText()).toContain("Billing API / Production");

      expect((await withKey(accountToken, "GET", secretsOf(env.production))).status).toBe(200);
      expect(codeOf(await withKey(accountToken, "GET", secretsOf(env.staging)))).toBe(
        "403 key_scope_forbidden",
      );
      await page.reload();
      await poll(() => rowIn("Keys", "prod-deploy").locator("td").nth(3).innerText()).not.toBe("never");

      // A secret written by a read-write key of the account is audited as the account, through that key.
      await button("New key").click();
      await dialog().getByLabel("Name", { exact: true }).fill("writer");
      await dialog()
        .getByLabel(/Read and write/)
        .check();
      await dialog().getByRole("button", { name: "Create key" }).click();
      const writer = (await page.getByTestId("new-api-key").innerText()).trim();
      await dialog().getByRole("button", { name: "Done" }).click();
      const write = () =>
        withKey(writer, "POST", secretsOf(env.staging), { key: "FROM_CI", value: `v-${randomUUID()}` });
      // A Viewer's role still bounds a read-write key; made a Member in the edit dialog, it writes.
      expect(codeOf(await write())).toBe("403 forbidden");
      await button("Edit").click();
      await dialog().getByLabel("Member").check();
      await dialog().getByRole("button", { name: "Save" }).click();
      // The dialog closes once the change is saved (the page has said "Member" all along, in the form).
      await dialog().waitFor({ state: "detached" });
      expect((await write()).status).toBe(201);
      await nav("Audit").click();
      await page.getByText("deployer (service account, key writer)").first().waitFor();
      await page.goBack();
      await screenshots(page, "service-account", engine);
    },
    STEP_TIMEOUT,
  );

  it(
    "adds OIDC trusts: a loopback issuer's tokens are exchanged; GitHub's shows its workflow",
    async () => {
      await button("Add trust").click();
      await dialog()
        .getByLabel(/Another OIDC issuer/)
        .check();
      await dialog().getByLabel("Issuer URL").fill(issuer.url);
      await dialog().getByLabel("Subject pattern").fill("repo:acme/payments:ref:refs/heads/*");
      await dialog().getByLabel("Audience").fill("coffer");
      await dialog()
        .getByLabel(/Further claims/)
        .fill("repository_owner=acme\nbad line");
      await dialog().getByLabel("Name (optional)").fill("loopback CI");
      await dialog().getByRole("button", { name: "Add trust" }).click();
      await dialog()
        .getByText(/line 2: write claim=pattern/)
        .waitFor();
      await dialog()
        .getByLabel(/Further claims/)
        .fill("repository_owner=acme");
      await dialog().getByLabel("Only the projects and environments chosen below").check();
      await dialog().getByLabel("Billing API / Production").check();
      await dialog().getByRole("button", { name: "Add trust" }).click();
      const trustRow = rowIn("OIDC trusts", "loopback CI");
      await trustRow.waitFor();
      expect(await trustRow.innerText()).toContain("repository_owner");

      const exchanged = await httpJson(
        server.url,
        "POST",
        "/auth/oidc/exchange",
        {},
        {
          token: await issuer.token({ aud: "coffer", repository_owner: "acme" }),
          service_account_id: accountId,
        },
      );
      expect(exchanged.status).toBe(200);
      const access = (exchanged.body as { access_token: string }).access_token;
      expect((await withKey(access, "GET", secretsOf(env.production))).status).toBe(200);
      expect(codeOf(await withKey(access, "GET", secretsOf(env.staging)))).toBe("403 key_scope_forbidden");

      await button("Add trust").click();
      await dialog().getByLabel("Repository").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog().getByLabel("Repository").fill("acme/payments");
      await dialog().getByRole("button", { name: "Add trust" }).click();
      const snippet = page.getByTestId("workflow-snippet");
      await snippet.waitFor();
      const text = await snippet.innerText();
      expect(text).toContain(`COFFER_SERVICE_ACCOUNT: ${accountId}`);
      expect(text).toContain(`COFFER_API_URL: ${server.url}`);
      await screenshots(page, "service-account-workflow", engine, { widths: ["desktop"] });
      await dialog().getByRole("button", { name: "Done" }).click();
      const github = rowIn("OIDC trusts", "acme/payments@main");
      await github.waitFor();
      expect(await github.innerText()).toContain("repo:acme/payments:ref:refs/heads/main");
      await screenshots(page, "service-account-trusts", engine);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "service-account-trusts", engine, { dark: true, widths: ["desktop"] });

      await button("Remove acme/payments@main").click();
      await dialog().getByRole("button", { name: "Remove trust" }).click();
      await github.waitFor({ state: "detached" });
    },
    STEP_TIMEOUT,
  );

  it(
    "disables and enables the account, revokes a key, and deletes the account",
    async () => {
      await button("Disable").click();
      await dialog().getByRole("button", { name: "Disable" }).click();
      await page.getByText(/Disabled: its keys and trusts are refused/).waitFor();
      expect(codeOf(await withKey(accountToken, "GET", secretsOf(env.production)))).toBe(
        "401 service_account_disabled",
      );
      await button("Enable").click();
      await dialog().getByRole("button", { name: "Enable" }).click();
      await page.getByText(/Disabled: its keys/).waitFor({ state: "detached" });
      expect((await withKey(accountToken, "GET", secretsOf(env.production))).status).toBe(200);

      await button("Revoke prod-deploy").click();
      await dialog().getByRole("button", { name: "Revoke key" }).click();
      await rowIn("Keys", "prod-deploy").waitFor({ state: "detached" });
      expect((await withKey(accountToken, "GET", secretsOf(env.production))).status).toBe(401);

      await button("Delete").click();
      await dialog().getByRole("button", { name: "Delete service account" }).click();
      await page.getByText(/No service accounts yet/).waitFor();
      expect((await api("GET", `/workspaces/${ws}/service-accounts`)).body).toEqual([]);
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});
