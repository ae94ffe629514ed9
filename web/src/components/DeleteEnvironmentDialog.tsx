// Deleting an environment, said with what goes with it: "Delete Production and its 12 secrets?".
// The count is read when the dialog opens, from the metadata list (nothing decrypted, no read of a
// value recorded); when it cannot be read, the delete is still offered and the count said unknown.
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../api/errors.ts";
import { type EnvPath, readSecretMetadata } from "../api/queries.ts";
import { environmentDeletion, ownSecretCount } from "../lib/environment-deletion.ts";
import { FormDialog } from "./FormDialog.tsx";

export function DeleteEnvironmentDialog({
  name,
  path,
  onDelete,
  onClose,
}: {
  name: string;
  path: EnvPath;
  /** Deletes it (and refreshes what showed it); a rejection is shown in the dialog. */
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}) {
  // Outside the workspace's keys: refreshing the tree after the delete must not ask again for the
  // count of an environment that is gone. Read afresh each time the dialog opens, kept by no one.
  const count = useQuery({
    queryKey: ["environment-deletion", path.environment_id],
    queryFn: () => readSecretMetadata(path).then(ownSecretCount),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const said = environmentDeletion(name, count.isError ? null : count.data);
  return (
    <FormDialog
      open
      title={said.title}
      submitLabel="Delete environment"
      danger
      onClose={onClose}
      onSubmit={onDelete}
    >
      <p>{said.message}</p>
      {count.isError && <p className="muted">({errorMessage(count.error)})</p>}
    </FormDialog>
  );
}
