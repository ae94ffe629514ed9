// The sharing module's values for a data-key rotation: the snapshot of every share link that still
// has one (a burnt link holds nothing), bound to its link id.
import type { SealedValue, SealedValues } from "../../crypto/data-key-rotation.ts";
import * as repo from "./repo.ts";
import { shareAad } from "./service.ts";

type SealedSnapshot = repo.StoredSnapshot & SealedValue;

export const shareSnapshots: SealedValues<SealedSnapshot> = {
  countNotUnder: repo.countSnapshotsNotUnder,
  async pageNotUnder(db, workspaceId, prefix, after, limit) {
    const rows = await repo.snapshotsNotUnder(db, workspaceId, prefix, after, limit);
    return rows.map((row) => ({ ...row, stored: row.ciphertext, aad: shareAad(row.id) }));
  },
  replace: (tx, workspaceId, value, stored) =>
    repo.replaceSnapshot(tx, workspaceId, { id: value.id, ciphertext: value.ciphertext }, stored),
  countUnder: repo.countSnapshotsUnder,
};
