// The master key, and the keys derived from it. The master key comes from COFFER_MASTER_KEY or,
// on the embedded engine only, is generated once into COFFER_DATA_DIR/master.key (mode 0600).

import { hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config.ts";

export interface MasterKeySource {
  masterKey: Buffer | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}

export interface LoadedMasterKey {
  key: Buffer;
  /** Set when the key was just generated: the caller must warn loudly. */
  generatedAt?: string;
}

export function loadMasterKey(source: MasterKeySource): LoadedMasterKey {
  if (source.masterKey) return { key: source.masterKey };
  if (source.databaseUrl) {
    throw new ConfigError(
      "COFFER_MASTER_KEY",
      "is required with DATABASE_URL (generate one with: openssl rand -base64 32)",
    );
  }
  const file = join(source.dataDir, "master.key");
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32)
      throw new ConfigError("COFFER_MASTER_KEY", `${file} does not hold a 32-byte base64 key`);
    return { key };
  }
  mkdirSync(source.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  return { key, generatedAt: file };
}

/** A purpose-bound 256-bit key derived from the master key (HKDF-SHA256). */
export const deriveKey = (master: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `coffer/${purpose}`, 32));
