// `/invite?token=…`, where the invite mail links. The token is read once and removed from the
// address bar (and so from the history); it lives on only in this component's state. The page
// checks the invite (POST /invite/validate), then joins as a new account (name + password, then
// sign in), as an existing account (sign in — with its two-factor code when it has one — then
// accept), or declines.
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { api } from "../api/client.ts";
import { challengeOf, errorMessage, unwrap } from "../api/errors.ts";
import { useSwitchWorkspace, useWrite } from "../api/mutations.ts";
import { type Ok, useMe } from "../api/queries.ts";
import { useSession } from "../api/session.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { RoleBadge } from "../components/RoleBadge.tsx";
import { TwoFactorStep } from "../components/TwoFactorStep.tsx";
import "../styles/people.css";
import { RadioGroup } from "../components/RadioChoice.tsx";

type Invite = Ok<"validateInvite">;
type Check =
  | { state: "checking" }
  | { state: "failed"; message: string }
  | { state: "valid"; invite: Invite };

export function InviteAccept() {
  const search = useSearch({ from: "/invite" });
  const navigate = useNavigate();
  const [token] = useState(search.token ?? "");
  const [check, setCheck] = useState<Check>({ state: "checking" });
  const [declined, setDeclined] = useState(false);

  useEffect(() => {
    // Out of the address bar at once: a replace, so no history entry keeps it either.
    if (search.token) void navigate({ to: "/invite", search: {}, replace: true });
  }, [search.token, navigate]);

  useEffect(() => {
    if (!token) return;
    let live = true;
    unwrap(api.POST("/invite/validate", { params: { query: { token } } })).then(
      (invite) => live && setCheck({ state: "valid", invite }),
      (error: unknown) => live && setCheck({ state: "failed", message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (!token) {
    return (
      <AuthLayout title="Join a workspace">
        <Alert kind="info">Open the link from your invite mail to join a workspace.</Alert>
        <p className="auth-alt">
          <Link to="/sign-in">Sign in</Link>
        </p>
      </AuthLayout>
    );
  }
  if (check.state === "checking") {
    return (
      <AuthLayout title="Join a workspace">
        <Loading label="Checking the invite…" />
      </AuthLayout>
    );
  }
  if (check.state === "failed") {
    return (
      <AuthLayout title="Join a workspace">
        <Alert kind="error">{check.message}</Alert>
        <p className="auth-alt">
          Ask whoever invited you for a new link, or <Link to="/sign-in">sign in</Link>.
        </p>
      </AuthLayout>
    );
  }
  const { invite } = check;
  if (declined) {
    return (
      <AuthLayout title="Invite declined">
        <Alert kind="success">
          You declined the invite to {invite.workspace_name}. Nothing else changed.
        </Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={`Join ${invite.workspace_name}`}>
      <p className="invite-summary">
        <strong>{invite.inviter.name || invite.inviter.email}</strong> invited{" "}
        <span className="mono break">{invite.invitee_email}</span> to <strong>{invite.workspace_name}</strong>{" "}
        as <RoleBadge role={invite.role} />.
      </p>
      <p className="muted">The link works once, until {new Date(invite.expiry_time).toLocaleString()}.</p>
      <AcceptForms token={token} invite={invite} />
      <Decline token={token} onDeclined={() => setDeclined(true)} />
    </AuthLayout>
  );
}

type AccountMode = "new" | "existing";

const ACCOUNT_MODES: readonly { value: AccountMode; label: string }[] = [
  { value: "new", label: "I am new to Coffer" },
  { value: "existing", label: "I already have an account" },
];

function AcceptForms({ token, invite }: { token: string; invite: Invite }) {
  const session = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AccountMode>("new");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  /** An existing account with two-factor sign-in: its code comes before joining. */
  const [challenge, setChallenge] = useState<string>();
  const acceptInvite = useWrite((body: { token: string; password: string; name?: string }) =>
    unwrap(api.POST("/invite/accept", { body })),
  );
  const switchWorkspace = useSwitchWorkspace();

  const opened = () =>
    navigate({ to: "/w/$workspaceId", params: { workspaceId: invite.workspace_id }, replace: true });

  /** Signed in as the invitee: accept (the API checks the session, not the password) and open it. */
  async function join() {
    await acceptInvite.mutateAsync({ token, password });
    setPassword("");
    const answer = await switchWorkspace.mutateAsync(invite.workspace_id);
    if (answer.access_token) session.replaceToken(answer.access_token);
    await opened();
  }

  async function accept(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      // One browser, one person: someone else's session here would make the API refuse the invite.
      if (session.status === "signed-in") await session.signOut();
      if (mode === "new") {
        await acceptInvite.mutateAsync({ token, name: name.trim(), password });
        await session.signIn(invite.invitee_email, password);
        await opened();
      } else {
        await session.signIn(invite.invitee_email, password);
        await join();
      }
    } catch (failure) {
      const next = challengeOf(failure);
      if (next) setChallenge(next);
      else setError(errorMessage(failure));
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={join}
        onRestart={(message) => {
          setChallenge(undefined);
          setError(message);
        }}
      />
    );
  }
  return (
    <form className="stack" onSubmit={accept}>
      {session.status === "signed-in" && <SignedInNote invitee={invite.invitee_email} />}
      <RadioGroup legend="Your account" name="mode" options={ACCOUNT_MODES} value={mode} onChange={setMode} />
      <Field label="Email" type="email" readOnly value={invite.invitee_email} autoComplete="username" />
      {mode === "new" && (
        <Field
          label="Your name"
          required
          maxLength={300}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      )}
      <Field
        label="Password"
        type="password"
        required
        minLength={mode === "new" ? 8 : 1}
        maxLength={mode === "new" ? 128 : 1024}
        autoComplete={mode === "new" ? "new-password" : "current-password"}
        hint={mode === "new" ? "At least 8 characters." : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" variant="primary" busy={busy}>
        {mode === "new" ? "Create account and join" : "Sign in and join"}
      </Button>
    </form>
  );
}

/** Who this browser is signed in as, when it is: accepting replaces that session. */
function SignedInNote({ invitee }: { invitee: string }) {
  const me = useMe();
  if (!me.data) return null;
  return (
    <Alert kind="info">
      You are signed in as {me.data.email}. Accepting signs you in again, as {invitee}.
    </Alert>
  );
}

function Decline({ token, onDeclined }: { token: string; onDeclined: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="auth-alt">
      <Button variant="ghost" onClick={() => setAsking(true)}>
        Decline the invite
      </Button>
      <FormDialog
        open={asking}
        title="Decline this invite?"
        submitLabel="Decline invite"
        danger
        onClose={() => setAsking(false)}
        onSubmit={() => unwrap(api.POST("/invite/reject", { params: { query: { token } } })).then(onDeclined)}
      >
        <p>The link stops working. Whoever invited you can send a new one.</p>
      </FormDialog>
    </div>
  );
}
