// The secrets module's values for a data-key rotation: every version of every secret (the current
// version together with the secret row's copy of it), bound to its secret id and version number.
import type { SealedValue, SealedValues } from "../../crypto/data-key-rotation.ts";
import * as repo from "./repo.ts";
import { valueAad } from "./service.ts";

type SealedVersion = repo.StoredVersion & SealedValue;

const sealed = (row: repo.StoredVersion): SealedVersion => ({
  ...row,
  stored: row.ciphertext,
  aad: valueAad(row.secret_id, row.version),
});

export const secretValues: SealedValues<SealedVersion> = {
  countNotUnder: repo.countVersionsNotUnder,
  async pageNotUnder(db, workspaceId, prefix, after, limit) {
    return (await repo.versionsNotUnder(db, workspaceId, prefix, after, limit)).map(sealed);
  },
  replace: (tx, workspaceId, value, stored) =>
    repo.replaceVersionCiphertext(
      tx,
      workspaceId,
      { secret_id: value.secret_id, version: value.version, ciphertext: value.ciphertext },
      stored,
    ),
  countUnder: repo.countValuesUnder,
};
