// The offline copy of an environment's secrets that `coffer run` keeps after each run that reaches
// Coffer and runs on when Coffer cannot be reached: AES-256-GCM under a key derived (HKDF) from a
// secret that stays the same for the life of the credential — a session's random fallback_key, or
// the API key — so the copy opens after token refreshes and is useless without the credential
// that wrote it. Its file's time is when the server last confirmed it current (its age).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
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

/** What `coffer run` keeps: the values, and the list's ETag to ask "changed since?". */
export interface FallbackCopy {
  /** When the server last confirmed these values (the file's time; not stored in the copy). */
  confirmedAt?: Date;
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

/** The server answered "unchanged" (304): the copy is current as of now. */
export function confirmFallback(environmentId: string): void {
  const now = new Date();
  utimesSync(fallbackFile(environmentId), now, now);
}

/** "3 hours", "2 days": how old a copy is, as a person reads it. */
export function ageOf(since: Date, now = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - since.getTime()) / 1000));
  const [amount, unit] =
    seconds < 90
      ? [seconds, "second"]
      : seconds < 90 * 60
        ? [Math.round(seconds / 60), "minute"]
        : seconds < 36 * 3600
          ? [Math.round(seconds / 3600), "hour"]
          : [Math.round(seconds / 86400), "day"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
export const DEFAULT_FALLBACK_MAX_AGE = "7d";

/** The oldest copy a run may use, in seconds: --fallback-max-age, COFFER_FALLBACK_MAX_AGE, 7 days. */
export function fallbackMaxAge(flag: string | undefined): { seconds: number; text: string; from: string } {
  const fromEnv = process.env.COFFER_FALLBACK_MAX_AGE || undefined;
  const text = flag ?? fromEnv ?? DEFAULT_FALLBACK_MAX_AGE;
  const from = flag ? "--fallback-max-age" : fromEnv ? "COFFER_FALLBACK_MAX_AGE" : "the default";
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!match)
    throw new CliError(`${from}: ${JSON.stringify(text)} is not an age such as 30m, 24h or 7d`, EXIT.usage);
  return { seconds: Number(match[1]) * UNITS[match[2]!]!, text, from };
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
    if (copy.values && typeof copy.values === "object")
      return { ...(copy as FallbackCopy), confirmedAt: statSync(file).mtime };
  } catch {
    // another key, or damaged: both mean the copy cannot be used
  }
  warn(`the fallback copy ${file} was written with another credential (or is damaged); ignoring it`);
  return undefined;
}
