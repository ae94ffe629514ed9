// The environment's recently deleted secrets, opened from the secrets page: key, description, when
// each was deleted and until when it can be restored (never a value). Those who may restore put one
// back with its versions; a key taken meanwhile is explained in its row.
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type EnvPath, type Ok, queryKeys } from "../api/queries.ts";
import { Alert } from "../components/Alert.tsx";
import { Dialog } from "../components/Dialog.tsx";
import { QueryTable } from "../components/QueryTable.tsx";
import { useCanInEnvironment } from "../components/RoleGate.tsx";
import { RowButton } from "../components/RowButton.tsx";
import { actionsColumn, type Column, NameCell } from "../components/Table.tsx";
import { when } from "../components/When.tsx";

type Deleted = Ok<"listDeletedSecrets">[number];

const DELETED = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/deleted" as const;

export function DeletedSecretsDialog({
  path,
  open,
  onClose,
}: {
  path: EnvPath;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} wide title="Recently deleted" onClose={onClose}>
      {open && <DeletedList path={path} />}
    </Dialog>
  );
}

function DeletedList({ path }: { path: EnvPath }) {
  const key = [...queryKeys.secrets(path), "deleted"] as const;
  const deleted = useQuery({ queryKey: key, queryFn: () => unwrap(api.GET(DELETED, { params: { path } })) });
  const mayRestore = useCanInEnvironment("secret.restore", path);
  const restore = useWrite(
    (d: Deleted) =>
      unwrap(api.POST(`${DELETED}/{secret_id}/restore`, { params: { path: { ...path, secret_id: d.id } } })),
    { invalidates: () => [queryKeys.secrets(path)] },
  );

  const columns: Column<Deleted>[] = [
    {
      header: "Key",
      className: "col-key",
      cell: (d) => <NameCell name={<code className="key">{d.key}</code>} description={d.description} />,
    },
    { header: "Deleted", cell: (d) => when(d.deleted_at) },
    { header: "Restorable until", cell: (d) => when(d.purge_after) },
    { header: "Versions", className: "col-num", cell: (d) => d.current_version },
    ...(mayRestore
      ? [
          actionsColumn((d: Deleted) => (
            <RowButton
              aria-label={`Restore ${d.key}`}
              busy={restore.isPending && restore.variables?.id === d.id}
              onClick={() => restore.mutateAsync(d).catch(() => {})}
            >
              Restore
            </RowButton>
          )),
        ]
      : []),
  ];

  return (
    <div className="stack">
      <p className="muted">
        Deleted secrets are in no list or read, and come back with every version when restored. Each is kept
        until the date shown, then purged for good.
      </p>
      {restore.error && (
        <Alert kind="error">
          {restore.variables?.key}: {errorMessage(restore.error)}
        </Alert>
      )}
      {restore.isSuccess && (
        <p className="muted" role="status">
          Restored {restore.data.key}.
        </p>
      )}
      <QueryTable
        query={deleted}
        loading="Loading deleted secrets…"
        caption="Recently deleted secrets"
        columns={columns}
        empty={<p>Nothing deleted recently.</p>}
      />
    </div>
  );
}
