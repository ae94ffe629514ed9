// What buildApp is given: main.ts passes the real node's parts, tests their own.
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { InvalidationBus } from "../auth/auth-cache.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/keyring.ts";
import type { Db } from "../db/schema.ts";
import type { NodeMetrics } from "../http/metrics.ts";
import type { TlsPair } from "../http/tls.ts";
import type { Counters } from "../lib/counters.ts";

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  masterKey: Buffer;
  /** Every master key this node holds (default: masterKey alone). */
  masterKeys?: MasterKeys;
  logger: Logger;
  redis?: Redis;
  /** The built dashboard (default: web/dist of this checkout). */
  dashboardDir?: string;
  /** How cache invalidations reach this node's other processes (a cluster's primary); Redis adds the other nodes. */
  bus?: InvalidationBus;
  /** Where rate limits and attempt budgets count on this node (default this process); Redis, when given, counts for every node and this is its fallback. */
  counters?: Counters;
  /** A cluster worker's way to the whole node's metrics (default: this process's are the node's). */
  nodeMetrics?: NodeMetrics;
  /** Whether this process runs the housekeeping job (default true; a cluster runs it once). */
  housekeeping?: boolean;
  /** The certificate and key to serve HTTPS with (default: plain HTTP). */
  tls?: TlsPair;
}
