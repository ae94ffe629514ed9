// One service account: what it is (role, teams, state) with edit, disable and delete; its keys
// (each with its scope and last use; minted with a scope, the token shown once; revoked, which
// takes it off the list); and the
// OIDC issuers it trusts (GitHub Actions or any issuer; each trust hands out short-lived tokens of
// its own scope), with the GitHub Actions workflow that uses a trust.
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import {
  defaultAudience,
  GITHUB_ISSUER,
  githubSubject,
  githubWorkflowSnippet,
} from "../../../src/lib/ci-snippet.ts";
import {
  type ServiceAccount as Account,
  automationKeys,
  type ServiceAccountKey,
  type Trust,
  useServiceAccount,
  useServiceAccountKeys,
  useTrusts,
  useWorkspaceTree,
  type WorkspaceTree,
} from "../api/automation-queries.ts";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { CopyButton } from "../components/CopyButton.tsx";
import { Dialog } from "../components/Dialog.tsx";
import { Field, TextArea } from "../components/Field.tsx";
import { FormDialog } from "../components/FormDialog.tsx";
import { KeyScopeFields } from "../components/KeyScopeFields.tsx";
import { KeyScopeSummary } from "../components/KeyScopeSummary.tsx";
import { KeyUsage } from "../components/KeyUsage.tsx";
import { LifetimeField } from "../components/LifetimeField.tsx";
import { NameFields } from "../components/NameFields.tsx";
import { NewTokenDialog } from "../components/NewTokenDialog.tsx";
import { RoleGate, useCan } from "../components/RoleGate.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { when } from "../components/When.tsx";
import { openScope, scopeFields, scopeProblem } from "../lib/key-scope.ts";
import { DEFAULT_LIFETIME, describeExpiry, lifetimeMinutes } from "../lib/people.ts";
import { roleName } from "../lib/permissions.ts";
import { parseClaims } from "../lib/trusts.ts";
import { AccountDialog, NOT_ALLOWED, teamNames, useAccountActions } from "./ServiceAccounts.tsx";
import "../styles/people.css";
import "../styles/automation.css";

export function ServiceAccount() {
  return (
    <RoleGate action="service_account.list" fallback={<Alert kind="warning">{NOT_ALLOWED}</Alert>}>
      <ServiceAccountPage />
    </RoleGate>
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
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <Link to="/w/$workspaceId/service-accounts" params={{ workspaceId: ws }}>
              Service accounts
            </Link>
            <span aria-hidden="true">/</span>
            <span>{a.name}</span>
          </nav>
          <h1 id="service-account-title">
            {a.name} {a.disabled && <span className="badge sa-disabled">Disabled</span>}
          </h1>
          {a.description && <p className="muted">{a.description}</p>}
          <p>
            <span className={`badge role-${a.role}`}>{roleName(a.role)}</span> · teams: {teamNames(a, teams)}{" "}
            · created {when(a.created_at)}
          </p>
        </div>
        {manage && (
          <span className="actions">
            <Button onClick={() => setEditing(true)}>Edit</Button>
            <Button onClick={() => actions.toggle(a)}>{a.disabled ? "Enable" : "Disable"}</Button>
            <Button className="danger-text" onClick={() => actions.remove(a)}>
              Delete
            </Button>
          </span>
        )}
      </div>
      {a.disabled && (
        <Alert kind="warning">
          Disabled: its keys and trusts are refused (401) until it is enabled again.
        </Alert>
      )}
      <Keys account={a} tree={tree} manage={manage} ask={ask} />
      <Trusts account={a} tree={tree} manage={manage} ask={ask} />
      {editing && <AccountDialog account={a} onClose={() => setEditing(false)} />}
      {dialog}
    </section>
  );
}

/** What the keys and trusts sections of an account's page share. */
interface SectionProps {
  account: Account;
  tree: WorkspaceTree;
  manage: boolean;
  ask: ReturnType<typeof useActionDialog>["ask"];
}

function Keys({ account, tree, manage, ask }: SectionProps) {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const keys = useServiceAccountKeys(ws, account.id);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const revoke = useWrite(
    (key: ServiceAccountKey) =>
      unwrap(
        api.POST("/workspaces/{workspace_id}/service-accounts/{service_account_id}/keys/{key_id}/revoke", {
          params: { path: { workspace_id: ws, service_account_id: account.id, key_id: key.id } },
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
        <span>
          <strong>{k.name}</strong>
          {k.description && <span className="description">{k.description}</span>}
          <code className="block">{k.prefix}…</code>
        </span>
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
    {
      header: "Actions",
      hideHeader: true,
      className: "col-actions",
      cell: (k) =>
        manage && (
          <span className="actions">
            <Button
              size="sm"
              variant="ghost"
              className="danger-text"
              aria-label={`Revoke ${k.name}`}
              onClick={() =>
                ask({
                  title: `Revoke ${k.name}?`,
                  submitLabel: "Revoke key",
                  danger: true,
                  message: `Anything still using the key starting ${k.prefix} is refused from now on. This cannot be undone.`,
                  run: () => revoke.mutateAsync(k),
                })
              }
            >
              Revoke
            </Button>
          </span>
        ),
    },
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
      {keys.isPending && <Loading label="Loading keys…" />}
      {keys.error && <Alert kind="error">{errorMessage(keys.error)}</Alert>}
      {keys.data && (
        <Table
          caption="Keys"
          cards
          rows={keys.data}
          rowKey={(k) => k.id}
          columns={columns}
          empty={<p>No keys. A production server gets one read-only key scoped to its environment.</p>}
        />
      )}
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
    () => {
      const problem = scopeProblem(scope);
      if (problem) return Promise.reject(new Error(problem));
      return unwrap(
        api.POST("/workspaces/{workspace_id}/service-accounts/{service_account_id}/keys", {
          params: { path: { workspace_id: ws, service_account_id: account.id } },
          body: {
            name: name.trim(),
            description: description.trim() || null,
            expires_at: lifetimeMinutes(lifetime) ?? null,
            ...scopeFields(scope),
          },
        }),
      );
    },
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
      <KeyScopeFields
        value={scope}
        onChange={setScope}
        tree={tree}
        workspaceName={workspace.name}
        holder="its role"
      />
    </FormDialog>
  );
}

function Trusts({ account, tree, manage, ask }: SectionProps) {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const trusts = useTrusts(ws, account.id);
  const [adding, setAdding] = useState(false);
  const [workflowOf, setWorkflowOf] = useState<Trust | null>(null);
  const remove = useWrite(
    (trust: Trust) =>
      unwrap(
        api.DELETE("/workspaces/{workspace_id}/service-accounts/{service_account_id}/trusts/{trust_id}", {
          params: { path: { workspace_id: ws, service_account_id: account.id, trust_id: trust.id } },
        }),
      ),
    { invalidates: () => [automationKeys.trusts(ws, account.id)] },
  );

  const columns: Column<Trust>[] = [
    { header: "Name", className: "col-key", cell: (t) => <strong>{t.name}</strong> },
    {
      header: "Tokens it accepts",
      cell: (t) => (
        <span className="trust-match">
          <span className="block break">
            issuer <code>{t.issuer}</code>
          </span>
          <span className="block break">
            subject <code>{t.subject}</code>
          </span>
          <span className="block break">
            audience <code>{t.audience}</code>
          </span>
          {Object.entries(t.claims).map(([claim, pattern]) => (
            <span key={claim} className="block break">
              {claim} <code>{pattern}</code>
            </span>
          ))}
        </span>
      ),
    },
    { header: "Scope", cell: (t) => <KeyScopeSummary scope={t} tree={tree} here={workspace} /> },
    { header: "Token lifetime", cell: (t) => `${t.token_minutes} min` },
    {
      header: "Actions",
      hideHeader: true,
      className: "col-actions",
      cell: (t) => (
        <span className="actions">
          {t.issuer === GITHUB_ISSUER && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Workflow for ${t.name}`}
              onClick={() => setWorkflowOf(t)}
            >
              Workflow
            </Button>
          )}
          {manage && (
            <Button
              size="sm"
              variant="ghost"
              className="danger-text"
              aria-label={`Remove ${t.name}`}
              onClick={() =>
                ask({
                  title: `Remove the trust ${t.name}?`,
                  submitLabel: "Remove trust",
                  danger: true,
                  message:
                    "Tokens of this issuer are refused from now on; access tokens already handed out expire on their own.",
                  run: () => remove.mutateAsync(t),
                })
              }
            >
              Remove
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby="sa-trusts-title" className="sa-section">
      <div className="section-header">
        <div>
          <h2 id="sa-trusts-title">OIDC trusts</h2>
          <p className="muted">
            A CI job or workload proves who it is with its platform's OIDC token and gets a key that lasts
            minutes (<code>POST /auth/oidc/exchange</code>, or <code>coffer run</code> with{" "}
            <code>COFFER_OIDC_TOKEN</code>): nothing to store, nothing to rotate. The job names this account:{" "}
            <code>COFFER_SERVICE_ACCOUNT={account.id}</code>.
          </p>
        </div>
        {manage && <Button onClick={() => setAdding(true)}>Add trust</Button>}
      </div>
      {trusts.isPending && <Loading label="Loading trusts…" />}
      {trusts.error && <Alert kind="error">{errorMessage(trusts.error)}</Alert>}
      {trusts.data && (
        <Table
          caption="OIDC trusts"
          cards
          rows={trusts.data}
          rowKey={(t) => t.id}
          columns={columns}
          empty={<p>No trusts: only its keys reach Coffer.</p>}
        />
      )}
      {adding && (
        <TrustDialog
          account={account}
          tree={tree}
          onClose={() => setAdding(false)}
          onAdded={(trust) => {
            if (trust.issuer === GITHUB_ISSUER) setWorkflowOf(trust);
          }}
        />
      )}
      <WorkflowDialog account={account} trust={workflowOf} onClose={() => setWorkflowOf(null)} />
    </section>
  );
}

type Provider = "github" | "other";

function TrustDialog({
  account,
  tree,
  onClose,
  onAdded,
}: {
  account: Account;
  tree: WorkspaceTree;
  onClose: () => void;
  onAdded: (trust: Trust) => void;
}) {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const [provider, setProvider] = useState<Provider>("github");
  const [repo, setRepo] = useState("");
  const [branch, setBranch] = useState("main");
  const [name, setName] = useState("");
  const [issuer, setIssuer] = useState("");
  const [subject, setSubject] = useState("");
  const [audience, setAudience] = useState(() => defaultAudience(window.location.origin));
  const [claims, setClaims] = useState("");
  const [minutes, setMinutes] = useState("15");
  const [scope, setScope] = useState(() => openScope("read", "workspace"));
  const add = useWrite(
    () => {
      const problem = scopeProblem(scope);
      if (problem) return Promise.reject(new Error(problem));
      const parsed = parseClaims(claims);
      if ("error" in parsed) return Promise.reject(new Error(parsed.error));
      const github = provider === "github";
      if (github && !/^[\w.-]+\/[\w.-]+$/.test(repo.trim())) {
        return Promise.reject(new Error("The repository is owner/name, e.g. acme/payments."));
      }
      return unwrap(
        api.POST("/workspaces/{workspace_id}/service-accounts/{service_account_id}/trusts", {
          params: { path: { workspace_id: ws, service_account_id: account.id } },
          body: {
            name: (name.trim() || (github ? `${repo.trim()}@${branch.trim()}` : issuer.trim())).slice(0, 100),
            issuer: github ? GITHUB_ISSUER : issuer.trim(),
            audience: audience.trim(),
            subject: github ? githubSubject(repo.trim(), branch.trim() || "*") : subject.trim(),
            claims: parsed.claims,
            token_minutes: Number(minutes),
            ...scopeFields(scope),
          },
        }),
      );
    },
    { invalidates: () => [automationKeys.trusts(ws, account.id)] },
  );

  return (
    <FormDialog
      open
      wide
      title={`Trust an OIDC issuer for ${account.name}`}
      submitLabel="Add trust"
      onClose={onClose}
      onSubmit={async () => onAdded(await add.mutateAsync())}
    >
      <fieldset className="choice">
        <legend className="field-label">Tokens from</legend>
        <label className="check">
          <input
            type="radio"
            name="trust-provider"
            checked={provider === "github"}
            onChange={() => setProvider("github")}
          />{" "}
          GitHub Actions
        </label>
        <label className="check">
          <input
            type="radio"
            name="trust-provider"
            checked={provider === "other"}
            onChange={() => setProvider("other")}
          />{" "}
          Another OIDC issuer (GitLab CI, Kubernetes, …)
        </label>
      </fieldset>
      {provider === "github" ? (
        <div className="row-2">
          <Field
            label="Repository"
            required
            autoFocus
            placeholder="acme/payments"
            hint="owner/name"
            value={repo}
            onChange={(e) => setRepo(e.target.value)}
          />
          <Field
            label="Branch"
            required
            hint="* for any branch"
            value={branch}
            onChange={(e) => setBranch(e.target.value)}
          />
        </div>
      ) : (
        <>
          <Field
            label="Issuer URL"
            required
            autoFocus
            placeholder="https://gitlab.com"
            hint="exactly as the tokens' iss says"
            value={issuer}
            onChange={(e) => setIssuer(e.target.value)}
          />
          <Field
            label="Subject pattern"
            required
            placeholder="project_path:acme/payments:ref_type:branch:ref:main"
            hint="matched whole; * matches any run of characters"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
        </>
      )}
      <div className="row-2">
        <Field
          label="Audience"
          required
          hint="the aud the tokens must carry"
          value={audience}
          onChange={(e) => setAudience(e.target.value)}
        />
        <Field
          label="Token lifetime (minutes)"
          type="number"
          min={1}
          max={60}
          required
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </div>
      <TextArea
        label="Further claims (optional)"
        hint="one claim=pattern per line, e.g. environment=production"
        rows={2}
        spellCheck={false}
        value={claims}
        onChange={(e) => setClaims(e.target.value)}
      />
      <Field label="Name (optional)" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      <KeyScopeFields
        value={scope}
        onChange={setScope}
        tree={tree}
        workspaceName={workspace.name}
        holder="its role"
      />
    </FormDialog>
  );
}

function WorkflowDialog({
  account,
  trust,
  onClose,
}: {
  account: Account;
  trust: Trust | null;
  onClose: () => void;
}) {
  const snippet = trust
    ? githubWorkflowSnippet({
        apiUrl: window.location.origin,
        serviceAccountId: account.id,
        audience: trust.audience,
      })
    : "";
  return (
    <Dialog
      open={trust !== null}
      wide
      title="Use it in a GitHub Actions workflow"
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {trust && (
        <div className="stack">
          <p>
            Jobs matching <code>{trust.subject}</code> read with no stored secret. Add to the job:
          </p>
          <pre className="workflow-snippet" data-testid="workflow-snippet">
            {snippet}
          </pre>
          <CopyButton value={snippet} label="Copy the workflow" />
        </div>
      )}
    </Dialog>
  );
}
