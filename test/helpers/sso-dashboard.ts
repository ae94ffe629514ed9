// The dashboard stack behind a real OpenID Connect provider, as the browser tests of single sign-on
// start it: the provider first (the server's COFFER_OIDC_* name it), then the stack, then the
// stack's callback registered with the provider under the address COFFER_PUBLIC_URL names.
import {
  type ApiAccount,
  type DashboardStack,
  signUpVerifiedThroughApi,
  startDashboardStack,
} from "./dashboard-flows.ts";
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
