// Prometheus metrics (prom-client), off unless COFFER_METRICS_TOKEN is set: then GET /metrics on
// the API's own port answers the text exposition to `Authorization: Bearer <that token>`.
// Every app owns its Registry (no prom-client global state), so two apps in one process, as in
// the tests, never mix their counters. Labels name route patterns, never URLs: a raw path may
// carry a share-link token.
import { createHash, timingSafeEqual } from "node:crypto";
import { statSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { CacheObserver } from "../auth/auth-cache.ts";
import type { WorkerMetrics } from "../cluster/messages.ts";
import { DecryptionError, type Keyring } from "../crypto/data-keys.ts";
import { commitCountsOf, poolOf } from "../db/connect.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { checkReadiness, type ReadinessCheck } from "./health.ts";

export interface Metrics {
  /** Counts credential-cache lookups (hit or miss) per cache. */
  observeCache: CacheObserver;
  /** Counts values that failed to decrypt (tampered, misplaced, or their data key does not open). */
  decryptFailed(count: number): void;
  /** Audit streams (COFFER_AUDIT_STREAMS), by sink: entries acknowledged, failed attempts, entries purged before sent. */
  streamSent(sink: string, entries: number): void;
  streamFailed(sink: string): void;
  streamSkipped(sink: string, entries: number): void;
}

/**
 * With COFFER_WORKERS, where a worker's /metrics gets the whole node's: it gives its own registry's
 * to the primary, which gathers every worker's (cluster/metrics.ts).
 */
export interface NodeMetrics {
  provide(source: () => Promise<WorkerMetrics>): void;
  ofNode(): Promise<string>;
}

const NO_METRICS: Metrics = {
  observeCache: () => {},
  decryptFailed: () => {},
  streamSent: () => {},
  streamFailed: () => {},
  streamSkipped: () => {},
};

// Most API answers take well under 10 ms; the tail buckets catch argon2 sign-ins and bulk writes.
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route pattern a request matched (`/secrets/:workspace_id/…`), or "unmatched" for a 404 without route. */
const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? "unmatched";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares digests, so neither the token's content nor its length shows in the timing. */
function tokenMatches(expected: Buffer, authorization: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match !== null && timingSafeEqual(expected, digest(match[1]!));
}

/**
 * Registers the metrics hooks and GET /metrics when a token is configured; otherwise registers
 * nothing (GET /metrics is the ordinary 404) and answers no-op observers.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: {
    token: string | undefined;
    db: Db;
    dataDir: string;
    readiness: readonly ReadinessCheck[];
    /** Cache invalidations waiting for Redis to take them. */
    invalidationBacklog: () => number;
    /** A cluster worker's way to the node's metrics (default: this process's are the node's). */
    node?: NodeMetrics;
    /** Entries each audit stream's sink has not acknowledged yet, by sink (none without streams). */
    auditStreamLag?: () => Promise<ReadonlyMap<string, number>>;
  },
): Metrics {
  if (!options.token) return NO_METRICS;
  const expected = digest(options.token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "coffer_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "coffer_http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its answer, by method, route pattern and status",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: "coffer_rate_limit_rejections_total",
    help: "Requests refused with 429 rate_limited (request budget, sign-in budget, failed-credential budget, one-time code outstanding), by route pattern",
    labelNames: ["route"],
    registers: [registry],
  });
  const decryptFailures = new Counter({
    name: "coffer_decrypt_failures_total",
    help: "Stored values that failed to decrypt (tampered, moved, or under a data key this node cannot open)",
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: "coffer_credential_cache_lookups_total",
    help: "Lookups in the per-node credential caches (API keys, sessions, workspace roles), by cache and outcome (hit, miss)",
    labelNames: ["cache", "outcome"],
    registers: [registry],
  });
  registerDatabaseGauges(registry, options.db, options.dataDir);
  options.node?.provide(() => registry.getMetricsAsJSON());
  new Gauge({
    name: "coffer_dependency_up",
    help: "1 when what this node depends on is fine, 0 when /readyz reports it (database, master_key, storage, redis, workers); a dependency whose check could not run is left out",
    labelNames: ["dependency"],
    registers: [registry],
    // Across a node's workers, the worst of them.
    aggregator: "min",
    async collect() {
      this.reset();
      const down = new Map<string, boolean>();
      for (const result of await checkReadiness(options.readiness)) {
        down.set(result.dependency, (down.get(result.dependency) ?? false) || result.detail !== undefined);
      }
      for (const [dependency, isDown] of down) this.set({ dependency }, isDown ? 0 : 1);
    },
  });

  new Gauge({
    name: "coffer_invalidation_backlog",
    help: "Cache invalidations (revocations) waiting to be published to Redis while it does not answer; other nodes forget revoked credentials within 5 s meanwhile",
    registers: [registry],
    aggregator: "sum",
    collect() {
      this.set(options.invalidationBacklog());
    },
  });

  const streamLabels = ["sink"] as const;
  const streamSent = new Counter({
    name: "coffer_audit_stream_sent_total",
    help: "Audit entries a stream's sink acknowledged, by sink (URL without credentials or query)",
    labelNames: streamLabels,
    registers: [registry],
  });
  const streamFailures = new Counter({
    name: "coffer_audit_stream_failures_total",
    help: "Failed attempts to send to an audit stream's sink (retried with backoff), by sink",
    labelNames: streamLabels,
    registers: [registry],
  });
  const streamSkipped = new Counter({
    name: "coffer_audit_stream_skipped_total",
    help: "Audit entries a retention purge removed before a stream's sink received them, by sink",
    labelNames: streamLabels,
    registers: [registry],
  });
  const streamLag = options.auditStreamLag;
  if (streamLag) {
    new Gauge({
      name: "coffer_audit_stream_lag_entries",
      help: "Audit entries committed that a stream's sink has not acknowledged yet, by sink (read from the database)",
      labelNames: streamLabels,
      registers: [registry],
      // Every worker reads the same rows: the node's value is any one of theirs.
      aggregator: "max",
      async collect() {
        try {
          for (const [sink, lag] of await streamLag()) this.set({ sink }, lag);
        } catch {
          // The database is away: /readyz and coffer_dependency_up say so; the last values stay.
        }
      },
    });
  }

  app.addHook("onResponse", (request, reply, done) => {
    const labels = { method: request.method, route: routeOf(request), status_code: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  app.addHook("onError", (request, _reply, error, done) => {
    if (error instanceof AppError && error.code === "rate_limited")
      rateLimited.inc({ route: routeOf(request) });
    done();
  });

  app.get(
    "/metrics",
    // Its own token, not a user credential: skip user authentication and the per-caller budget
    // (a scraper's bearer token would otherwise count as a failed sign-in).
    { config: { public: true, rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      const authorization = request.headers.authorization;
      if (!tokenMatches(expected, authorization)) {
        throw new AppError(
          authorization ? "invalid_token" : "not_authenticated",
          authorization
            ? "Invalid metrics token"
            : "Not authenticated: send Authorization: Bearer <COFFER_METRICS_TOKEN>",
          { headers: { "www-authenticate": "Bearer" } },
        );
      }
      const text = options.node ? await options.node.ofNode() : await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  );

  return {
    observeCache: (cache, outcome) => cacheLookups.inc({ cache, outcome }),
    decryptFailed: (count) => decryptFailures.inc(count),
    streamSent: (sink, entries) => streamSent.inc({ sink }, entries),
    streamFailed: (sink) => streamFailures.inc({ sink }),
    streamSkipped: (sink, entries) => streamSkipped.inc({ sink }, entries),
  };
}

/**
 * PostgreSQL: the pool's connections (open, idle, callers waiting for one). SQLite has a single
 * connection and no pool, so it reports the size of the database file and its write-ahead log.
 */
function registerDatabaseGauges(registry: Registry, db: Db, dataDir: string): void {
  const pool = poolOf(db);
  if (pool) {
    new Gauge({
      name: "coffer_db_pool_connections",
      help: "PostgreSQL pool connections by state: total (open), idle, waiting (callers queued for one)",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
    return;
  }
  const counts = commitCountsOf(db);
  if (counts) {
    new Counter({
      name: "coffer_db_sqlite_commits_total",
      help: "Embedded SQLite: transactions committed, and the COMMITs that ended them; concurrent transactions share one (group commit), each followed by a flush of the disk",
      labelNames: ["of"],
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ of: "transactions" }, counts.transactions);
        this.inc({ of: "commits" }, counts.commits);
      },
    });
  }
  const file = join(dataDir, "coffer.db");
  new Gauge({
    name: "coffer_db_sqlite_file_bytes",
    help: "Size of the embedded SQLite database, by file (db, wal)",
    labelNames: ["file"],
    registers: [registry],
    collect() {
      for (const [label, path] of [
        ["db", file],
        ["wal", `${file}-wal`],
      ] as const) {
        try {
          this.set({ file: label }, statSync(path).size);
        } catch {
          this.set({ file: label }, 0);
        }
      }
    },
  });
}

/** The keyring, counting every value that fails to decrypt into the metrics. */
export function countingDecryptFailures(keyring: Keyring, metrics: Metrics): Keyring {
  if (metrics === NO_METRICS) return keyring;
  return {
    ...keyring,
    async decrypt(...args) {
      try {
        return await keyring.decrypt(...args);
      } catch (error) {
        if (error instanceof DecryptionError) metrics.decryptFailed(1);
        throw error;
      }
    },
    async decryptAll(...args) {
      const values = await keyring.decryptAll(...args);
      const failed = values.filter((value) => value instanceof DecryptionError).length;
      if (failed > 0) metrics.decryptFailed(failed);
      return values;
    },
  };
}
