// Start-up: read config, then serve in this process (COFFER_WORKERS unset or 1), or be the primary
// of COFFER_WORKERS worker processes (cluster/primary.ts), or be one of those workers.
// Serving: open and migrate the database, check the master key, build the app, listen, and say so
// in one line; on SIGTERM or SIGINT stop accepting, let in-flight requests finish within the grace
// period, close the database; on SIGHUP read the TLS pair again and reopen the audit streams' files. A failure to start is one line, no stack.
import cluster from "node:cluster";
import { pino } from "pino";
import { runPrimary } from "./cluster/primary.ts";
import { openPrimaryChannel } from "./cluster/worker.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./http/logging.ts";
import { readTlsPair } from "./http/tls.ts";
import { exitOnSignals, openStore, serve, startLine, startupFailureLine } from "./server.ts";

function fail(line: string): never {
  console.error(`coffer: ${line}`);
  process.exit(1);
}

function loadConfiguration(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfiguration();
  // Synchronous writes: lines reach stdout in the order they were logged, up to the very exit.
  const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
  if (cluster.isPrimary && config.workers > 1) return runPrimary(config, logger, fail);

  // A worker shares invalidations and rate limits with its siblings through its primary; with Redis
  // as well (a sibling must hear a revocation, and a budget hold for the node, while Redis is away).
  const channel = cluster.isWorker ? openPrimaryChannel() : undefined;
  const shared = channel
    ? {
        housekeeping: false,
        nodeMetrics: channel.metrics,
        bus: channel.bus,
        counters: channel.counters,
      }
    : {};
  // SIGHUP (`systemctl reload`, `kill -HUP`, or a cluster's primary passing it on) rereads the TLS
  // pair and reopens the audit streams' files (log rotation). Heard from the start: Node's default would end the process, and a worker the primary has
  // just forked is sent it too; one that comes while starting is acted on once serving.
  let hangUp: (() => void) | undefined;
  let hungUpWhileStarting = false;
  process.on("SIGHUP", () => {
    if (hangUp) hangUp();
    else hungUpWhileStarting = true;
  });
  try {
    // Read first: a pair that cannot be used stops the start before the database is touched.
    const tls = config.tls ? readTlsPair(config.tls) : undefined;
    const store = await openStore(config, logger, { first: !channel });
    const serving = await serve(config, logger, store, shared, { asWorker: Boolean(channel), tls });
    if (channel) {
      channel.ready(serving.port);
      logger.info({ port: serving.port }, "worker is ready");
    } else {
      console.log(startLine(config, store, serving.port));
      logger.info(
        { engine: store.engine, debug: config.debug, port: serving.port, publicUrl: config.publicUrl },
        "coffer is ready",
      );
    }
    exitOnSignals(config, logger, serving.shutdown);
    hangUp = serving.hangUp;
    if (hungUpWhileStarting) hangUp();
  } catch (error) {
    const line = startupFailureLine(error, config);
    if (!channel) fail(line);
    await channel.failed(line);
    process.exit(1);
  }
}

await main();
