// An audit entry as a table row: a secret's log (SecretHistory) and the workspace's trail (Audit)
// show the same columns.
import type { Ok } from "../api/queries.ts";
import { describeActor, shortUserAgent } from "../lib/history.ts";
import type { Column } from "./Table.tsx";
import { when } from "./When.tsx";

export type AuditEntry = Ok<"listSecretLogs">[number];

/** The columns an audit entry shows, shared with the workspace audit trail. */
export const auditColumns: Column<AuditEntry>[] = [
  { header: "Time", className: "col-time", cell: (e) => when(e.created_at) },
  {
    header: "Action",
    cell: (e) => (
      <span>
        <code className="audit-action">{e.action}</code>
        {e.version !== null && <span className="muted"> v{e.version}</span>}
      </span>
    ),
  },
  { header: "Actor", cell: (e) => describeActor(e.actor) },
  { header: "Address", className: "col-num", cell: (e) => e.ip_address ?? "—" },
  {
    header: "User agent",
    className: "col-agent",
    cell: (e) => <span title={e.user_agent ?? undefined}>{shortUserAgent(e.user_agent)}</span>,
  },
];
