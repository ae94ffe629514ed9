// Create an account (and its first workspace), sign in with it, and have its first email
// verification code sent.
import { Link, useNavigate } from "@tanstack/react-router";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useSession } from "../api/session.tsx";
import { Alert } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { Button } from "../components/Button.tsx";
import { Field, useFields } from "../components/Field.tsx";
import { PersonNameFields } from "../components/PersonNameFields.tsx";
import { useSubmit } from "../components/useSubmit.ts";
import { rememberCodeSent } from "../lib/verification.ts";

export function SignUp() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [form, set] = useFields({ first_name: "", last_name: "", email: "", password: "" });
  const { busy, error, submit } = useSubmit(async () => {
    const account = await unwrap(
      api.POST("/auth/get-started", { body: { ...form, created_at: new Date().toISOString() } }),
    );
    await signIn(form.email, form.password);
    // The first verification code goes out at once; the banner opens on its field. A failure to
    // send (mail down) leaves the banner's own "Send code".
    const sent = await api.POST("/auth/request-otp").catch(() => undefined);
    if (sent?.response.ok) rememberCodeSent(form.email);
    await navigate({ to: "/w/$workspaceId", params: { workspaceId: account.workspace.id } });
  });

  return (
    <AuthLayout title="Create your account">
      <form onSubmit={submit} className="stack">
        <PersonNameFields form={form} set={set} />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set("email")}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint="At least 8 characters."
          value={form.password}
          onChange={set("password")}
        />
        {error && <Alert kind="error">{error}</Alert>}
        <Button type="submit" variant="primary" busy={busy}>
          Create account
        </Button>
      </form>
      <p className="auth-alt">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
