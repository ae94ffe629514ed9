// Putting an environment back to a moment, from the secrets page: a date and time (or the moment
// just before an event of the timeline, previewed at once), a preview of what would be recreated,
// changed and removed (values hidden unless asked), then the restore in one transaction on the
// server. A paid capability: on a plan without it, the way to get it.
import { type FormEvent, useEffect, useId, useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, isPlanRequired, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type EnvPath, type Ok, queryKeys } from "../api/queries.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { ChangesTable } from "../components/ChangesTable.tsx";
import { Dialog } from "../components/Dialog.tsx";
import { UpgradeHint } from "../components/UpgradeHint.tsx";
import { when } from "../components/When.tsx";
import { justBefore } from "../lib/history.ts";
import "../styles/history.css";

type Report = Ok<"restoreEnvironment">;
type Row = { kind: "added" | "changed" | "removed" | "unchanged"; key: string; value: string };

const RESTORE = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/restore" as const;
const MASK = "••••••••";

function rowsOf(report: Report): Row[] {
  return [
    ...report.added.map((a) => ({ kind: "added" as const, key: a.key, value: a.value })),
    ...report.changed.map((c) => ({
      kind: "changed" as const,
      key: c.key,
      value: `${c.current} → ${c.incoming}`,
    })),
    ...report.removed.map((r) => ({ kind: "removed" as const, key: r.key, value: r.value })),
    ...report.unchanged.map((key) => ({ kind: "unchanged" as const, key, value: "" })),
  ];
}

/** "2026-11-24T09:30:00" (with ".123" when the moment has milliseconds), the input's local time. */
const localInputValue = (date: Date) => {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString();
  return local.slice(0, date.getMilliseconds() === 0 ? 19 : 23);
};

/** Where to start: just before an event of the timeline (one millisecond before `eventAt`). */
export interface StartingMoment {
  eventAt: string;
  /** What happened then, e.g. "DB_URL updated to v3". */
  event: string;
}

export function RestoreEnvironmentDialog({
  path,
  open,
  from,
  onClose,
}: {
  path: EnvPath;
  open: boolean;
  /** Start from this moment and preview it at once (else an hour ago, for the person to choose). */
  from?: StartingMoment;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} wide title="Restore to a moment" onClose={onClose}>
      {open && <RestoreForm path={path} from={from} />}
    </Dialog>
  );
}

function RestoreForm({ path, from }: { path: EnvPath; from?: StartingMoment }) {
  const momentId = useId();
  const [moment, setMoment] = useState(() =>
    localInputValue(new Date(from ? justBefore(from.eventAt) : Date.now() - 3_600_000)),
  );
  const [reveal, setReveal] = useState(false);
  const send = (apply: boolean) =>
    unwrap(api.POST(RESTORE, { params: { path }, body: { at: new Date(moment).toISOString(), apply } }));
  const preview = useWrite(() => send(false));
  const restore = useWrite(() => send(true), { invalidates: () => [queryKeys.secrets(path)] });
  const report = restore.data ?? preview.data;
  const error = restore.error ?? preview.error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    restore.reset();
    await preview.mutateAsync().catch(() => {});
  }

  // Opened from the timeline: the moment is chosen, so show what a restore to it would do (once:
  // `from` stays the same while the dialog is open, and `mutate` is stable).
  const runPreview = preview.mutate;
  useEffect(() => {
    if (from) runPreview();
  }, [from, runPreview]);

  return (
    <div className="stack">
      {from && (
        <p className="muted">
          Just before <strong>{from.event}</strong> ({when(from.eventAt)}).
        </p>
      )}
      <form className="row-2" onSubmit={submit}>
        <div className="field">
          <label htmlFor={momentId} className="field-label">
            Moment (your local time)
          </label>
          <input
            id={momentId}
            type="datetime-local"
            // Milliseconds only when the moment has them (just before an event, to the millisecond).
            step={moment.length > 19 ? 0.001 : 1}
            required
            value={moment}
            onChange={(e) => {
              setMoment(e.target.value);
              preview.reset();
              restore.reset();
            }}
          />
        </div>
        <div className="field restore-preview-button">
          <Button type="submit" busy={preview.isPending}>
            Preview
          </Button>
        </div>
      </form>
      {error &&
        (isPlanRequired(error) ? (
          <UpgradeHint
            title="Restoring to a moment is part of the Pro plan."
            what="The environment as it was at any moment, put back in one step after a preview."
          />
        ) : (
          <Alert kind="error">{errorMessage(error)}</Alert>
        ))}
      {report && (
        <section aria-labelledby="restore-preview-title" className="stack">
          <h3 id="restore-preview-title">{report.applied ? "Restored" : "What would change"}</h3>
          <p className="paste-summary" role="status">
            <span className="badge kind-added">{report.added.length} recreated</span>
            <span className="badge kind-changed">{report.changed.length} changed</span>
            <span className="badge kind-invalid">{report.removed.length} removed</span>
            <span className="badge kind-unchanged">{report.unchanged.length} unchanged</span>
          </p>
          <label className="check restore-reveal">
            <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} /> Show
            values
          </label>
          <ChangesTable
            caption="Restore preview"
            rows={rowsOf(report)}
            redKind="removed"
            empty={<p>The environment had no secrets then, and has none now.</p>}
            value={(r) =>
              r.kind === "unchanged" ? (
                <span className="muted">same value</span>
              ) : (
                <code className="value">{reveal ? r.value : MASK}</code>
              )
            }
          />
          {!report.applied && report.added.length + report.changed.length + report.removed.length > 0 && (
            <div className="actions">
              <Button
                variant="primary"
                busy={restore.isPending}
                onClick={() => restore.mutateAsync().catch(() => {})}
              >
                Restore to this moment
              </Button>
              <span className="muted">
                Changed values get a new version; removed keys stay recoverable under Recently deleted.
              </span>
            </div>
          )}
          {!report.applied && report.added.length + report.changed.length + report.removed.length === 0 && (
            <p className="muted">Nothing to do: the environment is as it was then.</p>
          )}
        </section>
      )}
    </div>
  );
}
