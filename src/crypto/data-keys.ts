// Envelope encryption (DESIGN.md §6): the master key wraps one random data key per workspace;
// data keys encrypt values. Stored values read `v1.<data-key-version>.<base64url nonce|ct|tag>`.
// Unwrapped data keys are cached in memory: they never change once written (rotating the master
// key re-wraps them, it does not replace them).
import { randomBytes } from "node:crypto";
import type { Clock } from "../clock.ts";
import type { Queryable } from "../db/schema.ts";
import { DecryptionError, open, seal } from "./aead.ts";

const FORMAT = "v1";

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

function parse(stored: string): { version: number; body: string } {
  const [format, version, body, extra] = stored.split(".");
  if (format !== FORMAT || !version || !/^\d+$/.test(version) || !body || extra !== undefined) {
    throw new DecryptionError("unknown ciphertext format");
  }
  return { version: Number(version), body };
}

export function createKeyring(deps: { masterKey: Buffer; clock: Clock }) {
  const keys = new Map<string, Buffer>();
  const currentVersion = new Map<string, number>();
  const cacheKey = (workspaceId: string, version: number) => `${workspaceId}:${version}`;

  async function load(db: Queryable, workspaceId: string, version: number): Promise<Buffer | undefined> {
    const cached = keys.get(cacheKey(workspaceId, version));
    if (cached) return cached;
    const row = await db
      .selectFrom("data_keys")
      .select("wrapped_key")
      .where("workspace_id", "=", workspaceId)
      .where("version", "=", version)
      .executeTakeFirst();
    if (!row) return undefined;
    const key = unwrapDataKey(deps.masterKey, workspaceId, version, row.wrapped_key);
    keys.set(cacheKey(workspaceId, version), key);
    return key;
  }

  /** The workspace's newest data key, created on first use. Call it outside any open transaction. */
  async function current(db: Queryable, workspaceId: string): Promise<{ version: number; key: Buffer }> {
    let version = currentVersion.get(workspaceId);
    if (version === undefined) {
      const row = await db
        .selectFrom("data_keys")
        .select((eb) => eb.fn.max("version").as("v"))
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirst();
      version = row?.v == null ? undefined : Number(row.v);
      if (version === undefined) {
        version = 1;
        // Two first writes may race: the loser's key is discarded and it reads the winner's.
        await db
          .insertInto("data_keys")
          .values({
            workspace_id: workspaceId,
            version,
            wrapped_key: wrapDataKey(deps.masterKey, workspaceId, version, randomBytes(32)),
            created_at: deps.clock.now().toISOString(),
          })
          .onConflict((oc) => oc.columns(["workspace_id", "version"]).doNothing())
          .execute();
      }
      currentVersion.set(workspaceId, version);
    }
    const key = await load(db, workspaceId, version);
    if (!key) throw new Error(`data key ${version} of workspace ${workspaceId} vanished`);
    return { version, key };
  }

  return {
    current,

    /** Forgets a workspace's keys (it was deleted). */
    forget(workspaceId: string): void {
      currentVersion.delete(workspaceId);
      for (const name of keys.keys()) if (name.startsWith(`${workspaceId}:`)) keys.delete(name);
    },

    encrypt(dataKey: { version: number; key: Buffer }, plaintext: string, aad: string): string {
      return `${FORMAT}.${dataKey.version}.${seal(dataKey.key, Buffer.from(plaintext, "utf8"), aad).toString("base64url")}`;
    },

    /** Throws DecryptionError for a tampered, misplaced or unreadable value. */
    async decrypt(db: Queryable, workspaceId: string, stored: string, aad: string): Promise<string> {
      const parsed = parse(stored);
      const key =
        keys.get(cacheKey(workspaceId, parsed.version)) ?? (await load(db, workspaceId, parsed.version));
      if (!key) throw new DecryptionError("data key missing");
      return open(key, Buffer.from(parsed.body, "base64url"), aad).toString("utf8");
    },

    /**
     * Decrypts many values of one workspace: loads each data-key version once, then works
     * synchronously. Each result is the plaintext or the DecryptionError of that value.
     */
    async decryptAll(
      db: Queryable,
      workspaceId: string,
      items: { stored: string; aad: string }[],
    ): Promise<(string | DecryptionError)[]> {
      const parsed = items.map(({ stored }) => {
        try {
          return parse(stored);
        } catch (error) {
          return error as DecryptionError;
        }
      });
      const versions = new Set(parsed.flatMap((p) => (p instanceof DecryptionError ? [] : [p.version])));
      const loaded = new Map<number, Buffer | undefined>();
      for (const version of versions) {
        try {
          loaded.set(version, await load(db, workspaceId, version));
        } catch (error) {
          // A data key that does not open (another master key) fails its values, not the request.
          if (!(error instanceof DecryptionError)) throw error;
          loaded.set(version, undefined);
        }
      }
      return parsed.map((p, index) => {
        if (p instanceof DecryptionError) return p;
        const key = loaded.get(p.version);
        if (!key) return new DecryptionError("data key missing");
        try {
          return open(key, Buffer.from(p.body, "base64url"), items[index]!.aad).toString("utf8");
        } catch (error) {
          return error as DecryptionError;
        }
      });
    },
  };
}

export type Keyring = ReturnType<typeof createKeyring>;
export { DecryptionError };
