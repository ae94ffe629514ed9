// The workspace's audit trail (Admins and Owners: `audit.read` in the permission matrix), newest
// first, one entry per operation, each read as a phrase naming what and where. Filtered by action,
// actor, project, environment and days, all kept in the URL; paged with "Load more" (the cursor
// comes in the X-Next-Cursor header); exported as CSV or JSON with the same filters.
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { exportAuditTrail, useAllMembers, useAuditTrail } from "../api/audit-queries.ts";
import { useServiceAccounts, useWorkspaceTree } from "../api/automation-queries.ts";
import { errorMessage } from "../api/errors.ts";
import { useApiKeys } from "../api/people-queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { AuditChainStatus } from "../components/AuditChainStatus.tsx";
import { trailColumns } from "../components/AuditEntries.tsx";
import { AuditFilterForm, type ChoiceGroup } from "../components/AuditFilters.tsx";
import { Button } from "../components/Button.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { Table } from "../components/Table.tsx";
import type { KnownNames } from "../lib/audit.ts";
import {
  type AuditFilters,
  cleanFilters,
  hasFilters,
  type TrailFilter,
  trailFilter,
} from "../lib/audit-filters.ts";
import { downloadBlob } from "../lib/download.ts";
import "../styles/history.css";
import "../styles/audit.css";

const FROM = "/w/$workspaceId/audit" as const;

export function Audit() {
  const { workspace, teams } = useWorkspace();
  const can = useCan();
  const ws = workspace.id;
  const allowed = can("audit.read");
  const filters = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const request = trailFilter(filters);
  const trail = useAuditTrail(ws, allowed && request.ok ? request.filter : null);
  const members = useAllMembers(ws, allowed);
  const accounts = useServiceAccounts(ws, allowed && can("service_account.list"));
  const keys = useApiKeys();
  const tree = useWorkspaceTree(ws, teams, allowed);

  const names = useMemo<KnownNames>(
    () => ({
      people: new Map([
        ...(members.data ?? []).map((m) => [m.user_id, m.email] as const),
        ...(accounts.data ?? []).map((a) => [a.id, a.name] as const),
      ]),
      teams: new Map(teams.map((t) => [t.id, t.name])),
    }),
    [members.data, accounts.data, teams],
  );
  const actors: ChoiceGroup[] = [
    {
      label: "Members",
      choices: (members.data ?? []).map((m) => ({ value: m.user_id, label: `${m.name} (${m.email})` })),
    },
    {
      label: "Service accounts",
      choices: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
    },
    {
      label: "Your API keys",
      choices: (keys.data ?? []).map((k) => ({ value: k.id, label: `${k.name} (API key)` })),
    },
  ];

  if (!allowed)
    return <Alert kind="warning">The audit trail is for the workspace's Admins and Owners.</Alert>;

  const entries = trail.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = hasFilters(filters);
  const setFilters = (next: AuditFilters) => void navigate({ search: cleanFilters(next) });

  return (
    <section aria-labelledby="audit-title" className="audit">
      <div className="page-header">
        <div>
          <h1 id="audit-title">Audit trail</h1>
          <p className="muted">Everything done in {workspace.name}, newest first.</p>
        </div>
        {request.ok && <ExportButtons ws={ws} filter={request.filter} />}
      </div>
      <AuditChainStatus ws={ws} />
      <AuditFilterForm filters={filters} onChange={setFilters} actors={actors} tree={tree} />
      {!request.ok && <Alert kind="warning">{request.problem}</Alert>}
      {trail.isLoading && <Loading label="Loading the audit trail…" />}
      {trail.error && <Alert kind="error">{errorMessage(trail.error)}</Alert>}
      {trail.data && (
        <Table
          caption="Audit trail"
          cards
          rows={entries}
          rowKey={(e) => e.id}
          columns={trailColumns(ws, names)}
          empty={<p>{filtered ? "No entries match these filters." : "Nothing recorded yet."}</p>}
        />
      )}
      <div className="load-more">
        {trail.hasNextPage && (
          <Button onClick={() => void trail.fetchNextPage()} busy={trail.isFetchingNextPage}>
            Load more
          </Button>
        )}
        {trail.data && !trail.hasNextPage && entries.length > 0 && (
          <p className="muted">
            {entries.length} entr{entries.length === 1 ? "y" : "ies"}, the whole trail
            {filtered ? " for these filters" : ""}.
          </p>
        )}
      </div>
    </section>
  );
}

/** The trail with the page's filters, as a file: fetched with the session's token, then saved. */
function ExportButtons({ ws, filter }: { ws: string; filter: TrailFilter }) {
  const [busy, setBusy] = useState<"csv" | "json" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async (format: "csv" | "json") => {
    setBusy(format);
    setError(null);
    try {
      const file = await exportAuditTrail(ws, filter, format);
      downloadBlob(file.blob, file.fileName);
    } catch (caught) {
      setError(`The export failed: ${errorMessage(caught)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="audit-export">
      <div className="actions">
        <Button onClick={() => void save("csv")} busy={busy === "csv"} disabled={busy !== null}>
          Export CSV
        </Button>
        <Button onClick={() => void save("json")} busy={busy === "json"} disabled={busy !== null}>
          Export JSON
        </Button>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
    </div>
  );
}
