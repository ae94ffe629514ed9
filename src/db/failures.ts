// The store's failures that are not the request's fault: PostgreSQL out of reach (stopped, failing
// over, a partition, our connection terminated), a transaction PostgreSQL rolled back for crossing
// a concurrent one, and a data directory out of space. Both engines' errors are recognised here,
// in one place, and leave as 503 database_unavailable, 409 conflict or 507 storage_full instead of
// a 500.
import { AppError } from "../errors.ts";

/** Seconds a client is told to wait before retrying while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Errors of the socket under the pg client.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up,
// shutting down, a standby not yet accepting), 53300 too many connections, 25006 read-only
// transaction (a demoted primary during failover).
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);

// pg's own messages for a connection that broke or never came, which carry no code.
const PG_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Connection terminated unexpectedly",
];

/** True when the error says PostgreSQL is out of reach, not that the query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  const code = typeof e.code === "string" ? e.code : "";
  if (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith("08")) return true;
  // A statement cancelled by statement_timeout (57014) is the server-side bound of the same wait.
  if (code === "57014") return true;
  const message = typeof e.message === "string" ? e.message : "";
  return PG_MESSAGES.some((known) => message.includes(known));
}

// 40P01 deadlock_detected, 40001 serialization_failure: PostgreSQL rolled the transaction back
// whole because it crossed a concurrent one; the same request again succeeds.
const CROSSED_STATES = new Set(["40P01", "40001"]);

/** True when PostgreSQL rolled the transaction back for crossing a concurrent one. */
export function isCrossedTransaction(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CROSSED_STATES.has(code);
}

/** True when the error says the disk under the database is full. */
export function isStorageFull(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  const code = typeof e.code === "string" ? e.code : "";
  // SQLite's full disk, the OS's, and PostgreSQL's disk_full (53100).
  if (code === "SQLITE_FULL" || code === "ENOSPC" || code === "53100") return true;
  // A full disk can also surface as an I/O error on the journal or the WAL.
  const message = typeof e.message === "string" ? e.message : "";
  return code.startsWith("SQLITE_IOERR") && /disk is full|no space left/i.test(message);
}

/** The error table's answer for a store failure, or undefined when it is not one. */
export function storeFailureAnswer(error: unknown): AppError | undefined {
  if (isDatabaseUnavailable(error)) {
    return new AppError(
      "database_unavailable",
      `The database is not reachable right now: retry in ${DATABASE_RETRY_AFTER_SECONDS} s`,
      { headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
  if (isCrossedTransaction(error)) {
    return new AppError(
      "conflict",
      "A concurrent change to the same data got in the way and nothing was saved: send the request again",
    );
  }
  if (isStorageFull(error)) {
    return new AppError(
      "storage_full",
      "The server's storage is full: this change was not saved. Reads still work; retry once the operator has freed space",
    );
  }
  return undefined;
}
