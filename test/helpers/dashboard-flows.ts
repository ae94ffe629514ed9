// Steps the dashboard's browser tests share: the built dashboard served by a server process on
// this run's engine, a Chromium page on it, an account made ready over HTTP (signed up, email
// verified with the mailed code, a tree built) so a test can start where its own screens begin,
// signing up and in through the browser's screens, and the test's own HTTP calls for setup and checks.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase } from "../../src/db/connect.ts";
import { collectPageProblems, ensureDashboardBuilt, launchChromium } from "./browser.ts";
import { extractCode, type FakeSmtp, mailTo, startFakeSmtp, textBody } from "./fake-smtp.ts";
import { lateBound } from "./late-bound.ts";
import { type ServerProcess, startServer, stopChildrenAndRemoveTempDirs, tempDir } from "./server-process.ts";
import { addMember } from "./tree.ts";

export const FLOW_PASSWORD = "correct horse battery";

export interface ApiAccount {
  email: string;
  password: string;
  workspaceId: string;
  /** The test's own session (its own user agent, so the browser's session is another device). */
  headers: Record<string, string>;
}

export interface EnvTree {
  workspaceId: string;
  teamId: string;
  projectId: string;
  environmentId: string;
}

/** A JSON request that must answer `status` (default 200/201); the parsed body. */
export async function apiCall<T>(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs an account up and in over HTTP, and verifies its email with the code from the mail. */
export async function signUpVerifiedThroughApi(
  baseUrl: string,
  smtp: FakeSmtp,
  email = `flow-${randomUUID()}@example.com`,
): Promise<ApiAccount> {
  const signedUp = await apiCall<{ workspace: { id: string } }>(
    baseUrl,
    "POST",
    "/auth/get-started",
    {},
    {
      email,
      first_name: "Grace",
      last_name: "Hopper",
      password: FLOW_PASSWORD,
      created_at: new Date().toISOString(),
    },
  );
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password: FLOW_PASSWORD }),
    headers: { "user-agent": "dashboard-flows-api" },
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, "user-agent": "dashboard-flows-api" };
  await apiCall(baseUrl, "POST", "/auth/request-otp", headers);
  const otp = Number(extractCode(textBody((await mailTo(smtp, email)).raw)));
  await apiCall(baseUrl, "POST", "/auth/verify", headers, { otp });
  return { email, password: FLOW_PASSWORD, workspaceId: signedUp.workspace.id, headers };
}

/** A team, a project and an environment (or just another environment in `under`). */
export async function createTreeThroughApi(
  baseUrl: string,
  account: ApiAccount,
  names: { team?: string; project?: string; environment: string; type?: "dev" | "staging" | "prod" },
  under?: Omit<EnvTree, "environmentId">,
): Promise<EnvTree> {
  const ws = account.workspaceId;
  const post = <T>(path: string, body: unknown) => apiCall<T>(baseUrl, "POST", path, account.headers, body);
  const teamId = under?.teamId ?? (await post<{ id: string }>(`/teams/${ws}/`, { name: names.team })).id;
  const projectId =
    under?.projectId ??
    (await post<{ id: string }>(`/projects/${ws}/${teamId}/`, { name: names.project })).id;
  const environment = await post<{ id: string }>(`/environments/${ws}/${teamId}/${projectId}/`, {
    name: names.environment,
    environment_type: names.type ?? "prod",
  });
  return { workspaceId: ws, teamId, projectId, environmentId: environment.id };
}

/** Signs in on the browser's sign-in screen and waits for the workspace page it lands on. */
/** The dashboard's page of one environment, under `baseUrl`. */
export const environmentPageUrl = (baseUrl: string, tree: EnvTree) =>
  `${baseUrl}/w/${tree.workspaceId}/env/${tree.teamId}/${tree.projectId}/${tree.environmentId}`;

export async function signInWithPassword(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/w\/[0-9a-f-]{36}/);
}

export const signInInBrowser = (page: Page, baseUrl: string, account: ApiAccount) =>
  signInWithPassword(page, baseUrl, account.email, account.password);

export interface DashboardServer {
  server: ServerProcess;
  /** What reaches the same store from another process (the operator's `npm run admin`). */
  storeEnv: Record<string, string>;
}

/**
 * Builds the dashboard if needed and starts a server on this engine's store (PostgreSQL with the
 * run's master key, or a fresh SQLite data dir) with the fake SMTP server and `env` on top.
 */
export async function startDashboardServer(
  engine: { databaseUrl: string | null | undefined; masterKey: string },
  smtp: FakeSmtp,
  env: Record<string, string> = {},
): Promise<DashboardServer> {
  ensureDashboardBuilt();
  const storeEnv: Record<string, string> = engine.databaseUrl
    ? { DATABASE_URL: engine.databaseUrl, COFFER_MASTER_KEY: engine.masterKey }
    : { COFFER_DATA_DIR: join(tempDir(), "data") };
  const server = await startServer({
    ...storeEnv,
    SMTP_URL: smtp.url,
    COFFER_RATE_LIMIT_PER_MINUTE: "100000",
    ...env,
  });
  return { server, storeEnv };
}

export interface DashboardPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors the page reported. */
  problems: string[];
}

/**
 * A page at 1440 px in a browser context of its own, what it reports collected into `problems`;
 * with `clipboardFor`, the clipboard open to that origin (for the Copy buttons); with `userAgent`,
 * another device (one live session per device).
 */
export async function newDesktopPage(
  browser: Browser,
  {
    clipboardFor,
    problems = [],
    userAgent,
  }: { clipboardFor?: string; problems?: string[]; userAgent?: string } = {},
): Promise<DashboardPage> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(userAgent ? { userAgent } : {}),
  });
  if (clipboardFor)
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: clipboardFor });
  const page = await context.newPage();
  return { browser, context, page, problems: collectPageProblems(page, problems) };
}

/** Chromium at 1440 px with clipboard access for the server's origin. */
export async function openDashboardPage(serverUrl: string): Promise<DashboardPage> {
  return newDesktopPage(await launchChromium(), { clipboardFor: serverUrl });
}

/** The locators every dashboard test uses: a button by name, the open dialog, a table row by key. */
export function dashboardLocators(page: Page) {
  return {
    button: (name: string | RegExp) => page.getByRole("button", { name, exact: typeof name === "string" }),
    dialog: () => page.getByRole("dialog"),
    row: (key: string) => page.getByRole("row").filter({ has: page.getByText(key, { exact: true }) }),
  };
}

export interface DashboardStack {
  /** "sqlite" or "postgres": the engine this run's server uses (screenshot names carry it). */
  engine: string;
  smtp: FakeSmtp;
  server: ServerProcess;
  /** What reaches the server's store from this process or another (startDashboardServer). */
  storeEnv: Record<string, string>;
  browser: Browser;
  close(): Promise<void>;
}

/** The dashboard server on this run's engine (startDashboardServer), its fake SMTP server and Chromium. */
export async function startDashboardStack(env: Record<string, string> = {}): Promise<DashboardStack> {
  const databaseUrl = inject("databaseUrl");
  const smtp = await startFakeSmtp();
  const { server, storeEnv } = await startDashboardServer(
    { databaseUrl, masterKey: inject("masterKey") },
    smtp,
    env,
  );
  const browser = await launchChromium();
  return {
    engine: databaseUrl ? "postgres" : "sqlite",
    smtp,
    server,
    storeEnv,
    browser,
    async close() {
      await browser.close();
      await smtp.close();
      await stopChildrenAndRemoveTempDirs();
    },
  };
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Signs a new account up through the sign-up screen; resolves with its first workspace's id. */
export async function signUpInBrowser(page: Page, baseUrl: string, person: Person): Promise<string> {
  await page.goto(`${baseUrl}/sign-up`);
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await page.waitForURL(/\/w\/[0-9a-f-]{36}$/);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return new URL(page.url()).pathname.split("/")[2] as string;
}

export type { Headers } from "./http.ts";
export { httpJson, httpSignIn } from "./real-port.ts";

/** A verified Owner with one environment, on a fresh dashboard stack, and a desktop-sized page. */
export interface OwnerWithEnvironment {
  stack: DashboardStack;
  account: ApiAccount;
  tree: EnvTree;
  page: Page;
  /** What the page reported (console errors, failed requests) since it opened. */
  problems: string[];
}

interface EnvironmentNames {
  team: string;
  project: string;
  environment: string;
}

/** A verified Owner (signed up over HTTP) with one environment, on `stack`. */
export async function ownerOnStack(stack: DashboardStack, names: EnvironmentNames) {
  const account = await signUpVerifiedThroughApi(stack.server.url, stack.smtp);
  return { account, tree: await createTreeThroughApi(stack.server.url, account, names) };
}

export interface OwnerStackOptions {
  /** The server's environment on top of the stack's, read when the stack starts. */
  env?: () => Record<string, string>;
  /** The page may use the clipboard (the Copy buttons). */
  clipboard?: boolean;
}

export async function ownerWithEnvironment(
  names: EnvironmentNames,
  problems: string[] = [],
  { env = () => ({}), clipboard = false }: OwnerStackOptions = {},
): Promise<OwnerWithEnvironment> {
  const stack = await startDashboardStack(env());
  const { account, tree } = await ownerOnStack(stack, names);
  const clipboardFor = clipboard ? { clipboardFor: stack.server.url } : {};
  const { page } = await newDesktopPage(stack.browser, { problems, ...clipboardFor });
  return { stack, account, tree, page, problems };
}

/**
 * ownerWithEnvironment made in the suite's beforeAll and its stack closed in its afterAll. The page's
 * problems are collected into the array returned here; the rest is read once beforeAll has run
 * (`server` and `storeEnv` are the stack's, for files that name them).
 */
export function ownerWithEnvironmentForSuite(
  names: EnvironmentNames,
  options: OwnerStackOptions = {},
): OwnerWithEnvironment & Pick<DashboardStack, "server" | "storeEnv"> {
  const problems: string[] = [];
  let made: OwnerWithEnvironment | undefined;
  beforeAll(async () => {
    made = await ownerWithEnvironment(names, problems, options);
  }, 120_000);
  afterAll(() => made?.stack.close());
  return {
    stack: lateBound("the dashboard stack", () => made?.stack),
    server: lateBound("the server", () => made?.stack.server),
    storeEnv: lateBound("the store's environment", () => made?.stack.storeEnv),
    account: lateBound("the Owner's account", () => made?.account),
    tree: lateBound("the Owner's environment", () => made?.tree),
    page: lateBound("the page", () => made?.page),
    problems,
  };
}

/**
 * A new verified account made a member of the workspace with `role` (and of the teams) in the
 * store itself, as `npm run admin` would reach it: joining through an invite is another test's subject.
 */
export async function memberThroughStore(
  stack: DashboardStack,
  workspaceId: string,
  role: number,
  teamIds: string[] = [],
): Promise<ApiAccount & { userId: string }> {
  const person = await signUpVerifiedThroughApi(stack.server.url, stack.smtp);
  const { id } = await apiCall<{ id: string }>(stack.server.url, "GET", "/auth/me", person.headers);
  const store = openDatabase({
    databaseUrl: stack.storeEnv.DATABASE_URL,
    dataDir: stack.storeEnv.COFFER_DATA_DIR ?? "",
  });
  try {
    await addMember(store.db, workspaceId, id, role, teamIds);
  } finally {
    await store.db.destroy();
  }
  return { ...person, userId: id };
}

/**
 * Pages each in a browser context of its own (cookies, and a user agent naming `label`: one live
 * session per device), with the problems each page reported, and a way to close them all.
 */
export function separateDevices(label: string) {
  const contexts: BrowserContext[] = [];
  const problems: string[][] = [];
  return {
    problems,
    async newPage(browser: Browser): Promise<Page> {
      const opened = await newDesktopPage(browser, {
        userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 ${label}-${randomUUID().slice(0, 8)}`,
      });
      contexts.push(opened.context);
      problems.push(opened.problems);
      return opened.page;
    },
    async closeAll(): Promise<void> {
      for (const context of contexts) await context.close();
    },
  };
}
