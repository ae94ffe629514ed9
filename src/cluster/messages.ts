// What the primary and its workers say to each other over the cluster channel (COFFER_WORKERS > 1).
// Every message carries `coffer: 1`, so nothing else on the channel is mistaken for one of ours.
import type { Registry } from "prom-client";
import type { Counted } from "../lib/counters.ts";

/** One worker's metrics as prom-client's getMetricsAsJSON() gives them. */
export type WorkerMetrics = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;

/** A worker's question to the primary; the primary answers each with a Reply of the same id. */
export type Question =
  /** Tell every other worker to drop this tag's cache entries; answered once they all have. */
  | { type: "invalidate"; tag: string }
  /** Count one request against a rate-limit bucket (or an attempt budget) shared by every worker. */
  | { type: "count"; key: string; windowMs: number }
  /** Read a budget's count without adding to it. */
  | { type: "peek"; key: string }
  /** Take back one count of a budget (an attempt that turned out well). */
  | { type: "undo"; key: string }
  /** The whole node's metrics, every worker's aggregated (answered as Prometheus text). */
  | { type: "metrics" };

export type WorkerMessage = { coffer: 1 } & (
  | { kind: "ask"; id: number; question: Question }
  /** The worker dropped the entries of a tag the primary passed on. */
  | { kind: "dropped"; id: number }
  /** The worker hears invalidations from now on (sent before it can serve anything). */
  | { kind: "listening-to-bus" }
  | { kind: "ready"; port: number }
  /** This worker's metrics, for the primary's collection `id`. */
  | { kind: "metrics"; id: number; metrics: WorkerMetrics }
  /** The worker could not start; `line` says why, in the one-line form of main.ts. */
  | { kind: "failed"; line: string }
);

export type PrimaryMessage = { coffer: 1 } & (
  | { kind: "answer"; id: number; counted?: Counted; text?: string }
  /** Send your metrics, as `metrics` with the same id. */
  | { kind: "collect"; id: number }
  /** Drop this tag's entries, then say `dropped` with the same id. */
  | { kind: "drop"; id: number; tag: string }
);

const isOurs = (message: unknown): message is { coffer: 1; kind: string } =>
  typeof message === "object" && message !== null && (message as { coffer?: unknown }).coffer === 1;

export const isWorkerMessage = (message: unknown): message is WorkerMessage => isOurs(message);
export const isPrimaryMessage = (message: unknown): message is PrimaryMessage => isOurs(message);
