// THE route table. Client-side paths are chosen so none is an API GET path (/auth, /workspaces,
// /teams, /projects, /environments, /secrets, /keys, /sessions, /share, /invite/{id}…): the
// server answers browser navigations to them with index.html, and API clients with JSON.
//
// To add a screen: write web/src/screens/<Name>.tsx, add a createRoute below under the right
// parent (workspaceRoute for pages inside a workspace), list it in routeTree, and add an entry to NAV
// (web/src/nav.ts) if it belongs in the header's navigation.
import { createRootRoute, createRoute, createRouter, Outlet } from "@tanstack/react-router";
import { AppShell } from "./components/AppShell.tsx";
import { Account } from "./screens/Account.tsx";
import { ApiKeys } from "./screens/ApiKeys.tsx";
import { Audit } from "./screens/Audit.tsx";
import { Compare } from "./screens/Compare.tsx";
import { ForgotPassword } from "./screens/ForgotPassword.tsx";
import { Home } from "./screens/Home.tsx";
import { Import } from "./screens/Import.tsx";
import { InviteAccept } from "./screens/InviteAccept.tsx";
import { Members } from "./screens/Members.tsx";
import { NotFound } from "./screens/NotFound.tsx";
import { ResetPassword } from "./screens/ResetPassword.tsx";
import { Secrets } from "./screens/Secrets.tsx";
import { Security } from "./screens/Security.tsx";
import { ServiceAccount } from "./screens/ServiceAccount.tsx";
import { ServiceAccounts } from "./screens/ServiceAccounts.tsx";
import { Sessions } from "./screens/Sessions.tsx";
import { ShareLinks } from "./screens/ShareLinks.tsx";
import { ShareView } from "./screens/ShareView.tsx";
import { SignIn } from "./screens/SignIn.tsx";
import { SignUp } from "./screens/SignUp.tsx";
import { Tree } from "./screens/Tree.tsx";
import { TwoFactorSignIn } from "./screens/TwoFactorSignIn.tsx";
import { Webhook } from "./screens/Webhook.tsx";
import { Webhooks } from "./screens/Webhooks.tsx";

/** ?error= (a failed provider sign-in) and ?next= (where to go after signing in), both optional. */
function authSearch(search: Record<string, unknown>): { error?: string; next?: string } {
  const out: { error?: string; next?: string } = {};
  if (typeof search.error === "string") out.error = search.error;
  if (typeof search.next === "string") out.next = search.next;
  return out;
}

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFound });

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  validateSearch: authSearch,
  component: Home,
});
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  validateSearch: authSearch,
  component: SignIn,
});
const signUpRoute = createRoute({ getParentRoute: () => rootRoute, path: "/sign-up", component: SignUp });
/** Where a provider sign-in of an account with two-factor sign-in lands: /two-factor#challenge=… */
const twoFactorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/two-factor",
  component: TwoFactorSignIn,
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  component: ForgotPassword,
});
/** Where the reset mail links: /reset-password#token=… (the token stays in the fragment). */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  component: ResetPassword,
});
/** A share link opened in a browser: /s/#<token> (the token stays in the fragment). */
const shareViewRoute = createRoute({ getParentRoute: () => rootRoute, path: "/s", component: ShareView });
/** Where invite mails link (`/invite?token=…`; the API's invite routes all have more segments). */
const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/invite",
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
  component: InviteAccept,
});

/** Every signed-in page of one workspace: the shell (header, switcher, nav) around an Outlet. */
export const workspaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/w/$workspaceId",
  component: AppShell,
});
const treeRoute = createRoute({ getParentRoute: () => workspaceRoute, path: "/", component: Tree });
const secretsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/env/$teamId/$projectId/$environmentId",
  component: Secrets,
});
const importRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/env/$teamId/$projectId/$environmentId/import",
  component: Import,
});
/** A project's environments side by side. */
const compareRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/compare/$teamId/$projectId",
  component: Compare,
});
const auditRoute = createRoute({ getParentRoute: () => workspaceRoute, path: "/audit", component: Audit });

const membersRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/members",
  component: Members,
});
const apiKeysRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/api-keys",
  component: ApiKeys,
});
const serviceAccountsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/service-accounts",
  component: ServiceAccounts,
});
const serviceAccountRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/service-accounts/$serviceAccountId",
  component: ServiceAccount,
});
const webhooksRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/webhooks",
  component: Webhooks,
});
const webhookRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/webhooks/$webhookId",
  component: Webhook,
});
const shareLinksRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/share-links",
  component: ShareLinks,
});
const sessionsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/sessions",
  component: Sessions,
});
const accountRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/account",
  component: Account,
});
const securityRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/account/security",
  component: Security,
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  signInRoute,
  signUpRoute,
  twoFactorRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  shareViewRoute,
  inviteRoute,
  workspaceRoute.addChildren([
    treeRoute,
    secretsRoute,
    importRoute,
    compareRoute,
    auditRoute,
    membersRoute,
    apiKeysRoute,
    serviceAccountsRoute,
    serviceAccountRoute,
    webhooksRoute,
    webhookRoute,
    shareLinksRoute,
    sessionsRoute,
    accountRoute,
    securityRoute,
  ]),
]);

export const router = createRouter({ routeTree, scrollRestoration: true });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// What a page may hand the next one in the history entry (never in the URL): the sign-in screen
// prefills the address and shows the notice a password reset leaves.
declare module "@tanstack/history" {
  interface HistoryState {
    email?: string;
    notice?: string;
  }
}
