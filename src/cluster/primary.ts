// COFFER_WORKERS > 1: this process is the primary. It prepares the store once (generates the master
// key file if there is none, migrates, checks the key) before any worker exists, so workers never
// race on either; then forks the workers, runs the housekeeping job (once, not once per worker),
// prints the one start line, and on SIGTERM/SIGINT stops the workers gracefully and exits.
import type { Logger } from "pino";
import { systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { readTlsPair, reloadOnHangup } from "../http/tls.ts";
import { startHousekeeping } from "../jobs/housekeeping.ts";
import { exitOnSignals, openStore, type Store, startLine, startupFailureLine } from "../server.ts";
import { createWorkerPool } from "./workers.ts";

/** The primary's own pool (PostgreSQL): housekeeping needs one connection at a time. */
const PRIMARY_POOL_SIZE = 2;
/** Time the primary gives its workers beyond their own grace period before it forces its exit. */
const WORKER_EXIT_MARGIN_MS = 5_000;

export async function runPrimary(
  config: Config,
  logger: Logger,
  fail: (line: string) => never,
): Promise<void> {
  let store: Store;
  try {
    // A pair that cannot be used stops the start here, once, rather than in every worker.
    if (config.tls) readTlsPair(config.tls);
    store = await openStore(config, logger, { first: true, poolSize: PRIMARY_POOL_SIZE });
  } catch (error) {
    fail(startupFailureLine(error, config));
  }
  const stopHousekeeping = startHousekeeping({
    db: store.db,
    clock: systemClock,
    logger,
    settings: config,
    masterKeys: store.masterKeys,
  });
  const workers = createWorkerPool(config.workers, logger);
  const shutdown = async () => {
    const code = await workers.stop();
    await stopHousekeeping();
    await store.db.destroy();
    return code;
  };
  exitOnSignals(config, logger, shutdown, WORKER_EXIT_MARGIN_MS);
  // The pair is checked once here, so a bad one is one log line rather than one per worker; each
  // worker then reads it into its own server. Workers stream the audit trail: without TLS, the
  // signal still goes to them, for the streams' files to be reopened.
  const reloadTls = reloadOnHangup(config.tls, logger, () => workers.reload());
  process.on("SIGHUP", () => {
    if (!config.tls && config.auditStreams.sinks.length > 0) workers.reload();
    else reloadTls();
  });

  let port: number;
  try {
    port = await workers.start();
  } catch (error) {
    await shutdown().catch(() => {});
    fail(startupFailureLine(error, config));
  }
  console.log(startLine(config, store, port));
  logger.info(
    { engine: store.engine, debug: config.debug, port, publicUrl: config.publicUrl, workers: config.workers },
    "coffer is ready",
  );
}
