// The environment's timeline, opened from the secrets page: what happened to its secrets, newest
// first — who created, changed, rolled back, deleted, restored or renamed which key, and when; never
// a value. Those who may restore pick "Restore to just before this" on an event, which opens the
// restore preview at that moment. A paid capability: on a plan without it, the way to get it.
import { useInfiniteQuery } from "@tanstack/react-query";
import { unwrapPage } from "coffer/client";
import { api } from "../api/client.ts";
import { cursorPages } from "../api/cursor-pages.ts";
import { errorMessage, isPlanRequired } from "../api/errors.ts";
import { type EnvPath, type Ok, queryKeys } from "../api/queries.ts";
import { Alert, Loading } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Dialog } from "../components/Dialog.tsx";
import { useCanInEnvironment } from "../components/RoleGate.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { UpgradeHint } from "../components/UpgradeHint.tsx";
import { when } from "../components/When.tsx";
import { describeActor, describeEvent, EVENT_VERBS, eventDetail } from "../lib/history.ts";
import "../styles/history.css";

export type TimelineEvent = Ok<"getEnvironmentTimeline">[number];

const TIMELINE = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/timeline" as const;
const PAGE = 50;

const BADGE: Record<TimelineEvent["kind"], string> = {
  created: "kind-added",
  updated: "kind-changed",
  rolled_back: "kind-changed",
  restored: "kind-added",
  deleted: "kind-invalid",
  renamed: "kind-unchanged",
};

export function EnvironmentTimelineDialog({
  path,
  open,
  onClose,
  onRestoreBefore,
}: {
  path: EnvPath;
  open: boolean;
  onClose: () => void;
  /** Opens the restore preview just before the event. */
  onRestoreBefore: (event: TimelineEvent) => void;
}) {
  return (
    <Dialog open={open} wide title="Timeline" onClose={onClose}>
      {open && <Timeline path={path} onRestoreBefore={onRestoreBefore} />}
    </Dialog>
  );
}

function Timeline({
  path,
  onRestoreBefore,
}: {
  path: EnvPath;
  onRestoreBefore: (event: TimelineEvent) => void;
}) {
  const events = useInfiniteQuery({
    ...cursorPages,
    // Under the environment's secrets key, so any write to the environment refreshes it.
    queryKey: [...queryKeys.secrets(path), "timeline"],
    queryFn: ({ pageParam }) =>
      unwrapPage(
        api.GET(TIMELINE, {
          params: { path, query: { limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    retry: (count, error) => !isPlanRequired(error) && count < 2,
  });
  const mayRestore = useCanInEnvironment("secret.restore", path);
  const rows = events.data?.pages.flatMap((p) => p.items) ?? [];

  const columns: Column<TimelineEvent>[] = [
    { header: "When", className: "col-time", cell: (e) => when(e.at) },
    {
      header: "What",
      cell: (e) => (
        <span className="timeline-what">
          <span className={`badge ${BADGE[e.kind]}`}>{EVENT_VERBS[e.kind]}</span>
          <span>
            <code className="key">{e.key}</code> {eventDetail(e)}
          </span>
          {e.restored_to && <span className="muted">by a restore to {when(e.restored_to)}</span>}
        </span>
      ),
    },
    {
      header: "Who",
      className: "col-who",
      cell: (e) =>
        e.actor ? (
          describeActor(e.actor)
        ) : (
          <span className="muted" title="The secret's log went with a delete, or was purged">
            not recorded
          </span>
        ),
    },
    ...(mayRestore
      ? [
          {
            header: "Actions",
            hideHeader: true,
            className: "col-actions",
            cell: (e: TimelineEvent) =>
              e.undoable ? (
                <Button size="sm" variant="ghost" onClick={() => onRestoreBefore(e)}>
                  Restore to just before this
                  <span className="visually-hidden">
                    : {describeEvent(e)}, {new Date(e.at).toLocaleString()}
                  </span>
                </Button>
              ) : null,
          } satisfies Column<TimelineEvent>,
        ]
      : []),
  ];

  return (
    <div className="stack timeline">
      {!isPlanRequired(events.error) && (
        <p className="muted">
          What happened to this environment's secrets, newest first; never a value.
          {mayRestore &&
            " A restore to just before an event shows what it would change first. Renames, restores from Recently deleted and deletions undone since leave nothing for a restore to undo."}
        </p>
      )}
      {events.isPending && <Loading label="Loading the timeline…" />}
      {events.error &&
        (isPlanRequired(events.error) ? (
          <UpgradeHint
            title="The environment's timeline is part of the Pro plan."
            what="Every change to this environment's secrets, who made it and when, with a restore to just before any of them."
          />
        ) : (
          <Alert kind="error">{errorMessage(events.error)}</Alert>
        ))}
      {events.data && (
        <Table
          caption="Timeline of the environment"
          cards
          rows={rows}
          rowKey={(e) => e.id}
          columns={columns}
          empty={<p>Nothing has happened here yet.</p>}
        />
      )}
      {events.hasNextPage && (
        <Button onClick={() => void events.fetchNextPage()} busy={events.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </div>
  );
}
