// Two-factor sign-in: a TOTP secret to scan and recovery codes shown once (the codes themselves:
// codes.ts). A code works once (the last step used is kept); a recovery code is spent on use.
// Set-up is two steps: a secret to scan, then its first code turns it on and answers the recovery
// codes.
import { Secret } from "otpauth";
import type { InvalidationBus } from "../../auth/auth-cache.ts";
import { tags } from "../../auth/auth-cache.ts";
import type { ActorContext, AuditActor } from "../../auth/context.ts";
import { personActing } from "../../auth/principal.ts";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/keyring.ts";
import { sealUnderMaster } from "../../crypto/master-sealed.ts";
import { sha256 } from "../../crypto/tokens.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import { AppError, ValidationFailed } from "../../errors.ts";
import { type AccountAudit, recordAccountEvent } from "../audit/index.ts";
import { createChallenges } from "./challenges.ts";
import { aadOf, createCodes, isTotpCode, normaliseRecoveryCode } from "./codes.ts";
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

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock } = deps;
  const { totpOf, secretOf, stepOf, newRecoveryCodes } = createCodes(deps);
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

export { resealSecrets } from "./codes.ts";
