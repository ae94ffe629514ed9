// Share links, from the secrets table's selection: expiry, number of views and an optional
// passphrase, then the link — shown once, with a copy button. The link holds the token, so it is
// kept in this dialog's state only and forgotten when the dialog closes. A plan without share
// links (402) gets the upgrade hint.
import { type FormEvent, useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, isPlanRequired, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import type { EnvPath, Ok, SecretMetadata } from "../api/queries.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { CopyButton } from "../components/CopyButton.tsx";
import { Dialog } from "../components/Dialog.tsx";
import { Field, SelectField } from "../components/Field.tsx";
import { UpgradeHint } from "../components/UpgradeHint.tsx";
import { EXPIRY_PRESETS, SHARE_LIMITS, type ShareRequest, shareRequest } from "../lib/history.ts";
import "../styles/history.css";

type Created = Ok<"createShareLink">;

const SHARE = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/share" as const;
const DEFAULT_MINUTES = 60;

export function ShareDialog({
  path,
  secrets,
  open,
  onClose,
}: {
  path: EnvPath;
  /** The selected secrets. */
  secrets: readonly SecretMetadata[];
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title="Share secrets" onClose={onClose}>
      {open && <ShareForm path={path} secrets={secrets} onClose={onClose} />}
    </Dialog>
  );
}

function ShareForm({
  path,
  secrets,
  onClose,
}: {
  path: EnvPath;
  secrets: readonly SecretMetadata[];
  onClose: () => void;
}) {
  const [minutes, setMinutes] = useState(DEFAULT_MINUTES);
  const [maxViews, setMaxViews] = useState("1");
  const [passphrase, setPassphrase] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [created, setCreated] = useState<Created>();
  const [withPassphrase, setWithPassphrase] = useState(false);
  const createLink = useWrite((body: ShareRequest) => unwrap(api.POST(SHARE, { params: { path }, body })));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const request = shareRequest(
      secrets.map((s) => s.id),
      { minutes, maxViews, passphrase },
    );
    if (!request.ok) {
      setFailure(new Error(request.error));
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      setCreated(await createLink.mutateAsync(request.body));
      setWithPassphrase(request.body.passphrase !== undefined);
      setPassphrase("");
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  if (created) {
    return (
      <div className="stack">
        <Alert kind="success">
          Share link created. <strong>It is shown only this once</strong>: copy it now and send it over a
          channel you trust.{" "}
          {withPassphrase
            ? "The reader also needs the passphrase: tell it to them another way."
            : "Anyone with the link can read the shared values."}
        </Alert>
        <LinkField label="Share link" value={created.browser_url} />
        <p className="field-hint">
          Send this one to a person: it opens a page that shows the values after a click, and chat link
          previews cannot spend it. For scripts, the same link as JSON:
        </p>
        <LinkField label="API link" value={created.url} />
        <p className="muted">
          Expires {new Date(created.expires_at).toLocaleString()} or after {created.max_views} view
          {created.max_views === 1 ? "" : "s"}, whichever comes first.
        </p>
        <div className="dialog-actions">
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    );
  }

  if (isPlanRequired(failure)) {
    return (
      <UpgradeHint
        title="Share links are part of the Pro plan."
        what="A share link gives someone outside the workspace a one-time, expiring read of selected secrets."
      />
    );
  }

  return (
    <form className="stack" onSubmit={submit}>
      <p>
        Sharing {secrets.length} secret{secrets.length === 1 ? "" : "s"}:{" "}
        {secrets.map((s) => (
          <code key={s.id} className="share-key">
            {s.key}
          </code>
        ))}
      </p>
      <div className="row-2 gap">
        <SelectField
          label="Expires after"
          value={minutes}
          onChange={(e) => setMinutes(Number(e.target.value))}
        >
          {EXPIRY_PRESETS.map((p) => (
            <option key={p.minutes} value={p.minutes}>
              {p.label}
            </option>
          ))}
        </SelectField>
        <Field
          label="Views allowed"
          type="number"
          min={1}
          max={SHARE_LIMITS.maxViews}
          required
          value={maxViews}
          onChange={(e) => setMaxViews(e.target.value)}
        />
      </div>
      <Field
        label="Passphrase (optional)"
        type="password"
        autoComplete="new-password"
        minLength={SHARE_LIMITS.minPassphrase}
        maxLength={256}
        hint={`At least ${SHARE_LIMITS.minPassphrase} characters. The reader must send it too: tell it to them another way than the link. Five wrong guesses burn the link.`}
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
      />
      {failure !== undefined && <Alert kind="error">{errorMessage(failure)}</Alert>}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" busy={busy}>
          Create link
        </Button>
      </div>
    </form>
  );
}

function LinkField({ label, value }: { label: string; value: string }) {
  return (
    <div className="share-url">
      <Field
        label={label}
        hideLabel
        readOnly
        className="mono"
        value={value}
        onFocus={(e) => e.target.select()}
      />
      <CopyButton value={value} label={`Copy the ${label.toLowerCase()}`} />
    </div>
  );
}
