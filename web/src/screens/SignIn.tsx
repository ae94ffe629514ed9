// Sign in with email and password, or with Google / GitHub when this deployment configures them
// (their buttons are plain links: the provider round trip is a full-page navigation that comes
// back to `/` with the refresh cookie set).
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../api/errors.ts";
import { useProviders } from "../api/queries.ts";
import { useSession } from "../api/session.tsx";
import { Alert } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";

const PROVIDER_ERRORS: Record<string, string> = {
  provider_denied: "The sign-in was cancelled at the provider.",
  email_not_verified: "The provider has not verified that email address.",
  invalid_state: "The sign-in took too long or was started elsewhere. Try again.",
};

/** Only a path on this site: never an absolute URL someone put in ?next=. */
export const safeNext = (next: string | undefined): string =>
  next?.startsWith("/") && !next.startsWith("//") ? next : "/";

export function SignIn() {
  const search = useSearch({ from: "/sign-in" });
  const { signIn } = useSession();
  const providers = useProviders();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await signIn(email, password);
      await navigate({ href: safeNext(search.next), replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const providerError = search.error
    ? (PROVIDER_ERRORS[search.error] ?? `Sign-in with the provider failed (${search.error}).`)
    : undefined;

  return (
    <AuthLayout title="Sign in">
      {providerError && <Alert kind="error">{providerError}</Alert>}
      <form onSubmit={submit} className="stack">
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <Button type="submit" variant="primary" busy={busy}>
          Sign in
        </Button>
      </form>
      {(providers.data?.google || providers.data?.github) && (
        <div className="providers">
          <p className="divider">
            <span>or</span>
          </p>
          {providers.data.google && (
            <a className="btn btn-secondary" href="/auth/google-login">
              Continue with Google
            </a>
          )}
          {providers.data.github && (
            <a className="btn btn-secondary" href="/auth/github-login">
              Continue with GitHub
            </a>
          )}
        </div>
      )}
      <p className="auth-alt">
        New to Coffer? <Link to="/sign-up">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
