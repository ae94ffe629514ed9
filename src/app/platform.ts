// What every module stands on: metrics and readiness, the cache-invalidation bus, the master keys,
// housekeeping, the audit trail and its streams, and the counters behind rate limits and budgets.
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { createBudgets } from "../auth/attempt-budgets.ts";
import { bothBuses, localBus, redisBus } from "../auth/auth-cache.ts";
import { checkMasterKey } from "../crypto/data-keys.ts";
import { createMasterKeys } from "../crypto/keyring.ts";
import { poolOf } from "../db/connect.ts";
import { isStorageFull } from "../db/failures.ts";
import { watchStorage } from "../db/storage-watch.ts";
import type { ReadinessCheck } from "../http/health.ts";
import { registerMetrics } from "../http/metrics.ts";
import { startHousekeeping } from "../jobs/housekeeping.ts";
import { createLocalCounts, localCounters, redisCounters } from "../lib/counters.ts";
import { within } from "../lib/within.ts";
import { findUser } from "../modules/accounts/index.ts";
import {
  type AuditStreams,
  createAuditService,
  createSinks,
  startAuditStreams,
} from "../modules/audit/index.ts";
import { keyName } from "../modules/keys/index.ts";
import type { AppDeps } from "./deps.ts";

/** How long /readyz waits on the database before it says not ready (a partition answers nothing). */
const READINESS_WAIT_MS = 2_000;

declare module "fastify" {
  interface FastifyInstance {
    /** SIGHUP: the audit streams' files are opened again (log rotation); false when there are none. */
    reopenAuditStreams(): boolean;
  }
}

export type Platform = ReturnType<typeof startPlatform>;

export function startPlatform(app: FastifyInstance, deps: AppDeps) {
  const { config, db, clock } = deps;
  // What /readyz and the metrics report; the parts below that depend on something add their check.
  const readiness: ReadinessCheck[] = [];
  let streams: AuditStreams | undefined;
  const metrics = registerMetrics(app, {
    token: config.metricsToken,
    db,
    dataDir: config.dataDir,
    readiness,
    // The bus exists by the time anything scrapes.
    invalidationBacklog: () => bus.backlog(),
    node: deps.nodeMetrics,
    ...(config.auditStreams.sinks.length > 0
      ? { auditStreamLag: () => streams?.lag() ?? Promise.resolve(new Map<string, number>()) }
      : {}),
  });

  // Cache invalidation reaches this node's other processes through deps.bus (a cluster's primary),
  // and the other nodes through Redis when there is one.
  const nodesBus = deps.redis
    ? redisBus(deps.redis, {
        onPublishError: (error) =>
          deps.logger.error(
            { reason: (error as Error).message },
            "could not publish a cache invalidation to Redis: it is queued and sent when Redis is back; other nodes forget the revoked credential within 5 s meanwhile",
          ),
        onBacklogSent: (count) =>
          deps.logger.info({ count }, "queued cache invalidations published to Redis"),
      })
    : undefined;
  const bus = deps.bus && nodesBus ? bothBuses(deps.bus, nodesBus) : (deps.bus ?? nodesBus ?? localBus());
  app.addHook("onClose", () => bus.close());
  const masterKeys = deps.masterKeys ?? createMasterKeys({ key: deps.masterKey });
  if (deps.housekeeping ?? true) {
    const stopHousekeeping = startHousekeeping({
      db,
      clock,
      logger: deps.logger,
      settings: config,
      masterKeys,
    });
    app.addHook("onClose", stopHousekeeping);
  }
  const audit = createAuditService({
    db,
    clock,
    logger: deps.logger,
    masterKeys,
    actorNames: { keyName, emailOf: async (q, userId) => (await findUser(q, userId))?.email },
  });
  // Reads waiting to be recorded are written before the database goes.
  app.addHook("onClose", () => audit.flushReads());
  // Every process streams; for each sink the one holding its lease sends (several workers and nodes).
  if (config.auditStreams.sinks.length > 0) {
    const running = startAuditStreams({
      db,
      clock,
      logger: deps.logger,
      sinks: createSinks(config.auditStreams, {
        allowedNetworks: config.outboundAllowedNetworks,
        now: () => clock.now(),
      }),
      observer: metrics,
    });
    streams = running;
    app.addHook("onClose", () => running.stop());
  }
  app.decorate("reopenAuditStreams", () => {
    streams?.reopen();
    return streams !== undefined;
  });
  // Rate limits and attempt budgets count where every node and worker sees them: Redis, else the
  // node (deps.counters: a cluster's primary; else this process), which also counts while Redis fails.
  const nodeCounters = deps.counters ?? localCounters(createLocalCounts(() => clock.now().getTime()));
  const counters = deps.redis
    ? redisCounters(deps.redis, {
        fallback: nodeCounters,
        onFallback: (error) =>
          deps.logger.error(
            { reason: error.message },
            "Redis does not answer: rate limits and attempt budgets (failed sign-ins, code requests) count on this node only until it is back",
          ),
        onRecovered: () =>
          deps.logger.info("Redis answers again: rate limits and attempt budgets are shared again"),
      })
    : nodeCounters;
  if ("problem" in counters) {
    // While Redis fails, the limits hold for this node only: /readyz says so beside the bus's own problem.
    const counting = counters as { problem(): string | undefined };
    readiness.push({ dependency: "redis", problem: () => counting.problem() });
  }
  const budgets = createBudgets(counters, config);
  if (!poolOf(db)) {
    // The embedded database: its disk is this machine's to watch.
    const storage = watchStorage(config.dataDir);
    app.addHook("onError", (_request, _reply, error, done) => {
      if (isStorageFull(error)) storage.sawFull();
      done();
    });
    readiness.push({ dependency: "storage", problem: () => storage.problem() });
  }
  readiness.push(
    {
      dependency: "database",
      problem: async () => {
        try {
          await within(sql`select 1`.execute(db), READINESS_WAIT_MS, "the database");
          return undefined;
        } catch {
          return "Database not reachable";
        }
      },
    },
    {
      dependency: "master_key",
      after: "database",
      problem: async () =>
        (await within(
          checkMasterKey(db, masterKeys, clock.now().toISOString()),
          READINESS_WAIT_MS,
          "the database",
        ))
          ? "This node does not hold the store's master key"
          : undefined,
    },
  );
  if (nodesBus) {
    readiness.push({
      dependency: "redis",
      problem: () => {
        const problem = nodesBus.problem();
        return problem && `${problem}: revocations would not reach the other nodes`;
      },
    });
  }
  const siblingsBus = deps.bus;
  if (siblingsBus) readiness.push({ dependency: "workers", problem: () => siblingsBus.problem() });
  return { readiness, metrics, bus, masterKeys, audit, counters, budgets };
}
