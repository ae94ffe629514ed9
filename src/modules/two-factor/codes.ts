// The codes themselves: TOTP (RFC 6238: 6 digits, 30 s, SHA-1, the authenticator apps' common
// ground) through `otpauth`, the secret sealed under the master key (and re-sealed when it
// rotates), and recovery codes stored as digests.
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { DecryptionError } from "../../crypto/aead.ts";
import type { MasterKeys } from "../../crypto/keyring.ts";
import { openUnderMaster, openWith, sealWith } from "../../crypto/master-sealed.ts";
import { sha256 } from "../../crypto/tokens.ts";
import type { Queryable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import * as repo from "./repo.ts";

import type { TwoFactorDeps } from "./service.ts";

const PERIOD_SECONDS = 30;
/** Codes from one step either side are accepted: clocks drift, people type slowly. */
const WINDOW_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;

export const aadOf = (userId: string) => `two-factor:${userId}`;
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());

/** Ten characters from an alphabet without look-alikes, as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function createCodes(deps: Pick<TwoFactorDeps, "clock" | "masterKeys" | "issuer">) {
  const { clock } = deps;
  const totpOf = (secret: string, label = "") =>
    new TOTP({
      issuer: deps.issuer,
      label,
      secret: Secret.fromBase32(secret),
      algorithm: "SHA1",
      digits: 6,
      period: PERIOD_SECONDS,
    });
  /** The account's TOTP secret; 503 (not a 500) when this node cannot open it (a master key it lacks). */
  function secretOf(row: repo.TwoFactorRow): string {
    try {
      return openUnderMaster(deps.masterKeys, row.secret, row.master_key_id, aadOf(row.user_id));
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      throw new AppError(
        "master_key_unavailable",
        "This node cannot open the account's two-factor secret: it does not hold the master key it is sealed under",
      );
    }
  }

  /** The TOTP step a code belongs to, or undefined when it matches none in the window. */
  function stepOf(secret: string, code: string): number | undefined {
    const timestamp = clock.now().getTime();
    const delta = totpOf(secret).validate({ token: code.trim(), timestamp, window: WINDOW_STEPS });
    if (delta === null) return undefined;
    return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  }

  async function newRecoveryCodes(tx: Queryable, userId: string, now: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => sha256(normaliseRecoveryCode(c))),
      now,
    );
    return codes;
  }

  return { totpOf, secretOf, stepOf, newRecoveryCodes };
}

/**
 * Inside a master-key rotation's transaction: re-seals every TOTP secret under the next master key.
 * Throws (and so changes nothing) when one does not open with a key this process holds.
 */
export async function resealSecrets(
  tx: Queryable,
  held: Pick<MasterKeys, "find">,
  next: { key: Buffer; id: string },
): Promise<number> {
  const rows = await repo.allSecrets(tx);
  for (const row of rows) {
    const key = held.find(row.master_key_id);
    if (!key)
      throw new DecryptionError(
        `the two-factor secret of user ${row.user_id} is under a master key not held`,
      );
    const secret = openWith(key, row.secret, aadOf(row.user_id));
    await repo.resealSecret(tx, row.user_id, sealWith(next.key, secret, aadOf(row.user_id)), next.id);
  }
  return rows.length;
}
