// What a member sees of a workspace that requires two-factor sign-in while they have none (the API
// answers 403 two_factor_enrollment_required to everything in it): where to turn it on, instead
// of an error. On their account pages, which still work, a banner says the same.
import { Link } from "@tanstack/react-router";
import type { Workspace } from "../api/queries.ts";

const toSecurity = (workspace: Workspace) => ({
  to: "/w/$workspaceId/account/security" as const,
  params: { workspaceId: workspace.id },
});

export function EnrollmentRequired({ workspace }: { workspace: Workspace }) {
  return (
    <section className="card stack enrollment" aria-labelledby="enrollment-title">
      <h1 id="enrollment-title">Turn on two-factor sign-in to continue</h1>
      <p>
        <strong>{workspace.name}</strong> requires every member to use two-factor sign-in: a code from an
        authenticator app on your phone when you sign in. Its projects and secrets open once you have turned
        it on.
      </p>
      <p>
        <Link className="btn btn-primary" {...toSecurity(workspace)}>
          Set up two-factor sign-in
        </Link>
      </p>
      <p className="muted">It takes a minute. Your other workspaces are in the switcher above.</p>
    </section>
  );
}

export function EnrollmentBanner({ workspace }: { workspace: Workspace }) {
  return (
    <section className="banner" aria-label="Two-factor sign-in required">
      <p>
        <strong>{workspace.name} requires two-factor sign-in.</strong> Turn it on in{" "}
        <Link {...toSecurity(workspace)}>Account → Security</Link> to reach its projects and secrets.
      </p>
    </section>
  );
}
