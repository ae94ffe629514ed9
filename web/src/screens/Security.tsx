// Account → Security: changing the password (the current one, then the new one twice; the other
// sessions end) and two-factor sign-in (components/TwoFactorSettings.tsx). An account made through
// Google or GitHub has no password to change (the profile's has_password): it is offered the reset
// mail, which sets one.
import { useState } from "react";
import { api } from "../api/client.ts";
import { ApiError, unwrap } from "../api/errors.ts";
import { AccountPage } from "../components/AccountPage.tsx";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";
import { NewPasswordFields, useNewPassword } from "../components/NewPasswordFields.tsx";
import { TwoFactorSettings } from "../components/TwoFactorSettings.tsx";
import { useSubmit } from "../components/useSubmit.ts";

export function Security() {
  return (
    <AccountPage title="Security" intro="How you sign in: your password and two-factor sign-in.">
      {(profile) => (
        <>
          <TwoFactorSettings email={profile.email} />
          {profile.has_password ? (
            <ChangePassword email={profile.email} />
          ) : (
            <SetPasswordByMail email={profile.email} />
          )}
        </>
      )}
    </AccountPage>
  );
}

function ChangePassword({ email }: { email: string }) {
  const [current, setCurrent] = useState("");
  const [currentError, setCurrentError] = useState<string>();
  const newPassword = useNewPassword();
  const [changed, setChanged] = useState<string>();
  const [noPassword, setNoPassword] = useState(false);
  const { busy, error, submit } = useSubmit(async () => {
    setChanged(undefined);
    setCurrentError(undefined);
    if (!newPassword.ready()) return;
    try {
      // With two-factor sign-in on, the API asks for the code first (api/second-factor.ts).
      const done = await unwrap(
        api.POST("/auth/password", { body: { current_password: current, new_password: newPassword.value } }),
      );
      setCurrent("");
      newPassword.clear();
      const others = done.sessions_revoked;
      setChanged(
        `Password changed. ${others === 1 ? "1 other session was" : `${others} other sessions were`} signed out; this one stays signed in.`,
      );
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      if (failure.code === "password_incorrect") setCurrentError(failure.message);
      else if (failure.code === "password_not_set") setNoPassword(true);
      else throw failure;
    }
  });

  if (noPassword) return <SetPasswordByMail email={email} />;
  return (
    <form className="card stack account-card" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <p className="muted">Your other sessions are signed out; this one stays.</p>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={1024}
        error={currentError}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <div className="row-2">
        <NewPasswordFields state={newPassword} />
      </div>
      {changed && <Alert kind="success">{changed}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}

/** An account made through Google or GitHub (409 password_not_set): a password comes by mail. */
function SetPasswordByMail({ email }: { email: string }) {
  const [sent, setSent] = useState<string>();
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await unwrap(api.POST("/auth/password/forgot", { body: { email } }));
    setSent(`${answer.detail}. Open the link in it to choose your password.`);
  });

  return (
    <section className="card stack account-card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p>
        Your account signs in with Google or GitHub and has no password yet. To set one, we mail a link to{" "}
        <span className="mono break">{email}</span>.
      </p>
      {sent && <Alert kind="success">{sent}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      <div>
        <Button variant="primary" busy={busy} onClick={() => void submit()}>
          Mail me a link to set a password
        </Button>
      </div>
    </section>
  );
}
