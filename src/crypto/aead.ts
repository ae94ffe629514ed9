// AES-256-GCM with a random 96-bit nonce; the additional data binds a ciphertext to its place
// (a secret id and version, a workspace's data-key version), so it cannot be moved elsewhere.
import { createCipheriv, createDecipheriv } from "node:crypto";
import { pooledRandomBytes } from "../lib/random-pool.ts";

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

// Nonces come from the pool of random bytes (10% of a bulk create of 1,000 went to drawing them one
// by one). Nonces are not secret (each is stored beside its ciphertext); they only must never repeat.
const nonce = () => pooledRandomBytes(NONCE_BYTES);

export class DecryptionError extends Error {}

/** nonce | ciphertext | tag, as one buffer. */
export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const fresh = nonce();
  const cipher = createCipheriv("aes-256-gcm", key, fresh);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([fresh, body, cipher.getAuthTag()]);
}

export function open(key: Buffer, sealed: Buffer, aad: string | Buffer): Buffer {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new DecryptionError("ciphertext too short");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, NONCE_BYTES));
    decipher.setAAD(typeof aad === "string" ? Buffer.from(aad, "utf8") : aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new DecryptionError("authentication failed");
  }
}
