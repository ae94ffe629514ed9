// THE route table. Client-side paths are chosen so none is an API GET path (/auth, /workspaces,
// /teams, /projects, /environments, /secrets, /keys, /sessions, /share, /invite/{id}…): the
// server answers browser navigations to them with index.html, and API clients with JSON.
//
// To add a screen: write web/src/screens/<Name>.tsx, add a createRoute below under the right
// parent (workspaceRoute for pages inside a workspace), list it in routeTree, and add an entry to NAV
// (web/src/nav.ts) if it belongs in the header's navigation. Every screen is its own chunk, loaded
// when its route is first visited: the sign-in page does not download the secrets table. The
// sign-in screen itself is the exception: it is most visits' first page, and as a chunk of its own
// it was a second round trip after the entry's (1.6 KiB compressed in the entry instead).
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
} from "@tanstack/react-router";
import { auditSearch } from "./lib/audit-filters.ts";
import { NotFound } from "./screens/NotFound.tsx";
import { SignIn } from "./screens/SignIn.tsx";

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
  component: lazyRouteComponent(() => import("./screens/Home.tsx"), "Home"),
});
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  validateSearch: authSearch,
  component: SignIn,
});
const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-up",
  component: lazyRouteComponent(() => import("./screens/SignUp.tsx"), "SignUp"),
});
/** Where a provider sign-in of an account with two-factor sign-in lands: /two-factor#challenge=… */
const twoFactorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/two-factor",
  component: lazyRouteComponent(() => import("./screens/TwoFactorSignIn.tsx"), "TwoFactorSignIn"),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  component: lazyRouteComponent(() => import("./screens/ForgotPassword.tsx"), "ForgotPassword"),
});
/** Where the reset mail links: /reset-password#token=… (the token stays in the fragment). */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  component: lazyRouteComponent(() => import("./screens/ResetPassword.tsx"), "ResetPassword"),
});
/** A share link opened in a browser: /s/#<token> (the token stays in the fragment). */
const shareViewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/s",
  component: lazyRouteComponent(() => import("./screens/ShareView.tsx"), "ShareView"),
});
/** Where `coffer login` sends the person (RFC 8628's verification URI): `/device?code=XXXX-XXXX`. */
const deviceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/device",
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === "string" && search.code.length <= 20 ? { code: search.code } : {},
  component: lazyRouteComponent(() => import("./screens/DeviceSignIn.tsx"), "DeviceSignIn"),
});
/** Where invite mails link (`/invite?token=…`; the API's invite routes all have more segments). */
const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/invite",
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" ? { token: search.token } : {},
  component: lazyRouteComponent(() => import("./screens/InviteAccept.tsx"), "InviteAccept"),
});

/** Every signed-in page of one workspace: the shell (header, switcher, nav) around an Outlet. */
export const workspaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/w/$workspaceId",
  component: lazyRouteComponent(() => import("./components/AppShell.tsx"), "AppShell"),
});
const treeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/",
  component: lazyRouteComponent(() => import("./screens/Tree.tsx"), "Tree"),
});
const secretsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/env/$teamId/$projectId/$environmentId",
  // `key`: what the table's search starts from (a result chosen in the header search).
  validateSearch: (search: Record<string, unknown>): { key?: string } =>
    typeof search.key === "string" && search.key.length <= 256 ? { key: search.key } : {},
  component: lazyRouteComponent(() => import("./screens/Secrets.tsx"), "Secrets"),
});
const importRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/env/$teamId/$projectId/$environmentId/import",
  component: lazyRouteComponent(() => import("./screens/Import.tsx"), "Import"),
});
/** A project's environments side by side. */
const compareRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/compare/$teamId/$projectId",
  component: lazyRouteComponent(() => import("./screens/Compare.tsx"), "Compare"),
});
/** The trail's filters are search params (?action=…&project=…&from=…), so a filtered view can be shared. */
const auditRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/audit",
  validateSearch: auditSearch,
  component: lazyRouteComponent(() => import("./screens/Audit.tsx"), "Audit"),
});

const membersRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/members",
  component: lazyRouteComponent(() => import("./screens/Members.tsx"), "Members"),
});
const apiKeysRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/api-keys",
  component: lazyRouteComponent(() => import("./screens/ApiKeys.tsx"), "ApiKeys"),
});
const serviceAccountsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/service-accounts",
  component: lazyRouteComponent(() => import("./screens/ServiceAccounts.tsx"), "ServiceAccounts"),
});
const serviceAccountRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/service-accounts/$serviceAccountId",
  component: lazyRouteComponent(() => import("./screens/ServiceAccount.tsx"), "ServiceAccount"),
});
const webhooksRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/webhooks",
  component: lazyRouteComponent(() => import("./screens/Webhooks.tsx"), "Webhooks"),
});
const webhookRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/webhooks/$webhookId",
  component: lazyRouteComponent(() => import("./screens/Webhook.tsx"), "Webhook"),
});
const shareLinksRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/share-links",
  component: lazyRouteComponent(() => import("./screens/ShareLinks.tsx"), "ShareLinks"),
});
const sessionsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/sessions",
  component: lazyRouteComponent(() => import("./screens/Sessions.tsx"), "Sessions"),
});
const accountRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/account",
  component: lazyRouteComponent(() => import("./screens/Account.tsx"), "Account"),
});
const securityRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/account/security",
  component: lazyRouteComponent(() => import("./screens/Security.tsx"), "Security"),
});
/** The instance's operators' page (COFFER_OPERATORS): every workspace and its plan. */
const instanceAdminRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: "/admin",
  component: lazyRouteComponent(() => import("./screens/InstanceAdmin.tsx"), "InstanceAdmin"),
});
/** `/admin`, as the 402 refusal names it: the same page, in the person's current workspace. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  component: lazyRouteComponent(() => import("./screens/Home.tsx"), "ToInstanceAdmin"),
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
  deviceRoute,
  adminRoute,
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
    instanceAdminRoute,
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
