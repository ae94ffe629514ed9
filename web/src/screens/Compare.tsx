// A project's environments side by side: every key of the chosen environments as a row, one column
// per environment with the version there, missing and differing cells marked (from the server's
// fingerprints: values stay on the server unless "Show values" is ticked). A key an environment
// inherits is present there, marked with where it comes from; gaps and differences sort first.
// Those who may write set a value in place: a missing key is created in that environment, a present
// one gets a new version, and an inherited one is overridden — after saying that the parent's later
// changes will no longer reach it.
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useState } from "react";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type EnvPath, type Ok, queryKeys, useEnvironments, useProjects } from "../api/queries.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { Alert, Loading } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { Field } from "../components/Field.tsx";
import { ProjectBreadcrumb } from "../components/ProjectBreadcrumb.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { submitThen } from "../components/useSubmit.ts";
import { plural } from "../lib/plural.ts";
import "../styles/compare.css";

type Comparison = Ok<"compareEnvironments">;
type Row = Comparison["keys"][number];
type Cell = Row["environments"][number];

/** The API compares at most this many environments at once. */
const MAX = 10;
const STATUS_WORDS = { same: "same", differs: "differs", missing: "missing" } as const;
/** Gaps first, then differences: what needs looking at leads the grid. */
const STATUS_ORDER = { missing: 0, differs: 1, same: 2 } as const;

export function Compare() {
  const params = useParams({ from: "/w/$workspaceId/compare/$teamId/$projectId" });
  const ws = params.workspaceId;
  const { teams } = useWorkspace();
  const can = useCan();
  const environments = useEnvironments(ws, params.teamId, params.projectId);
  const project = useProjects(ws, params.teamId).data?.find((p) => p.id === params.projectId);
  const team = teams.find((t) => t.id === params.teamId);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [showValues, setShowValues] = useState(false);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const [editing, setEditing] = useState<{ key: string; environmentId: string } | null>(null);
  const all = environments.data ?? [];
  const chosen = picked ?? all.slice(0, MAX).map((e) => e.id);
  const path = { workspace_id: ws, team_id: params.teamId, project_id: params.projectId };
  const comparison = useQuery({
    queryKey: [
      ...queryKeys.environments(ws, params.teamId, params.projectId),
      "compare",
      chosen.join(","),
      showValues,
    ],
    enabled: chosen.length >= 2,
    queryFn: () =>
      unwrap(
        api.GET("/environments/{workspace_id}/{team_id}/{project_id}/compare", {
          params: { path, query: { environments: chosen.join(","), values: showValues } },
        }),
      ),
  });
  // A cell is editable where the caller may write: a protected environment takes Admins only.
  const mayWriteIn = (environmentId: string) =>
    can("secret.write", params.teamId, all.find((e) => e.id === environmentId)?.protected === true);
  const keys = comparison.data?.keys ?? [];
  const rows = keys
    .filter((k) => !onlyDifferences || k.status !== "same")
    .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
  const counted = (status: Row["status"]) => keys.filter((k) => k.status === status).length;
  const inheritedCount = keys.filter((k) => k.environments.some((c) => c.inherited_from)).length;
  const toggle = (id: string, on: boolean) =>
    setPicked(
      on
        ? all.map((e) => e.id).filter((e) => e === id || chosen.includes(e))
        : chosen.filter((e) => e !== id),
    );

  return (
    <section aria-labelledby="compare-title" className="compare">
      <ProjectBreadcrumb
        workspaceId={ws}
        teamId={params.teamId}
        projectId={params.projectId}
        team={team?.name}
        project={project?.name}
      />
      <div className="page-header">
        <div>
          <h1 id="compare-title">Compare environments</h1>
          <p className="muted">
            Keys missing in an environment, and values that differ, found by the server without sending a
            value unless you ask.
          </p>
        </div>
      </div>
      {environments.isPending && <Loading label="Loading environments…" />}
      <fieldset className="choice compare-choice">
        <legend className="field-label">Environments (2 to {MAX})</legend>
        {all.map((e) => (
          <label className="check" key={e.id}>
            <input
              type="checkbox"
              checked={chosen.includes(e.id)}
              disabled={!chosen.includes(e.id) && chosen.length >= MAX}
              onChange={(event) => toggle(e.id, event.target.checked)}
            />{" "}
            {e.name}
          </label>
        ))}
      </fieldset>
      <div className="toolbar">
        <label className="check">
          <input
            type="checkbox"
            checked={onlyDifferences}
            onChange={(e) => setOnlyDifferences(e.target.checked)}
          />{" "}
          Only differences
        </label>
        <label className="check">
          <input type="checkbox" checked={showValues} onChange={(e) => setShowValues(e.target.checked)} />{" "}
          Show values
        </label>
      </div>
      {chosen.length < 2 && <p className="muted">Choose at least two environments.</p>}
      {comparison.isPending && chosen.length >= 2 && <Loading label="Comparing…" />}
      {comparison.error && <Alert kind="error">{errorMessage(comparison.error)}</Alert>}
      {comparison.data && comparison.data.unreadable.length > 0 && (
        <Alert kind="warning">Some values could not be decrypted and are left out.</Alert>
      )}
      {comparison.data && keys.length > 0 && (
        <p className="compare-summary" role="status">
          {plural(counted("missing"), "key")} missing somewhere, {counted("differs")} differing,{" "}
          {counted("same")} the same
          {inheritedCount > 0 && (
            <> ({plural(inheritedCount, "key")} inherited from a parent count as present)</>
          )}
          .
        </p>
      )}
      {comparison.data && (
        <div className="table-wrap">
          <table className="table compare-grid">
            <caption className="visually-hidden">Keys by environment</caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                {comparison.data.environments.map((e) => (
                  <th scope="col" key={e.id}>
                    {e.name}
                  </th>
                ))}
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className={`compare-${row.status}`}>
                  <th scope="row">
                    <code className="key">{row.key}</code>
                  </th>
                  {row.environments.map((cell) => (
                    <td key={cell.environment_id} className={cellClass(row, cell)}>
                      {editing?.key === row.key && editing.environmentId === cell.environment_id ? (
                        <CellEditor
                          path={{ ...path, environment_id: cell.environment_id }}
                          row={row}
                          cell={cell}
                          environment={nameIn(comparison.data, cell.environment_id)}
                          onDone={() => setEditing(null)}
                        />
                      ) : (
                        <CellView
                          cell={cell}
                          keyName={row.key}
                          environment={nameIn(comparison.data, cell.environment_id)}
                          onEdit={
                            mayWriteIn(cell.environment_id)
                              ? () => setEditing({ key: row.key, environmentId: cell.environment_id })
                              : undefined
                          }
                        />
                      )}
                    </td>
                  ))}
                  <td>
                    <span className={`badge status-${row.status}`}>{STATUS_WORDS[row.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && (
            <p className="empty">
              {onlyDifferences ? "No differences." : "These environments have no secrets."}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

const nameIn = (comparison: Comparison, id: string) =>
  comparison.environments.find((e) => e.id === id)?.name ?? "";

/** Marks a missing cell, and a present one whose value is not the row's most common. */
function cellClass(row: Row, cell: Cell): string | undefined {
  if (!cell.present) return "cell-missing";
  if (row.status !== "differs") return cell.inherited_from ? "cell-inherited" : undefined;
  const counts = new Map<string, number>();
  for (const c of row.environments)
    if (c.fingerprint) counts.set(c.fingerprint, (counts.get(c.fingerprint) ?? 0) + 1);
  const most = Math.max(...counts.values());
  return (counts.get(cell.fingerprint ?? "") ?? 0) < most || counts.size === row.environments.length
    ? "cell-differs"
    : undefined;
}

function CellView({
  cell,
  keyName,
  environment,
  onEdit,
}: {
  cell: Cell;
  keyName: string;
  environment: string;
  onEdit: (() => void) | undefined;
}) {
  const action = !cell.present ? "Add" : cell.inherited_from ? "Override" : "Edit";
  return (
    <span className="compare-cell">
      {cell.present ? (
        <span>
          v{cell.version}
          {cell.inherited_from && (
            <span className="muted compare-origin"> inherited from {cell.inherited_from.name}</span>
          )}
          {cell.value !== undefined && <code className="compare-value">{cell.value}</code>}
        </span>
      ) : (
        <span className="muted">missing</span>
      )}
      {onEdit && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${action} ${keyName} in ${environment}`}
          onClick={onEdit}
        >
          {action}
        </Button>
      )}
    </span>
  );
}

function CellEditor({
  path,
  row,
  cell,
  environment,
  onDone,
}: {
  path: EnvPath;
  row: Row;
  cell: Cell;
  environment: string;
  onDone: () => void;
}) {
  const [value, setValue] = useState("");
  const origin = cell.inherited_from;
  const save = useWrite(
    () =>
      // An inherited secret lives in its parent: overriding creates the key in this environment.
      cell.present && cell.secret_id && !origin
        ? unwrap(
            api.PATCH("/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}", {
              params: { path: { ...path, secret_id: cell.secret_id } },
              body: { value },
            }),
          )
        : unwrap(
            api.POST("/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/", {
              params: { path },
              body: { key: row.key, value },
            }),
          ),
    { invalidates: () => [queryKeys.environments(path.workspace_id, path.team_id, path.project_id)] },
  );
  return (
    <form className="compare-editor" onSubmit={submitThen(save, onDone)}>
      {origin && (
        <p className="compare-consequence" role="note">
          {environment} will keep its own copy of {row.key}; changes in {origin.name} will no longer reach{" "}
          {environment}.
        </p>
      )}
      <Field
        label={`New value for ${row.key}`}
        hideLabel
        autoFocus
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <span className="actions">
        <Button size="sm" type="submit" variant="primary" busy={save.isPending}>
          {origin ? "Override" : "Save"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </span>
      {save.error && <Alert kind="error">{errorMessage(save.error)}</Alert>}
    </form>
  );
}
