// What a member sees of a workspace that requires single sign-on while their session came another
// way (a password, Google, GitHub; the API answers 403 sso_required to everything in it): a button
// to sign in again through the provider, instead of an error. On their account pages, which still
// work, a banner says the same. The sign-in is a full-page round trip that lands back on `/`.
import type { Workspace } from "../api/queries.ts";
import { useProviders } from "../api/queries.ts";

/** "Sign in with Acme SSO": a plain link, as on the sign-in screen. */
export function SsoSignInLink({ className = "btn btn-primary" }: { className?: string }) {
  const name = useProviders().data?.oidc?.name;
  if (!name) return null;
  return (
    <a className={className} href="/auth/oidc-login">
      Sign in with {name}
    </a>
  );
}

export function SsoRequired({ workspace }: { workspace: Workspace }) {
  const providers = useProviders();
  const offered = Boolean(providers.data?.oidc);
  return (
    <section className="card stack enrollment" aria-labelledby="sso-required-title">
      <h1 id="sso-required-title">Sign in with single sign-on to continue</h1>
      <p>
        <strong>{workspace.name}</strong> requires its members to sign in through your organisation's single
        sign-on. You signed in another way (a password, Google or GitHub), so its projects and secrets stay
        closed to this session.
      </p>
      {offered ? (
        <p>
          <SsoSignInLink />
        </p>
      ) : (
        providers.data && (
          <p className="alert alert-error">
            This Coffer no longer offers single sign-on: ask its operator, or an Owner of {workspace.name}.
          </p>
        )
      )}
      <p className="muted">Your other workspaces are in the switcher above.</p>
    </section>
  );
}

export function SsoBanner({ workspace }: { workspace: Workspace }) {
  return (
    <section className="banner" aria-label="Single sign-on required">
      <p>
        <strong>{workspace.name} requires single sign-on.</strong> Sign in through it to reach its projects
        and secrets. <SsoSignInLink className="" />
      </p>
    </section>
  );
}
