// Random credentials and their digests. Only digests are stored; comparison is constant-time.
import { hash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  // Fixed width so every token of a kind has the same length.
  const width = Math.ceil((bytes.length * 8) / Math.log2(62));
  return out.padStart(width, "0");
}

/** An opaque random token: 32 bytes of entropy, URL-safe. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

export const API_KEY_PREFIX = "sk-";
export const newApiKeyToken = (): string => API_KEY_PREFIX + base62(randomBytes(32));
/** A service account's keys: the prefix tells which table holds the digest (base62 has no "-"). */
export const SERVICE_KEY_PREFIX = "sk-svc-";
export const newServiceKeyToken = (): string => SERVICE_KEY_PREFIX + base62(randomBytes(32));

// crypto.hash, one call: a Hash object for each of the digests every request takes (its credential,
// its ETag) cost 0.5 µs against 0.2 µs.
export const sha256 = (value: string): string => hash("sha256", value, "hex");

export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A uniformly random decimal code of the given number of digits. */
export const randomDigits = (digits: number): string =>
  String(randomInt(0, 10 ** digits)).padStart(digits, "0");
