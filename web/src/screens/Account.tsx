// Account settings: the name (first, middle, last; the email is fixed and shown read-only) and
// deleting the account, which asks for the password (and, with two-factor sign-in, the code: see
// api/second-factor.ts), says what went with it, then signs out. Security is the next tab.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type Ok, type Profile, queryKeys } from "../api/queries.ts";
import { useSession } from "../api/session.tsx";
import { AccountPage } from "../components/AccountPage.tsx";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { NoticeDialog } from "../components/Dialog.tsx";
import { Field, useFields } from "../components/Field.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { PersonNameFields } from "../components/PersonNameFields.tsx";
import { plural } from "../lib/plural.ts";

export function Account() {
  return (
    <AccountPage title="Account" intro="Your name as others in your workspaces see it.">
      {(profile) => (
        <>
          <ProfileForm profile={profile} />
          <DeleteAccount />
        </>
      )}
    </AccountPage>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const saveProfile = useWrite(
    (body: { first_name: string; middle_name: string | null; last_name: string }) =>
      unwrap(api.PATCH("/auth/me", { body })),
  );
  const [form, set] = useFields({
    first_name: profile.first_name,
    middle_name: profile.middle_name ?? "",
    last_name: profile.last_name,
  });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string }>();

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    try {
      const updated = await saveProfile.mutateAsync({
        first_name: form.first_name.trim(),
        middle_name: form.middle_name.trim() || null,
        last_name: form.last_name.trim(),
      });
      queryClient.setQueryData(queryKeys.me(), updated);
      setMessage({ kind: "success", text: `Saved: you are ${updated.name}.` });
    } catch (failure) {
      setMessage({ kind: "error", text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card stack account-card" onSubmit={save} aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <PersonNameFields
        form={form}
        set={set}
        middle={{ value: form.middle_name, onChange: set("middle_name") }}
        maxLength={100}
      />
      <Field
        label="Email"
        type="email"
        readOnly
        value={profile.email}
        hint={`${profile.email_verified ? "Verified." : "Not verified yet."} The address of an account cannot be changed.`}
      />
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

type Deletion = Ok<"deleteAccount">;

function DeleteAccount() {
  const { signOut } = useSession();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState("");
  const [deleted, setDeleted] = useState<Deletion | null>(null);

  async function remove() {
    const result = await unwrap(api.DELETE("/auth/me", { body: { password } }));
    setPassword("");
    setDeleted(result);
  }

  return (
    <section className="card stack account-card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p>
        Deleting your account cannot be undone. Workspaces you are the only Owner of are deleted with
        everything in them; you leave the others, which live on.
      </p>
      <div>
        <Button variant="danger" onClick={() => setAsking(true)}>
          Delete account…
        </Button>
      </div>
      <FormDialog
        open={asking}
        title="Delete your account?"
        submitLabel="Delete my account"
        danger
        onClose={() => {
          setPassword("");
          setAsking(false);
        }}
        onSubmit={remove}
      >
        <p>This cannot be undone. Enter your password to confirm.</p>
        <Field
          label="Password"
          type="password"
          required
          autoFocus
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormDialog>
      <NoticeDialog open={deleted !== null} title="Your account is deleted" onClose={() => void signOut()}>
        {deleted && (
          <p role="status">
            {plural(deleted.workspaces_deleted, "workspace")} you alone owned{" "}
            {deleted.workspaces_deleted === 1 ? "was" : "were"} deleted with it; you left{" "}
            {plural(deleted.workspaces_left, "other workspace")}.
          </p>
        )}
      </NoticeDialog>
    </section>
  );
}
