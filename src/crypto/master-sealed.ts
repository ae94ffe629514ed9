// Small account secrets sealed under the master key itself rather than a workspace's data key: an
// account's TOTP secret belongs to no workspace. Each sealed value names the master key it is
// under, so a node holding both keys during a rotation opens either, and `rotate-master-key`
// re-seals them in its transaction (admin/cli.ts).
import { DecryptionError, open, seal } from "./aead.ts";
import { deriveKey, type MasterKeys } from "./keyring.ts";

const PREFIX = "v1.";

const keyOf = (master: Buffer) => deriveKey(master, "account-secrets/v1");

export const sealWith = (master: Buffer, plaintext: string, aad: string): string =>
  PREFIX + seal(keyOf(master), Buffer.from(plaintext, "utf8"), aad).toString("base64url");

export function openWith(master: Buffer, sealed: string, aad: string): string {
  if (!sealed.startsWith(PREFIX)) throw new DecryptionError("unknown format");
  return open(keyOf(master), Buffer.from(sealed.slice(PREFIX.length), "base64url"), aad).toString("utf8");
}

/** Seals under the current master key; answers the sealed text and that key's id. */
export function sealUnderMaster(masterKeys: MasterKeys, plaintext: string, aad: string) {
  const current = masterKeys.current();
  return { sealed: sealWith(current.key, plaintext, aad), masterKeyId: current.id };
}

/** Opens a value sealed under the held master key `masterKeyId`; DecryptionError when none opens it. */
export function openUnderMaster(
  masterKeys: MasterKeys,
  sealed: string,
  masterKeyId: string,
  aad: string,
): string {
  const key = masterKeys.find(masterKeyId);
  if (!key) throw new DecryptionError(`master key ${masterKeyId} is not held by this node`);
  return openWith(key, sealed, aad);
}
