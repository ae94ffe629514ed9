// A small in-process cache of what every request looks up before doing any work: API keys by
// digest, sessions by id, workspace roles (DESIGN.md §4). Entries carry tags; a change publishes a
// tag on the invalidation bus and every process drops the matching entries (in process, across
// the workers of one machine through the cluster channel, or across nodes through Redis pub/sub).
// The change's answer waits for the publish, so the next request anywhere finds no stale entry.
// The TTL bounds staleness for changes made behind the API's back (a hand-edited database).
import type { Redis } from "ioredis";
import { within } from "../lib/within.ts";

export interface InvalidationBus {
  /**
   * Drops the tag's entries here at once; resolves once the other processes have been told (the
   * cluster bus: every sibling worker has dropped them; Redis: the message reached Redis, or, while
   * Redis does not answer, it waits in the backlog to be sent when it does).
   */
  publish(tag: string): Promise<void>;
  subscribe(handler: (tag: string) => void): void;
  /** Why other nodes may not hear this node's invalidations right now, or undefined. */
  problem(): string | undefined;
  /** Invalidations waiting to reach the other nodes. */
  backlog(): number;
  close(): Promise<void>;
}

const CHANNEL = "coffer:invalidate";
/** The tag that empties every cache of this process (never published to other processes). */
export const EVERY_TAG = "*";
/** How long a revocation's answer waits on Redis before its fan-out goes to the backlog. */
const PUBLISH_WAIT_MS = 500;
/** How often the backlog is sent while it is not empty. */
const RETRY_EVERY_MS = 500;
/** Tags kept at most in the backlog (the oldest go first). */
const MAX_BACKLOG = 10_000;

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
    backlog: () => 0,
    close: async () => {},
  };
}

/**
 * Every node hears every tag; the publishing node applies it at once, and waits (bounded) until
 * Redis has taken the message: Redis hands it to every subscriber before it answers the publish,
 * so the other nodes hold it before the revoking request is answered.
 * While Redis does not answer (500 ms at most), the revocation still answers (it holds in the
 * database and on this node); its tag waits in a backlog, sent when Redis reconnects and every
 * 500 ms, and problem() says so. The other nodes' caches expire within CACHE_TTL_MS meanwhile:
 * that bounds how long they may accept a credential revoked during an outage, however long it is.
 */
export function redisBus(
  redis: Redis,
  events: { onPublishError?: (error: unknown) => void; onBacklogSent?: (count: number) => void } = {},
): InvalidationBus {
  const local = localBus();
  const subscriber = redis.duplicate();
  subscriber.on("error", () => {}); // reconnects by itself; the state is read by problem()
  // Asked for on every connection: asked while Redis is away, it would fail at once (no offline queue).
  // Back after a cut, every cached entry goes: the tags published meanwhile are lost to this node,
  // and which entries they concern cannot be known. They go as the connection returns, and again
  // once the subscription holds (what was cached in between may have missed a tag too); until
  // then this node does not count as listening, and problem() says so (/readyz stays 503).
  let subscribedBefore = false;
  let listening = false;
  subscriber.on("close", () => {
    listening = false;
  });
  subscriber.on("ready", () => {
    if (subscribedBefore) void local.publish(EVERY_TAG);
    void subscriber.subscribe(CHANNEL).then(
      () => {
        if (subscribedBefore) void local.publish(EVERY_TAG);
        subscribedBefore = true;
        listening = true;
      },
      () => {},
    );
  });
  subscriber.on("message", (_channel: string, tag: string) => void local.publish(tag));
  /**
   * Tags whose publication failed, until they are moot. Once published they are published again
   * at every round until then: a node whose subscription comes back after ours would miss a single
   * message, and an invalidation heard twice costs nothing.
   */
  const backlog = new Map<string, { until: number; published: boolean }>();
  let sending = false;

  const enqueue = (tag: string) => {
    backlog.delete(tag);
    // Past two cache lifetimes the tag is moot: every other node's entry for it was stored before
    // the revocation and has expired (CACHE_TTL_MS, plus the read it came from).
    backlog.set(tag, { until: Date.now() + 2 * CACHE_TTL_MS, published: false });
    if (backlog.size > MAX_BACKLOG) backlog.delete(backlog.keys().next().value as string);
  };
  const unpublished = () => [...backlog.values()].filter((entry) => !entry.published).length;

  async function sendBacklog(): Promise<void> {
    const now = Date.now();
    for (const [tag, entry] of backlog) if (entry.until <= now) backlog.delete(tag);
    if (sending || backlog.size === 0 || redis.status !== "ready") return;
    sending = true;
    let firstTime = 0;
    try {
      for (const [tag, entry] of backlog) {
        await within(redis.publish(CHANNEL, tag), PUBLISH_WAIT_MS, "Redis");
        if (!entry.published) firstTime++;
        entry.published = true;
      }
    } catch {
      // Still failing: the rest waits for the next round.
    } finally {
      sending = false;
      if (firstTime > 0) events.onBacklogSent?.(firstTime);
    }
  }
  redis.on("ready", () => void sendBacklog());
  const retry = setInterval(() => void sendBacklog(), RETRY_EVERY_MS);
  retry.unref();

  return {
    async publish(tag) {
      await local.publish(tag);
      try {
        await within(redis.publish(CHANNEL, tag), PUBLISH_WAIT_MS, "Redis");
      } catch (error) {
        enqueue(tag);
        events.onPublishError?.(error);
      }
    },
    subscribe: local.subscribe,
    problem() {
      if (redis.status !== "ready" || subscriber.status !== "ready" || !listening)
        return "Redis is not connected";
      const waiting = unpublished();
      if (waiting > 0) return `${waiting} invalidations wait to be published to Redis`;
      return undefined;
    },
    backlog: unpublished,
    async close() {
      clearInterval(retry);
      subscriber.disconnect();
    },
  };
}

/**
 * A cluster worker's bus when there is Redis too: its siblings hear through the primary, other
 * nodes through Redis, so a Redis outage does not leave a sibling on this machine accepting a
 * credential revoked next door. A tag heard on both ways is dropped twice, which costs nothing.
 */
export function bothBuses(node: InvalidationBus, nodes: InvalidationBus): InvalidationBus {
  return {
    publish: async (tag) => {
      await Promise.all([node.publish(tag), nodes.publish(tag)]);
    },
    subscribe: (handler) => {
      node.subscribe(handler);
      nodes.subscribe(handler);
    },
    problem: () => node.problem() ?? nodes.problem(),
    backlog: () => node.backlog() + nodes.backlog(),
    close: async () => {
      await Promise.all([node.close(), nodes.close()]);
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

  /** The value under `key`, else the one `load` reads, kept under the tags `tagsOf` gives it when found. */
  async getOrLoad(key: string, load: () => Promise<V | undefined>, tagsOf: (value: V) => string[]) {
    const cached = this.get(key);
    if (cached) return cached;
    const mark = this.mark();
    const value = await load();
    if (value) this.set(key, value, tagsOf(value), mark);
    return value;
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
    if (tag === EVERY_TAG) {
      this.entries.clear();
      this.byTag.clear();
      return;
    }
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
  serviceAccount: (id: string) => `service-account:${id}`,
};

/** A cache that empties the entries of every tag the bus carries; `name` labels its lookups. */
export function cacheOn<V>(bus: InvalidationBus, name?: string, observer?: CacheObserver): TaggedCache<V> {
  const observe = name && observer ? (outcome: "hit" | "miss") => observer(name, outcome) : undefined;
  const cache = new TaggedCache<V>(CACHE_TTL_MS, CACHE_MAX_ENTRIES, observe);
  bus.subscribe((tag) => cache.invalidate(tag));
  return cache;
}
