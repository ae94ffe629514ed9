// Steps the people-and-account browser tests share (test/dashboard-people-e2e.test.ts): the stack (a real server process on this run's engine,
// a fake SMTP server, Chromium), signing up and in through the real screens, and the test's own
// HTTP calls to the same server (fetch, as any API client would) for setup and checks.
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";
import { ensureDashboardBuilt, launchChromium } from "./browser.ts";
import { type FakeSmtp, startFakeSmtp } from "./fake-smtp.ts";
import { killChildren, removeTempDirs, type ServerProcess, startServer, tempDir } from "./server-process.ts";

export interface DashboardStack {
  /** "sqlite" or "postgres": the engine this run's server uses (screenshot names carry it). */
  engine: string;
  smtp: FakeSmtp;
  server: ServerProcess;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The built dashboard served by a real server process on this run's engine, mailing to a fake SMTP
 * server, with rate limits out of the way, and Chromium. `env` adds to the server's environment.
 */
export async function startDashboardStack(env: Record<string, string> = {}): Promise<DashboardStack> {
  ensureDashboardBuilt();
  const databaseUrl = inject("databaseUrl");
  const smtp = await startFakeSmtp();
  const server = await startServer({
    ...(databaseUrl
      ? { DATABASE_URL: databaseUrl, COFFER_MASTER_KEY: inject("masterKey") }
      : { COFFER_DATA_DIR: join(tempDir(), "data") }),
    SMTP_URL: smtp.url,
    COFFER_RATE_LIMIT_PER_MINUTE: "100000",
    ...env,
  });
  const browser = await launchChromium();
  return {
    engine: databaseUrl ? "postgres" : "sqlite",
    smtp,
    server,
    browser,
    async close() {
      await browser.close();
      await smtp.close();
      await killChildren();
      removeTempDirs();
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

/** Signs in through the sign-in screen and waits to land inside a workspace. */
export async function signInInBrowser(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/w\/[0-9a-f-]{36}/);
}

export type Headers = Record<string, string>;

/**
 * A session of the test's own (password sign-in over HTTP). Give it its own user agent: one device
 * has one session, so sharing the browser's would sign the browser out.
 */
export async function httpSignIn(
  baseUrl: string,
  email: string,
  password: string,
  userAgent: string,
): Promise<Headers> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password }),
    headers: { "user-agent": userAgent },
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}`, "user-agent": userAgent };
}

/** One JSON call; resolves with the status and the parsed body. */
export async function httpJson<T = unknown>(
  baseUrl: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  headers: Headers,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
