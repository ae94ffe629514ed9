// The delivery job: every process runs it; each delivery is claimed by one of them for one attempt
// (a conditional update with a lease), sent signed, and recorded. A failure is retried with
// exponential backoff until the attempts run out; a webhook that has not succeeded for
// `disableAfterSeconds` is disabled, and the audit trail says so. A process killed mid-attempt
// leaves a lease that expires, and another process tries again: receivers may see a delivery twice
// and tell by its Coffer-Delivery id, never miss one.
import type { Logger } from "pino";
import type { Clock } from "../../clock.ts";
import type { WebhookSettings } from "../../config.ts";
import type { Keyring } from "../../crypto/data-keys.ts";
import type { Db } from "../../db/schema.ts";
import { DestinationRefused, postOnce } from "../../lib/outbound.ts";
import type { AuditService } from "../audit/index.ts";
import * as repo from "./repo.ts";
import { secretAad } from "./service.ts";
import { signatureHeader } from "./signing.ts";

export interface DeliveryJobDeps {
  db: Db;
  clock: Clock;
  keyring: Keyring;
  logger: Logger;
  audit: Pick<AuditService, "record">;
  settings: WebhookSettings;
  allowedNetworks: readonly string[];
}

/** A receiver's answer is read this far at most (it is not kept). */
const MAX_RESPONSE_BYTES = 64 * 1024;
export const USER_AGENT = "Coffer-Webhooks/1";

/** Milliseconds before attempt `attempt + 1`, doubling from the base, capped, with ±20 % jitter. */
export function backoffMs(settings: WebhookSettings, attempt: number): number {
  const raw = Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempt - 1), settings.retryMaxMs);
  return Math.round(raw * (0.8 + Math.random() * 0.4));
}

/** Right after a change queues deliveries, this long and then this long again, a poll looks for them. */
const NUDGE_DELAYS_MS = [10, 100];

export interface DeliveryJob {
  /** Deliveries were just queued (their transaction may not have committed yet): look soon. */
  nudge(): void;
  stop(): Promise<void>;
}

export function startDeliveries(deps: DeliveryJobDeps): DeliveryJob {
  const { db, clock, settings, logger } = deps;
  const inFlight = new Set<Promise<void>>();
  // A lease outlives the longest attempt, so a live sender never loses its delivery to another.
  const leaseMs = settings.timeoutMs * 2 + 5_000;
  let polling = false;
  let stopped = false;
  // A database away for a minute would otherwise log an error at every poll.
  let pollFailing = false;

  async function liveSecrets(hook: repo.WebhookRow, now: Date): Promise<string[]> {
    const secrets = [
      await deps.keyring.decrypt(db, hook.workspace_id, hook.secret_ciphertext, secretAad(hook.id)),
    ];
    if (
      hook.previous_secret_ciphertext &&
      hook.previous_secret_expires_at &&
      hook.previous_secret_expires_at > now.toISOString()
    ) {
      secrets.push(
        await deps.keyring.decrypt(
          db,
          hook.workspace_id,
          hook.previous_secret_ciphertext,
          secretAad(hook.id),
        ),
      );
    }
    return secrets;
  }

  async function succeeded(delivery: repo.DeliveryRow, status: number, latencyMs: number) {
    const now = clock.now().toISOString();
    await db.transaction().execute(async (tx) => {
      await repo.recordAttempt(tx, delivery.id, {
        status: "delivered",
        next_attempt_at: delivery.next_attempt_at,
        last_status_code: status,
        last_error: null,
        last_latency_ms: latencyMs,
        finished_at: now,
      });
      await repo.markSuccess(tx, delivery.webhook_id, now);
    });
  }

  async function failed(
    delivery: repo.DeliveryRow,
    outcome: { status: number | null; error: string; latencyMs: number | null },
  ) {
    const now = clock.now();
    const givenUp = delivery.attempts >= settings.maxAttempts;
    await db.transaction().execute(async (tx) => {
      await repo.recordAttempt(tx, delivery.id, {
        status: givenUp ? "failed" : "pending",
        next_attempt_at: new Date(now.getTime() + backoffMs(settings, delivery.attempts)).toISOString(),
        last_status_code: outcome.status,
        last_error: outcome.error,
        last_latency_ms: outcome.latencyMs,
        finished_at: givenUp ? now.toISOString() : null,
      });
      const hook = await repo.markFailure(tx, delivery.webhook_id, now.toISOString());
      if (!hook || hook.disabled_at !== null || settings.disableAfterSeconds === 0 || !hook.failing_since)
        return;
      const failingFor = (now.getTime() - Date.parse(hook.failing_since)) / 1000;
      if (failingFor < settings.disableAfterSeconds) return;
      const reason = `no successful delivery since ${hook.failing_since} (${hook.consecutive_failures} failed attempts; last: ${outcome.error})`;
      await repo.disableWebhook(tx, hook.id, now.toISOString(), reason);
      await deps.audit.record(
        tx,
        {
          principal: null,
          system: "webhook deliveries",
          ipAddress: null,
          userAgent: null,
          workspaceId: hook.workspace_id,
        },
        {
          action: "webhook.disabled",
          resourceType: "webhook",
          resourceId: hook.id,
          projectId: hook.project_id,
          environmentId: hook.environment_id,
          details: { url: hook.url, reason },
        },
      );
      logger.warn({ webhook: hook.id, workspace: hook.workspace_id }, "webhook disabled after failing");
    });
  }

  async function attempt(id: string): Promise<void> {
    const delivery = await repo.findDeliveryById(db, id);
    const hook = delivery && (await repo.findWebhookById(db, delivery.webhook_id));
    if (!delivery || !hook) return;
    const now = clock.now();
    const timestamp = Math.floor(now.getTime() / 1000);
    let answer: { status: number; latencyMs: number };
    try {
      const secrets = await liveSecrets(hook, now);
      answer = await postOnce(
        new URL(hook.url),
        delivery.payload,
        {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          "coffer-event": delivery.event_type,
          "coffer-event-id": delivery.event_id,
          "coffer-delivery": delivery.id,
          "coffer-signature": signatureHeader(secrets, timestamp, delivery.payload),
        },
        {
          allowedNetworks: deps.allowedNetworks,
          timeoutMs: settings.timeoutMs,
          maxResponseBytes: MAX_RESPONSE_BYTES,
        },
      );
    } catch (error) {
      const message =
        error instanceof DestinationRefused
          ? `refused: ${error.message}`
          : error instanceof Error
            ? error.message
            : "could not deliver";
      await failed(delivery, { status: null, error: message.slice(0, 500), latencyMs: null });
      return;
    }
    if (answer.status >= 200 && answer.status < 300) {
      await succeeded(delivery, answer.status, answer.latencyMs);
    } else {
      const error =
        answer.status >= 300 && answer.status < 400
          ? `answered ${answer.status} (redirects are not followed)`
          : `answered ${answer.status}`;
      await failed(delivery, { status: answer.status, error, latencyMs: answer.latencyMs });
    }
  }

  async function poll(): Promise<void> {
    if (polling || stopped) return;
    polling = true;
    try {
      const room = settings.concurrency - inFlight.size;
      if (room <= 0) return;
      const now = clock.now();
      const due = await repo.dueDeliveries(db, now.toISOString(), room);
      for (const { id } of due) {
        const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
        if (!(await repo.claimDelivery(db, id, now.toISOString(), leaseUntil))) continue;
        const sending = attempt(id)
          .catch((error: unknown) => logger.error({ err: error, delivery: id }, "webhook delivery failed"))
          .finally(() => {
            inFlight.delete(sending);
            // A finished delivery may have been holding back the next one of its secret.
            if (!stopped) setImmediate(() => void poll());
          });
        inFlight.add(sending);
      }
      if (pollFailing) logger.info("webhook deliveries resumed");
      pollFailing = false;
    } catch (error) {
      // The database may be away (a failover): the next poll tries again; nothing is lost.
      if (!pollFailing) logger.error({ err: error }, "webhook delivery poll failed; retrying at every poll");
      pollFailing = true;
    } finally {
      polling = false;
    }
  }

  const timer = setInterval(() => void poll(), settings.pollMs);
  timer.unref();
  return {
    nudge() {
      if (stopped) return;
      for (const delay of NUDGE_DELAYS_MS) setTimeout(() => void poll(), delay).unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
