// The offline copy of an environment's secrets for `coffer run --fallback`: AES-256-GCM under a key
// derived (HKDF) from a secret that stays the same for the life of the credential — a session's
// random fallback_key, or the API key — so the copy opens after token refreshes and is useless
// without the credential that wrote it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CliError, EXIT } from "./errors.ts";
import { configDir } from "./files.ts";
import { warn } from "./output.ts";

// The id comes from `.coffer.json`, which comes with the code: it names a file, never a path.
function fallbackFile(environmentId: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(environmentId))
    throw new CliError(
      `environment_id ${JSON.stringify(environmentId)} in .coffer.json is not an id`,
      EXIT.usage,
    );
  return join(configDir(), "fallback", `${environmentId}.enc`);
}
const fallbackKey = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "coffer-cli/fallback/v1", 32));

/** What `coffer run --fallback` keeps: the values, and the list's ETag to ask "changed since?". */
export interface FallbackCopy {
  etag?: string;
  values: Record<string, string>;
  /** Keys held but not readable (--allow-partial): a merge does not take them from an earlier environment. */
  unreadable?: string[];
  /**
   * key -> its secret's id and the environment it lives in (a parent's, for an inherited key): who
   * last wrote a key that is kept back is asked there. Absent from copies of earlier versions.
   */
  origins?: Record<string, { environment_id: string; secret_id: string }>;
}

export function saveFallback(environmentId: string, secret: string, copy: FallbackCopy): void {
  const file = fallbackFile(environmentId);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", fallbackKey(secret), nonce);
  const body = Buffer.concat([cipher.update(JSON.stringify(copy), "utf8"), cipher.final()]);
  writeFileSync(file, Buffer.concat([nonce, cipher.getAuthTag(), body]), { mode: 0o600 });
}

/** The copy, or undefined when there is none or it does not open (said once: it is then rewritten). */
export function loadFallback(environmentId: string, secret: string): FallbackCopy | undefined {
  const file = fallbackFile(environmentId);
  if (!existsSync(file)) return undefined;
  const data = readFileSync(file);
  try {
    const decipher = createDecipheriv("aes-256-gcm", fallbackKey(secret), data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    const copy = JSON.parse(
      Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString("utf8"),
    ) as Partial<FallbackCopy>;
    if (copy.values && typeof copy.values === "object") return copy as FallbackCopy;
  } catch {
    // another key, or damaged: both mean the copy cannot be used
  }
  warn(`the fallback copy ${file} was written with another credential (or is damaged); ignoring it`);
  return undefined;
}
