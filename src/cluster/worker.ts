// A worker's side of the cluster channel: what the worker's app shares with its siblings when
// there is no Redis. Cache invalidations go through the primary, which has every other worker drop
// the entries before it answers, so a revocation's answer leaves only once no worker can serve the
// revoked credential from its cache. Rate-limit counters and attempt budgets live in the primary:
// one budget for all.
import { type InvalidationBus, localBus } from "../auth/auth-cache.ts";
import { AppError } from "../errors.ts";
import type { NodeMetrics } from "../http/metrics.ts";
import type { Counters } from "../lib/counters.ts";
import {
  isPrimaryMessage,
  type PrimaryMessage,
  type Question,
  type WorkerMessage,
  type WorkerMetrics,
} from "./messages.ts";

type Answer = Extract<PrimaryMessage, { kind: "answer" }>;

/** Past this, the primary is taken to be gone (a worker exits with it anyway). */
const ANSWER_WAIT_MS = 5_000;

function sendToPrimary(message: WorkerMessage, then?: () => void): void {
  try {
    process.send?.(message, () => then?.());
  } catch {
    // A closed channel means the primary is gone, and node:cluster ends this worker with it.
    then?.();
  }
}

export interface PrimaryChannel {
  bus: InvalidationBus;
  /** Rate limits and attempt budgets (sign-in failures, code requests) the primary keeps for every worker. */
  counters: Counters;
  /** The node's metrics: this worker gives its own through `provide`, and asks for every worker's. */
  metrics: NodeMetrics;
  /** Tells the primary this worker serves on `port`. */
  ready(port: number): void;
  /** Tells the primary why this worker could not start (the primary prints it, once); resolves once sent. */
  failed(line: string): Promise<void>;
}

/** Opens this worker's side of the channel; call it before the app exists (the bus must be heard first). */
export function openPrimaryChannel(): PrimaryChannel {
  const waiting = new Map<number, { resolve: (answer: Answer) => void; timer: NodeJS.Timeout }>();
  let metricsSource: (() => Promise<WorkerMetrics>) | undefined;
  let nextId = 1;
  let unanswered: string | undefined;
  const local = localBus();

  process.on("message", (message: unknown) => {
    if (!isPrimaryMessage(message)) return;
    if (message.kind === "drop") {
      void local.publish(message.tag);
      sendToPrimary({ coffer: 1, kind: "dropped", id: message.id });
      return;
    }
    if (message.kind === "collect") {
      const { id } = message;
      void (metricsSource?.() ?? Promise.resolve([])).then(
        (metrics) => sendToPrimary({ coffer: 1, kind: "metrics", id, metrics }),
        () => sendToPrimary({ coffer: 1, kind: "metrics", id, metrics: [] }),
      );
      return;
    }
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    clearTimeout(pending.timer);
    unanswered = undefined;
    pending.resolve(message);
  });

  const ask = (question: Question) =>
    new Promise<Answer>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        unanswered = "the primary process did not answer";
        reject(new AppError("not_ready", "This server's workers cannot reach each other; retry shortly"));
      }, ANSWER_WAIT_MS);
      waiting.set(id, { resolve, timer });
      sendToPrimary({ coffer: 1, kind: "ask", id, question });
    });

  const bus: InvalidationBus = {
    async publish(tag) {
      await local.publish(tag);
      // A revocation that could not reach the siblings is still done here; /readyz reports the rest.
      await ask({ type: "invalidate", tag }).catch(() => {});
    },
    subscribe: local.subscribe,
    problem: () =>
      unanswered ? `${unanswered}: other workers may not have heard an invalidation` : undefined,
    backlog: () => 0,
    close: async () => {},
  };
  sendToPrimary({ coffer: 1, kind: "listening-to-bus" });

  const counters: Counters = {
    hit: async (key, windowMs) => (await ask({ type: "count", key, windowMs })).counted!,
    peek: async (key) => (await ask({ type: "peek", key })).counted!,
    undo: async (key) => {
      await ask({ type: "undo", key });
    },
  };

  return {
    bus,
    counters,
    metrics: {
      provide: (source) => {
        metricsSource = source;
      },
      ofNode: async () => (await ask({ type: "metrics" })).text ?? "",
    },
    ready: (port) => sendToPrimary({ coffer: 1, kind: "ready", port }),
    failed: (line) => new Promise((resolve) => sendToPrimary({ coffer: 1, kind: "failed", line }, resolve)),
  };
}
