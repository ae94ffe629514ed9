// The dashboard stack behind a real OpenID Connect provider, as the browser tests of single sign-on
// start it: the provider first (the server's COFFER_OIDC_* name it), then the stack, then the
// stack's callback registered with the provider under the address COFFER_PUBLIC_URL names.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import {
  type ApiAccount,
  type DashboardStack,
  separateDevices,
  signUpVerifiedThroughApi,
  startDashboardStack,
} from "./dashboard-flows.ts";
import { lateBound } from "./late-bound.ts";
import { type SsoProvider, startSsoProvider } from "./sso-provider.ts";

export interface SsoDashboard {
  sso: SsoProvider;
  stack: DashboardStack;
  /** The dashboard's address as COFFER_PUBLIC_URL names it (the provider redirects back there). */
  base: string;
  /** A password account whose address is verified (the provider's verified address links it). */
  owner: ApiAccount;
  /** Closes the stack, then stops the provider. */
  stop(): Promise<void>;
}

export async function startSsoDashboard(): Promise<SsoDashboard> {
  const sso = await startSsoProvider();
  const stack = await startDashboardStack(sso.env());
  const base = `http://localhost:${stack.server.port}`;
  sso.addRedirectUri(`${base}/auth/oidc-callback`);
  const owner = await signUpVerifiedThroughApi(stack.server.url, stack.smtp);
  const stop = async () => {
    await stack.close();
    await sso.stop();
  };
  return { sso, stack, base, owner, stop };
}

export interface SsoDashboardSuite extends Pick<SsoDashboard, "sso" | "stack" | "owner"> {
  /** SsoDashboard's base, read once beforeAll has run. */
  base(): string;
  /** A page on a device of its own (separateDevices: cookies, and a user agent naming the suite). */
  newPage(): Promise<Page>;
}

/**
 * startSsoDashboard made in the suite's beforeAll; its afterAll closes the pages newPage opened,
 * stops the dashboard and the provider, and expects no page to have reported a problem.
 */
export function ssoDashboardForSuite(deviceLabel: string, timeout: number): SsoDashboardSuite {
  let made: SsoDashboard | undefined;
  const devices = separateDevices(deviceLabel);
  beforeAll(async () => {
    made = await startSsoDashboard();
  }, timeout);
  afterAll(async () => {
    await devices.closeAll();
    await made?.stop();
    expect(devices.problems.flat()).toEqual([]);
  });
  const stack = lateBound("the dashboard stack", () => made?.stack);
  return {
    sso: lateBound("the provider", () => made?.sso),
    stack,
    owner: lateBound("the Owner's account", () => made?.owner),
    base: () => lateBound("the dashboard", () => made).base,
    newPage: () => devices.newPage(stack.browser),
  };
}
