// The frame of every signed-in page: header (brand, workspace switcher, search, navigation, theme,
// account menu), the email-verification banner, then the page. Signed-out visitors go to the
// sign-in screen.
// A member who lacks the two-factor sign-in the workspace requires sees how to turn it on instead
// of its pages, and one whose session did not come through the single sign-on it requires, a way
// to sign in through it; their account pages (nav.ts ACCOUNT_ROUTES) still open, under a banner.
import { Link, Navigate, Outlet, useMatches, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { errorMessage } from "../api/errors.ts";
import { useMe } from "../api/queries.ts";
import { useSession } from "../api/session.tsx";
import { useWorkspaceState, WorkspaceProvider } from "../api/workspace.tsx";
import { allows } from "../lib/permissions.ts";
import { ACCOUNT_ROUTES, NAV } from "../nav.ts";
import { Alert, Loading } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { EnrollmentBanner, EnrollmentRequired } from "./EnrollmentRequired.tsx";
import { HeaderSearch } from "./HeaderSearch.tsx";
import { SsoBanner, SsoRequired } from "./SsoRequired.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import { VerificationBanner } from "./VerificationBanner.tsx";
import { WorkspaceSwitcher } from "./WorkspaceSwitcher.tsx";

export function AppShell() {
  const { status } = useSession();
  // Where to come back to after signing in: this page, as it was when the shell mounted (the
  // router's location moves on to /sign-in while this still renders).
  const [next] = useState(() => window.location.pathname + window.location.search);
  if (status === "restoring") return <Loading label="Restoring your session…" />;
  if (status === "signed-out") return <Navigate to="/sign-in" search={{ next }} replace />;
  return <SignedInShell />;
}

function SignedInShell() {
  const { workspaceId } = useParams({ from: "/w/$workspaceId" });
  const state = useWorkspaceState(workspaceId);
  const me = useMe();
  const { signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const caller = state.status === "ready" || state.status === "enrollment" ? state.value.caller : undefined;
  const onAccountPage = useMatches({
    select: (matches) => matches.some((m) => ACCOUNT_ROUTES.has(m.routeId)),
  });

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand" aria-label="Coffer home">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">Coffer</span>
        </Link>
        <WorkspaceSwitcher current={workspaceId} />
        {state.status === "ready" && allows(caller, "secret.search") && (
          <HeaderSearch key={workspaceId} workspaceId={workspaceId} />
        )}
        <button
          type="button"
          className="icon-btn nav-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="main-nav" aria-label="Main" className={menuOpen ? "nav nav-open" : "nav"}>
          {NAV.filter(
            (entry) =>
              (!entry.action || allows(caller, entry.action)) &&
              (!entry.operatorOnly || me.data?.instance_operator === true),
          ).map((entry) => (
            <Link
              key={entry.label}
              to={entry.to}
              params={{ workspaceId }}
              activeOptions={{ exact: entry.to === "/w/$workspaceId" }}
              className="nav-link"
              activeProps={{ className: "nav-link active", "aria-current": "page" }}
              onClick={() => setMenuOpen(false)}
            >
              {entry.label}
            </Link>
          ))}
          <span className="nav-spacer" />
          <ThemeToggle />
          <Link
            to="/w/$workspaceId/account"
            params={{ workspaceId }}
            className="nav-user"
            title={`Account settings (${me.data?.email ?? ""})`}
            aria-label={`Account settings for ${me.data?.name ?? "you"}`}
            activeProps={{ className: "nav-user active", "aria-current": "page" }}
            onClick={() => setMenuOpen(false)}
          >
            {me.data?.name ?? "Account"}
          </Link>
          <Button size="sm" variant="ghost" onClick={() => void signOut()}>
            Sign out
          </Button>
        </nav>
      </header>
      {me.data && !me.data.email_verified && <VerificationBanner email={me.data.email} />}
      {state.status === "enrollment" &&
        onAccountPage &&
        (state.requirement === "sso" ? (
          <SsoBanner workspace={state.value.workspace} />
        ) : (
          <EnrollmentBanner workspace={state.value.workspace} />
        ))}
      <main id="main" className="main" tabIndex={-1}>
        {state.status === "loading" && <Loading />}
        {state.status === "error" && <Alert kind="error">{errorMessage(state.error)}</Alert>}
        {state.status === "missing" && (
          <Alert kind="error">
            This workspace does not exist or you are not a member. <Link to="/">Go to your workspaces</Link>
          </Alert>
        )}
        {state.status === "enrollment" &&
          !onAccountPage &&
          (state.requirement === "sso" ? (
            <SsoRequired workspace={state.value.workspace} />
          ) : (
            <EnrollmentRequired workspace={state.value.workspace} />
          ))}
        {(state.status === "ready" || (state.status === "enrollment" && onAccountPage)) && (
          <WorkspaceProvider value={state.value}>
            <Outlet />
          </WorkspaceProvider>
        )}
      </main>
    </div>
  );
}
