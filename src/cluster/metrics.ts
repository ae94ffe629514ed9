// The node's metrics with COFFER_WORKERS: each worker's registry (http/metrics.ts), gathered by the
// primary over the cluster channel and aggregated as prom-client's AggregatorRegistry does, by each
// metric's own `aggregator` (sum unless it says otherwise).
import { AggregatorRegistry, Gauge, Registry } from "prom-client";
import type { WorkerMetrics } from "./messages.ts";

/** The Prometheus text of the aggregated metrics, with how many of `expected` workers answered. */
export async function aggregateMetrics(gathered: WorkerMetrics[], expected: number): Promise<string> {
  const aggregated: Registry = gathered.length > 0 ? AggregatorRegistry.aggregate(gathered) : new Registry();
  const reporting = new Registry();
  const workers = new Gauge({
    name: "coffer_cluster_workers",
    help: "Worker processes of this node: configured (COFFER_WORKERS) and reporting (whose metrics this scrape holds)",
    labelNames: ["state"],
    registers: [reporting],
  });
  workers.set({ state: "configured" }, expected);
  workers.set({ state: "reporting" }, gathered.length);
  return (await Registry.merge([aggregated, reporting]).metrics()) as string;
}
