// The master keys an admin command holds: what it opens data keys and the audit chain's key with.
import type { Config } from "../config.ts";
import { activeMasterKeyId } from "../crypto/data-keys.ts";
import { createMasterKeys, type MasterKeys } from "../crypto/keyring.ts";
import type { Db } from "../db/schema.ts";
import { heldMasterKey } from "./backup.ts";
import { CommandFailed } from "./command.ts";

/** The master keys this command holds; it must hold the store's active one to wrap a new data key. */
export async function masterKeysFor(db: Db, config: Config): Promise<MasterKeys> {
  const master = heldMasterKey(config);
  if (!master) {
    throw new CommandFailed(
      "no master key: set COFFER_MASTER_KEY, or COFFER_DATA_DIR to the server's data dir (it holds master.key)",
    );
  }
  const keys = createMasterKeys({
    key: master.key,
    previous: config.previousMasterKey,
    origin: master.origin,
  });
  const active = await activeMasterKeyId(db);
  if (active && !keys.find(active)) {
    throw new CommandFailed(
      `${master.origin} is not the master key of this store (it expects key id ${active}); nothing was changed`,
    );
  }
  return keys;
}
