// Envelope encryption (DESIGN.md §6): the master key wraps random data keys, one or more versions
// per workspace; data keys encrypt values. Stored values read
// `v1.<data-key-version>.<base64url nonce|ct|tag>`. Unwrapped data keys are cached in memory: a
// version never changes once written (rotating the master key re-wraps it, it does not replace
// it). Which version is current is never cached: writers read it in their transaction
// (data-key-versions.ts), so a rotation takes effect on every running node at once.
//
// Each data key records the id of the master key that wraps it, and the store records the id new
// data keys must be wrapped under (master_key_state, changed only by a rotation, in the same
// transaction that re-wraps every data key). A node creates a data key only after locking that
// row and only under that id: a node still holding a rotated-away key refuses (503) rather than
// wrap a key nobody will be able to open after the restart.
import { randomBytes } from "node:crypto";
import type { Clock } from "../clock.ts";
import type { Db, Queryable } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { DecryptionError, open, seal } from "./aead.ts";
import { dataKeyVersionForWrite, insertDataKey, newestDataKeyVersion } from "./data-key-versions.ts";
import type { MasterKeys } from "./keyring.ts";

const FORMAT = "v1";

/** What every value stored under data key `version` starts with. */
export const sealedPrefix = (version: number) => `${FORMAT}.${version}.`;

const dataKeyAad = (workspaceId: string, version: number) => `datakey:${workspaceId}:${version}`;

export function wrapDataKey(master: Buffer, workspaceId: string, version: number, key: Buffer): string {
  return `${FORMAT}.${seal(master, key, dataKeyAad(workspaceId, version)).toString("base64url")}`;
}

export function unwrapDataKey(master: Buffer, workspaceId: string, version: number, wrapped: string): Buffer {
  const [format, body, extra] = wrapped.split(".");
  if (format !== FORMAT || !body || extra !== undefined)
    throw new DecryptionError(`unknown data key format for workspace ${workspaceId}`);
  return open(master, Buffer.from(body, "base64url"), dataKeyAad(workspaceId, version));
}

/**
 * A stored value parsed and decoded, ready to open: what a list kept in memory holds, so that
 * serving it again only decrypts. The DecryptionError of a value that does not even parse.
 */
export type Openable = { version: number; sealed: Buffer; aad: Buffer } | DecryptionError;

export function openable(stored: string, aad: string): Openable {
  try {
    const { version, body } = parse(stored);
    return { version, sealed: Buffer.from(body, "base64url"), aad: Buffer.from(aad, "utf8") };
  } catch (error) {
    return error as DecryptionError;
  }
}

function parse(stored: string): { version: number; body: string } {
  const [format, version, body, extra] = stored.split(".");
  if (format !== FORMAT || !version || !/^\d+$/.test(version) || !body || extra !== undefined) {
    throw new DecryptionError("unknown ciphertext format");
  }
  return { version: Number(version), body };
}

/**
 * Locks the store's master-key row for the rest of the transaction and returns the active id;
 * a store without one adopts `initialId` (a new store, or one from before key ids existed).
 */
export async function lockActiveMasterKeyId(tx: Queryable, initialId: string, now: string): Promise<string> {
  // A no-op UPDATE takes the row lock on both engines (SQLite already holds the write lock).
  const locked = () =>
    tx
      .updateTable("master_key_state")
      .set((eb) => ({ key_id: eb.ref("key_id") }))
      .where("id", "=", 1)
      .returning("key_id")
      .executeTakeFirst();
  const row = await locked();
  if (row) return row.key_id;
  await tx
    .insertInto("master_key_state")
    .values({ id: 1, key_id: initialId, updated_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return (await locked())!.key_id;
}

/** Sets the id new data keys are wrapped under; the caller holds the lock (a rotation). */
export async function setActiveMasterKeyId(tx: Queryable, keyId: string, now: string): Promise<void> {
  await tx
    .updateTable("master_key_state")
    .set({ key_id: keyId, updated_at: now })
    .where("id", "=", 1)
    .execute();
}

export async function activeMasterKeyId(db: Queryable): Promise<string | undefined> {
  const row = await db.selectFrom("master_key_state").select("key_id").where("id", "=", 1).executeTakeFirst();
  return row?.key_id;
}

/** Opens a stored data key with the master key its row names (any held key for old rows). */
export function unwrapWithHeld(
  masterKeys: MasterKeys,
  row: { workspace_id: string; version: number; wrapped_key: string; master_key_id: string | null },
): Buffer {
  const candidates = row.master_key_id
    ? [masterKeys.find(row.master_key_id)].filter((k): k is Buffer => k !== undefined)
    : masterKeys.all().map((h) => h.key);
  for (const master of candidates) {
    try {
      return unwrapDataKey(master, row.workspace_id, row.version, row.wrapped_key);
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
    }
  }
  throw new DecryptionError(
    `no held master key opens data key ${row.version} of workspace ${row.workspace_id}`,
  );
}

/**
 * Wraps every workspace's data keys under `next` (a master-key rotation, inside its transaction):
 * the keys themselves, and so every value sealed with them, stay as they are. Answers how many.
 */
export async function rewrapEveryDataKey(
  tx: Queryable,
  masterKeys: MasterKeys,
  next: { key: Buffer; id: string },
): Promise<number> {
  const rows = await tx.selectFrom("data_keys").selectAll().execute();
  for (const row of rows) {
    let key: Buffer;
    try {
      key = unwrapWithHeld(masterKeys, row);
    } catch {
      throw new DecryptionError(
        `data key ${row.version} of workspace ${row.workspace_id} does not open with the current master key`,
      );
    }
    await tx
      .updateTable("data_keys")
      .set({ wrapped_key: wrapDataKey(next.key, row.workspace_id, row.version, key), master_key_id: next.id })
      .where("workspace_id", "=", row.workspace_id)
      .where("version", "=", row.version)
      .execute();
  }
  return rows.length;
}

/**
 * Whether this process can serve the store: it holds the active master key and that key opens a
 * data key. Also settles the active id of a store that has none yet. Answers a reason when not.
 */
export async function checkMasterKey(
  db: Db,
  masterKeys: MasterKeys,
  now: string,
): Promise<string | undefined> {
  const active = await activeMasterKeyId(db);
  if (active) {
    if (masterKeys.find(active)) return undefined;
    return `${masterKeys.origin} is not the master key of this store (the store expects key id ${active}, this key's id is ${masterKeys.current().id})`;
  }
  // A store from before key ids: the key that opens its data keys becomes the active one.
  const sample = await db
    .selectFrom("data_keys")
    .select(["workspace_id", "version", "wrapped_key", "master_key_id"])
    .limit(1)
    .executeTakeFirst();
  let id = masterKeys.current().id;
  if (sample) {
    const opener = masterKeys.all().find((h) => {
      try {
        unwrapDataKey(h.key, sample.workspace_id, sample.version, sample.wrapped_key);
        return true;
      } catch {
        return false;
      }
    });
    if (!opener)
      return `${masterKeys.origin} does not open the data keys of this store: it is not the key they were written with`;
    id = opener.id;
  }
  await db.transaction().execute((tx) => lockActiveMasterKeyId(tx, id, now));
  return undefined;
}

/**
 * Wraps a new random data key as `version` under the store's active master key, which this
 * process must hold. Takes the master-key lock first, as a master-key rotation does, so no key is
 * ever wrapped under a master key being rotated away.
 */
export async function insertNewDataKey(
  tx: Queryable,
  masterKeys: MasterKeys,
  workspaceId: string,
  version: number,
  now: string,
): Promise<void> {
  const activeId = await lockActiveMasterKeyId(tx, masterKeys.current().id, now);
  const master = masterKeys.find(activeId);
  if (!master) {
    throw new AppError(
      "master_key_unavailable",
      "The master key was rotated and this node does not hold the new one; restart it with the new key",
    );
  }
  await insertDataKey(tx, {
    workspace_id: workspaceId,
    version,
    wrapped_key: wrapDataKey(master, workspaceId, version, randomBytes(32)),
    master_key_id: activeId,
    created_at: now,
    // A first key has nothing older to re-encrypt; a rotation's key is done when its pass is.
    reencrypted_at: version === 1 ? now : null,
  });
}

export function createKeyring(deps: { masterKeys: MasterKeys; clock: Clock }) {
  const keys = new Map<string, Buffer>();
  // Workspaces known to have a data key (keys are only ever added, until the workspace goes).
  const keyed = new Set<string>();
  const cacheKey = (workspaceId: string, version: number) => `${workspaceId}:${version}`;

  async function load(db: Queryable, workspaceId: string, version: number): Promise<Buffer | undefined> {
    const cached = keys.get(cacheKey(workspaceId, version));
    if (cached) return cached;
    const row = await db
      .selectFrom("data_keys")
      .select(["workspace_id", "version", "wrapped_key", "master_key_id"])
      .where("workspace_id", "=", workspaceId)
      .where("version", "=", version)
      .executeTakeFirst();
    if (!row) return undefined;
    const key = unwrapWithHeld(deps.masterKeys, row);
    keys.set(cacheKey(workspaceId, version), key);
    return key;
  }

  /** Data key `version` of the workspace, which must exist. */
  async function keyAt(db: Queryable, workspaceId: string, version: number): Promise<DataKey> {
    const key = await load(db, workspaceId, version);
    if (!key) throw new Error(`data key ${version} of workspace ${workspaceId} vanished`);
    return { version, key };
  }

  /** Gives the workspace its first data key unless it has one. Call it outside any open transaction. */
  async function ensure(db: Db, workspaceId: string): Promise<void> {
    if (keyed.has(workspaceId)) return;
    if ((await newestDataKeyVersion(db, workspaceId)) === undefined) {
      await db.transaction().execute(async (tx) => {
        const now = deps.clock.now().toISOString();
        // Two first writes may race: the master-key lock orders them, the loser keeps the winner's key.
        await lockActiveMasterKeyId(tx, deps.masterKeys.current().id, now);
        if ((await newestDataKeyVersion(tx, workspaceId)) !== undefined) return;
        await insertNewDataKey(tx, deps.masterKeys, workspaceId, 1, now);
      });
    }
    keyed.add(workspaceId);
  }

  /** Inside a writing transaction: the key new values are sealed under (its newest version). */
  async function current(tx: Queryable, workspaceId: string): Promise<DataKey> {
    const version = await dataKeyVersionForWrite(tx, workspaceId);
    if (version === undefined) throw new Error(`workspace ${workspaceId} has no data key yet`);
    return keyAt(tx, workspaceId, version);
  }

  return {
    ensure,
    current,

    /**
     * Runs `work` in one transaction with the key new values must be sealed under, creating the
     * workspace's first data key beforehand when needed (SQLite has one connection, which the
     * transaction owns).
     */
    async sealing<T>(db: Db, workspaceId: string, work: (tx: Queryable, dataKey: DataKey) => Promise<T>) {
      await ensure(db, workspaceId);
      return db.transaction().execute(async (tx) => work(tx, await current(tx, workspaceId)));
    },

    /** Forgets a workspace's keys (it was deleted). */
    forget(workspaceId: string): void {
      keyed.delete(workspaceId);
      for (const name of keys.keys()) if (name.startsWith(`${workspaceId}:`)) keys.delete(name);
    },

    encrypt(dataKey: DataKey, plaintext: string, aad: string): string {
      return `${sealedPrefix(dataKey.version)}${seal(dataKey.key, Buffer.from(plaintext, "utf8"), aad).toString("base64url")}`;
    },

    /** Throws DecryptionError for a tampered, misplaced or unreadable value. */
    async decrypt(db: Queryable, workspaceId: string, stored: string, aad: string): Promise<string> {
      const value = openable(stored, aad);
      if (value instanceof DecryptionError) throw value;
      const key = await load(db, workspaceId, value.version);
      if (!key) throw new DecryptionError("data key missing");
      return open(key, value.sealed, value.aad).toString("utf8");
    },

    /**
     * Decrypts many values of one workspace (see openable): loads each data-key version once,
     * then works synchronously. Each result is the plaintext or the DecryptionError of that value.
     */
    async decryptAll(
      db: Queryable,
      workspaceId: string,
      values: readonly Openable[],
    ): Promise<(string | DecryptionError)[]> {
      const loaded = new Map<number, Buffer | undefined>();
      for (const value of values) {
        if (value instanceof DecryptionError || loaded.has(value.version)) continue;
        try {
          loaded.set(value.version, await load(db, workspaceId, value.version));
        } catch (error) {
          // A data key that does not open (another master key) fails its values, not the request.
          if (!(error instanceof DecryptionError)) throw error;
          loaded.set(value.version, undefined);
        }
      }
      return values.map((value) => {
        if (value instanceof DecryptionError) return value;
        const key = loaded.get(value.version);
        if (!key) return new DecryptionError("data key missing");
        try {
          return open(key, value.sealed, value.aad).toString("utf8");
        } catch (error) {
          return error as DecryptionError;
        }
      });
    },
  };
}

export type Keyring = ReturnType<typeof createKeyring>;
export interface DataKey {
  version: number;
  key: Buffer;
}
export { DecryptionError };
