// A webhook's delivery log: newest first, by status, 50 at a time; each delivery's event, outcome,
// the receiver's status code, latency and attempts; its details (the body sent, never a value) and,
// for one that is finished, "Redeliver". Read again every few seconds while a delivery is pending.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import {
  type Delivery,
  type DeliveryStatus,
  useDeliveries,
  type Webhook,
  webhookKeys,
  webhookPath,
} from "../api/webhook-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import {
  canRedeliver,
  conflictInWords,
  deliveryOutcome,
  deliveryStatus,
  formatLatency,
  httpResult,
} from "../lib/webhooks.ts";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import { Dialog } from "./Dialog.tsx";
import { SelectField } from "./Field.tsx";
import { HeadedSection } from "./PageHeader.tsx";
import { QueryTable } from "./QueryTable.tsx";
import { RowButton } from "./RowButton.tsx";
import { actionsColumn, type Column } from "./Table.tsx";
import { when } from "./When.tsx";

const WHILE_PENDING_MS = 2000;
const STATUSES: readonly { value: DeliveryStatus | ""; label: string }[] = [
  { value: "", label: "Any status" },
  { value: "pending", label: "Pending" },
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
];

export function DeliveryLog({ hook, manage }: { hook: Webhook; manage: boolean }) {
  const { workspace } = useWorkspace();
  const ws = workspace.id;
  const [status, setStatus] = useState<DeliveryStatus | "">("");
  const [openId, setOpenId] = useState<string | null>(null);
  const log = useDeliveries(ws, hook.id, status || undefined, WHILE_PENDING_MS);
  const deliveries = log.data?.pages.flatMap((page) => page.items) ?? [];
  useWebhookFollowsLog(ws, hook.id, log.dataUpdatedAt);
  const redeliver = useWrite(
    (d: Delivery) =>
      unwrap(
        api.POST("/workspaces/{workspace_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver", {
          params: { path: { ...webhookPath(ws, hook.id), delivery_id: d.id } },
        }),
      ).catch((error: unknown) => {
        throw conflictInWords("redeliver", error);
      }),
    { invalidates: () => [webhookKeys.one(ws, hook.id)] },
  );
  const open = deliveries.find((d) => d.id === openId) ?? null;
  const outcome = redeliver.error ? (
    <Alert kind="error">{errorMessage(redeliver.error)}</Alert>
  ) : redeliver.isSuccess ? (
    <Alert kind="success">Queued again: the receiver gets the same body and Coffer-Delivery id.</Alert>
  ) : null;

  const columns: Column<Delivery>[] = [
    { header: "Event", cell: (d) => <code>{d.event_type}</code> },
    {
      header: "Status",
      cell: (d) => {
        const shown = deliveryStatus(d);
        return <span className={`badge tone-${shown.tone}`}>{shown.label}</span>;
      },
    },
    { header: "HTTP", className: "col-num", cell: (d) => httpResult(d) },
    { header: "Latency", className: "col-num", cell: (d) => formatLatency(d.last_latency_ms) },
    { header: "Attempts", className: "col-num", cell: (d) => d.attempts },
    { header: "Queued", cell: (d) => when(d.created_at) },
    actionsColumn((d) => (
      <span className="actions">
        <RowButton
          aria-label={`Details of the ${d.event_type} delivery queued ${new Date(d.created_at).toLocaleString()}`}
          onClick={() => {
            redeliver.reset();
            setOpenId(d.id);
          }}
        >
          Details
        </RowButton>
        {manage && canRedeliver(d) && (
          <RowButton
            aria-label={`Redeliver the ${d.event_type} delivery queued ${new Date(d.created_at).toLocaleString()}`}
            busy={redeliver.isPending && redeliver.variables?.id === d.id}
            onClick={() => redeliver.mutate(d)}
          >
            Redeliver
          </RowButton>
        )}
      </span>
    )),
  ];

  return (
    <HeadedSection
      className="deliveries"
      section
      level={2}
      title="Delivery log"
      action={
        <div className="toolbar log-toolbar">
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as DeliveryStatus | "")}
          >
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <Button onClick={() => void log.refetch()} busy={log.isRefetching && !log.isFetchingNextPage}>
            Reload
          </Button>
        </div>
      }
      intro={
        <>
          Every attempt to reach the endpoint, newest first. A failed attempt is retried with growing pauses,
          then given up; a finished delivery can be sent again.
        </>
      }
    >
      {!open && outcome}
      <QueryTable
        query={log}
        loading="Loading deliveries…"
        caption="Deliveries"
        rows={deliveries}
        columns={columns}
        empty={
          <p>
            {status
              ? "No delivery with this status."
              : "No deliveries yet. Send a test event to see one arrive."}
          </p>
        }
      />
      <div className="load-more">
        {log.hasNextPage && (
          <Button onClick={() => void log.fetchNextPage()} busy={log.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </div>
      <Dialog
        open={open !== null}
        wide
        title={open ? `Delivery of ${open.event_type}` : "Delivery"}
        onClose={() => setOpenId(null)}
        footer={
          <>
            {open && manage && canRedeliver(open) && (
              <Button busy={redeliver.isPending} onClick={() => redeliver.mutate(open)}>
                Redeliver
              </Button>
            )}
            <Button variant="primary" onClick={() => setOpenId(null)}>
              Done
            </Button>
          </>
        }
      >
        {open && (
          <div className="stack">
            {outcome}
            <DeliveryFacts delivery={open} />
          </div>
        )}
      </Dialog>
    </HeadedSection>
  );
}

function DeliveryFacts({ delivery: d }: { delivery: Delivery }) {
  const shown = deliveryStatus(d);
  return (
    <>
      <p>
        <span className={`badge tone-${shown.tone}`}>{shown.label}</span> {deliveryOutcome(d)}
      </p>
      <dl className="facts">
        <dt>Receiver's status code</dt>
        <dd>{httpResult(d)}</dd>
        <dt>Latency</dt>
        <dd>{formatLatency(d.last_latency_ms)}</dd>
        <dt>Attempts</dt>
        <dd>{d.attempts}</dd>
        {d.last_error && (
          <>
            <dt>Last error</dt>
            <dd className="break">{d.last_error}</dd>
          </>
        )}
        <dt>Queued</dt>
        <dd>{when(d.created_at)}</dd>
        {d.finished_at && (
          <>
            <dt>Finished</dt>
            <dd>{when(d.finished_at)}</dd>
          </>
        )}
        {d.next_attempt_at && (
          <>
            <dt>Next attempt</dt>
            <dd>{when(d.next_attempt_at)}</dd>
          </>
        )}
        <dt>Coffer-Delivery</dt>
        <dd>
          <code className="break">{d.id}</code>
        </dd>
        <dt>Coffer-Event-Id</dt>
        <dd>
          <code className="break">{d.event_id}</code>
        </dd>
      </dl>
      <h3 className="payload-title">Body sent</h3>
      <p className="muted">
        Ids, keys, versions, who acted and when: a payload never carries a secret's value. The receiver's
        answer body is not kept, only its status code.
      </p>
      <pre className="code-block" data-testid="delivery-payload">
        {JSON.stringify(d.payload, null, 2)}
      </pre>
    </>
  );
}

/**
 * Each attempt the log shows (a delivery queued, tried again, settled) changes the webhook's own
 * record too: its last delivery, its failures, its state. So each time the log is read (every few
 * seconds while a delivery is pending), the webhook is read after it. Watching for a pending
 * delivery to end would miss a test event delivered before the log's first read saw it pending.
 */
function useWebhookFollowsLog(ws: string, id: string, logReadAt: number) {
  const queryClient = useQueryClient();
  const firstRead = useRef(logReadAt);
  useEffect(() => {
    if (logReadAt === firstRead.current) return;
    // Exact: the log, below the webhook's key, has just been read.
    void queryClient.invalidateQueries({ queryKey: webhookKeys.one(ws, id), exact: true });
  }, [logReadAt, queryClient, ws, id]);
}
