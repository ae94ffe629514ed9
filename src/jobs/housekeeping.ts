// Housekeeping: deletes what can never be used again — ended sessions and their refresh tokens,
// dead one-time codes, expired or used-up share links, expired or answered invites, expired
// two-factor sign-in challenges, password-reset tokens and device sign-ins — once it is
// older than the retention, deleted secrets once their recovery period is over, finished webhook
// deliveries past the log's days, and audit entries past their own retention (kept for ever by default).
// Every delete is idempotent and works in short batches, so several nodes may run it at once.
import type { Logger } from "pino";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/keyring.ts";
import type { Db } from "../db/schema.ts";
import { purgeAuditTrail } from "../modules/audit/index.ts";
import { purgeDeviceAuthorizations } from "../modules/device-login/index.ts";
import { purgeInvites } from "../modules/invites/index.ts";
import { purgeResets } from "../modules/passwords/index.ts";
import { purgeDeletedSecrets } from "../modules/secrets/index.ts";
import { purgeExchangedTokens } from "../modules/service-accounts/index.ts";
import { purgeSessions } from "../modules/sessions/index.ts";
import { purgeLinks } from "../modules/sharing/index.ts";
import { purgeChallenges } from "../modules/two-factor/index.ts";
import { purgeCodes } from "../modules/verification/index.ts";
import { purgeDeliveries } from "../modules/webhooks/index.ts";

type Settings = Pick<
  Config,
  "purgeInterval" | "purgeRetention" | "auditRetentionDays" | "refreshTokenTtl" | "webhooks"
>;

export type PurgeReport = Record<
  | "sessions"
  | "codes"
  | "share_links"
  | "invites"
  | "sign_in_challenges"
  | "password_resets"
  | "device_authorizations"
  | "oidc_exchanges"
  | "deleted_secrets"
  | "webhook_deliveries"
  | "audit_events",
  number
>;

function requireKeys(masterKeys: MasterKeys | undefined): MasterKeys {
  if (!masterKeys)
    throw new Error("purging the audit trail needs the master key (its checkpoints are signed)");
  return masterKeys;
}

const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

/** One pass over every table; the counts of rows deleted. */
export async function purgeOnce(
  db: Db,
  clock: Clock,
  settings: Settings,
  /** What the audit trail's purge signs its checkpoint with; needed only with an audit retention. */
  masterKeys: MasterKeys | undefined,
): Promise<PurgeReport> {
  const now = clock.now();
  const cutoff = ago(now, settings.purgeRetention);
  return {
    // A spent refresh token older than the refresh lifetime can no longer tell a replay from a guess.
    sessions: await purgeSessions(db, cutoff, ago(now, settings.refreshTokenTtl + settings.purgeRetention)),
    codes: await purgeCodes(db, cutoff),
    share_links: await purgeLinks(db, cutoff),
    invites: await purgeInvites(db, cutoff),
    sign_in_challenges: await purgeChallenges(db, cutoff),
    password_resets: await purgeResets(db, cutoff),
    device_authorizations: await purgeDeviceAuthorizations(db, cutoff),
    oidc_exchanges: await purgeExchangedTokens(db, cutoff),
    // Each deleted secret carries its own end, set when it was deleted.
    deleted_secrets: await purgeDeletedSecrets(db, now.toISOString()),
    // The delivery log keeps finished deliveries this long; pending ones wait for their webhook.
    webhook_deliveries: await purgeDeliveries(db, ago(now, settings.webhooks.logDays * 86_400)),
    audit_events:
      settings.auditRetentionDays > 0
        ? await purgeAuditTrail(
            db,
            requireKeys(masterKeys),
            ago(now, settings.auditRetentionDays * 86_400),
            clock,
          )
        : 0,
  };
}

/** Runs purgeOnce every `purgeInterval` seconds until stopped; a failed pass is logged and retried next time. */
export function startHousekeeping(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  settings: Settings;
  masterKeys: MasterKeys;
}): () => Promise<void> {
  if (deps.settings.purgeInterval === 0) return async () => {};
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = purgeOnce(deps.db, deps.clock, deps.settings, deps.masterKeys)
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) deps.logger.info({ purged: report }, "housekeeping");
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, "housekeeping failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(pass, deps.settings.purgeInterval * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
