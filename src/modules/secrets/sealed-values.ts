// The secrets module's values for a data-key rotation: every version of every secret (the current
// version together with the secret row's copy of it), and of every deleted secret still
// recoverable, each bound to its secret id and version number.
import type { SealedValue, SealedValues } from "../../crypto/data-key-rotation.ts";
import type { Queryable } from "../../db/schema.ts";
import { valueAad } from "./core.ts";
import { repo, type StoredVersion, trash } from "./store/index.ts";

type SealedVersion = StoredVersion & SealedValue;

/** How one table of versions is read and rewritten. */
interface VersionStore {
  countNotUnder(db: Queryable, workspaceId: string, prefix: string): Promise<number>;
  pageNotUnder(
    db: Queryable,
    workspaceId: string,
    prefix: string,
    after: StoredVersion | undefined,
    limit: number,
  ): Promise<StoredVersion[]>;
  replace(tx: Queryable, workspaceId: string, stored: StoredVersion, ciphertext: string): Promise<boolean>;
  countUnder(db: Queryable, workspaceId: string, prefix: string): Promise<number>;
}

const sealed = (row: StoredVersion): SealedVersion => ({
  ...row,
  stored: row.ciphertext,
  aad: valueAad(row.secret_id, row.version),
});

const versionValues = (store: VersionStore): SealedValues<SealedVersion> => ({
  countNotUnder: store.countNotUnder,
  async pageNotUnder(db, workspaceId, prefix, after, limit) {
    return (await store.pageNotUnder(db, workspaceId, prefix, after, limit)).map(sealed);
  },
  replace: (tx, workspaceId, value, stored) =>
    store.replace(
      tx,
      workspaceId,
      { secret_id: value.secret_id, version: value.version, ciphertext: value.ciphertext },
      stored,
    ),
  countUnder: store.countUnder,
});

export const secretValues = versionValues({
  countNotUnder: repo.countVersionsNotUnder,
  pageNotUnder: repo.versionsNotUnder,
  replace: repo.replaceVersionCiphertext,
  countUnder: repo.countValuesUnder,
});

export const deletedSecretValues = versionValues({
  countNotUnder: trash.countTrashedNotUnder,
  pageNotUnder: trash.trashedPageNotUnder,
  replace: trash.replaceTrashedCiphertext,
  countUnder: trash.countTrashedUnder,
});
