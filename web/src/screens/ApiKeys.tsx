// The signed-in person's API keys: list with each key's scope and last use, create (optionally
// narrowed: read-only, one workspace, some projects or environments, some client addresses; the
// token is shown once, in a dialog, and then forgotten: it lives only in this component's state
// while that dialog is open), edit the name, description and expiry, and revoke.
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useWorkspaceTree, type WorkspaceTree } from "../api/automation-queries.ts";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { type ApiKey, peopleKeys, useApiKeys } from "../api/people-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { Button } from "../components/Button.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { KeyScopeFields } from "../components/KeyScopeFields.tsx";
import { KeyScopeSummary } from "../components/KeyScopeSummary.tsx";
import { KeyUsage } from "../components/KeyUsage.tsx";
import { KEEP_EXPIRY, LifetimeField } from "../components/LifetimeField.tsx";
import { NameFields } from "../components/NameFields.tsx";
import { NewTokenDialog } from "../components/NewTokenDialog.tsx";
import { HeadedSection } from "../components/PageHeader.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { RowButton } from "../components/RowButton.tsx";
import { revokeKeyQuestion } from "../components/revokeKeyQuestion.ts";
import { actionsColumn, type Column, NameCell } from "../components/Table.tsx";
import { day, when } from "../components/When.tsx";
import { checkedScopeFields, openScope } from "../lib/key-scope.ts";
import { DEFAULT_LIFETIME, describeExpiry, lifetimeMinutes } from "../lib/people.ts";
import "../styles/people.css";
import "../styles/automation.css";

type Editing = { mode: "create" } | { mode: "edit"; key: ApiKey };

export function ApiKeys() {
  const keys = useApiKeys();
  const { workspace, teams } = useWorkspace();
  const tree = useWorkspaceTree(workspace.id, teams);
  const queryClient = useQueryClient();
  const { ask, dialog } = useActionDialog();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const now = useMemo(() => new Date(), []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKeys.apiKeys() });

  const revoke = (key: ApiKey) =>
    ask(
      revokeKeyQuestion(key, () =>
        unwrap(api.POST("/keys/{key_id}", { params: { path: { key_id: key.id } } })).then(refresh),
      ),
    );

  const columns: Column<ApiKey>[] = [
    {
      header: "Name",
      className: "col-key",
      cell: (k) => <NameCell name={<strong>{k.name}</strong>} description={k.description} />,
    },
    { header: "Prefix", cell: (k) => <code>{k.prefix}…</code> },
    { header: "Created", cell: (k) => day(k.created_at) },
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
    { header: "Scope", cell: (k) => <KeyScopeSummary scope={k} tree={tree} here={workspace} /> },
    actionsColumn((k) => (
      <span className="actions">
        <RowButton aria-label={`Edit ${k.name}`} onClick={() => setEditing({ mode: "edit", key: k })}>
          Edit
        </RowButton>
        <RowButton danger aria-label={`Revoke ${k.name}`} onClick={() => revoke(k)}>
          Revoke
        </RowButton>
      </span>
    )),
  ];

  return (
    <HeadedSection
      className="people"
      title="API keys"
      action={
        <Button variant="primary" onClick={() => setEditing({ mode: "create" })}>
          New API key
        </Button>
      }
      intro={
        <>
          Keys act as you (send one as <code>X-API-Key</code>). A key may be narrowed to read-only access, one
          workspace, some projects or environments, and some client addresses: it may do what both your role
          and its scope allow, and never mints or changes keys.
        </>
      }
    >
      <QueryTable
        query={keys}
        loading="Loading API keys…"
        caption="API keys"
        columns={columns}
        empty={<p>No API keys yet.</p>}
      />
      {editing && (
        <KeyDialog
          editing={editing}
          tree={tree}
          workspace={workspace}
          onClose={() => setEditing(null)}
          onSaved={async (token, name) => {
            if (token) setCreated({ name, token });
            await refresh();
          }}
        />
      )}
      <NewTokenDialog title="Your new API key" created={created} onClose={() => setCreated(null)}>
        {created && <KeyUsage token={created.token} />}
      </NewTokenDialog>
      {dialog}
    </HeadedSection>
  );
}

function KeyDialog({
  editing,
  tree,
  workspace,
  onClose,
  onSaved,
}: {
  editing: Editing;
  tree: WorkspaceTree;
  workspace: { id: string; name: string };
  onClose: () => void;
  onSaved: (token: string | null, name: string) => Promise<unknown>;
}) {
  const existing = editing.mode === "edit" ? editing.key : undefined;
  const [name, setName] = useState(existing?.name ?? "");
  const [description, setDescription] = useState(existing?.description ?? "");
  const [lifetime, setLifetime] = useState(existing ? KEEP_EXPIRY : DEFAULT_LIFETIME);
  const [scope, setScope] = useState(() => openScope("read_write", "everywhere"));

  async function save() {
    const fields = { name: name.trim(), description: description.trim() || null };
    const expires_at = lifetime === KEEP_EXPIRY ? undefined : lifetimeMinutes(lifetime);
    if (existing) {
      await unwrap(
        api.PATCH("/keys/{key_id}", {
          params: { path: { key_id: existing.id } },
          body: { ...fields, ...(expires_at === undefined ? {} : { expires_at }) },
        }),
      );
      await onSaved(null, fields.name);
    } else {
      const scoped = checkedScopeFields(scope);
      const workspace_id = scope.reach === "everywhere" ? null : workspace.id;
      const key = await unwrap(
        api.POST("/keys/", {
          body: { ...fields, expires_at: expires_at ?? null, workspace_id, ...scoped },
        }),
      );
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
      wide={!existing}
    >
      <NameFields name={name} description={description} onName={setName} onDescription={setDescription} />
      <LifetimeField value={lifetime} onChange={setLifetime} existing={existing} />
      {!existing && <KeyScopeFields value={scope} onChange={setScope} tree={tree} everywhere holder="you" />}
    </FormDialog>
  );
}
