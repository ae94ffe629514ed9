// One service account: what it is (role, teams, state), edited, disabled or deleted here; what it
// holds has a section each: its keys (ServiceAccountKeys.tsx) and the OIDC issuers it trusts
// (ServiceAccountTrusts.tsx).
import { useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import {
  type ServiceAccount as Account,
  useServiceAccount,
  useWorkspaceTree,
  type WorkspaceTree,
} from "../api/automation-queries.ts";
import { errorMessage } from "../api/errors.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { ListBreadcrumb } from "../components/ListBreadcrumb.tsx";
import { RoleBadge } from "../components/RoleBadge.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { EditToggleDeleteButtons } from "../components/RowButton.tsx";
import { when } from "../components/When.tsx";
import { ServiceAccountKeys } from "./ServiceAccountKeys.tsx";
import { AccountDialog, ServiceAccountsGate, teamNames, useAccountActions } from "./ServiceAccounts.tsx";
import { ServiceAccountTrusts } from "./ServiceAccountTrusts.tsx";
import "../styles/people.css";
import "../styles/automation.css";

export function ServiceAccount() {
  return (
    <ServiceAccountsGate>
      <ServiceAccountPage />
    </ServiceAccountsGate>
  );
}

function ServiceAccountPage() {
  const { serviceAccountId } = useParams({ from: "/w/$workspaceId/service-accounts/$serviceAccountId" });
  const { workspace, teams } = useWorkspace();
  const ws = workspace.id;
  const account = useServiceAccount(ws, serviceAccountId);
  const navigate = useNavigate();
  const can = useCan();
  const { ask, dialog } = useActionDialog();
  const [editing, setEditing] = useState(false);
  const actions = useAccountActions(ws, ask, () =>
    navigate({ to: "/w/$workspaceId/service-accounts", params: { workspaceId: ws }, replace: true }),
  );
  const tree = useWorkspaceTree(ws, teams);

  if (account.isPending) return <Loading label="Loading the service account…" />;
  if (account.error) return <Alert kind="error">{errorMessage(account.error)}</Alert>;
  const a = account.data;
  const manage = can("service_account.grant");
  return (
    <section aria-labelledby="service-account-title" className="people">
      <div className="page-header">
        <div>
          <ListBreadcrumb
            workspaceId={ws}
            list="/w/$workspaceId/service-accounts"
            label="Service accounts"
            here={a.name}
          />
          <h1 id="service-account-title">
            {a.name} {a.disabled && <span className="badge sa-disabled">Disabled</span>}
          </h1>
          {a.description && <p className="muted">{a.description}</p>}
          <p>
            <RoleBadge role={a.role} /> · teams: {teamNames(a, teams)} · created {when(a.created_at)}
          </p>
        </div>
        {manage && (
          <span className="actions">
            <EditToggleDeleteButtons
              enabled={!a.disabled}
              onEdit={() => setEditing(true)}
              onToggle={() => actions.toggle(a)}
              onDelete={() => actions.remove(a)}
            />
          </span>
        )}
      </div>
      {a.disabled && (
        <Alert kind="warning">
          Disabled: its keys and trusts are refused (401) until it is enabled again.
        </Alert>
      )}
      <ServiceAccountKeys account={a} tree={tree} manage={manage} ask={ask} />
      <ServiceAccountTrusts account={a} tree={tree} manage={manage} ask={ask} />
      {editing && <AccountDialog account={a} onClose={() => setEditing(false)} />}
      {dialog}
    </section>
  );
}

/** What the keys and trusts sections of an account's page share. */
export interface ServiceAccountSectionProps {
  account: Account;
  tree: WorkspaceTree;
  manage: boolean;
  ask: ReturnType<typeof useActionDialog>["ask"];
}
