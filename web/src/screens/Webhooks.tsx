// A workspace's webhooks (Admins and Owners): each with where it sends, what it sends, whether it is
// enabled (and why not, when Coffer disabled it) and how its last delivery went; created (the
// signing secret shown once), edited, disabled or enabled, and deleted here. Each opens on its
// delivery log.
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useWorkspaceTree } from "../api/automation-queries.ts";
import { useWebhooks, type Webhook } from "../api/webhook-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { HeadedSection } from "../components/PageHeader.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { EditToggleDelete } from "../components/RowButton.tsx";
import { actionsColumn, type Column } from "../components/Table.tsx";
import { useWebhookActions } from "../components/useWebhookActions.ts";
import { type ShownSecret, WebhookDialog, WebhookSecretDialog } from "../components/WebhookDialogs.tsx";
import { when } from "../components/When.tsx";
import {
  eventsSummary,
  lastDeliverySummary,
  placeSummary,
  type Tone,
  webhookState,
} from "../lib/webhooks.ts";
import "../styles/people.css";
import "../styles/automation.css";
import "../styles/webhooks.css";

export const NOT_ALLOWED = "Webhooks are for the workspace's Admins and Owners.";

export function Webhooks() {
  const { workspace, teams } = useWorkspace();
  const ws = workspace.id;
  const can = useCan();
  const allowed = can("webhook.list");
  const hooks = useWebhooks(ws, allowed);
  const tree = useWorkspaceTree(ws, teams, allowed);
  const [editing, setEditing] = useState<Webhook | "new" | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const { ask, dialog } = useActionDialog();
  const actions = useWebhookActions(ws, ask);
  const manage = can("webhook.manage");

  if (!allowed) return <Alert kind="warning">{NOT_ALLOWED}</Alert>;

  const columns: Column<Webhook>[] = [
    {
      header: "Endpoint",
      className: "col-endpoint",
      cell: (h) => (
        <span>
          <Link
            to="/w/$workspaceId/webhooks/$webhookId"
            params={{ workspaceId: ws, webhookId: h.id }}
            className="webhook-url"
          >
            {h.url}
          </Link>
          {h.description && <span className="description">{h.description}</span>}
        </span>
      ),
    },
    {
      header: "Sends",
      cell: (h) => (
        <span className="block-lines">
          <span>{placeSummary(h, tree)}</span>
          <span className="muted" title={h.events.join(", ") || undefined}>
            {eventsSummary(h.events)}
          </span>
        </span>
      ),
    },
    { header: "State", cell: (h) => <StateCell hook={h} /> },
    { header: "Last delivery", cell: (h) => <LastDelivery hook={h} /> },
    actionsColumn(
      (h) =>
        manage && (
          <EditToggleDelete
            name={h.url}
            enabled={h.enabled}
            onEdit={() => setEditing(h)}
            onToggle={() => actions.toggle(h)}
            onDelete={() => actions.remove(h)}
          />
        ),
    ),
  ];

  return (
    <HeadedSection
      className="people webhooks"
      title="Webhooks"
      introClassName="intro"
      action={
        manage && (
          <Button variant="primary" onClick={() => setEditing("new")}>
            New webhook
          </Button>
        )
      }
      intro={
        <>
          Coffer POSTs the events of {workspace.name} to your endpoints, signed, retried and logged — never a
          secret's value, only which secret changed, who changed it and when.
        </>
      }
    >
      <QueryTable
        query={hooks}
        loading="Loading webhooks…"
        caption="Webhooks"
        columns={columns}
        empty={
          <p>No webhooks yet. Add one to tell a deploy pipeline or a chat channel when secrets change.</p>
        }
      />
      {editing && (
        <WebhookDialog
          hook={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => setShown({ name: created.url, token: created.secret })}
        />
      )}
      <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} />
      {dialog}
    </HeadedSection>
  );
}

/** A badge over a line that says more (or none). */
function BadgeWithNote({ label, tone, more }: { label: string; tone: Tone; more?: ReactNode }) {
  return (
    <span className="block-lines">
      <span className={`badge tone-${tone}`}>{label}</span>
      {more && <span className="state-detail">{more}</span>}
    </span>
  );
}

/** The state, and why a webhook is disabled (why one fails is in its last delivery). */
function StateCell({ hook }: { hook: Webhook }) {
  const state = webhookState(hook);
  return (
    <BadgeWithNote label={state.label} tone={state.tone} more={hook.enabled ? undefined : state.detail} />
  );
}

function LastDelivery({ hook }: { hook: Webhook }) {
  const last = lastDeliverySummary(hook);
  const more = last.at && (
    <>
      {last.note ? `${last.note} ` : ""}
      {when(last.at)}
    </>
  );
  return <BadgeWithNote label={last.label} tone={last.tone} more={more} />;
}
