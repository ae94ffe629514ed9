// Over 400 lines: one area of the dashboard, its screens tested in one file; its set-up (server, browser, accounts) is made once for them all.
// The webhooks screens end to end in Chromium, against real receivers on loopback: an Admin is
// refused a private destination (in words, on the field), creates a webhook narrowed to one
// environment and two event types, sees its signing secret once, sends a test event that the
// receiver gets signed with that secret, and reads it in the delivery log; a receiver answering 500
// shows failed attempts, gets the webhook disabled by Coffer (the reason shown), and once fixed and
// the webhook enabled, a redelivery succeeds; the secret is rotated (both signatures during the
// overlap), the webhook disabled and deleted. A Member and a Viewer see no Webhooks entry, and the
// route tells them it is not theirs. Screenshots at 375 and 1440 px (one dark) go to
// .test-results/screenshots/; none shows a signing secret.
import { createHmac, randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, browserTestsRun, screenshots } from "./helpers/browser.ts";
import {
  type ApiAccount,
  createTreeThroughApi,
  type DashboardStack,
  type EnvTree,
  FLOW_PASSWORD,
  httpJson,
  newDesktopPage,
  signInInBrowser,
  signUpVerifiedThroughApi,
  startDashboardStack,
} from "./helpers/dashboard-flows.ts";
import { mailTo, textBody } from "./helpers/fake-smtp.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import type { ServerProcess } from "./helpers/server-process.ts";
import { type Received, type Receiver, startReceiver } from "./helpers/webhook-receiver.ts";

const STEP_TIMEOUT = 90_000;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });
const DISABLE_AFTER_SECONDS = 3;

/** The v1 signatures of a delivery, and whether one of them is the secret's (checked as docs/webhooks.md says). */
function signedWith(request: Received, secret: string): { count: number; matches: boolean } {
  const parts = String(request.headers["coffer-signature"])
    .split(",")
    .map((part) => part.split("=") as [string, string]);
  const t = parts.find(([name]) => name === "t")?.[1];
  const v1 = parts.filter(([name]) => name === "v1").map(([, value]) => value);
  const expected = createHmac("sha256", secret).update(`${t}.${request.body}`).digest("hex");
  return { count: v1.length, matches: v1.includes(expected) };
}

describe.skipIf(!browserTestsRun)("the webhooks screens in Chromium", () => {
  let store: Store;
  let stack: DashboardStack;
  let engine: string;
  let server: ServerProcess;
  let page: Page;
  let problems: string[];
  let receiver: Receiver;
  let failing: Receiver;
  let owner: ApiAccount;
  let tree: EnvTree;
  let staging = "";
  let ws = "";
  const people: Record<"admin" | "member" | "viewer", { name: string; email: string; role: number }> = {
    admin: { name: "Ada Lovelace", email: `admin-${randomUUID()}@example.com`, role: 2 },
    member: { name: "Mary Member", email: `member-${randomUUID()}@example.com`, role: 1 },
    viewer: { name: "Victor Viewer", email: `viewer-${randomUUID()}@example.com`, role: 0 },
  };
  // The signing secrets, read off the screen; never printed (expectations compare booleans).
  let secret = "";
  let hookId = "";
  let failingId = "";

  const api = <T = unknown>(method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
    httpJson<T>(server.url, method, path, owner.headers, body);
  const hooksPath = () => `/workspaces/${ws}/webhooks`;
  const secretsPath = (environment: string) =>
    `/secrets/${ws}/${tree.teamId}/${tree.projectId}/${environment}/`;

  const button = (name: string | RegExp) =>
    page.getByRole("button", { name, exact: typeof name === "string" });
  const dialog = () => page.getByRole("dialog");
  const nav = (on: Page, name: string) =>
    on.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
  const logRows = () => page.getByRole("table", { name: "Deliveries" }).locator("tbody tr");
  /** The accessible name of what has the focus (a dialog's field: its label). */
  const focusedLabel = () =>
    page.evaluate("document.activeElement?.labels?.[0]?.textContent ?? document.activeElement?.tagName");

  /** Invites the address with the role into the Owner's workspace and accepts as a new account. */
  async function joinWorkspace({ name, email, role }: { name: string; email: string; role: number }) {
    const invited = await api("POST", `/invite/${ws}`, { invitee_email: email, role, team_id: tree.teamId });
    expect(invited.status).toBe(201);
    const token = /\/invite\?token=([A-Za-z0-9%._~-]+)/.exec(
      textBody((await mailTo(stack.smtp, email)).raw),
    )?.[1];
    const accepted = await httpJson(
      server.url,
      "POST",
      "/invite/accept",
      {},
      {
        token: decodeURIComponent(token ?? ""),
        name,
        password: FLOW_PASSWORD,
      },
    );
    expect(accepted.status).toBe(200);
  }

  beforeAll(async () => {
    // A store of its own: on PostgreSQL, the test apps of other files share the run's database and
    // would claim these deliveries (and refuse them: loopback is not on their allow-list).
    store = await isolatedStore();
    receiver = await startReceiver();
    failing = await startReceiver(() => 500);
    stack = await startDashboardStack({
      ...store.env,
      COFFER_OUTBOUND_ALLOW: "127.0.0.1/32",
      COFFER_WEBHOOK_POLL_MS: "50",
      COFFER_WEBHOOK_RETRY_BASE_MS: "50",
      COFFER_WEBHOOK_RETRY_MAX_MS: "200",
      COFFER_WEBHOOK_MAX_ATTEMPTS: "3",
      COFFER_WEBHOOK_TIMEOUT_MS: "3000",
      COFFER_WEBHOOK_DISABLE_AFTER: String(DISABLE_AFTER_SECONDS),
      COFFER_DEFAULT_PLAN: "pro",
    });
    ({ engine, server } = stack);
    owner = await signUpVerifiedThroughApi(server.url, stack.smtp);
    ws = owner.workspaceId;
    tree = await createTreeThroughApi(server.url, owner, {
      team: "Platform",
      project: "Billing API",
      environment: "Production",
    });
    staging = (await createTreeThroughApi(server.url, owner, { environment: "Staging" }, tree)).environmentId;
    for (const person of Object.values(people)) await joinWorkspace(person);
    ({ page, problems } = await newDesktopPage(stack.browser, { clipboardFor: server.url }));
    await signInInBrowser(page, server.url, { ...owner, email: people.admin.email, password: FLOW_PASSWORD });
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
    await failing?.close();
    await store?.drop();
  });

  it(
    "an Admin finds Webhooks in the header, and a private destination is refused on the URL field, in words",
    async () => {
      await page.goto(`${server.url}/w/${ws}`);
      await nav(page, "Webhooks").click();
      await page.getByText(/No webhooks yet/).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await button("New webhook").click();
      expect(await focusedLabel()).toBe("Payload URL");
      await dialog().getByLabel("Payload URL").fill("http://10.20.30.40/hooks");
      await button("Create webhook").click();
      const url = dialog().getByLabel("Payload URL");
      await poll(() => url.getAttribute("aria-invalid")).toBe("true");
      const said = await dialog().getByRole("alert").allInnerTexts();
      expect(said.join("\n")).toMatch(/Coffer refuses this destination: 10\.20\.30\.40/);
      expect(said.join("\n")).toMatch(/COFFER_OUTBOUND_ALLOW/);
      expect(said.join("\n")).toMatch(/Not saved: see the fields marked above/);
      await screenshots(page, "webhook-refused", engine, { widths: ["phone"] });
      await button("Cancel").click();
    },
    STEP_TIMEOUT,
  );

  it(
    "creates a webhook on one environment and two event types, and shows its signing secret once",
    async () => {
      await button("New webhook").click();
      await dialog().getByLabel("Payload URL").fill(receiver.url);
      await dialog().getByLabel("Description (optional)").fill("restart on change");
      await dialog().getByLabel("Project").selectOption({ label: "Billing API" });
      await dialog().getByLabel("Environment").selectOption({ label: "Production" });
      await dialog().getByLabel("Only the event types ticked below").check();
      // None ticked: the dialog asks for one instead of sending.
      await button("Create webhook").click();
      await dialog()
        .getByText(/Tick at least one event type/)
        .waitFor();
      await dialog()
        .getByLabel(/secret\.updated/)
        .check();
      await dialog()
        .getByLabel(/secret\.deleted/)
        .check();
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "webhook-create", engine, { widths: ["desktop"] });
      await button("Create webhook").click();

      const shown = page.getByTestId("webhook-secret");
      await shown.waitFor();
      secret = (await shown.innerText()).trim();
      expect(/^whsec_[A-Za-z0-9_-]{43}$/.test(secret)).toBe(true);
      await dialog()
        .getByText(/this is the only time it is shown/)
        .waitFor();
      await dialog().getByText("Verification in Node.js").click();
      await dialog()
        .getByText(/timingSafeEqual/)
        .first()
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await button("Copy the signing secret").click();
      expect((await page.evaluate("navigator.clipboard.readText()")) === secret).toBe(true);
      await button("Done").click();

      const row = page
        .getByRole("table", { name: "Webhooks" })
        .getByRole("row")
        .filter({ hasText: receiver.url });
      await row.waitFor();
      expect(await row.innerText()).toMatch(
        /restart on change[\s\S]*Billing API \/ Production[\s\S]*secret\.updated, secret\.deleted[\s\S]*Active[\s\S]*Nothing sent yet/,
      );
      expect((await page.content()).includes(secret)).toBe(false);
      const listed = await api<{ id: string; url: string }[]>("GET", hooksPath());
      hookId = listed.body.find((h) => h.url === receiver.url)?.id ?? "";
      expect(JSON.stringify(listed.body).includes(secret)).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "sends a test event: the receiver gets it signed with that secret; the log shows it delivered, with latency",
    async () => {
      await page.getByRole("link", { name: receiver.url }).click();
      await page.getByRole("heading", { name: /Webhook to 127\.0\.0\.1/, level: 1 }).waitFor();
      await page.getByText(/No deliveries yet/).waitFor();
      // The log's first read after the click can find the test already delivered, never pending
      // (a loaded CI machine did): that read is held here until it is, and the webhook's own
      // record ("Last delivery") must still follow.
      await page.route(
        "**/deliveries?*",
        async (route) => {
          await poll(async () => {
            const log = await api<{ status: string }[]>("GET", `${hooksPath()}/${hookId}/deliveries`);
            return log.body.map((d) => d.status);
          }).toEqual(["delivered"]);
          await route.continue();
        },
        { times: 1 },
      );
      await button("Send test event").click();
      const [test] = await receiver.waitFor(1);
      expect(test?.json.type).toBe("webhook.test");
      expect(signedWith(test as Received, secret)).toEqual({ count: 1, matches: true });

      const row = logRows().first();
      await poll(() => row.innerText()).toMatch(/webhook\.test\s+Delivered\s+200\s+\d+ ms\s+1\s/);
      await poll(() => page.locator(".facts").innerText()).toMatch(/Last delivery\s+Delivered ·/);

      // A change in the environment, of a subscribed type, is sent; one elsewhere or of another type is not.
      const created = await api<{ id: string }>("POST", secretsPath(tree.environmentId), {
        key: "DATABASE_URL",
        value: "postgres://never-sent",
      });
      await api("POST", secretsPath(staging), { key: "DATABASE_URL", value: "postgres://staging" });
      await api("PATCH", `${secretsPath(tree.environmentId)}${created.body.id}`, {
        value: "postgres://changed",
      });
      const [, updated] = await receiver.waitFor(2);
      expect(updated?.json.type).toBe("secret.updated");
      expect(updated?.json.environment_id).toBe(tree.environmentId);
      expect(updated?.body).not.toContain("postgres://");
      // The log follows what it sent itself; what a change queued shows on Reload.
      await button("Reload").click();
      await poll(() => logRows().count()).toBe(2);

      await button(/^Details of the webhook\.test delivery/).click();
      await dialog()
        .getByText(/The receiver answered 200 in \d+ ms \(attempt 1\)/)
        .waitFor();
      expect(await dialog().getByTestId("delivery-payload").innerText()).toContain('"type": "webhook.test"');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "webhook-delivery", engine, { widths: ["desktop"] });
      await dialog().getByRole("button", { name: "Done" }).click();
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, "webhook", engine);
      await screenshots(page, "webhook", engine, { dark: true, widths: ["desktop"] });
    },
    STEP_TIMEOUT,
  );

  it(
    "a receiver answering 500: failed attempts, disabled by Coffer with the reason, and once fixed, enabled and redelivered",
    async () => {
      await nav(page, "Webhooks").click();
      await button("New webhook").click();
      await dialog().getByLabel("Payload URL").fill(failing.url);
      await button("Create webhook").click();
      await page.getByTestId("webhook-secret").waitFor();
      await button("Done").click();
      await page.getByRole("link", { name: failing.url }).click();
      failingId = new URL(page.url()).pathname.split("/").at(-1) ?? "";

      await button("Send test event").click();
      await failing.waitFor(3);
      const first = logRows().first();
      await poll(() => first.innerText()).toMatch(/webhook\.test\s+Failed\s+500\s+\d+ ms\s+3\s/);
      await poll(() => page.locator(".alert-warning").first().innerText()).toMatch(
        /Failing since .*: 3 failed attempts in a row/,
      );
      await button(/^Details of the webhook\.test delivery/).click();
      await dialog().getByText("Given up after 3 attempts; the last answered 500.").waitFor();
      await dialog().getByRole("button", { name: "Done" }).click();

      // Failing for longer than COFFER_WEBHOOK_DISABLE_AFTER, the next failed attempt disables it.
      const hook = await api<{ failing_since: string }>("GET", `${hooksPath()}/${failingId}`);
      const wait = Date.parse(hook.body.failing_since) + DISABLE_AFTER_SECONDS * 1000 + 250 - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      await button("Send test event").click();
      const reason = page.getByText(/^Disabled automatically: no delivery has succeeded since/);
      await reason.waitFor({ timeout: 20_000 });
      expect(await reason.innerText()).toMatch(/failed attempts; the last answered 500\)\. Fix the receiver/);
      await page.getByRole("heading", { level: 1 }).getByText("Disabled").waitFor();
      await screenshots(page, "webhook-disabled", engine, { widths: ["phone"] });
      // The test event that disabled it waits, not given up.
      await poll(() => logRows().first().innerText()).toMatch(/Retrying/);

      // The list says why too.
      await nav(page, "Webhooks").click();
      const listed = page
        .getByRole("table", { name: "Webhooks" })
        .getByRole("row")
        .filter({ hasText: failing.url });
      // The list may show its cached rows first; the refetch behind them brings the new state.
      await poll(() => listed.innerText()).toMatch(/Disabled\s+Disabled automatically/);
      await screenshots(page, "webhooks", engine);
      await screenshots(page, "webhooks", engine, { dark: true, widths: ["phone"] });
      expect(await axeViolations(page)).toEqual([]);

      failing.answer(() => 200);
      await button(`Enable ${failing.url}`).click();
      await dialog().getByRole("button", { name: "Enable" }).click();
      await page.getByRole("link", { name: failing.url }).click();
      // The waiting test event goes out once it is enabled.
      await poll(() => logRows().first().innerText()).toMatch(/Delivered\s+200/);
      const given = logRows().nth(1);
      expect(await given.innerText()).toMatch(/Failed/);
      const before = failing.received.length;
      await given.getByRole("button", { name: /^Redeliver/ }).click();
      await page.getByText(/Queued again/).waitFor();
      await poll(() => given.innerText()).toMatch(/webhook\.test\s+Delivered\s+200\s+\d+ ms\s+1\s/);
      const [again] = await failing.waitFor(before + 1).then((all) => all.slice(before));
      expect(again?.headers["coffer-delivery"]).toBe(failing.received[0]?.headers["coffer-delivery"]);
      await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(/Active/);
    },
    STEP_TIMEOUT,
  );

  it(
    "rotates the secret: the new one is shown once, and both sign during the overlap",
    async () => {
      await nav(page, "Webhooks").click();
      await page.getByRole("link", { name: receiver.url }).click();
      await button("Rotate secret").click();
      expect(await focusedLabel()).toBe("The old secret keeps signing for");
      await dialog()
        .getByText(/the old secret signs beside it/)
        .waitFor();
      await button("Rotate secret").last().click();
      const shown = page.getByTestId("webhook-secret");
      await shown.waitFor();
      const rotated = (await shown.innerText()).trim();
      expect(rotated !== secret && rotated.startsWith("whsec_")).toBe(true);
      await dialog()
        .getByText(/every delivery carries two signatures/)
        .waitFor();
      await button("Done").click();
      await page.getByText(/Rotated: the previous secret also signs until/).waitFor();

      const before = receiver.received.length;
      await button("Send test event").click();
      const [sent] = await receiver.waitFor(before + 1).then((all) => all.slice(before));
      expect(signedWith(sent as Received, rotated)).toEqual({ count: 2, matches: true });
      expect(signedWith(sent as Received, secret).matches).toBe(true);
      secret = rotated;
    },
    STEP_TIMEOUT,
  );

  it(
    "disables the webhook (nothing is queued for it, a test is refused in words) and deletes it",
    async () => {
      await button("Disable").click();
      await dialog()
        .getByText(/events that happen meanwhile are not queued for it/)
        .waitFor();
      await dialog().getByRole("button", { name: "Disable" }).click();
      await page.getByText(/^Disabled by a person/).waitFor();
      const logged = async () =>
        (await api<unknown[]>("GET", `${hooksPath()}/${hookId}/deliveries?limit=100`)).body.length;
      const count = await logged();
      const created = await api<{ id: string }>("POST", secretsPath(tree.environmentId), {
        key: "WHILE_DISABLED",
        value: "x",
      });
      await api("PATCH", `${secretsPath(tree.environmentId)}${created.body.id}`, { value: "y" });
      // Deliveries are queued in the change's own transaction: none now means none ever.
      expect(await logged()).toBe(count);
      await button("Send test event").click();
      await page.getByText(/Not sent: the webhook is disabled\. Enable it first/).waitFor();

      await button("Delete").click();
      await dialog()
        .getByText(/Its delivery log goes with it/)
        .waitFor();
      await dialog().getByRole("button", { name: "Delete webhook" }).click();
      await page.waitForURL(`${server.url}/w/${ws}/webhooks`);
      await page.getByRole("link", { name: failing.url }).waitFor();
      await page.getByRole("link", { name: receiver.url }).waitFor({ state: "detached" });
      expect((await api("GET", `${hooksPath()}/${hookId}`)).status).toBe(404);
      expect(problems).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it.each(["member", "viewer"] as const)(
    "a %s sees no Webhooks entry, and the route says it is for Admins and Owners",
    async (who) => {
      const { context, page: other, problems: theirs } = await newDesktopPage(stack.browser);
      await signInInBrowser(other, server.url, {
        ...owner,
        email: people[who].email,
        password: FLOW_PASSWORD,
      });
      await other.goto(`${server.url}/w/${ws}`);
      await nav(other, "Projects").waitFor();
      expect(await nav(other, "Webhooks").count()).toBe(0);
      await other.goto(`${server.url}/w/${ws}/webhooks/${failingId}`);
      await other.getByText("Webhooks are for the workspace's Admins and Owners.").waitFor();
      await other.goto(`${server.url}/w/${ws}/webhooks`);
      await other.getByText("Webhooks are for the workspace's Admins and Owners.").waitFor();
      expect(await other.getByRole("button", { name: "New webhook" }).count()).toBe(0);
      expect(theirs).toEqual([]);
      await context.close();
    },
    STEP_TIMEOUT,
  );
});
