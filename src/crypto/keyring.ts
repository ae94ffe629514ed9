// The master key, and the keys derived from it. The master key comes from COFFER_MASTER_KEY or,
// on the embedded engine only, is generated once into COFFER_DATA_DIR/master.key (mode 0600).
// During a rotation a node may also hold the previous key (COFFER_MASTER_KEY_PREVIOUS).

import { hkdfSync, randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config.ts";

export interface MasterKeySource {
  masterKey: Buffer | undefined;
  previousMasterKey?: Buffer | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The secret variables whose value came from their `<NAME>_FILE` (config.ts). */
  secretsFromFiles?: readonly string[];
}

export interface LoadedMasterKey {
  key: Buffer;
  /** Set when the key was just generated: the caller must warn loudly. */
  generatedAt?: string;
  /** The key file, when the key comes from one (a rotation replaces it under a running node). */
  file?: string;
  /** Where the key comes from, as an operator would name it in a message. */
  origin: string;
}

export const masterKeyFile = (dataDir: string) => join(dataDir, "master.key");

/** The 32-byte key in a key file, or undefined when the file is missing. Throws on bad content. */
export function readKeyFile(file: string): Buffer | undefined {
  if (!existsSync(file)) return undefined;
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new ConfigError(file, "does not hold the base64 encoding of a 32-byte key");
  return key;
}

export function loadMasterKey(source: MasterKeySource): LoadedMasterKey {
  if (source.masterKey) {
    // Name what the operator set: the variable, or the variable naming the file.
    const fromFile = source.secretsFromFiles?.includes("COFFER_MASTER_KEY");
    return { key: source.masterKey, origin: fromFile ? "COFFER_MASTER_KEY_FILE" : "COFFER_MASTER_KEY" };
  }
  if (source.databaseUrl) {
    throw new ConfigError(
      "COFFER_MASTER_KEY",
      "is required with DATABASE_URL (generate one with: openssl rand -base64 32)",
    );
  }
  const file = masterKeyFile(source.dataDir);
  const existing = readKeyFile(file);
  if (existing) return { key: existing, file, origin: file };
  mkdirSync(source.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // Written whole under a name of its own, then linked into place: processes starting together on a
  // fresh data dir never read a half-written key, and the one whose link loses reads the winner's.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { key: readKeyFile(file)!, file, origin: file };
  } finally {
    rmSync(draft, { force: true });
  }
  return { key, generatedAt: file, file, origin: file };
}

/** A purpose-bound 256-bit key derived from the master key (HKDF-SHA256). */
export const deriveKey = (master: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `coffer/${purpose}`, 32));

/** A public fingerprint of a master key: names it in the database without revealing it. */
export const masterKeyId = (master: Buffer): string =>
  deriveKey(master, "master-key-id/v1").subarray(0, 8).toString("hex");

export interface HeldKey {
  id: string;
  key: Buffer;
}

/**
 * The master keys this process holds: the current one, the previous one during a rotation, and
 * (for a key file) whatever a rotation wrote there since start-up.
 */
export function createMasterKeys(loaded: { key: Buffer; previous?: Buffer; file?: string; origin?: string }) {
  const held: HeldKey[] = [{ id: masterKeyId(loaded.key), key: loaded.key }];
  if (loaded.previous) held.push({ id: masterKeyId(loaded.previous), key: loaded.previous });
  const hold = (key: Buffer | undefined) => {
    if (key && !held.some((h) => h.key.equals(key))) held.push({ id: masterKeyId(key), key });
  };
  return {
    origin: loaded.origin ?? "COFFER_MASTER_KEY",
    current: (): HeldKey => held[0]!,
    all: (): readonly HeldKey[] => held,
    /** The held key with this id; for a key file, re-reads it (and a rotation's `.new`) once. */
    find(id: string): Buffer | undefined {
      const found = held.find((h) => h.id === id);
      if (found || !loaded.file) return found?.key;
      for (const file of [loaded.file, `${loaded.file}.new`]) {
        try {
          hold(readKeyFile(file));
        } catch {
          // A half-written or corrupt file is not a key; the caller reports the missing id.
        }
      }
      return held.find((h) => h.id === id)?.key;
    },
  };
}

export type MasterKeys = ReturnType<typeof createMasterKeys>;
