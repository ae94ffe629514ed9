// A secret's history, opened from its row: the stored versions (a paid capability: on a plan
// without it the API answers 402 and this shows how to get it) and the secret's audit log, paged.
// A version is shown by number, who wrote it, when, and (for a rollback's) whose value it is: "= v1";
// its value stays masked until revealed (an audited read), then shows how it differs from the
// current one. Those who may roll back restore an earlier one (confirmed in its row), which becomes
// the newest.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { unwrapPage } from "coffer/client";
import { useState } from "react";
import { api } from "../api/client.ts";
import { cursorPages } from "../api/cursor-pages.ts";
import { errorMessage, isPlanRequired, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type EnvPath, type Ok, queryKeys, type SecretMetadata } from "../api/queries.ts";
import { Alert, Loading } from "../components/Alert.tsx";
import { auditColumns } from "../components/AuditEntries.tsx";
import { Button } from "../components/Button.tsx";
import { Dialog } from "../components/Dialog.tsx";
import { QueryStatus } from "../components/QueryStatus.tsx";
import { useCanInEnvironment } from "../components/RoleGate.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { UpgradeHint } from "../components/UpgradeHint.tsx";
import { VersionValue } from "../components/VersionValue.tsx";
import { describeActor } from "../lib/history.ts";
import { ago } from "../lib/people.ts";
import "../styles/history.css";

type Version = Ok<"listSecretVersions">[number];

const ONE = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}" as const;
const LOG_PAGE = 25;

/** Under the environment's secrets key, so any write to the environment refreshes an open history. */
const historyKey = (path: EnvPath, secretId: string, part: "versions" | "logs") =>
  [...queryKeys.secrets(path), secretId, part] as const;

export function SecretHistoryDialog({
  path,
  secret,
  onClose,
}: {
  path: EnvPath;
  secret: SecretMetadata | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={secret !== null} wide title={`History of ${secret?.key ?? ""}`} onClose={onClose}>
      {secret && <History path={path} secret={secret} />}
    </Dialog>
  );
}

function History({ path, secret }: { path: EnvPath; secret: SecretMetadata }) {
  const params = { path: { ...path, secret_id: secret.id } };
  const versions = useQuery({
    queryKey: historyKey(path, secret.id, "versions"),
    queryFn: () => unwrap(api.GET(`${ONE}/versions`, { params })),
    retry: (count, error) => !isPlanRequired(error) && count < 2,
  });
  const logs = useInfiniteQuery({
    ...cursorPages,
    queryKey: historyKey(path, secret.id, "logs"),
    queryFn: ({ pageParam }) =>
      unwrapPage(
        api.GET(`${ONE}/logs`, {
          params: { ...params, query: { limit: LOG_PAGE, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
  });
  const entries = logs.data?.pages.flatMap((p) => p.items) ?? [];
  // The newest listed version is the current one (the row the dialog opened from may be older).
  const current = versions.data?.[0]?.version ?? secret.current_version;
  const mayRollBack = useCanInEnvironment("secret.rollback", path);
  const [confirming, setConfirming] = useState<number | null>(null);
  const rollback = useWrite(
    (version: number) => unwrap(api.POST(`${ONE}/rollback`, { params, body: { version } })),
    { invalidates: () => [queryKeys.secrets(path)] },
  );

  const versionColumns: Column<Version>[] = [
    {
      header: "Version",
      className: "col-num",
      cell: (v) => (
        <span>
          v{v.version}
          {v.version === current && <span className="badge kind-added">current</span>}
          {v.restored_from_version !== null && (
            <span className="badge" title={`A rollback: its value is version ${v.restored_from_version}'s`}>
              = v{v.restored_from_version}
            </span>
          )}
        </span>
      ),
    },
    {
      header: "Value",
      cell: (v) => (
        <VersionValue
          path={path}
          secretId={secret.id}
          secretKey={secret.key}
          version={v.version}
          current={current}
        />
      ),
    },
    {
      header: "By",
      cell: (v) =>
        v.author ? (
          describeActor(v.author)
        ) : (
          <span className="muted" title="The audit trail no longer holds the entry that wrote it">
            unknown
          </span>
        ),
    },
    {
      header: "When",
      cell: (v) => (
        <time dateTime={v.created_at} title={new Date(v.created_at).toLocaleString()}>
          {ago(v.created_at, new Date())}
        </time>
      ),
    },
    ...(mayRollBack
      ? [
          {
            header: "Actions",
            hideHeader: true,
            className: "col-actions",
            cell: (v: Version) =>
              v.version === current ? null : confirming === v.version ? (
                <span className="actions">
                  <Button
                    size="sm"
                    variant="primary"
                    busy={rollback.isPending}
                    onClick={() =>
                      rollback.mutateAsync(v.version).then(
                        () => setConfirming(null),
                        () => {},
                      )
                    }
                  >
                    Make v{v.version} current
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Restore version ${v.version}`}
                  onClick={() => {
                    rollback.reset();
                    setConfirming(v.version);
                  }}
                >
                  Restore this version
                </Button>
              ),
          } satisfies Column<Version>,
        ]
      : []),
  ];

  return (
    <div className="stack history">
      <section aria-labelledby="versions-title">
        <h3 id="versions-title">Versions</h3>
        {versions.isPending && <Loading label="Loading versions…" />}
        {versions.error &&
          (isPlanRequired(versions.error) ? (
            <UpgradeHint
              title="Version history is part of the Pro plan."
              what={`Every earlier value of ${secret.key} is kept encrypted and listed here.`}
            />
          ) : (
            <Alert kind="error">{errorMessage(versions.error)}</Alert>
          ))}
        {rollback.error && <Alert kind="error">{errorMessage(rollback.error)}</Alert>}
        {rollback.isSuccess && (
          <p className="muted" role="status">
            Restored: its value is now version {rollback.data.current_version}, the current one.
          </p>
        )}
        {versions.data && (
          <Table
            caption={`Versions of ${secret.key}`}
            cards
            rows={versions.data}
            rowKey={(v) => String(v.version)}
            columns={versionColumns}
          />
        )}
      </section>
      <section aria-labelledby="log-title">
        <h3 id="log-title">Log</h3>
        <QueryStatus query={logs} loading="Loading the log…" />
        {logs.data && (
          <Table
            caption={`Log of ${secret.key}`}
            cards
            rows={entries}
            rowKey={(e) => e.id}
            columns={auditColumns}
            empty={<p>Nothing recorded yet.</p>}
          />
        )}
        {logs.hasNextPage && (
          <Button onClick={() => void logs.fetchNextPage()} busy={logs.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </section>
    </div>
  );
}
