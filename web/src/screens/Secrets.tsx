// An environment's secrets, listed without their values: Show, Copy and Edit read one value when
// asked (a read the audit trail records), inline edit (a new version), add, delete one or the
// selected, search and a rotation filter, and bulk paste of a .env with a preview. Each row opens
// its history (versions and log); selected rows can be shared by link or downloaded; Import reads
// a hosting platform. The environment's timeline lists what happened, and restores it to just
// before any event.
import { useQueryClient } from "@tanstack/react-query";
import { useParams, useSearch } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import {
  type EnvPath,
  queryKeys,
  type SecretMetadata,
  useEnvironments,
  useProjects,
  useSecretMetadata,
} from "../api/queries.ts";
import { deleteSecrets, namedBy } from "../api/secret-values.ts";
import { useWorkspace } from "../api/workspace.tsx";
import { useActionDialog } from "../components/ActionDialog.tsx";
import { AddSecretDialog } from "../components/AddSecretDialog.tsx";
import { EnvironmentControls, ProtectedBadge } from "../components/EnvironmentControls.tsx";
import { Pager } from "../components/Pager.tsx";
import { PasteEnvDialog } from "../components/PasteEnvDialog.tsx";
import { ProjectBreadcrumb } from "../components/ProjectBreadcrumb.tsx";
import { QueryStatus } from "../components/QueryStatus.tsx";
import { useCan } from "../components/RoleGate.tsx";
import { Table } from "../components/Table.tsx";
import { useSecretValues } from "../components/useSecretValues.ts";
import { bulkDeleteConfirmation, bulkDeleteRefusal, bulkHeirsNote, inBatches } from "../lib/bulk-delete.ts";
import { fileNameOf } from "../lib/download.ts";
import { batches, type PastePlan } from "../lib/env-paste.ts";
import { describeEvent } from "../lib/history.ts";
import { countLabel, pageOf } from "../lib/paging.ts";
import { heirsLoseNote } from "../lib/permissions.ts";
import { rotationStatus } from "../lib/rotation.ts";
import { DeletedSecretsDialog } from "./DeletedSecrets.tsx";
import { EnvironmentTimelineDialog } from "./EnvironmentTimeline.tsx";
import { RestoreEnvironmentDialog, type StartingMoment } from "./RestoreEnvironment.tsx";
import { SecretHistoryDialog } from "./SecretHistory.tsx";
import { secretsColumns } from "./SecretsColumns.tsx";
import { EnvFileDownloadNotes, useEnvFileDownload } from "./SecretsDownload.tsx";
import { type Filter, SELECTION_HINTS, SecretsToolbar, type SelectionHint } from "./SecretsToolbar.tsx";
import { ShareDialog } from "./ShareDialog.tsx";

const BASE = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/" as const;
const ONE = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}" as const;

const ROUTE = "/w/$workspaceId/env/$teamId/$projectId/$environmentId" as const;

export function Secrets() {
  // Another environment is another screen: no value shown, row selected or edit begun in one
  // outlives the move to the next (leaving the route unmounts it all the same).
  const { environmentId } = useParams({ from: ROUTE });
  // A key chosen in the header search starts the table's search (and a screen of its own).
  const { key } = useSearch({ from: ROUTE });
  return <EnvironmentSecrets key={`${environmentId}|${key ?? ""}`} startSearch={key ?? ""} />;
}

function EnvironmentSecrets({ startSearch }: { startSearch: string }) {
  const params = useParams({ from: ROUTE });
  // One object per environment: the dialogs that read values take it as an effect's dependency.
  const path: EnvPath = useMemo(
    () => ({
      workspace_id: params.workspaceId,
      team_id: params.teamId,
      project_id: params.projectId,
      environment_id: params.environmentId,
    }),
    [params.workspaceId, params.teamId, params.projectId, params.environmentId],
  );
  const { teams } = useWorkspace();
  const can = useCan();
  const queryClient = useQueryClient();
  const list = useSecretMetadata(path);
  const values = useSecretValues(path);
  const project = useProjects(path.workspace_id, path.team_id).data?.find((p) => p.id === path.project_id);
  const environments = useEnvironments(path.workspace_id, path.team_id, path.project_id).data;
  const environment = environments?.find((e) => e.id === path.environment_id);
  // A protected environment takes writes from Admins and Owners only (the matrix says which).
  const isProtected = environment?.protected === true;
  const mayWrite = can("secret.write", path.team_id, isProtected);
  const nameOf = (id: string) => environments?.find((e) => e.id === id)?.name ?? "its parent";
  const team = teams.find((t) => t.id === path.team_id);

  const [search, setSearch] = useState(startSearch);
  const [filter, setFilter] = useState<Filter>("all");
  const [pageNumber, setPageNumber] = useState(0);
  /** The row being edited, with the stored text read for it when Edit was chosen. */
  const [editing, setEditing] = useState<{ id: string; value: string } | null>(null);
  // The inline editor goes away on save or cancel: focus goes back to its row's Edit button, not
  // to the top of the page.
  const endEdit = (key: string) => {
    setEditing(null);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-edit-for="${CSS.escape(key)}"]`)?.focus(),
    );
  };
  const [adding, setAdding] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [showDeleted, setShowDeleted] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreFrom, setRestoreFrom] = useState<StartingMoment | undefined>(undefined);
  const [showTimeline, setShowTimeline] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [historyOf, setHistoryOf] = useState<SecretMetadata | null>(null);
  const [sharing, setSharing] = useState(false);
  const { ask, dialog } = useActionDialog();
  const now = useMemo(() => new Date(), []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.secrets(path) });
  const secrets = list.data ?? [];
  const keyOf = (id: string) => secrets.find((s) => s.id === id)?.key ?? id;
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return secrets
      .filter(
        (s) =>
          !needle || s.key.toLowerCase().includes(needle) || s.description?.toLowerCase().includes(needle),
      )
      .filter((s) => filter === "all" || rotationStatus(s, now).state === filter)
      .sort((a, b) => a.key.localeCompare(b.key));
  }, [secrets, search, filter, now]);
  const page = pageOf(shown, pageNumber);

  const toggle = (id: string) => (current: ReadonlySet<string>) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  const chosen = secrets.filter((s) => selected.has(s.id));
  /** The selection action asked for while nothing was ticked: the page says what to do. */
  const [selectionHint, setSelectionHint] = useState<SelectionHint | null>(null);
  const envFile = useEnvFileDownload(path, keyOf, fileNameOf(project?.name, environment?.name));

  // The stored text (references unresolved) is what an edit changes: read it when Edit is chosen.
  const startEdit = (s: SecretMetadata) =>
    values.read(s, { raw: true }).then(
      (read) => setEditing({ id: s.id, value: read.value }),
      () => {}, // the row shows why
    );

  const updateValue = useWrite(
    ({ id, value }: { id: string; value: string }) =>
      unwrap(api.PATCH(ONE, { params: { path: { ...path, secret_id: id } }, body: { value } })),
    { invalidates: () => [queryKeys.secrets(path)] },
  );
  // An inherited secret is the parent's: saving it here creates this environment's own (an override).
  const override = useWrite(
    ({ key, value }: { key: string; value: string }) =>
      unwrap(api.POST(BASE, { params: { path }, body: { key, value } })),
    { invalidates: () => [queryKeys.secrets(path)] },
  );
  const update = async (secret: SecretMetadata, value: string) => {
    await (secret.inherited_from
      ? override.mutateAsync({ key: secret.key, value })
      : updateValue.mutateAsync({ id: secret.id, value }));
    values.forget([secret.id]); // what was shown is the old value
  };

  // One call for the selection, all or nothing; the selection goes with what it named.
  // Who reads a secret from here loses it with it: delete confirmations name them (a failed look-up
  // says nothing rather than holding the dialog back).
  const heirsOf = async (secret: SecretMetadata) => ({
    key: secret.key,
    heirs: await api
      .GET(`${ONE}/inherited-by`, { params: { path: { ...path, secret_id: secret.id } } })
      .then((answer) => answer.data ?? [])
      .catch(() => []),
  });

  const deleteChosen = async () => {
    const ids = chosen.map((s) => s.id);
    const confirmation = bulkDeleteConfirmation(chosen.map((s) => s.key));
    const losing = bulkHeirsNote(await inBatches(chosen, 8, heirsOf));
    ask({
      ...confirmation,
      message: losing ? `${losing} ${confirmation.message}` : confirmation.message,
      danger: true,
      run: async () => {
        try {
          await deleteSecrets(path, ids);
        } catch (error) {
          const missing = namedBy(error, "not_found", "ids");
          if (missing.length === 0) throw error;
          void refresh();
          throw new Error(bulkDeleteRefusal(missing.map(keyOf)));
        }
        values.forget(ids);
        setSelected(new Set());
        await refresh();
      },
    });
  };

  // One mutation for the whole paste: its batches, then one refetch.
  const paste = useWrite(
    async (plan: PastePlan) => {
      for (const batch of batches(plan.create)) {
        await unwrap(api.POST(`${BASE}bulk`, { params: { path }, body: { secrets: batch } }));
      }
      for (const batch of batches(plan.update)) {
        await unwrap(api.PATCH(BASE, { params: { path }, body: { secrets: batch } }));
      }
    },
    { invalidates: () => [queryKeys.secrets(path)] },
  );
  const applyPaste = (plan: PastePlan) => paste.mutateAsync(plan);

  const columns = secretsColumns({
    mayWrite,
    now,
    selected,
    onToggle: (id) => setSelected(toggle(id)),
    values,
    editing,
    onEditDone: endEdit,
    onSave: update,
    onStartEdit: (secret) => void startEdit(secret),
    onHistory: setHistoryOf,
    ask,
    remove: async (secret) => {
      await unwrap(api.DELETE(ONE, { params: { path: { ...path, secret_id: secret.id } } }));
      values.forget([secret.id]);
      await refresh();
    },
    nameOf,
    lossNote: async (secret) => heirsLoseNote(secret.key, (await heirsOf(secret)).heirs),
  });

  const overdue = secrets.filter((s) => rotationStatus(s, now).state === "overdue").length;

  return (
    <section aria-labelledby="secrets-title">
      <ProjectBreadcrumb
        workspaceId={path.workspace_id}
        teamId={path.team_id}
        projectId={path.project_id}
        team={team?.name}
        project={project?.name}
        environments={environments ?? (environment ? [environment] : [])}
        environmentId={path.environment_id}
      />
      <SecretsToolbar
        title={
          <div>
            <h1 id="secrets-title">
              {environment?.name ?? "Environment"}
              {environment && (
                <span className={`env-type env-${environment.environment_type}`}>
                  {environment.environment_type}
                </span>
              )}
              {environment && <ProtectedBadge environment={environment} />}
            </h1>
            <p className="muted">
              {countLabel(shown.length, secrets.length, "secret")}
              {environment?.parent_environment_id && (
                <span> · inherits the secrets of {nameOf(environment.parent_environment_id)}</span>
              )}
              {overdue > 0 && <span className="overdue-note"> · {overdue} overdue for rotation</span>}
            </p>
          </div>
        }
        mayWrite={mayWrite}
        mayRestore={can("secret.restore", path.team_id, isProtected)}
        chosen={chosen.length}
        selectionHint={selectionHint}
        onSelectionHint={setSelectionHint}
        onShare={() => setSharing(true)}
        onDeleteSelected={() => void deleteChosen()}
        importParams={params}
        onPaste={() => setPasting(true)}
        onAdd={() => setAdding(true)}
        search={search}
        onSearch={(next) => {
          setSearch(next);
          setPageNumber(0); // a new search starts at its first page
        }}
        filter={filter}
        onFilter={(next) => {
          setFilter(next);
          setPageNumber(0);
        }}
        reloading={list.isFetching}
        onReload={() => void list.refetch()}
        empty={secrets.length === 0}
        downloading={envFile.downloading}
        onDownload={() => void envFile.save(chosen.length ? chosen : "all")}
        onDeleted={() => setShowDeleted(true)}
        onTimeline={() => setShowTimeline(true)}
        onRestore={() => {
          setRestoreFrom(undefined);
          setRestoring(true);
        }}
      />
      {environment && environments && (
        <EnvironmentControls
          environment={environment}
          siblings={environments}
          refresh={() =>
            queryClient.invalidateQueries({
              queryKey: queryKeys.environments(path.workspace_id, path.team_id, path.project_id),
            })
          }
        />
      )}
      {selectionHint && chosen.length === 0 && (
        <p id="selection-hint" className="alert alert-info" role="status">
          {SELECTION_HINTS[selectionHint]}
        </p>
      )}
      <EnvFileDownloadNotes failure={envFile.failure} omitted={envFile.omitted} />
      <QueryStatus query={list} loading="Loading secrets…" />
      {list.data && (
        <Table
          caption="Secrets"
          className="secrets-table"
          cards
          rows={page.rows}
          rowKey={(s) => s.id}
          rowClassName={(s) => (rotationStatus(s, now).state === "overdue" ? "row-overdue" : undefined)}
          columns={columns}
          empty={
            secrets.length === 0 ? (
              <p>No secrets yet.{mayWrite && " Add one, or paste a .env file."}</p>
            ) : (
              <p>No secret matches.</p>
            )
          }
        />
      )}
      {list.data && <Pager page={page} label="Secrets" onPage={setPageNumber} />}
      <AddSecretDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreate={(secret) => unwrap(api.POST(BASE, { params: { path }, body: secret })).then(refresh)}
      />
      <PasteEnvDialog
        open={pasting}
        path={path}
        existing={secrets}
        onClose={() => setPasting(false)}
        onApply={applyPaste}
      />
      <SecretHistoryDialog path={path} secret={historyOf} onClose={() => setHistoryOf(null)} />
      <DeletedSecretsDialog path={path} open={showDeleted} onClose={() => setShowDeleted(false)} />
      <EnvironmentTimelineDialog
        path={path}
        open={showTimeline}
        onClose={() => setShowTimeline(false)}
        onRestoreBefore={(event) => {
          setShowTimeline(false);
          setRestoreFrom({ eventAt: event.at, event: describeEvent(event) });
          setRestoring(true);
        }}
      />
      <RestoreEnvironmentDialog
        path={path}
        open={restoring}
        from={restoreFrom}
        onClose={() => setRestoring(false)}
      />
      <ShareDialog path={path} secrets={chosen} open={sharing} onClose={() => setSharing(false)} />
      {dialog}
    </section>
  );
}
