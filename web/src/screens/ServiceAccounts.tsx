// A workspace's service accounts (Admins and Owners): identities for automation that survive any
// person leaving. Listed with role, teams and state; created and edited in one dialog; disabled
// (their keys answer 401 until enabled again) or deleted. Each opens on its keys and OIDC trusts.
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import {
  accountPath,
  automationKeys,
  type ServiceAccount,
  useServiceAccounts,
} from "../api/automation-queries.ts";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { NameFields } from "../components/NameFields.tsx";
import { HeadedSection } from "../components/PageHeader.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { RoleBadge } from "../components/RoleBadge.tsx";
import { RoleGate, useCan } from "../components/RoleGate.tsx";
import { EditToggleDelete } from "../components/RowButton.tsx";
import { actionsColumn, type Column } from "../components/Table.tsx";
import { day } from "../components/When.tsx";
import { ROLE_CHOICES } from "../lib/people.ts";
import { Role } from "../lib/permissions.ts";
import "../styles/people.css";
import "../styles/automation.css";
import { RadioGroup } from "../components/RadioChoice.tsx";

const NOT_ALLOWED = "Service accounts are for the workspace's Admins and Owners.";

/** Reached by its address, a service account page a Viewer or Member may not use says so rather than fail. */
export function ServiceAccountsGate({ children }: { children: ReactNode }) {
  return (
    <RoleGate action="service_account.list" fallback={<Alert kind="warning">{NOT_ALLOWED}</Alert>}>
      {children}
    </RoleGate>
  );
}

export function ServiceAccounts() {
  return (
    <ServiceAccountsGate>
      <ServiceAccountList />
    </ServiceAccountsGate>
  );
}

function ServiceAccountList() {
  const { workspace, teams } = useWorkspace();
  const ws = workspace.id;
  const accounts = useServiceAccounts(ws);
  const can = useCan();
  const [editing, setEditing] = useState<ServiceAccount | "new" | null>(null);
  const { ask, dialog } = useActionDialog();
  const actions = useAccountActions(ws, ask);

  const columns: Column<ServiceAccount>[] = [
    {
      header: "Name",
      className: "col-key",
      cell: (a) => (
        <span>
          <Link
            to="/w/$workspaceId/service-accounts/$serviceAccountId"
            params={{ workspaceId: ws, serviceAccountId: a.id }}
          >
            <strong>{a.name}</strong>
          </Link>
          {a.description && <span className="description">{a.description}</span>}
        </span>
      ),
    },
    { header: "Role", cell: (a) => <RoleBadge role={a.role} /> },
    { header: "Teams", cell: (a) => <span className="break">{teamNames(a, teams)}</span> },
    {
      header: "State",
      cell: (a) => (
        <span className={a.disabled ? "badge sa-disabled" : "badge sa-active"}>
          {a.disabled ? "Disabled" : "Active"}
        </span>
      ),
    },
    { header: "Created", cell: (a) => day(a.created_at) },
    actionsColumn(
      (a) =>
        can("service_account.grant") && (
          <EditToggleDelete
            name={a.name}
            enabled={!a.disabled}
            onEdit={() => setEditing(a)}
            onToggle={() => actions.toggle(a)}
            onDelete={() => actions.remove(a)}
          />
        ),
    ),
  ];

  return (
    <HeadedSection
      className="people"
      title="Service accounts"
      action={
        can("service_account.grant") && (
          <Button variant="primary" onClick={() => setEditing("new")}>
            New service account
          </Button>
        )
      }
      intro={
        <>
          Identities for CI pipelines and servers in {workspace.name}. They never sign in and take no seat;
          their keys, and the short-lived tokens their OIDC trusts hand out, outlive any person leaving.
        </>
      }
    >
      <QueryTable
        query={accounts}
        loading="Loading service accounts…"
        caption="Service accounts"
        columns={columns}
        empty={<p>No service accounts yet. Create one for each pipeline or server that reads secrets.</p>}
      />
      {editing && (
        <AccountDialog account={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {dialog}
    </HeadedSection>
  );
}

/** "every team" for Admins, else the names of its teams. */
export function teamNames(account: ServiceAccount, teams: readonly { id: string; name: string }[]): string {
  if (account.role >= Role.Admin) return "every team";
  const names = account.team_ids.map((id) => teams.find((t) => t.id === id)?.name ?? "a deleted team");
  return names.length ? names.join(", ") : "none";
}

/** Disable/enable and delete, each after a confirmation; `deleted` runs after a delete. */
export function useAccountActions(
  ws: string,
  ask: ReturnType<typeof useActionDialog>["ask"],
  deleted?: () => Promise<unknown>,
) {
  const update = useWrite(
    ({ id, disabled }: { id: string; disabled: boolean }) =>
      unwrap(
        api.PATCH("/workspaces/{workspace_id}/service-accounts/{service_account_id}", {
          params: { path: accountPath(ws, id) },
          body: { disabled },
        }),
      ),
    { invalidates: () => [automationKeys.accounts(ws)] },
  );
  const toggle = (a: ServiceAccount) =>
    ask({
      title: `${a.disabled ? "Enable" : "Disable"} ${a.name}?`,
      submitLabel: a.disabled ? "Enable" : "Disable",
      danger: !a.disabled,
      message: a.disabled
        ? "Its keys and trusts work again from now on."
        : "Its keys and OIDC trusts are refused (401) until it is enabled again. Nothing is deleted.",
      run: () => update.mutateAsync({ id: a.id, disabled: !a.disabled }),
    });
  const remove = (a: ServiceAccount) =>
    ask({
      title: `Delete ${a.name}?`,
      submitLabel: "Delete service account",
      danger: true,
      message:
        "Its keys and trusts go with it: anything still using them is refused from now on. This cannot be undone.",
      run: async () => {
        await unwrap(
          api.DELETE("/workspaces/{workspace_id}/service-accounts/{service_account_id}", {
            params: { path: accountPath(ws, a.id) },
          }),
        );
        await deleted?.();
      },
    });
  return { toggle, remove };
}

/** Create (no `account`) or edit a service account: name, description, role and teams. */
export function AccountDialog({ account, onClose }: { account?: ServiceAccount; onClose: () => void }) {
  const { workspace, teams } = useWorkspace();
  const ws = workspace.id;
  const [name, setName] = useState(account?.name ?? "");
  const [description, setDescription] = useState(account?.description ?? "");
  const [role, setRole] = useState(account?.role ?? Role.Viewer);
  const [teamIds, setTeamIds] = useState<ReadonlySet<string>>(new Set(account?.team_ids ?? []));
  // Never Owner, and never above the caller's own role: the API refuses both.
  const roles = ROLE_CHOICES.filter((c) => c.value < Role.Owner && c.value <= workspace.role);
  const save = useWrite(
    () => {
      const body = {
        name: name.trim(),
        description: description.trim() || null,
        role,
        team_ids: [...teamIds],
      };
      return account
        ? unwrap(
            api.PATCH("/workspaces/{workspace_id}/service-accounts/{service_account_id}", {
              params: { path: accountPath(ws, account.id) },
              body,
            }),
          )
        : unwrap(
            api.POST("/workspaces/{workspace_id}/service-accounts", {
              params: { path: { workspace_id: ws } },
              body,
            }),
          );
    },
    { invalidates: () => [automationKeys.accounts(ws)] },
  );

  return (
    <FormDialog
      open
      title={account ? `Edit ${account.name}` : "New service account"}
      submitLabel={account ? "Save" : "Create service account"}
      onClose={onClose}
      onSubmit={() => save.mutateAsync()}
    >
      <NameFields name={name} description={description} onName={setName} onDescription={setDescription} />
      <RadioGroup legend="Role" name="service-account-role" options={roles} value={role} onChange={setRole} />
      {role < Role.Admin ? (
        <fieldset className="choice choice-column">
          <legend className="field-label">Teams (a Viewer or Member reaches only its teams' projects)</legend>
          {teams.length === 0 && <p className="muted">This workspace has no teams yet.</p>}
          {teams.map((team) => (
            <label className="check" key={team.id}>
              <input
                type="checkbox"
                checked={teamIds.has(team.id)}
                onChange={(e) => {
                  const next = new Set(teamIds);
                  if (e.target.checked) next.add(team.id);
                  else next.delete(team.id);
                  setTeamIds(next);
                }}
              />{" "}
              {team.name}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="muted">
          An Admin reaches every team, and may manage members, invites and service accounts.
        </p>
      )}
    </FormDialog>
  );
}
