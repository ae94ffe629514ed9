// A service account's keys: each with its scope, expiry and last use; minted with a scope (the
// token shown once) and revoked, which takes it off the list.
import { useState } from "react";
import {
  type ServiceAccount as Account,
  accountPath,
  automationKeys,
  type ServiceAccountKey,
  useServiceAccountKeys,
  type WorkspaceTree,
} from "../api/automation-queries.ts";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { Button } from "../components/Button.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { KeyScopeFields } from "../components/KeyScopeFields.tsx";
import { KeyScopeSummary } from "../components/KeyScopeSummary.tsx";
import { KeyUsage } from "../components/KeyUsage.tsx";
import { LifetimeField } from "../components/LifetimeField.tsx";
import { NameFields } from "../components/NameFields.tsx";
import { NewTokenDialog } from "../components/NewTokenDialog.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { RowButton } from "../components/RowButton.tsx";
import { revokeKeyQuestion } from "../components/revokeKeyQuestion.ts";
import { actionsColumn, type Column, NameCell } from "../components/Table.tsx";
import { when } from "../components/When.tsx";
import { checkedScopeFields, openScope } from "../lib/key-scope.ts";
import { DEFAULT_LIFETIME, describeExpiry, lifetimeMinutes } from "../lib/people.ts";
import type { ServiceAccountSectionProps } from "./ServiceAccount.tsx";

export function ServiceAccountKeys({ account, tree, manage, ask }: ServiceAccountSectionProps) {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const keys = useServiceAccountKeys(ws, account.id);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const revoke = useWrite(
    (key: ServiceAccountKey) =>
      unwrap(
        api.POST("/workspaces/{workspace_id}/service-accounts/{service_account_id}/keys/{key_id}/revoke", {
          params: { path: { ...accountPath(ws, account.id), key_id: key.id } },
        }),
      ),
    { invalidates: () => [automationKeys.keys(ws, account.id)] },
  );
  const now = new Date();

  const columns: Column<ServiceAccountKey>[] = [
    {
      header: "Name",
      className: "col-key",
      cell: (k) => (
        <NameCell name={<strong>{k.name}</strong>} description={k.description}>
          <code className="block">{k.prefix}…</code>
        </NameCell>
      ),
    },
    {
      header: "Scope",
      // Always bound to this workspace: what it reaches there is what to show.
      cell: ({ workspace_id: _bound, ...scope }) => (
        <KeyScopeSummary scope={scope} tree={tree} here={workspace} />
      ),
    },
    {
      header: "Expires",
      cell: (k) =>
        k.expires_at ? <time dateTime={k.expires_at}>{describeExpiry(k.expires_at, now)}</time> : "never",
    },
    { header: "Last used", cell: (k) => (k.last_used_at ? when(k.last_used_at) : "never") },
    actionsColumn(
      (k) =>
        manage && (
          <span className="actions">
            <RowButton
              danger
              aria-label={`Revoke ${k.name}`}
              onClick={() => ask(revokeKeyQuestion(k, () => revoke.mutateAsync(k)))}
            >
              Revoke
            </RowButton>
          </span>
        ),
    ),
  ];

  return (
    <section aria-labelledby="sa-keys-title" className="sa-section">
      <div className="section-header">
        <h2 id="sa-keys-title">Keys</h2>
        {manage && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            New key
          </Button>
        )}
      </div>
      <QueryTable
        query={keys}
        loading="Loading keys…"
        caption="Keys"
        columns={columns}
        empty={<p>No keys. A production server gets one read-only key scoped to its environment.</p>}
      />
      {creating && (
        <KeyDialog
          account={account}
          tree={tree}
          onClose={() => setCreating(false)}
          onCreated={(key) => setCreated(key)}
        />
      )}
      <NewTokenDialog
        title={`A new key of ${account.name}`}
        created={created}
        onClose={() => setCreated(null)}
      >
        {created && <KeyUsage token={created.token} />}
      </NewTokenDialog>
    </section>
  );
}

function KeyDialog({
  account,
  tree,
  onClose,
  onCreated,
}: {
  account: Account;
  tree: WorkspaceTree;
  onClose: () => void;
  onCreated: (key: { name: string; token: string }) => void;
}) {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [lifetime, setLifetime] = useState(DEFAULT_LIFETIME);
  const [scope, setScope] = useState(() => openScope("read", "workspace"));
  const create = useWrite(
    () =>
      unwrap(
        api.POST("/workspaces/{workspace_id}/service-accounts/{service_account_id}/keys", {
          params: { path: accountPath(ws, account.id) },
          body: {
            name: name.trim(),
            description: description.trim() || null,
            expires_at: lifetimeMinutes(lifetime) ?? null,
            ...checkedScopeFields(scope),
          },
        }),
      ),
    { invalidates: () => [automationKeys.keys(ws, account.id)] },
  );

  return (
    <FormDialog
      open
      wide
      title={`New key of ${account.name}`}
      submitLabel="Create key"
      onClose={onClose}
      onSubmit={async () => {
        const key = await create.mutateAsync();
        onCreated({ name: key.name, token: key.token });
      }}
    >
      <NameFields name={name} description={description} onName={setName} onDescription={setDescription} />
      <LifetimeField value={lifetime} onChange={setLifetime} />
      <KeyScopeFields value={scope} onChange={setScope} tree={tree} holder="its role" />
    </FormDialog>
  );
}
