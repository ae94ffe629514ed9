// The primary's workers: forks them (they share the listening port through node:cluster), answers
// their questions (cache invalidations fanned out to every sibling, rate-limit counts), replaces a
// worker that dies with a back-off that grows while they keep dying, and stops them all gracefully.
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import type { Counted } from "../lib/counters.ts";
import { createLocalCounts } from "../lib/counters.ts";
import { StartupFailure } from "../server.ts";
import { isWorkerMessage, type PrimaryMessage, type WorkerMessage, type WorkerMetrics } from "./messages.ts";
import { aggregateMetrics } from "./metrics.ts";

/** A sibling that has not dropped a tag by then is left behind (logged); the revocation answers. */
const FAN_OUT_WAIT_MS = 3_000;
/** A worker whose metrics have not come by then is left out of the scrape (and counted missing). */
const METRICS_WAIT_MS = 2_000;
/** Restart delays: 0.5 s after a first crash, doubling per crash within the last minute, at most 30 s. */
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
const CRASH_MEMORY_MS = 60_000;

interface FanOut {
  waitingFor: Set<number>;
  finish: () => void;
}

export interface WorkerPool {
  /** Forks the workers; resolves with the port once every one serves, rejects with the first failure. */
  start(): Promise<number>;
  /** SIGHUP to every worker: each reads the TLS pair again into its own server. */
  reload(): void;
  /** SIGTERM to every worker (each finishes its in-flight requests); resolves with 0 once all exited cleanly, else 1. */
  stop(): Promise<number>;
}

export function createWorkerPool(count: number, logger: Logger): WorkerPool {
  const counters = createLocalCounts();
  const sweeper = setInterval(() => counters.sweep(), 60_000);
  sweeper.unref();
  /** Workers that hear invalidations (they said so before serving anything). */
  const hearing = new Set<Worker>();
  const fanOuts = new Map<number, FanOut>();
  let nextFanOut = 1;
  const collections = new Map<number, { receive(worker: Worker, metrics: WorkerMetrics): void }>();
  let nextCollection = 1;
  const crashes: number[] = [];
  const restartTimers = new Set<NodeJS.Timeout>();
  let starting:
    | { ready: Set<number>; resolve: (port: number) => void; reject: (e: Error) => void }
    | undefined;
  let stopping = false;
  let uncleanExit = false;
  const exits = new Map<number, Promise<void>>();

  const send = (worker: Worker, message: PrimaryMessage, onError?: () => void) => {
    if (!worker.isConnected()) {
      onError?.();
      return;
    }
    worker.send(message, (error: Error | null) => {
      if (error) onError?.();
    });
  };

  const settle = (id: number, worker: Worker) => {
    const fanOut = fanOuts.get(id);
    if (!fanOut) return;
    fanOut.waitingFor.delete(worker.id);
    if (fanOut.waitingFor.size === 0) fanOut.finish();
  };

  /** Has every worker but `from` drop `tag`, then answers `from`. */
  function fanOut(from: Worker, tag: string, answer: () => void): void {
    const targets = [...hearing].filter((worker) => worker !== from);
    if (targets.length === 0) {
      answer();
      return;
    }
    const id = nextFanOut++;
    const timer = setTimeout(() => {
      logger.error(
        { workers: [...(fanOuts.get(id)?.waitingFor ?? [])] },
        `a worker did not confirm a cache invalidation within ${FAN_OUT_WAIT_MS} ms`,
      );
      fanOuts.get(id)?.finish();
    }, FAN_OUT_WAIT_MS);
    fanOuts.set(id, {
      waitingFor: new Set(targets.map((worker) => worker.id)),
      finish: () => {
        clearTimeout(timer);
        fanOuts.delete(id);
        answer();
      },
    });
    for (const worker of targets)
      send(worker, { coffer: 1, kind: "drop", id, tag }, () => settle(id, worker));
  }

  function onMessage(worker: Worker, message: WorkerMessage): void {
    switch (message.kind) {
      case "ask": {
        const { id, question } = message;
        const answer = (counted?: Counted) => send(worker, { coffer: 1, kind: "answer", id, counted });
        if (question.type === "metrics") {
          void collectMetrics().then((text) => send(worker, { coffer: 1, kind: "answer", id, text }));
          return;
        }
        if (question.type === "count") answer(counters.hit(question.key, question.windowMs));
        else if (question.type === "peek") answer(counters.peek(question.key));
        else if (question.type === "undo") {
          counters.undo(question.key);
          answer();
        } else fanOut(worker, question.tag, () => answer());
        return;
      }
      case "dropped":
        settle(message.id, worker);
        return;
      case "metrics":
        collections.get(message.id)?.receive(worker, message.metrics);
        return;
      case "listening-to-bus":
        hearing.add(worker);
        return;
      case "ready":
        if (!starting) return;
        starting.ready.add(worker.id);
        if (starting.ready.size === count) {
          starting.resolve(message.port);
          starting = undefined;
        }
        return;
      case "failed":
        // While starting, the primary prints it as its own one line; later (a replacement) it is logged.
        if (!starting) {
          logger.error({ worker: worker.process.pid }, `a worker process could not start: ${message.line}`);
          return;
        }
        starting.reject(new StartupFailure(message.line));
        starting = undefined;
        return;
    }
  }

  /**
   * Every serving worker's metrics, aggregated as one node's (counters and histograms summed, the
   * dependency gauges at their worst), plus how many workers answered within METRICS_WAIT_MS: one
   * that does not is left out of this scrape, and the count says so.
   */
  function collectMetrics(): Promise<string> {
    const id = nextCollection++;
    const targets = [...hearing];
    return new Promise((resolve) => {
      const gathered: WorkerMetrics[] = [];
      const waitingFor = new Set(targets);
      const finish = () => {
        clearTimeout(timer);
        collections.delete(id);
        resolve(aggregateMetrics(gathered, count));
      };
      const timer = setTimeout(finish, METRICS_WAIT_MS);
      collections.set(id, {
        receive(worker, metrics) {
          if (!waitingFor.delete(worker)) return;
          gathered.push(metrics);
          if (waitingFor.size === 0) finish();
        },
      });
      for (const worker of targets)
        send(worker, { coffer: 1, kind: "collect", id }, () => collections.get(id)?.receive(worker, []));
      if (targets.length === 0) finish();
    });
  }

  function onExit(worker: Worker, code: number | null, signal: string | null): void {
    hearing.delete(worker);
    for (const id of [...fanOuts.keys()]) settle(id, worker);
    const pid = worker.process.pid;
    if (stopping) {
      if (code !== 0 && signal !== "SIGTERM") uncleanExit = true;
      return;
    }
    if (starting) {
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      starting.reject(new StartupFailure(`a worker process stopped while starting (${how})`));
      starting = undefined;
      return;
    }
    const now = Date.now();
    while (crashes.length > 0 && crashes[0]! < now - CRASH_MEMORY_MS) crashes.shift();
    crashes.push(now);
    const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (crashes.length - 1));
    logger.error(
      { worker: pid, code, signal, restartInMs: delay },
      "a worker process exited unexpectedly; starting a new one",
    );
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (!stopping) fork();
    }, delay);
    restartTimers.add(timer);
  }

  function fork(): Worker {
    const worker = cluster.fork();
    exits.set(
      worker.id,
      new Promise((resolve) => {
        worker.on("exit", (code, signal) => {
          onExit(worker, code, signal);
          exits.delete(worker.id);
          resolve();
        });
      }),
    );
    worker.on("message", (message: unknown) => {
      if (isWorkerMessage(message)) onMessage(worker, message);
    });
    // A send to a worker that just died reports here too; its exit is handled above.
    worker.on("error", () => {});
    logger.info({ worker: worker.process.pid }, "worker process started");
    return worker;
  }

  return {
    start: () =>
      new Promise<number>((resolve, reject) => {
        starting = { ready: new Set(), resolve, reject };
        for (let i = 0; i < count; i++) fork();
      }),
    reload() {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGHUP");
    },
    async stop() {
      stopping = true;
      for (const timer of restartTimers) clearTimeout(timer);
      restartTimers.clear();
      clearInterval(sweeper);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      await Promise.all(exits.values());
      return uncleanExit ? 1 : 0;
    },
  };
}
