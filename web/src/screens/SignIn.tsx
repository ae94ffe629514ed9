// Sign in with email and password, or with single sign-on (the deployment's OpenID Connect
// provider, under the name its operator gave it) and Google / GitHub when this deployment
// configures them (their buttons are plain links: the provider round trip is a full-page navigation that comes
// back to `/` with the refresh cookie set, or to /two-factor for an account with two-factor
// sign-in). An account with two-factor sign-in then gets a second step (TwoFactorStep) that
// finishes with the API's challenge: the password is forgotten once the first step is done.
import { Link, useNavigate, useRouterState, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { lastSessionEnd } from "../api/client.ts";
import { challengeOf } from "../api/errors.ts";
import { useProviders } from "../api/queries.ts";
import { useSession } from "../api/session.tsx";
import { Alert } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";
import { TwoFactorStep } from "../components/TwoFactorStep.tsx";
import { useSubmit } from "../components/useSubmit.ts";
import { describeSessionEnd } from "../lib/session-end.ts";

const PROVIDER_ERRORS: Record<string, string> = {
  provider_denied: "The sign-in was cancelled at the provider.",
  email_not_verified: "The provider has not verified that email address.",
  invalid_state: "The sign-in took too long or was started elsewhere. Try again.",
  provider_unavailable: "The sign-in provider could not be reached. Try again in a moment.",
  id_token_rejected:
    "The sign-in provider's answer could not be verified, so nobody was signed in. If it happens again, tell your administrator.",
};

/** Only a path on this site: never an absolute URL someone put in ?next=. */
export const safeNext = (next: string | undefined): string =>
  next?.startsWith("/") && !next.startsWith("//") ? next : "/";

export function SignIn() {
  const search = useSearch({ from: "/sign-in" });
  // A page that sends the person here (a password reset) may pass the address and a notice in the
  // history entry's state: never in the URL.
  const arrival = useRouterState({ select: (s) => s.location.state });
  const navigate = useNavigate();
  const [email, setEmail] = useState(arrival.email ?? "");
  const [challenge, setChallenge] = useState<string>();
  const [restarted, setRestarted] = useState<string>();
  const [ended] = useState(() => describeSessionEnd(lastSessionEnd()));
  const signedIn = () => navigate({ href: safeNext(search.next), replace: true });

  if (challenge) {
    return (
      <AuthLayout title="Sign in">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={signedIn}
          onRestart={(message) => {
            setChallenge(undefined);
            setRestarted(message);
          }}
        />
        <p className="auth-alt">
          <Button variant="ghost" size="sm" className="link-btn" onClick={() => setChallenge(undefined)}>
            Start over
          </Button>
        </p>
      </AuthLayout>
    );
  }

  const providerError = search.error
    ? (PROVIDER_ERRORS[search.error] ?? `Sign-in with the provider failed (${search.error}).`)
    : undefined;
  return (
    <AuthLayout title="Sign in">
      {arrival.notice && !restarted && <Alert kind="success">{arrival.notice}</Alert>}
      {providerError && <Alert kind="error">{providerError}</Alert>}
      {ended && !restarted && <Alert kind="warning">{ended}</Alert>}
      {restarted && <Alert kind="error">{restarted}</Alert>}
      <PasswordStep
        email={email}
        onEmail={setEmail}
        autoFocusPassword={Boolean(arrival.email)}
        onSignedIn={signedIn}
        onChallenge={(next) => {
          setRestarted(undefined);
          setChallenge(next);
        }}
      />
      <Providers />
      <p className="auth-alt">
        New to Coffer? <Link to="/sign-up">Create an account</Link>
      </p>
    </AuthLayout>
  );
}

function PasswordStep({
  email,
  onEmail,
  autoFocusPassword,
  onSignedIn,
  onChallenge,
}: {
  email: string;
  /** The address came filled in (after a password reset): the password is next. */
  autoFocusPassword: boolean;
  onEmail: (email: string) => void;
  onSignedIn: () => Promise<unknown>;
  onChallenge: (challenge: string) => void;
}) {
  const { signIn } = useSession();
  const [password, setPassword] = useState("");
  const { busy, error, submit } = useSubmit(async () => {
    try {
      await signIn(email, password);
    } catch (failure) {
      const challenge = challengeOf(failure);
      if (!challenge) throw failure;
      setPassword("");
      onChallenge(challenge); // this step unmounts: nothing of the password is left
      return;
    }
    await onSignedIn();
  });

  return (
    <form onSubmit={submit} className="stack">
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => onEmail(e.target.value)}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus={autoFocusPassword}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p className="forgot">
        <Link to="/forgot-password" state={email ? { email } : {}}>
          Forgot your password?
        </Link>
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" variant="primary" busy={busy}>
        Sign in
      </Button>
    </form>
  );
}

const PROVIDERS = [
  { id: "google", name: "Google" },
  { id: "github", name: "GitHub" },
] as const;

/**
 * "Sign in with <name>" for single sign-on, first (where a deployment has one, most of its people
 * use it), then "Continue with Google/GitHub": only the providers this deployment configures.
 */
function Providers() {
  const providers = useProviders();
  const sso = providers.data?.oidc;
  const others = PROVIDERS.filter(({ id }) => providers.data?.[id]);
  if (!sso && others.length === 0) return null;
  return (
    <div className="providers">
      <p className="divider">
        <span>or</span>
      </p>
      {sso && (
        <a className="btn btn-secondary" href="/auth/oidc-login">
          Sign in with {sso.name}
        </a>
      )}
      {others.map(({ id, name }) => (
        <a key={id} className="btn btn-secondary" href={`/auth/${id}-login`}>
          Continue with {name}
        </a>
      ))}
    </div>
  );
}
