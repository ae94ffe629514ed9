// `/forgot-password`: asks the API to mail a link that sets a new password. The answer is the same
// whether or not the address has an account (nobody learns who uses Coffer), and so is this page.
import { Link, useRouterState } from "@tanstack/react-router";
import { useState } from "react";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { Alert } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";
import { useSubmit } from "../components/useSubmit.ts";

export function ForgotPassword() {
  const arrival = useRouterState({ select: (s) => s.location.state });
  const [email, setEmail] = useState(arrival.email ?? "");
  const [sent, setSent] = useState<string>();
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await unwrap(api.POST("/auth/password/forgot", { body: { email: email.trim() } }));
    setSent(answer.detail);
  });

  return (
    <AuthLayout title="Reset your password">
      {sent ? (
        <div className="stack">
          <Alert kind="success">{sent}.</Alert>
          <p>
            Open the link in the mail to <span className="mono break">{email}</span> to choose a new password.
            It works once, for a short while. No mail? Check the spam folder, or ask again.
          </p>
          <Button onClick={() => setSent(undefined)}>Send it again</Button>
        </div>
      ) : (
        <form onSubmit={submit} className="stack">
          <p className="muted">
            Enter the address of your account: we mail you a link to choose a new password. Accounts made with
            Google or GitHub can set a password this way too.
          </p>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error && <Alert kind="error">{error}</Alert>}
          <Button type="submit" variant="primary" busy={busy}>
            Mail me a link
          </Button>
        </form>
      )}
      <p className="auth-alt">
        Remembered it? <Link to="/sign-in">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
