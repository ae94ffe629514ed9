// A small in-process cache of what every request looks up before doing any work: API keys by
// digest, sessions by id, workspace roles (DESIGN.md §4). Entries carry tags; a change publishes a
// tag on the invalidation bus and every process drops the matching entries (in process, across
// the workers of one machine through the cluster channel, or across nodes through Redis pub/sub).
// The change's answer waits for the publish, so the next request anywhere finds no stale entry.
// The TTL bounds staleness for changes made behind the API's back (a hand-edited database).
import type { Redis } from "ioredis";

export interface InvalidationBus {
  /**
   * Drops the tag's entries here at once; resolves once the other processes have been told (the
   * cluster bus: every sibling worker has dropped them; Redis: the message reached Redis).
   */
  publish(tag: string): Promise<void>;
  subscribe(handler: (tag: string) => void): void;
  /** Why other nodes may not hear this node's invalidations right now, or undefined. */
  problem(): string | undefined;
  close(): Promise<void>;
}

const CHANNEL = "coffer:invalidate";
/** How long a revocation's answer waits on Redis before it is sent anyway (and /readyz says why). */
const PUBLISH_WAIT_MS = 2_000;

export function localBus(): InvalidationBus {
  const handlers: ((tag: string) => void)[] = [];
  return {
    publish: async (tag) => {
      for (const handler of handlers) handler(tag);
    },
    subscribe: (handler) => {
      handlers.push(handler);
    },
    problem: () => undefined,
    close: async () => {},
  };
}

/**
 * Every node hears every tag; the publishing node applies it at once, and waits (bounded) until
 * Redis has taken the message: Redis hands it to every subscriber before it answers the publish,
 * so the other nodes hold it before the revoking request is answered.
 * A failed publish is logged and reported by problem() (so /readyz says not ready) until a later
 * publish gets through.
 */
export function redisBus(redis: Redis, onPublishError: (error: unknown) => void = () => {}): InvalidationBus {
  const local = localBus();
  const subscriber = redis.duplicate();
  subscriber.on("error", () => {}); // reconnects by itself; the state is read by problem()
  void subscriber.subscribe(CHANNEL).catch(() => {});
  subscriber.on("message", (_channel: string, tag: string) => void local.publish(tag));
  let publishFailed = false;
  return {
    async publish(tag) {
      await local.publish(tag);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis did not answer within ${PUBLISH_WAIT_MS} ms`)),
          PUBLISH_WAIT_MS,
        );
      });
      try {
        await Promise.race([redis.publish(CHANNEL, tag), timeout]);
        publishFailed = false;
      } catch (error) {
        publishFailed = true;
        onPublishError(error);
      } finally {
        clearTimeout(timer);
      }
    },
    subscribe: local.subscribe,
    problem() {
      if (redis.status !== "ready" || subscriber.status !== "ready") return "Redis is not connected";
      if (publishFailed) return "the last invalidation could not be published to Redis";
      return undefined;
    },
    async close() {
      subscriber.disconnect();
    },
  };
}

/** Told of every lookup in a named cache (the metrics count hits and misses). */
export type CacheObserver = (cache: string, outcome: "hit" | "miss") => void;

export class TaggedCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; tags: string[] }>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Counts invalidations, so a value read before one cannot be stored after it. */
  private invalidations = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly observe?: (outcome: "hit" | "miss") => void,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= Date.now()) {
      if (entry) this.delete(key);
      this.observe?.("miss");
      return undefined;
    }
    this.observe?.("hit");
    return entry.value;
  }

  /** Take it before reading what set() will store. */
  mark(): number {
    return this.invalidations;
  }

  /**
   * Stores a value read from the database since `mark` (from mark()). When an invalidation came in
   * while it was being read (another process revoked it meanwhile), the value may be stale: it is
   * not stored, and the next lookup reads afresh.
   */
  set(key: string, value: V, tags: string[], mark: number): void {
    if (mark !== this.invalidations) return;
    this.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, tags });
    for (const tag of tags) {
      const keys = this.byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.byTag.set(tag, keys);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  invalidate(tag: string): void {
    this.invalidations++;
    for (const key of [...(this.byTag.get(tag) ?? [])]) this.delete(key);
  }
}

export const CACHE_TTL_MS = 5_000;
export const CACHE_MAX_ENTRIES = 10_000;

/** Tags, one vocabulary for publishers and caches. */
export const tags = {
  apiKey: (id: string) => `api-key:${id}`,
  session: (id: string) => `session:${id}`,
  user: (id: string) => `user:${id}`,
  workspace: (id: string) => `workspace:${id}`,
};

/** A cache that empties the entries of every tag the bus carries; `name` labels its lookups. */
export function cacheOn<V>(bus: InvalidationBus, name?: string, observer?: CacheObserver): TaggedCache<V> {
  const observe = name && observer ? (outcome: "hit" | "miss") => observer(name, outcome) : undefined;
  const cache = new TaggedCache<V>(CACHE_TTL_MS, CACHE_MAX_ENTRIES, observe);
  bus.subscribe((tag) => cache.invalidate(tag));
  return cache;
}
