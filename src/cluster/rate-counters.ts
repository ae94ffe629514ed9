// The rate-limit counters a cluster's primary keeps for all its workers (when there is no Redis):
// fixed windows, as @fastify/rate-limit's own in-memory store counts them, so a budget means the
// same with one worker or many.
import type { Counted } from "./messages.ts";

/** Buckets kept at most; past this the oldest goes (as the plugin's own store bounds its LRU). */
const MAX_BUCKETS = 100_000;

export function createRateCounters(now: () => number = Date.now) {
  const buckets = new Map<string, { count: number; endsAt: number }>();
  return {
    count(key: string, windowMs: number): Counted {
      const at = now();
      let bucket = buckets.get(key);
      if (!bucket || bucket.endsAt <= at) {
        buckets.delete(key);
        if (buckets.size >= MAX_BUCKETS) buckets.delete(buckets.keys().next().value as string);
        bucket = { count: 0, endsAt: at + windowMs };
        buckets.set(key, bucket);
      }
      bucket.count++;
      return { current: bucket.count, ttl: bucket.endsAt - at };
    },
    /** Forgets the windows that have ended (called now and then, so idle buckets do not pile up). */
    sweep(): void {
      const at = now();
      for (const [key, bucket] of buckets) if (bucket.endsAt <= at) buckets.delete(key);
    },
  };
}
