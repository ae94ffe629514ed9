// Why Coffer could not start, in one line that says what and what to do: a newcomer's first run
// must not end in a stack trace.
import type { Config } from "./config.ts";
import { NewerSchemaError } from "./db/migrate.ts";

interface SystemError {
  code?: string;
  errno?: number;
  syscall?: string;
  hostname?: string;
  address?: string;
  port?: number;
  path?: string;
  message?: string;
}

const pgTarget = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  return { host: `${url.hostname}:${url.port || 5432}`, database: url.pathname.slice(1), user: url.username };
};

/** The one line for an error thrown while starting, or undefined when it is not one we know. */
export function describeStartupError(error: unknown, config: Config): string | undefined {
  if (error instanceof NewerSchemaError) return error.message;
  const e = (error ?? {}) as SystemError;
  const code = e.code ?? "";
  // Listening.
  if (e.syscall === "listen" || code === "EADDRINUSE") {
    if (code === "EADDRINUSE")
      return `port ${config.port} on ${config.host} is already in use: stop the other process or set PORT to a free port`;
    if (code === "EADDRNOTAVAIL")
      return `HOST=${config.host} is not an address of this machine: set HOST to a local address (127.0.0.1, or 0.0.0.0 for every interface)`;
    if (code === "EACCES")
      return `not allowed to listen on port ${config.port}: ports below 1024 need privileges; set PORT to 1024 or above`;
  }
  if (code === "ENOTFOUND" && e.hostname === config.host)
    return `HOST=${config.host} does not resolve to an address: set HOST to a local address (127.0.0.1, or 0.0.0.0)`;
  // PostgreSQL.
  if (config.databaseUrl) {
    const target = pgTarget(config.databaseUrl);
    if (code === "ECONNREFUSED")
      return `cannot reach PostgreSQL at ${target.host} (DATABASE_URL): connection refused; is the server running?`;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN")
      return `cannot reach PostgreSQL: host "${e.hostname ?? target.host}" in DATABASE_URL not found`;
    if (code === "ETIMEDOUT" || /timeout/i.test(e.message ?? ""))
      return `cannot reach PostgreSQL at ${target.host} (DATABASE_URL): no answer; check the address and the firewall`;
    if (code === "3D000")
      return `PostgreSQL database "${target.database}" (DATABASE_URL) does not exist: create it (createdb ${target.database}) or fix the URL`;
    if (code === "28P01" || code === "28000")
      return `PostgreSQL refused user "${target.user}" (DATABASE_URL): ${e.message}; check the user name and password`;
  }
  // The data directory.
  const dataPath = e.path ?? config.dataDir;
  if (code === "ENOTDIR" || code === "EEXIST")
    return `COFFER_DATA_DIR=${config.dataDir} is not a directory (${dataPath}): point it at a directory, or remove the file`;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS")
    return `cannot write to COFFER_DATA_DIR=${config.dataDir} (${dataPath}): give this user write access or choose another directory`;
  if (code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_READONLY")
    return `cannot open the database in COFFER_DATA_DIR=${config.dataDir}: check that the directory exists and is writable`;
  if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT")
    return `${config.dataDir}/coffer.db is not a Coffer database (or is damaged): restore it from a backup or choose another COFFER_DATA_DIR`;
  return undefined;
}
