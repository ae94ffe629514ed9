// The workspace's audit trail (Admins and Owners: `audit.read` in the permission matrix), newest
// first, filtered by action and by actor, paged with "Load more" (the cursor comes in the
// X-Next-Cursor header).
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { unwrapPage } from "coffer/client";
import { type FormEvent, useId, useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { queryKeys } from "../api/queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { type AuditEntry, auditColumns } from "../components/AuditEntries.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { AUDIT_ACTIONS, auditQuery } from "../lib/history.ts";
import "../styles/history.css";

const PAGE = 50;
const NO_FILTERS = { action: "", actor: "" };

const resourceColumn: Column<AuditEntry> = {
  header: "Resource",
  className: "col-resource",
  cell: (e) => (
    <span>
      {e.resource_type}
      {e.resource_id && (
        <code className="muted" title={e.resource_id}>
          {" "}
          {e.resource_id.slice(0, 8)}
        </code>
      )}
    </span>
  ),
};

export function Audit() {
  const { workspace } = useWorkspace();
  const can = useCan();
  const ws = workspace.id;
  const [draft, setDraft] = useState(NO_FILTERS);
  const [filters, setFilters] = useState(NO_FILTERS);
  const actorId = useId();
  const actionsId = useId();
  const allowed = can("audit.read");

  const members = useQuery({
    // Not useMembers' key: that one holds pages (an infinite query), this one a plain list. Under one
    // key, opening Members and then Audit handed this screen the other's shape. As a child of that
    // key, it is still refreshed whenever the members are.
    queryKey: [...queryKeys.workspace(ws), "members", "all"],
    enabled: allowed,
    queryFn: () =>
      unwrap(
        api.GET("/workspaces/{workspace_id}/members", {
          params: { path: { workspace_id: ws }, query: { limit: 1000 } },
        }),
      ),
  });
  const trail = useInfiniteQuery({
    queryKey: [...queryKeys.workspace(ws), "audit", filters],
    enabled: allowed,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrapPage(
        api.GET("/workspaces/{workspace_id}/audit", {
          params: { path: { workspace_id: ws }, query: auditQuery(filters, pageParam, PAGE) },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });

  if (!allowed)
    return <Alert kind="warning">The audit trail is for the workspace's Admins and Owners.</Alert>;

  const entries = trail.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = filters.action !== "" || filters.actor !== "";
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ action: draft.action.trim(), actor: draft.actor });
  };

  return (
    <section aria-labelledby="audit-title">
      <div className="page-header">
        <div>
          <h1 id="audit-title">Audit trail</h1>
          <p className="muted">Everything done in {workspace.name}, newest first.</p>
        </div>
      </div>
      <form className="toolbar audit-filters" onSubmit={apply} aria-label="Filter the audit trail">
        <Field
          label="Action"
          list={actionsId}
          placeholder="e.g. secret.created"
          autoComplete="off"
          maxLength={100}
          value={draft.action}
          onChange={(e) => setDraft((d) => ({ ...d, action: e.target.value }))}
        />
        <datalist id={actionsId}>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <div className="field">
          <label htmlFor={actorId} className="field-label">
            Actor
          </label>
          <select
            id={actorId}
            value={draft.actor}
            onChange={(e) => setDraft((d) => ({ ...d, actor: e.target.value }))}
          >
            <option value="">Anyone</option>
            {members.data?.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        </div>
        <div className="actions filter-actions">
          <Button type="submit" variant="primary">
            Filter
          </Button>
          {filtered && (
            <Button
              onClick={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
              }}
            >
              Clear
            </Button>
          )}
        </div>
      </form>
      {trail.isPending && <Loading label="Loading the audit trail…" />}
      {trail.error && <Alert kind="error">{errorMessage(trail.error)}</Alert>}
      {trail.data && (
        <Table
          caption="Audit trail"
          cards
          rows={entries}
          rowKey={(e) => e.id}
          columns={[...auditColumns.slice(0, 3), resourceColumn, ...auditColumns.slice(3)]}
          empty={<p>{filtered ? "No entry matches these filters." : "Nothing recorded yet."}</p>}
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
