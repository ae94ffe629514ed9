// Audit entries as table rows. A secret's log (SecretHistory) shows each entry's action as
// recorded; the workspace's trail (Audit) reads each as a phrase naming what and where, with the
// keys of a bulk operation behind an expander.
import { useId, useState } from "react";
import { type AuditEntry as TrailEntry, useAuditBatch } from "../api/audit-queries.ts";
import type { Ok } from "../api/queries.ts";
import { bulkKeys, describeEntry, itemNote, type KnownNames, type Phrase } from "../lib/audit.ts";
import { describeActor, shortUserAgent } from "../lib/history.ts";
import type { Column } from "./Table.tsx";
import { when } from "./When.tsx";

export type AuditEntry = Ok<"listSecretLogs">[number];

const timeColumn: Column<{ created_at: string }> = {
  header: "Time",
  className: "col-time",
  cell: (e) => when(e.created_at),
};
const actorColumn: Column<Pick<AuditEntry, "actor">> = {
  header: "Actor",
  cell: (e) => describeActor(e.actor),
};
const clientColumns: Column<Pick<AuditEntry, "ip_address" | "user_agent">>[] = [
  { header: "Address", className: "col-num", cell: (e) => e.ip_address ?? "—" },
  {
    header: "User agent",
    className: "col-agent",
    cell: (e) => <span title={e.user_agent ?? undefined}>{shortUserAgent(e.user_agent)}</span>,
  },
];

/** The columns of a secret's own log. */
export const auditColumns: Column<AuditEntry>[] = [
  timeColumn,
  {
    header: "Action",
    cell: (e) => (
      <span>
        <code className="audit-action">{e.action}</code>
        {e.version !== null && <span className="muted"> v{e.version}</span>}
      </span>
    ),
  },
  actorColumn,
  ...clientColumns,
];

/** The columns of the workspace's trail: who, then what and where as a phrase. */
export function trailColumns(ws: string, names: KnownNames): Column<TrailEntry>[] {
  return [
    timeColumn,
    actorColumn,
    {
      header: "Event",
      className: "col-event",
      cell: (entry) => <TrailEvent ws={ws} entry={entry} names={names} />,
    },
    ...clientColumns,
  ];
}

/** Words as text, keys as code. */
export function PhraseView({ phrase }: { phrase: Phrase }) {
  return (
    <>
      {phrase.map((part, i) =>
        typeof part === "string" ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a phrase is fixed once made; a key may repeat
          <code key={i} className="audit-key">
            {part.key}
          </code>
        ),
      )}
    </>
  );
}

function TrailEvent({ ws, entry, names }: { ws: string; entry: TrailEntry; names: KnownNames }) {
  return (
    <div className="audit-event">
      <span className="audit-phrase">
        <PhraseView phrase={describeEntry(entry, names)} />
        {entry.version !== null && <span className="muted"> · v{entry.version}</span>}
      </span>
      <code className="audit-code">{entry.action}</code>
      <BulkKeys ws={ws} entry={entry} />
    </div>
  );
}

/**
 * A bulk operation's keys behind a real disclosure button; once open, each key says what happened
 * to it (its item of the operation, read with `?batch=`).
 */
function BulkKeys({ ws, entry }: { ws: string; entry: TrailEntry }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const keys = bulkKeys(entry);
  const items = useAuditBatch(ws, entry.id, open && keys.length > 0);
  if (keys.length === 0) return null;
  const notes = new Map<string, string[]>();
  for (const item of items.data ?? []) {
    const key = typeof item.details.key === "string" ? item.details.key : undefined;
    if (key) notes.set(key, [...(notes.get(key) ?? []), itemNote(item)]);
  }
  const many = keys.length === 1 ? "the key" : `${keys.length.toLocaleString("en")} keys`;
  return (
    <div className="audit-batch">
      <button
        type="button"
        className="btn btn-ghost btn-sm audit-expander"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true" className="audit-chevron">
          {open ? "▾" : "▸"}
        </span>
        {open ? `Hide ${many}` : `Show ${many}`}
      </button>
      <ul id={listId} className="audit-keys" hidden={!open}>
        {open &&
          keys.map((key, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an operation may name a key twice (a restore)
            <li key={`${key}-${i}`}>
              <code className="audit-key">{key}</code>
              {notes.has(key) && <span className="muted"> {notes.get(key)!.join(" · ")}</span>}
            </li>
          ))}
      </ul>
      {open && items.error && (
        <span className="muted audit-batch-note">What happened to each key could not be read.</span>
      )}
    </div>
  );
}
