// The signed-in person's API keys: list, create (the token is shown once, in a dialog, and then
// forgotten: it lives only in this component's state while that dialog is open), edit the name,
// description and expiry, and revoke.
import { useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { type ApiKey, peopleKeys, useApiKeys } from "../api/people-queries.ts";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { CopyButton } from "../components/CopyButton.tsx";
import { Dialog } from "../components/Dialog.tsx";
import { Field } from "../components/Field.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { when } from "../components/When.tsx";
import { DEFAULT_LIFETIME, describeExpiry, LIFETIME_PRESETS, lifetimeMinutes } from "../lib/people.ts";
import "../styles/people.css";

/** The edit dialog's extra choice: leave the expiry as it is. */
const KEEP = "keep";

type Editing = { mode: "create" } | { mode: "edit"; key: ApiKey };

export function ApiKeys() {
  const keys = useApiKeys();
  const queryClient = useQueryClient();
  const { ask, dialog } = useActionDialog();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const now = useMemo(() => new Date(), []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKeys.apiKeys() });

  const revoke = (key: ApiKey) =>
    ask({
      title: `Revoke ${key.name}?`,
      submitLabel: "Revoke key",
      danger: true,
      message: `Anything still using the key starting ${key.prefix} is refused from now on. This cannot be undone.`,
      run: () => unwrap(api.POST("/keys/{key_id}", { params: { path: { key_id: key.id } } })).then(refresh),
    });

  const columns: Column<ApiKey>[] = [
    {
      header: "Name",
      className: "col-key",
      cell: (k) => (
        <span>
          <strong>{k.name}</strong>
          {k.description && <span className="description">{k.description}</span>}
        </span>
      ),
    },
    { header: "Prefix", cell: (k) => <code>{k.prefix}…</code> },
    {
      header: "Created",
      cell: (k) => <time dateTime={k.created_at}>{new Date(k.created_at).toLocaleDateString()}</time>,
    },
    {
      header: "Expires",
      cell: (k) =>
        k.expires_at ? (
          <time dateTime={k.expires_at} title={new Date(k.expires_at).toLocaleString()}>
            {describeExpiry(k.expires_at, now)}
          </time>
        ) : (
          "never"
        ),
    },
    {
      header: "Last used",
      cell: (k) => (k.last_used_at ? when(k.last_used_at) : "never"),
    },
    {
      header: "Actions",
      hideHeader: true,
      className: "col-actions",
      cell: (k) => (
        <span className="actions">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Edit ${k.name}`}
            onClick={() => setEditing({ mode: "edit", key: k })}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="danger-text"
            aria-label={`Revoke ${k.name}`}
            onClick={() => revoke(k)}
          >
            Revoke
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby="keys-title" className="people">
      <div className="page-header">
        <div>
          <h1 id="keys-title">API keys</h1>
          <p className="muted">
            Keys act as you (send one as <code>X-API-Key</code>), in the workspace that is current when they
            are used.
          </p>
        </div>
        <Button variant="primary" onClick={() => setEditing({ mode: "create" })}>
          New API key
        </Button>
      </div>
      {keys.isPending && <Loading label="Loading API keys…" />}
      {keys.error && <Alert kind="error">{errorMessage(keys.error)}</Alert>}
      {keys.data && (
        <Table
          caption="API keys"
          cards
          rows={keys.data}
          rowKey={(k) => k.id}
          columns={columns}
          empty={<p>No API keys yet.</p>}
        />
      )}
      {editing && (
        <KeyDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={async (token, name) => {
            if (token) setCreated({ name, token });
            await refresh();
          }}
        />
      )}
      <Dialog
        open={created !== null}
        title="Your new API key"
        onClose={() => setCreated(null)}
        footer={
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        }
      >
        {created && (
          <div className="stack">
            <Alert kind="warning">
              Copy the key now: this is the only time it is shown. Coffer keeps only a hash of it.
            </Alert>
            <p>
              <strong>{created.name}</strong>
            </p>
            <div className="token-box">
              <code className="token" data-testid="new-api-key">
                {created.token}
              </code>
              <CopyButton value={created.token} label="Copy the API key" />
            </div>
          </div>
        )}
      </Dialog>
      {dialog}
    </section>
  );
}

function KeyDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: (token: string | null, name: string) => Promise<unknown>;
}) {
  const existing = editing.mode === "edit" ? editing.key : undefined;
  const [name, setName] = useState(existing?.name ?? "");
  const [description, setDescription] = useState(existing?.description ?? "");
  const [lifetime, setLifetime] = useState(existing ? KEEP : DEFAULT_LIFETIME);
  const lifetimeId = useId();

  async function save() {
    const fields = { name: name.trim(), description: description.trim() || null };
    const expires_at = lifetime === KEEP ? undefined : lifetimeMinutes(lifetime);
    if (existing) {
      await unwrap(
        api.PATCH("/keys/{key_id}", {
          params: { path: { key_id: existing.id } },
          body: { ...fields, ...(expires_at === undefined ? {} : { expires_at }) },
        }),
      );
      await onSaved(null, fields.name);
    } else {
      const key = await unwrap(api.POST("/keys/", { body: { ...fields, expires_at: expires_at ?? null } }));
      await onSaved(key.token, key.name);
    }
  }

  return (
    <FormDialog
      open
      title={existing ? `Edit ${existing.name}` : "New API key"}
      submitLabel={existing ? "Save" : "Create key"}
      onClose={onClose}
      onSubmit={save}
    >
      <Field
        label="Name"
        required
        autoFocus
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label="Description (optional)"
        maxLength={1000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div className="field">
        <label htmlFor={lifetimeId} className="field-label">
          {existing ? "Expiry" : "Lifetime"}
        </label>
        <select id={lifetimeId} value={lifetime} onChange={(e) => setLifetime(e.target.value)}>
          {existing && (
            <option value={KEEP}>
              Keep: {existing.expires_at ? describeExpiry(existing.expires_at, new Date()) : "never expires"}
            </option>
          )}
          {LIFETIME_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {existing && p.minutes !== null ? `${p.label} from now` : p.label}
            </option>
          ))}
        </select>
      </div>
    </FormDialog>
  );
}
