// Share links, designed as a one-time-secret service: a random token (only its digest is
// stored), a snapshot of the shared values encrypted at rest under the workspace's data key, an
// expiry, a view budget, an optional passphrase (argon2id) that takes MAX_PASSPHRASE_GUESSES wrong
// guesses before the link burns. The last view, the last wrong guess or a revocation erases the
// snapshot. Listing and revoking are in manage.ts.
import { randomUUID } from "node:crypto";
import type { AuditActor, RequestContext } from "../../auth/context.ts";
import { addSeconds, type Clock } from "../../clock.ts";
import { DecryptionError, type Keyring } from "../../crypto/data-keys.ts";
import { hashPassword, verifyPassword } from "../../crypto/passwords.ts";
import { randomToken, sha256 } from "../../crypto/tokens.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AuditService } from "../audit/index.ts";
import type { EnvironmentPath } from "../environments/index.ts";
import { type Plans, planOf } from "../workspaces/index.ts";
import * as repo from "./repo.ts";

export interface SharingDeps {
  db: Db;
  clock: Clock;
  keyring: Keyring;
  audit: Pick<AuditService, "recordMany">;
  plans: Plans;
  /**
   * The decrypted secrets a link snapshots, read with the sharer's permissions (the secrets service;
   * typed here so that secrets, whose routes mint links, is not imported back).
   */
  secrets: {
    snapshot(
      ctx: RequestContext,
      path: EnvironmentPath,
      secretIds: string[],
    ): Promise<{ id: string; key: string; value: string }[]>;
  };
  publicUrl: string;
  /** COFFER_PUBLIC_URL was given: links use it whatever address the request came to. */
  publicUrlSet: boolean;
}

export interface ShareInput {
  secret_ids: string[];
  expires_in_minutes?: number;
  max_views?: number;
  passphrase?: string;
}

/** A snapshot is bound to its link: moved to another row, it fails to decrypt. */
export const shareAad = (id: string) => `share:${id}`;
export const MAX_PASSPHRASE_GUESSES = 5;
const gone = () => new AppError("gone", "This share link has expired, has been used up or revoked");

export function createSharingService(deps: SharingDeps) {
  const { db, clock, keyring, audit } = deps;

  /**
   * The passphrase of a link that has one. Each guess is counted before it is judged (parallel
   * guesses cannot pass the limit) and given back when right; the last wrong one burns the link.
   */
  async function provePassphrase(
    link: repo.ShareLinkRow,
    passphrase: string | undefined,
    viewer: Omit<AuditActor, "principal">,
    now: string,
  ) {
    if (!passphrase) {
      throw new AppError("passphrase_required", "This share link needs its passphrase (X-Share-Passphrase)");
    }
    const guesses = await repo.reserveGuess(db, link.id, MAX_PASSPHRASE_GUESSES, now);
    if (guesses === null) throw gone();
    if (await verifyPassword(link.passphrase_hash, passphrase)) {
      await repo.refundGuess(db, link.id);
      return;
    }
    const left = MAX_PASSPHRASE_GUESSES - guesses;
    if (left === 0) {
      await db.transaction().execute(async (tx) => {
        await repo.burn(tx, link.id);
        await audit.recordMany(tx, { principal: null, ...viewer, workspaceId: link.workspace_id }, [
          {
            action: "share.burnt",
            resourceType: "share_link",
            resourceId: link.id,
            details: { reason: "passphrase_guesses", guesses },
          },
        ]);
      });
    }
    throw new AppError(
      "passphrase_incorrect",
      left > 0
        ? `The passphrase is not correct; ${left} attempt${left === 1 ? "" : "s"} left`
        : "The passphrase is not correct; the link is now burnt",
      { body: { attempts_left: left } },
    );
  }

  return {
    /** `origin`: the address the request came to, which links use unless COFFER_PUBLIC_URL is set. */
    async create(ctx: RequestContext, path: EnvironmentPath, input: ShareInput, origin?: string) {
      const pairs = await deps.secrets.snapshot(ctx, path, input.secret_ids);
      deps.plans.requireCapability(await planOf(db, ctx.workspaceId), "share_links");
      const id = randomUUID();
      const token = randomToken();
      const now = clock.now();
      const expiresAt = addSeconds(now, (input.expires_in_minutes ?? 60) * 60).toISOString();
      const maxViews = input.max_views ?? 1;
      const snapshot = JSON.stringify(pairs.map(({ key, value }) => ({ key, value })));
      const passphraseHash = input.passphrase ? await hashPassword(input.passphrase) : null;
      await keyring.sealing(db, ctx.workspaceId, async (tx, dataKey) => {
        await repo.insertShareLink(tx, {
          id,
          workspace_id: ctx.workspaceId,
          environment_id: path.environmentId,
          token_hash: sha256(token),
          ciphertext: keyring.encrypt(dataKey, snapshot, shareAad(id)),
          passphrase_hash: passphraseHash,
          max_views: maxViews,
          views: 0,
          expires_at: expiresAt,
          created_by: ctx.principal.userId,
          created_at: now.toISOString(),
          failed_attempts: 0,
          revoked_at: null,
          // Sorted: the snapshot's order is not the same on both engines.
          secret_keys: JSON.stringify(pairs.map((p) => p.key).sort()),
        });
        await audit.recordMany(
          tx,
          ctx,
          pairs.map((p) => ({
            action: "secret.shared",
            resourceType: "share_link",
            resourceId: id,
            secretId: p.id,
            details: {
              key: p.key,
              max_views: maxViews,
              expires_at: expiresAt,
              passphrase: passphraseHash !== null,
            },
          })),
        );
      });
      const base = deps.publicUrlSet || !origin ? deps.publicUrl : origin;
      return {
        id,
        url: `${base}/share/${token}`,
        browser_url: `${base}/s/#${token}`,
        expires_at: expiresAt,
        max_views: maxViews,
      };
    },

    /** Anyone with the link (and the passphrase, when set) reads the values; each read spends a view. */
    async view(token: string, passphrase: string | undefined, viewer: Omit<AuditActor, "principal">) {
      const link = await repo.findByTokenHash(db, sha256(token));
      if (!link) throw new AppError("not_found", "No such share link");
      const now = clock.now().toISOString();
      if (
        link.expires_at <= now ||
        link.views >= link.max_views ||
        link.revoked_at ||
        link.ciphertext === ""
      ) {
        throw gone();
      }
      if (link.passphrase_hash) await provePassphrase(link, passphrase, viewer, now);
      const result = await db.transaction().execute(async (tx) => {
        const viewsLeft = await repo.countView(tx, link.id, now);
        if (viewsLeft === null) return null;
        if (viewsLeft === 0) await repo.burn(tx, link.id);
        await audit.recordMany(tx, { principal: null, ...viewer, workspaceId: link.workspace_id }, [
          {
            action: "share.viewed",
            resourceType: "share_link",
            resourceId: link.id,
            details: { views_remaining: viewsLeft },
          },
        ]);
        return { viewsLeft };
      });
      if (!result) throw gone();
      let secrets: { key: string; value: string }[];
      try {
        secrets = JSON.parse(
          await keyring.decrypt(db, link.workspace_id, link.ciphertext, shareAad(link.id)),
        );
      } catch (error) {
        if (error instanceof DecryptionError)
          throw new AppError("decryption_failed", "The shared values cannot be decrypted");
        throw error;
      }
      return { secrets, expires_at: link.expires_at, views_remaining: result.viewsLeft };
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;

/** Housekeeping: expired or used-up share links past retention. */
export const purgeLinks = (db: Db, cutoff: string) => repo.purgeLinks(db, cutoff);
