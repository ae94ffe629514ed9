// Over 400 lines: one area of the dashboard, its screens tested in one file; its set-up (server, browser, accounts) is made once for them all.
// The dashboard's history, sharing, import and audit screens in a real browser (issue 11, phase
// 2a), against a real server process on both engines: a secret edited twice shows the upgrade hint
// for version history on the free plan, then (after the operator's `set-plan … pro`, a separate
// process on the same store) its three versions and its log; a share link made in the browser is
// read back with a plain GET; an import from the fake Railway is previewed and applied; the
// workspace audit trail lists what happened, filtered and paged. Screenshots at 375 and 1440 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  apiCall,
  createTreeThroughApi,
  dashboardLocators,
  environmentPageUrl,
  ownerWithEnvironmentForSuite,
  signInInBrowser,
} from "./helpers/dashboard-flows.ts";
import { type FakePlatforms, startFakePlatforms, TOKENS } from "./helpers/fake-platforms.ts";
import { runScript } from "./helpers/server-process.ts";
import { secretsPath } from "./helpers/tree.ts";

const STEP_TIMEOUT = 60_000;
const VALUES = ["first-value", "second-value", "third-value"];

describe.skipIf(!browserTestsRun)("history, share links, import and audit in Chromium", () => {
  // The fake platforms start first: the server is told where they are.
  let platforms: FakePlatforms;
  beforeAll(async () => {
    platforms = await startFakePlatforms();
  });
  afterAll(() => platforms?.close());
  const { stack, server, storeEnv, account, tree, page, problems } = ownerWithEnvironmentForSuite(
    { team: "Platform", project: "Billing API", environment: "Production" },
    { env: () => platforms.env, clipboard: true },
  );
  const { button, dialog, row } = dashboardLocators(page);

  const envUrl = () => environmentPageUrl(server.url, tree);

  it(
    "signs in through the browser, adds a secret and edits its value twice",
    async () => {
      await signInInBrowser(page, server.url, account);
      await page.goto(envUrl());
      await page.getByText("No secrets yet.").waitFor();
      await button("Add secret").click();
      await dialog().getByLabel("Key").fill("PAYMENT_KEY");
      await dialog().getByLabel("Value").fill(VALUES[0]!);
      await dialog().getByRole("button", { name: "Add secret" }).click();
      await row("PAYMENT_KEY").waitFor();
      for (const [index, value] of VALUES.slice(1).entries()) {
        await button("Edit PAYMENT_KEY").click();
        await page.getByLabel("New value for PAYMENT_KEY").fill(value);
        await row("PAYMENT_KEY").getByRole("button", { name: "Save" }).click();
        await expect.poll(() => row("PAYMENT_KEY").innerText()).toContain(`v${index + 2}`);
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "on the free plan, the history shows the log and an upgrade hint instead of versions, and sharing too",
    async () => {
      await button("History of PAYMENT_KEY").click();
      await dialog().getByText("Version history is part of the Pro plan.").waitFor();
      await dialog().getByRole("row").filter({ hasText: "secret.updated" }).first().waitFor();
      expect(await dialog().getByRole("alert").count()).toBe(0); // a hint, not an error
      await screenshots(page, "history-free", stack.engine);
      await page.keyboard.press("Escape");
      await dialog().waitFor({ state: "hidden" });

      // Share with nothing ticked is marked disabled, yet keeps its focus and, pressed, says what to do.
      expect(await button("Share").getAttribute("aria-disabled")).toBe("true");
      await button("Share").focus();
      await page.keyboard.press("Enter");
      await page.getByText("Tick the secrets to share in the table first").waitFor();
      await page.getByLabel("Select PAYMENT_KEY").check();
      await page.getByText("Tick the secrets to share in the table first").waitFor({ state: "detached" });
      await button("Share 1").click();
      await dialog().getByRole("button", { name: "Create link" }).click();
      await dialog().getByText("Share links are part of the Pro plan.").waitFor();
      await dialog().getByRole("button", { name: "Close" }).click();
    },
    STEP_TIMEOUT,
  );

  it(
    "after the operator moves the workspace to pro, lists the three versions and the log",
    async () => {
      const result = await runScript("admin", storeEnv, ["set-plan", tree.workspaceId, "pro"]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain("plan free -> pro");

      await button("History of PAYMENT_KEY").click();
      const versions = dialog().getByRole("table", { name: "Versions of PAYMENT_KEY" });
      await versions.waitFor();
      const versionRows = versions.locator("tbody tr");
      await expect.poll(() => versionRows.count()).toBe(3);
      expect(await versionRows.allInnerTexts()).toEqual([
        expect.stringMatching(/^v3\s*current/),
        expect.stringMatching(/^v2/),
        expect.stringMatching(/^v1/),
      ]);
      // No value on the page until revealed, and no ciphertext talk: who wrote each version, and when.
      const shown = await dialog().innerText();
      for (const value of VALUES) expect(shown).not.toContain(value);
      expect(shown).not.toMatch(/Stored as|data key/);
      for (const text of await versionRows.allInnerTexts()) expect(text).toContain(account.email);
      expect(await versionRows.first().locator("time").getAttribute("title")).toBeTruthy();

      // Revealing a version is a read the audit trail records; it shows how it differs from the current.
      const readsOf = () =>
        apiCall<{ resource_id: string; version: number }[]>(
          server.url,
          "GET",
          `/workspaces/${tree.workspaceId}/audit?action=secret.read&view=all`,
          account.headers,
        );
      const earlier = (await readsOf()).length;
      await dialog().getByRole("button", { name: "Reveal version 1 of PAYMENT_KEY" }).click();
      const first = versionRows.nth(2);
      await first.getByText(VALUES[0]!, { exact: true }).waitFor();
      await first.locator("del.diff-removed").getByText("first", { exact: true }).waitFor();
      await first.locator("ins.diff-added").getByText("third", { exact: true }).waitFor();
      const reads = await readsOf();
      expect(
        reads
          .slice(0, reads.length - earlier)
          .map((r) => r.version)
          .sort(),
      ).toEqual([1, 3]);
      await screenshots(page, "history-revealed", stack.engine, { widths: ["desktop"] });
      await dialog().getByRole("button", { name: "Hide version 1 of PAYMENT_KEY" }).click();
      await first.getByText(VALUES[0]!, { exact: true }).waitFor({ state: "detached" });

      const log = dialog().getByRole("table", { name: "Log of PAYMENT_KEY" });
      const actions = await log.locator("tbody tr td:nth-child(2)").allInnerTexts();
      expect(actions.filter((a) => a.startsWith("secret.updated"))).toHaveLength(2);
      expect(actions.filter((a) => a.startsWith("secret.created"))).toHaveLength(1);
      expect(await log.innerText()).toContain(account.email);
      await screenshots(page, "history-pro", stack.engine);
      await screenshots(page, "history-pro", stack.engine, { dark: true, widths: ["desktop"] });
      await page.keyboard.press("Escape");
    },
    STEP_TIMEOUT,
  );

  it(
    "creates a share link, shows it once, and the link answers the current value",
    async () => {
      await button("Share 1").click();
      await dialog().getByLabel("Expires after").selectOption({ label: "1 day" });
      await dialog().getByLabel("Views allowed").fill("2");
      await dialog().getByRole("button", { name: "Create link" }).click();
      const link = dialog().getByLabel("API link", { exact: true });
      await link.waitFor();
      await dialog().getByText("It is shown only this once").waitFor();
      const url = new URL(await link.inputValue());
      expect(url.pathname).toMatch(/^\/share\/.+/);
      const viewer = new URL(await dialog().getByLabel("Share link", { exact: true }).inputValue());
      expect(viewer.pathname + viewer.hash).toBe(`/s/#${url.pathname.slice("/share/".length)}`);
      await screenshots(page, "share-link", stack.engine);

      await dialog().getByRole("button", { name: "Copy the share link" }).click();
      expect(await page.evaluate("navigator.clipboard.readText()")).toBe(viewer.href);

      // The URLs name COFFER_PUBLIC_URL's host (localhost); the server listens on 127.0.0.1.
      const answer = await fetch(`${server.url}${url.pathname}`);
      expect(answer.status).toBe(200);
      const shared = (await answer.json()) as {
        secrets: { key: string; value: string }[];
        views_remaining: number;
      };
      expect(shared.secrets).toEqual([{ key: "PAYMENT_KEY", value: VALUES[2] }]);
      expect(shared.views_remaining).toBe(1);

      // The viewer page spends the last view, only when asked; the token never left the fragment.
      const reader = await page.context().newPage();
      const requested: string[] = [];
      reader.on("request", (request) => requested.push(request.url()));
      await reader.goto(`${server.url}/s/${viewer.hash}`);
      await reader.getByRole("button", { name: "Show the secrets" }).click();
      await reader.getByText(VALUES[2]!, { exact: true }).waitFor();
      await reader.getByText("That was the last view").waitFor();
      await screenshots(reader, "share-viewer", stack.engine, { dark: true, widths: ["phone"] });
      expect(requested.filter((r) => r.includes("/share/"))).toHaveLength(1);
      expect(requested.filter((r) => r.startsWith(`${server.url}/s`)).every((r) => !r.includes("#"))).toBe(
        true,
      );
      await reader.reload();
      await reader.getByRole("button", { name: "Show the secrets" }).click();
      await reader.getByText("This link no longer works").waitFor();
      await reader.close();

      await dialog().getByRole("button", { name: "Done" }).click();
      await dialog().waitFor({ state: "hidden" });
      // Closed means gone: reopening starts a new link, the old one is not shown again.
      await button("Share 1").click();
      expect(await dialog().getByLabel("Share link", { exact: true }).count()).toBe(0);
      await page.keyboard.press("Escape");
    },
    STEP_TIMEOUT,
  );

  it(
    "lists the workspace's share links with what became of them, and revokes one: its URL then answers 410",
    async () => {
      await button("Share 1").click();
      await dialog().getByLabel("Passphrase (optional)").fill("short");
      await dialog().getByRole("button", { name: "Create link" }).click();
      // Too short: refused before anything is sent (the field's minimum, as the API's).
      expect(await dialog().getByLabel("API link", { exact: true }).count()).toBe(0);
      await dialog().getByLabel("Passphrase (optional)").fill("a long enough passphrase");
      await dialog().getByRole("button", { name: "Create link" }).click();
      const apiLink = new URL(await dialog().getByLabel("API link", { exact: true }).inputValue());
      await dialog().getByRole("button", { name: "Done" }).click();

      await page.getByRole("link", { name: "Share links", exact: true }).click();
      await page.getByRole("heading", { name: "Share links" }).waitFor();
      const table = page.getByRole("table", { name: "Share links" });
      await table.getByText("Used up").waitFor();
      await table.getByText("Active").waitFor();
      expect(await page.locator("main").innerText()).not.toContain(apiLink.pathname.slice("/share/".length));
      await screenshots(page, "share-links", stack.engine);

      await page.getByRole("button", { name: "Revoke the link to PAYMENT_KEY" }).first().click();
      await dialog().getByRole("button", { name: "Revoke link" }).click();
      await table.getByText("Revoked").waitFor();
      const answer = await fetch(`${server.url}${apiLink.pathname}`, {
        headers: { "x-share-passphrase": "a long enough passphrase" },
      });
      expect(answer.status).toBe(410);
      await page.goto(envUrl());
      await row("PAYMENT_KEY").waitFor();
    },
    STEP_TIMEOUT,
  );

  it(
    "previews an import from Railway (a refused token is named), applies it, and the table has the new keys",
    async () => {
      platforms.railway.set("proj-web", {
        PAYMENT_KEY: "from-railway",
        SENTRY_DSN: "https://sentry.example/1",
        QUEUE_URL: "amqp://queue",
        "BAD-NAME": "x",
      });
      await page.getByRole("link", { name: "Import", exact: true }).click();
      await page.getByRole("heading", { name: "Import into Production" }).waitFor();
      await page.getByLabel("Platform").selectOption("railway");
      await page.getByLabel("Railway token").fill("not-the-token");
      await page.getByLabel("Project ID").fill("proj-web");
      await page.getByLabel("Environment ID").fill("env-web");
      await button("Preview import").click();
      await page.getByText("Railway refused the token").waitFor();

      await page.getByLabel("Railway token").fill(TOKENS.railway);
      await button("Preview import").click();
      const summary = page.getByRole("status").filter({ hasText: "added" });
      await expect
        .poll(() => summary.innerText())
        .toMatch(/2 added\s*1 changed\s*0 unchanged\s*1 skipped\s*4 read/);
      await row("BAD-NAME").getByText("invalid name").waitFor();
      // Masked unless asked: the preview does not show the platform's values.
      expect(await page.locator("main").innerText()).not.toContain("amqp://queue");
      await screenshots(page, "import-preview", stack.engine);

      await page.getByLabel(/Overwrite the 1 changed key/).check();
      await button("Apply 3 changes").click();
      await page.getByText("Imported from Railway: 2 added, 1 updated, 1 skipped.").waitFor();
      await page.getByRole("link", { name: "Back to Production" }).first().click();
      await row("SENTRY_DSN").waitFor();
      await row("QUEUE_URL").waitFor();
      await expect.poll(() => row("PAYMENT_KEY").innerText()).toContain("v4");
      // The token went to the platform only: never into the page's storage or the URL.
      expect(page.url()).not.toContain(TOKENS.railway);
    },
    STEP_TIMEOUT,
  );

  it(
    "shows the workspace audit trail with its filters, and pages it with Load more",
    async () => {
      // 60 more entries (secrets created one by one in another environment: a bulk create would be
      // one entry), so the trail has a second page.
      const other = await createTreeThroughApi(server.url, account, { environment: "Staging" }, tree);
      for (let i = 0; i < 60; i++) {
        await apiCall(server.url, "POST", `${secretsPath(other)}/`, account.headers, {
          key: `ONE_${i}`,
          value: `v${i}`,
        });
      }

      await page.getByRole("link", { name: "Audit", exact: true }).click();
      await page.getByRole("heading", { name: "Audit trail" }).waitFor();
      const rows = page.locator("main tbody tr");
      await expect.poll(() => rows.count()).toBe(50);
      await screenshots(page, "audit", stack.engine);
      await button("Load more").click();
      await expect.poll(() => rows.count()).toBeGreaterThan(60);
      await button("Load more").waitFor({ state: "detached" });
      const everything = await rows.count();
      const all = (await page.locator("main tbody tr td:nth-child(3)").allInnerTexts()).join("\n");
      for (const action of [
        "secret.created",
        "secret.updated",
        "secret.shared",
        "share.viewed",
        "team.created",
      ]) {
        expect(all).toContain(action);
      }

      await page.getByLabel("Action").selectOption("secret.shared");
      // Two links were made (the second one revoked on the share links screen).
      await expect.poll(() => rows.count()).toBe(2);
      for (const text of await rows.allInnerTexts()) expect(text).toContain(account.email);
      await screenshots(page, "audit-filtered", stack.engine, { dark: true });
      await button("Clear filters").click();
      await expect.poll(() => rows.count()).toBe(everything); // the unfiltered pages, as loaded
    },
    STEP_TIMEOUT,
  );

  it(
    "restores an earlier version from the history, and a deleted secret from Recently deleted",
    async () => {
      const read = async () =>
        (
          await apiCall<{ key: string; value: string; current_version: number }[]>(
            server.url,
            "GET",
            `${secretsPath(tree)}/`,
            account.headers,
          )
        ).find((s) => s.key === "PAYMENT_KEY");
      const before = (await read())!.current_version;
      const after = before + 1;
      await page.goto(envUrl());
      await row("PAYMENT_KEY").waitFor();
      await button("History of PAYMENT_KEY").click();
      const versions = dialog().getByRole("table", { name: "Versions of PAYMENT_KEY" });
      await versions.waitFor();
      await dialog().getByRole("button", { name: "Restore version 1" }).click();
      await dialog().getByRole("button", { name: "Make v1 current" }).click();
      await dialog().getByText(`Restored: its value is now version ${after}, the current one.`).waitFor();
      await expect.poll(() => versions.locator("tbody tr").count()).toBe(after);
      // The rollback's version says whose value it is.
      expect(await versions.locator("tbody tr").first().innerText()).toMatch(
        new RegExp(`^v${after}\\s*current\\s*= v1`),
      );
      await screenshots(page, "history-restored", stack.engine, { widths: ["desktop"] });
      await page.keyboard.press("Escape");
      await dialog().waitFor({ state: "hidden" });
      expect((await read())?.value).toBe(VALUES[0]);
      await expect.poll(() => row("PAYMENT_KEY").innerText()).toContain(`v${after}`);

      await button("Delete PAYMENT_KEY").click();
      await dialog()
        .getByText(/can be restored, with its versions, from Recently deleted/)
        .waitFor();
      await dialog().getByRole("button", { name: "Delete secret" }).click();
      await row("PAYMENT_KEY").waitFor({ state: "detached" });
      expect(await read()).toBeUndefined();
      await button("Recently deleted").click();
      const deleted = dialog().getByRole("table", { name: "Recently deleted secrets" });
      await deleted.getByText("PAYMENT_KEY", { exact: true }).waitFor();
      expect(await dialog().innerText()).not.toContain(VALUES[0]);
      await screenshots(page, "recently-deleted", stack.engine);
      await dialog().getByRole("button", { name: "Restore PAYMENT_KEY" }).click();
      await dialog().getByText("Restored PAYMENT_KEY.").waitFor();
      await page.keyboard.press("Escape");
      await row("PAYMENT_KEY").waitFor();
      expect(await read()).toMatchObject({ value: VALUES[0], current_version: after });
    },
    STEP_TIMEOUT,
  );

  it(
    "restores the environment to a moment after a preview",
    async () => {
      const moment = new Date();
      await new Promise((r) => setTimeout(r, 1100));
      await apiCall(server.url, "POST", `${secretsPath(tree)}/`, account.headers, {
        key: "LATE_KEY",
        value: "late-value",
      });
      await page.goto(envUrl());
      await row("LATE_KEY").waitFor();
      await button("Restore to a moment").click();
      const local = await page.evaluate((iso) => {
        const d = new Date(iso);
        return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
      }, moment.toISOString());
      await dialog().getByLabel("Moment (your local time)").fill(local);
      await dialog().getByRole("button", { name: "Preview" }).click();
      const preview = dialog().getByRole("table", { name: "Restore preview" });
      await preview.getByText("LATE_KEY", { exact: true }).waitFor();
      await dialog().getByText("1 removed").waitFor();
      expect(await dialog().innerText()).not.toContain("late-value");
      await screenshots(page, "restore-preview", stack.engine);
      await dialog().getByRole("button", { name: "Restore to this moment" }).click();
      await dialog().getByRole("heading", { name: "Restored" }).waitFor();
      await page.keyboard.press("Escape");
      await row("LATE_KEY").waitFor({ state: "detached" });
      const now = await apiCall<{ key: string }[]>(
        server.url,
        "GET",
        `${secretsPath(tree)}/`,
        account.headers,
      );
      expect(now.map((s) => s.key)).not.toContain("LATE_KEY");
    },
    STEP_TIMEOUT,
  );

  it(
    "shows a reference resolved with its stored text, edits the text, and names one that does not resolve",
    async () => {
      const reference = ["$", "{REF_HOST}"].join("");
      // A reference may name only an environment that exists (and its writer may read): this one is
      // deleted after the reference is written.
      const environments = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
      const gone = await apiCall<{ id: string }>(server.url, "POST", environments, account.headers, {
        name: "Gone",
        environment_type: "custom",
      });
      const broken = ["$", "{gone.KEY}"].join("");
      await apiCall(server.url, "POST", `${secretsPath(tree)}/bulk`, account.headers, {
        secrets: [
          { key: "REF_HOST", value: "db.example" },
          { key: "REF_URL", value: `https://${reference}/x` },
          { key: "REF_BROKEN", value: broken },
        ],
      });
      await apiCall(server.url, "DELETE", `${environments}${gone.id}`, account.headers);
      await page.goto(envUrl());
      await row("REF_URL").waitFor();
      await button("Show REF_URL").click();
      await expect.poll(() => row("REF_URL").innerText()).toContain("https://db.example/x");
      expect(await row("REF_URL").innerText()).toContain(`from https://${reference}/x`);
      // The list reads no value, so a reference that does not resolve is found when it is shown.
      await button("Show REF_BROKEN").click();
      const warning = row("REF_BROKEN").getByRole("alert");
      await warning.waitFor();
      expect(await warning.innerText()).toContain(
        `cannot be resolved: ${broken} names an environment that does not exist or that you may not read`,
      );
      await screenshots(page, "references", stack.engine);
      // An edit starts from the stored text: saving it unchanged keeps the reference.
      await button("Edit REF_URL").click();
      expect(await page.getByLabel("New value for REF_URL").inputValue()).toBe(`https://${reference}/x`);
      await page.getByLabel("New value for REF_URL").fill(`https://${reference}/y`);
      await row("REF_URL").getByRole("button", { name: "Save" }).click();
      // A save hides what was shown (the old value); Show reads the new one, resolved.
      await button("Show REF_URL").click();
      await expect.poll(() => row("REF_URL").innerText()).toContain("https://db.example/y");
      const stored = await apiCall<{ key: string; value: string }[]>(
        server.url,
        "GET",
        `${secretsPath(tree)}/?raw=true`,
        account.headers,
      );
      expect(stored.find((s) => s.key === "REF_URL")?.value).toBe(`https://${reference}/y`);
    },
    STEP_TIMEOUT,
  );

  it(
    "makes an environment inherit from another, shows what it inherits, and overrides a key in it",
    async () => {
      const environments = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
      const staging = await apiCall<{ id: string }>(server.url, "POST", environments, account.headers, {
        name: "QA",
        environment_type: "staging",
      });
      await page.goto(`${server.url}/w/${tree.workspaceId}`);
      const project = page
        .locator("li.project")
        .filter({ has: page.getByRole("heading", { name: "Billing API", exact: true }) });
      await project.getByRole("button", { name: "Choose what environment QA inherits from" }).click();
      await dialog().getByLabel("Inherits from").selectOption("Production");
      await dialog().getByRole("button", { name: "Save" }).click();
      const link = project.getByRole("link", { name: /QA · inherits Production/ });
      await link.waitFor();
      await link.click();
      await page.getByText("inherits the secrets of Production").waitFor();
      await row("REF_HOST").getByText("inherited from Production").waitFor();
      await screenshots(page, "inherited", stack.engine);
      await button("Override REF_HOST in this environment").click();
      await page.getByLabel("New value for REF_HOST").fill("db.staging");
      await row("REF_HOST").getByRole("button", { name: "Save" }).click();
      await expect.poll(() => row("REF_HOST").innerText()).not.toContain("inherited from");
      type Listed = { key: string; value: string; inherited_from?: string };
      // REF_BROKEN is inherited too, unresolved: a 207.
      const read = await apiCall<{ detail: { succeeded: Listed[] } }>(
        server.url,
        "GET",
        `${secretsPath(tree, staging.id)}/`,
        account.headers,
      );
      const own = read.detail.succeeded;
      expect(own.find((s) => s.key === "REF_HOST")).toMatchObject({ value: "db.staging" });
      expect(own.find((s) => s.key === "REF_HOST")).not.toHaveProperty("inherited_from");
      // The inherited reference reads the override: ${REF_HOST} is the key as Staging reads it.
      expect(own.find((s) => s.key === "REF_URL")).toMatchObject({
        value: "https://db.staging/y",
        inherited_from: tree.environmentId,
      });
    },
    STEP_TIMEOUT,
  );

  it("put no secret value or platform token in storage, and the page reported no errors", async () => {
    const stored = String(await page.evaluate("JSON.stringify({ ...localStorage, ...sessionStorage })"));
    for (const value of [...VALUES, TOKENS.railway, "from-railway"]) expect(stored).not.toContain(value);
    expect(problems).toEqual([]);
  });
});
