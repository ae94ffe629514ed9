// `/reset-password#token=…`, where the reset mail links. The token is read from the fragment and
// taken out of the address bar at once; the new password is typed twice. A reset signs every
// session of the account out (this browser's too), so the page ends on the sign-in screen with the
// address filled in.
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { api } from "../api/client.ts";
import { ApiError, unwrap } from "../api/errors.ts";
import { useSession } from "../api/session.tsx";
import { Alert } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { Button } from "../components/Button.tsx";
import { NewPasswordFields, useNewPassword } from "../components/NewPasswordFields.tsx";
import { useFragmentParam } from "../components/useFragmentParam.ts";
import { useSubmit } from "../components/useSubmit.ts";

const sessions = (n: number) => (n === 1 ? "1 session" : `${n} sessions`);

export function ResetPassword() {
  const token = useFragmentParam("token");
  const session = useSession();
  const navigate = useNavigate();
  const newPassword = useNewPassword();
  const [expired, setExpired] = useState(false);
  const { busy, error, submit } = useSubmit(async () => {
    if (!token || !newPassword.ready()) return;
    setExpired(false);
    const done = await unwrap(
      api.POST("/auth/password/reset", { body: { token, new_password: newPassword.value } }),
    ).catch((failure: unknown) => {
      setExpired(failure instanceof ApiError && failure.code === "reset_token_invalid");
      throw failure;
    });
    // This browser's session (if any) ended with the others: forget it here too.
    if (session.status === "signed-in") await session.signOut();
    await navigate({
      to: "/sign-in",
      replace: true,
      state: {
        email: done.email,
        notice: `Your password is changed, and every session of your account was signed out (${sessions(done.sessions_revoked)}). Sign in with the new password.`,
      },
    });
  });

  if (!token) {
    return (
      <AuthLayout title="Choose a new password">
        <Alert kind="error">
          This page needs the whole link from the reset mail, including the part after #.
        </Alert>
        <p className="auth-alt">
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password">
      <form onSubmit={submit} className="stack">
        <p className="muted">Every session of your account is signed out when the password changes.</p>
        <NewPasswordFields state={newPassword} autoFocus />
        {error && (
          <Alert kind="error">
            {error}
            {expired && (
              <>
                {" "}
                <Link to="/forgot-password">Ask for a new link</Link>.
              </>
            )}
          </Alert>
        )}
        <Button type="submit" variant="primary" busy={busy}>
          Set the new password
        </Button>
      </form>
    </AuthLayout>
  );
}
