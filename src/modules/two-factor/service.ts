// Two-factor sign-in with TOTP (RFC 6238: 6 digits, 30 s, SHA-1, the authenticator apps' common
// ground) through `otpauth`, and recovery codes shown once. A code works once (the last step used
// is kept); a recovery code is spent on use. Set-up is two steps: a secret to scan, then its
// first code turns it on and answers the recovery codes.
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { InvalidationBus } from "../../auth/auth-cache.ts";
import { tags } from "../../auth/auth-cache.ts";
import type { ActorContext } from "../../auth/context.ts";
import { personActing } from "../../auth/principal.ts";
import type { Clock } from "../../clock.ts";
import { DecryptionError } from "../../crypto/aead.ts";
import type { MasterKeys } from "../../crypto/keyring.ts";
import { openUnderMaster, openWith, sealUnderMaster, sealWith } from "../../crypto/master-sealed.ts";
import { sha256 } from "../../crypto/tokens.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, ValidationFailed } from "../../errors.ts";
import { type AccountAudit, type AuditActor, recordAccountEvent } from "../audit/index.ts";
import { createChallenges } from "./challenges.ts";
import * as repo from "./repo.ts";

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  bus: InvalidationBus;
  accountAudit: AccountAudit;
  /** The name authenticator apps show beside the account (the deployment's host). */
  issuer: string;
  /** Names of the workspaces the user belongs to that require two-factor sign-in. */
  workspacesRequiring: (q: Queryable, userId: string) => Promise<{ id: string; name: string }[]>;
  /** The account's email, for the authenticator app's label. */
  emailOf: (userId: string) => Promise<string>;
}

const PERIOD_SECONDS = 30;
/** Codes from one step either side are accepted: clocks drift, people type slowly. */
const WINDOW_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;

const aadOf = (userId: string) => `two-factor:${userId}`;
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());

/** Ten characters from an alphabet without look-alikes, as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock } = deps;
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

  const changed = (userId: string) => deps.bus.publish(tags.user(userId));
  const challenges = createChallenges(db, clock);

  return {
    isEnabled: (userId: string, q: Queryable = db) => repo.isEnabled(q, userId),
    enabledAmong: (userIds: string[]) => repo.enabledAmong(db, userIds),

    async status(userId: string) {
      const row = await repo.findTwoFactor(db, userId);
      const enabled = row?.enabled_at != null;
      return {
        enabled,
        enabled_at: row?.enabled_at ?? null,
        recovery_codes_left: enabled ? await repo.unusedRecoveryCodes(db, userId) : 0,
      };
    },

    /** Starts a set-up: a new secret to scan; replaces an unfinished one. 409 when it is on already. */
    async beginSetup(actor: ActorContext) {
      const userId = actor.principal.userId;
      const secret = new Secret({ size: 20 }).base32;
      const now = clock.now().toISOString();
      const { sealed, masterKeyId } = sealUnderMaster(deps.masterKeys, secret, aadOf(userId));
      const saved = await repo.savePendingSecret(db, {
        user_id: userId,
        secret: sealed,
        master_key_id: masterKeyId,
        enabled_at: null,
        last_used_step: null,
        created_at: now,
        updated_at: now,
      });
      if (!saved) throw new AppError("conflict", "Two-factor sign-in is already on; turn it off first");
      const uri = totpOf(secret, await deps.emailOf(userId)).toString();
      return { secret, otpauth_url: uri };
    },

    /** Turns two-factor sign-in on with the set-up's first code; answers the recovery codes, once. */
    async enable(actor: ActorContext, code: string) {
      const userId = actor.principal.userId;
      const row = await repo.findTwoFactor(db, userId);
      if (!row) throw new AppError("conflict", "Start the set-up first (POST /auth/2fa/setup)");
      if (row.enabled_at) throw new AppError("conflict", "Two-factor sign-in is already on");
      const step = stepOf(secretOf(row), code);
      if (step === undefined) {
        throw new ValidationFailed([
          {
            loc: ["body", "code"],
            msg: "The code does not match: scan the secret again, check the device's clock, and try the next code",
            type: "value_error",
          },
        ]);
      }
      const now = clock.now().toISOString();
      const codes = await db.transaction().execute(async (tx) => {
        if (!(await repo.enable(tx, userId, step, now))) {
          throw new AppError("conflict", "Two-factor sign-in is already on");
        }
        const fresh = await newRecoveryCodes(tx, userId, now);
        await recordAccountEvent(deps.accountAudit, tx, actor, {
          action: "two_factor.enabled",
          resourceType: "user",
          resourceId: userId,
          details: { method: "totp" },
        });
        return fresh;
      });
      await changed(userId);
      return { enabled: true, recovery_codes: codes };
    },

    /** Turns it off (the caller proved the code). 409 while a workspace of the user's requires it. */
    async disable(actor: ActorContext) {
      const userId = actor.principal.userId;
      const requiring = await deps.workspacesRequiring(db, userId);
      if (requiring.length > 0) {
        throw new AppError(
          "two_factor_required_by_workspace",
          `Two-factor sign-in is required by ${requiring.map((w) => `"${w.name}"`).join(", ")}: it cannot be turned off while you are a member`,
          { body: { workspaces: requiring } },
        );
      }
      const removed = await db.transaction().execute(async (tx) => {
        const was = await repo.remove(tx, userId);
        if (was) {
          await recordAccountEvent(deps.accountAudit, tx, actor, {
            action: "two_factor.disabled",
            resourceType: "user",
            resourceId: userId,
          });
        }
        return was;
      });
      await changed(userId);
      return { enabled: false, removed };
    },

    /** New recovery codes (the old ones stop working); the caller proved the code. */
    async renewRecoveryCodes(actor: ActorContext) {
      const userId = actor.principal.userId;
      if (!(await repo.isEnabled(db, userId))) throw new AppError("conflict", "Two-factor sign-in is off");
      const now = clock.now().toISOString();
      const codes = await db.transaction().execute(async (tx) => {
        const fresh = await newRecoveryCodes(tx, userId, now);
        await recordAccountEvent(deps.accountAudit, tx, actor, {
          action: "two_factor.recovery_codes_renewed",
          resourceType: "user",
          resourceId: userId,
        });
        return fresh;
      });
      return { recovery_codes: codes };
    },

    /**
     * Whether `code` proves the second factor of an account that has it: a TOTP code not used
     * before, or an unspent recovery code (spent now, and audited).
     */
    async checkCode(userId: string, code: string, client: Omit<AuditActor, "principal">): Promise<boolean> {
      const row = await repo.findTwoFactor(db, userId);
      if (!row?.enabled_at) return false;
      const now = clock.now().toISOString();
      if (isTotpCode(code)) {
        const step = stepOf(secretOf(row), code);
        return step !== undefined && repo.spendStep(db, userId, step, now);
      }
      const hash = sha256(normaliseRecoveryCode(code));
      return db.transaction().execute(async (tx) => {
        if (!(await repo.spendRecoveryCode(tx, userId, hash, now))) return false;
        const left = await repo.unusedRecoveryCodes(tx, userId);
        const principal = personActing(userId);
        await recordAccountEvent(
          deps.accountAudit,
          tx,
          { principal, ...client },
          {
            action: "two_factor.recovery_code_used",
            resourceType: "user",
            resourceId: userId,
            details: { recovery_codes_left: left },
          },
        );
        return true;
      });
    },

    ...challenges,

    /** Inside an account takeover: everything the previous holder set up goes. */
    clear: (tx: Queryable, userId: string) => repo.remove(tx, userId),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

export { purgeChallenges } from "./challenges.ts";

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
