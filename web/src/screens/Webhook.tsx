// One webhook (Admins and Owners): where it sends and what, its state (why it fails, or why it was
// disabled), its signing secret's rotation; a test event, a secret rotation (the new one shown once),
// edit, disable or enable, delete; and its delivery log.
import { useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useWorkspaceTree } from "../api/automation-queries.ts";
import { errorMessage } from "../api/errors.ts";
import { useWebhook } from "../api/webhook-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { DeliveryLog } from "../components/DeliveryLog.tsx";
import { ListBreadcrumb } from "../components/ListBreadcrumb.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { EditToggleDeleteButtons } from "../components/RowButton.tsx";
import { useWebhookActions } from "../components/useWebhookActions.ts";
import { type ShownSecret, WebhookDialog, WebhookSecretDialog } from "../components/WebhookDialogs.tsx";
import { when } from "../components/When.tsx";
import { hostOf, lastDeliverySummary, placeSummary, webhookState } from "../lib/webhooks.ts";
import { NOT_ALLOWED } from "./Webhooks.tsx";
import "../styles/people.css";
import "../styles/automation.css";
import "../styles/webhooks.css";

export function Webhook() {
  const { webhookId } = useParams({ from: "/w/$workspaceId/webhooks/$webhookId" });
  const { workspace, teams } = useWorkspace();
  const ws = workspace.id;
  const can = useCan();
  const allowed = can("webhook.list");
  const manage = can("webhook.manage");
  // The delivery log below reads the webhook again whenever a delivery it shows changes.
  const hook = useWebhook(ws, webhookId, allowed);
  const tree = useWorkspaceTree(ws, teams, allowed);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const { ask, dialog } = useActionDialog();
  const actions = useWebhookActions(ws, ask, {
    onRotated: setShown,
    onDeleted: () => navigate({ to: "/w/$workspaceId/webhooks", params: { workspaceId: ws }, replace: true }),
  });

  if (!allowed) return <Alert kind="warning">{NOT_ALLOWED}</Alert>;
  if (hook.isPending) return <Loading label="Loading the webhook…" />;
  if (hook.error) return <Alert kind="error">{errorMessage(hook.error)}</Alert>;
  const h = hook.data;
  const state = webhookState(h);
  const last = lastDeliverySummary(h);
  const overlapping =
    h.previous_secret_expires_at !== null && Date.parse(h.previous_secret_expires_at) > Date.now();

  return (
    <section aria-labelledby="webhook-title" className="people webhooks">
      <div className="page-header">
        <div className="webhook-head">
          <ListBreadcrumb
            workspaceId={ws}
            list="/w/$workspaceId/webhooks"
            label="Webhooks"
            here={hostOf(h.url)}
          />
          <h1 id="webhook-title">
            Webhook to {hostOf(h.url)} <span className={`badge tone-${state.tone}`}>{state.label}</span>
          </h1>
          <p className="webhook-url">
            <code>{h.url}</code>
          </p>
          {h.description && <p className="muted">{h.description}</p>}
        </div>
        {manage && (
          <span className="actions">
            <Button variant="primary" busy={actions.test.isPending} onClick={() => actions.test.mutate(h)}>
              Send test event
            </Button>
            <Button onClick={() => actions.rotate(h)}>Rotate secret</Button>
            <EditToggleDeleteButtons
              enabled={h.enabled}
              onEdit={() => setEditing(true)}
              onToggle={() => actions.toggle(h)}
              onDelete={() => actions.remove(h)}
            />
          </span>
        )}
      </div>
      {actions.test.isSuccess && (
        <Alert kind="success">Test event queued: follow it in the delivery log below.</Alert>
      )}
      {actions.test.error && <Alert kind="error">{errorMessage(actions.test.error)}</Alert>}
      {state.detail && <Alert kind={state.tone === "danger" ? "error" : "warning"}>{state.detail}</Alert>}
      <dl className="facts">
        <dt>Project and environment</dt>
        <dd>{placeSummary(h, tree)}</dd>
        <dt>Events</dt>
        <dd className="break">{h.events.length ? h.events.join(", ") : "every event"}</dd>
        <dt>Last delivery</dt>
        <dd>
          {last.label}
          {last.at && (
            <>
              {" · "}
              {last.note && `${last.note} `}
              {when(last.at)}
            </>
          )}
        </dd>
        <dt>Signing secret</dt>
        <dd>
          {overlapping && h.previous_secret_expires_at ? (
            <>Rotated: the previous secret also signs until {when(h.previous_secret_expires_at)}.</>
          ) : (
            "Kept encrypted; shown only when the webhook is created or its secret rotated."
          )}
        </dd>
        <dt>Created</dt>
        <dd>{when(h.created_at)}</dd>
      </dl>
      <DeliveryLog hook={h} manage={manage} />
      {editing && <WebhookDialog hook={h} onClose={() => setEditing(false)} />}
      <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} />
      {dialog}
    </section>
  );
}
