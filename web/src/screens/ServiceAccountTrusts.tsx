// The OIDC issuers a service account trusts (GitHub Actions or any issuer; each trust hands out
// short-lived keys of its own scope), removed here, and the GitHub Actions workflow that uses a trust.
import { useState } from "react";
import { GITHUB_ISSUER, githubWorkflowSnippet } from "../../../src/lib/ci-snippet.ts";
import {
  type ServiceAccount as Account,
  accountPath,
  automationKeys,
  type Trust,
  useTrusts,
} from "../api/automation-queries.ts";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { Button } from "../components/Button.tsx";
import { CopyableCode } from "../components/CopyButton.tsx";
import { NoticeDialog } from "../components/Dialog.tsx";
import { KeyScopeSummary } from "../components/KeyScopeSummary.tsx";
import { HeadedSection } from "../components/PageHeader.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { RowButton } from "../components/RowButton.tsx";
import { actionsColumn, type Column } from "../components/Table.tsx";
import { AddTrustDialog } from "./AddTrustDialog.tsx";
import type { ServiceAccountSectionProps } from "./ServiceAccount.tsx";

export function ServiceAccountTrusts({ account, tree, manage, ask }: ServiceAccountSectionProps) {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const trusts = useTrusts(ws, account.id);
  const [adding, setAdding] = useState(false);
  const [workflowOf, setWorkflowOf] = useState<Trust | null>(null);
  const remove = useWrite(
    (trust: Trust) =>
      unwrap(
        api.DELETE("/workspaces/{workspace_id}/service-accounts/{service_account_id}/trusts/{trust_id}", {
          params: { path: { ...accountPath(ws, account.id), trust_id: trust.id } },
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
    actionsColumn((t) => (
      <span className="actions">
        {t.issuer === GITHUB_ISSUER && (
          <RowButton aria-label={`Workflow for ${t.name}`} onClick={() => setWorkflowOf(t)}>
            Workflow
          </RowButton>
        )}
        {manage && (
          <RowButton
            danger
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
          </RowButton>
        )}
      </span>
    )),
  ];

  return (
    <HeadedSection
      className="sa-section"
      section
      level={2}
      title="OIDC trusts"
      action={manage && <Button onClick={() => setAdding(true)}>Add trust</Button>}
      intro={
        <>
          A CI job or workload proves who it is with its platform's OIDC token and gets a key that lasts
          minutes (<code>POST /auth/oidc/exchange</code>, or <code>coffer run</code> with{" "}
          <code>COFFER_OIDC_TOKEN</code>
          ): nothing to store, nothing to rotate. The job names this account:{" "}
          <code>COFFER_SERVICE_ACCOUNT={account.id}</code>.
        </>
      }
    >
      <QueryTable
        query={trusts}
        loading="Loading trusts…"
        caption="OIDC trusts"
        columns={columns}
        empty={<p>No trusts: only its keys reach Coffer.</p>}
      />
      {adding && (
        <AddTrustDialog
          account={account}
          tree={tree}
          onClose={() => setAdding(false)}
          onAdded={(trust) => {
            if (trust.issuer === GITHUB_ISSUER) setWorkflowOf(trust);
          }}
        />
      )}
      <WorkflowDialog account={account} trust={workflowOf} onClose={() => setWorkflowOf(null)} />
    </HeadedSection>
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
    <NoticeDialog open={trust !== null} wide title="Use it in a GitHub Actions workflow" onClose={onClose}>
      {trust && (
        <div className="stack">
          <p>
            Jobs matching <code>{trust.subject}</code> read with no stored secret. Add to the job:
          </p>
          <CopyableCode
            code={snippet}
            copyLabel="Copy the workflow"
            className="workflow-snippet"
            testId="workflow-snippet"
          />
        </div>
      )}
    </NoticeDialog>
  );
}
