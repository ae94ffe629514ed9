// How long a client may take, and how many may be connected, so that slow clients (a slowloris
// flood: headers sent a byte at a time) cannot hold the process's sockets and file descriptors.
import { readFileSync } from "node:fs";
import type { Server } from "node:http";

export interface ConnectionLimits {
  /** Seconds from a connection's start (or a kept-alive connection's next request) to its last header byte. */
  headersTimeout: number;
  /** Seconds a whole request, body included, may take to arrive. */
  requestTimeout: number;
  /** Connections one process holds at most; past it new ones are closed at once. */
  maxConnections: number;
}

/** How often Node checks the two timeouts (its default, 30 s, would let a slow socket live that much longer). */
const CHECK_INTERVAL_MS = 1_000;
/** Descriptors kept free of clients: the database, Redis, log and data files, the cluster channel. */
const DESCRIPTORS_KEPT = 256;
/** The connection cap when the descriptor limit allows it. */
export const DEFAULT_MAX_CONNECTIONS = 10_000;

/** The options node:http's createServer takes for these limits (Fastify's `http` option passes them on). */
export const serverTimeouts = (limits: ConnectionLimits) => ({
  headersTimeout: limits.headersTimeout * 1000,
  connectionsCheckingInterval: CHECK_INTERVAL_MS,
});

/** Caps the server's connections (Fastify sets the request timeout itself, from its own option). */
export function capConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
}

/**
 * The default cap: DEFAULT_MAX_CONNECTIONS, or less when this process's open-file limit would run
 * out first (Linux tells it in /proc/self/limits; elsewhere the default stands).
 */
export function defaultMaxConnections(limitsFile = "/proc/self/limits"): number {
  try {
    const line = readFileSync(limitsFile, "utf8")
      .split("\n")
      .find((text) => text.startsWith("Max open files"));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    if (Number.isInteger(soft) && soft > 0) {
      return Math.max(64, Math.min(DEFAULT_MAX_CONNECTIONS, soft - DESCRIPTORS_KEPT));
    }
  } catch {
    // Not Linux: the default stands.
  }
  return DEFAULT_MAX_CONNECTIONS;
}
