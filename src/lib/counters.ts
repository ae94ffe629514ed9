// Fixed-window counters that budget attempts: failed sign-ins per account, failed credentials
// per address, codes and reset mails per account. One process counts in memory; a cluster's
// workers count in their primary (cluster/worker.ts); several nodes count in Redis, so a budget
// means the same whichever node or worker an attempt reaches.
import { hash } from "node:crypto";

export interface Counted {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

export interface Counters {
  /** Counts one against `key`; the window starts at the first count and lasts `windowMs`. */
  hit(key: string, windowMs: number): Promise<Counted>;
  /** The count so far, without adding one (0 once the window ended). */
  peek(key: string): Promise<Counted>;
  /** Takes back one count of the window under way (an attempt that turned out well). */
  undo(key: string): Promise<void>;
}

/** Keys kept at most in memory; past this the oldest goes (as @fastify/rate-limit's own store bounds its LRU). */
const MAX_KEYS = 100_000;

/** The in-memory counters, synchronous at heart: a cluster's primary answers its workers with them. */
export function createLocalCounts(now: () => number = Date.now) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.endsAt > at ? window : undefined;
  };
  return {
    hit(key: string, windowMs: number): Counted {
      const at = now();
      let window = live(key, at);
      if (!window) {
        windows.delete(key);
        if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { current: window.count, ttl: window.endsAt - at };
    },
    peek(key: string): Counted {
      const at = now();
      const window = live(key, at);
      return window ? { current: window.count, ttl: window.endsAt - at } : { current: 0, ttl: 0 };
    },
    undo(key: string): void {
      const window = live(key, now());
      if (window && window.count > 0) window.count--;
    },
    /** Forgets the windows that have ended (called now and then, so idle keys do not pile up). */
    sweep(): void {
      const at = now();
      for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    },
  };
}

export type LocalCounts = ReturnType<typeof createLocalCounts>;

export function localCounters(counts: LocalCounts = createLocalCounts()): Counters {
  const sweeper = setInterval(() => counts.sweep(), 60_000);
  sweeper.unref();
  return {
    hit: async (key, windowMs) => counts.hit(key, windowMs),
    peek: async (key) => counts.peek(key),
    undo: async (key) => counts.undo(key),
  };
}

/** What the Redis counters need of a client (ioredis's Redis has it). */
export interface RedisLike {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  evalsha(sha1: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  status: string;
}

/** A Lua script, sent by its SHA-1 (EVALSHA): every request counts, and the text is ~200 bytes. */
interface Script {
  source: string;
  sha1: string;
}

const script = (source: string): Script => ({
  source,
  sha1: hash("sha1", source, "hex"),
});

// INCR with the window's expiry set by the first count, and the time left, in one round trip.
const HIT = script(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`);
const PEEK = script(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
return {n, math.max(redis.call('PTTL', KEYS[1]), 0)}`);
const UNDO = script(`
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`);

/** How long a budget check waits on Redis before it counts in this process instead. */
const REDIS_WAIT_MS = 500;

/**
 * Counters in Redis, shared by every node. When Redis does not answer within REDIS_WAIT_MS, the
 * node counts on its own (`fallback`: this process, or a cluster's primary for all its workers; a
 * budget then holds per node, not per deployment) and `problem()` says so: a sign-in never waits
 * on, or fails because of, a Redis outage.
 */
export function redisCounters(
  redis: RedisLike,
  options: {
    prefix?: string;
    fallback?: Counters;
    onFallback?: (error: Error) => void;
    onRecovered?: () => void;
  } = {},
): Counters & { problem(): string | undefined } {
  const prefix = options.prefix ?? "coffer-count:";
  const fallback = options.fallback ?? localCounters();
  let failing: string | undefined;

  // A Redis restarted, or whose scripts were flushed, knows the SHA-1 no more (NOSCRIPT): the text
  // then goes once, and Redis keeps it for the next calls.
  async function send(script: Script, key: string, args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(script.sha1, 1, key, ...args);
    } catch (error) {
      if (!(error as Error).message?.startsWith("NOSCRIPT")) throw error;
      return redis.eval(script.source, 1, key, ...args);
    }
  }

  async function run(script: Script, key: string, args: (string | number)[]): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not answer within ${REDIS_WAIT_MS} ms`)),
        REDIS_WAIT_MS,
      );
    });
    try {
      const result = await Promise.race([send(script, `${prefix}${key}`, args), timeout]);
      if (failing !== undefined) {
        failing = undefined;
        options.onRecovered?.();
      }
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  function fellBack(error: unknown) {
    const message = (error as Error).message;
    if (failing === undefined) options.onFallback?.(error as Error);
    failing = message;
  }

  const pair = (value: unknown): Counted => {
    const [current, ttl] = value as [number, number];
    return { current: Number(current), ttl: Number(ttl) };
  };

  return {
    async hit(key, windowMs) {
      try {
        return pair(await run(HIT, key, [windowMs]));
      } catch (error) {
        fellBack(error);
        return fallback.hit(key, windowMs);
      }
    },
    async peek(key) {
      try {
        return pair(await run(PEEK, key, []));
      } catch (error) {
        fellBack(error);
        return fallback.peek(key);
      }
    },
    async undo(key) {
      try {
        await run(UNDO, key, []);
      } catch (error) {
        fellBack(error);
        await fallback.undo(key);
      }
    },
    // Once Redis is connected again the next count goes there: the fallback is over.
    problem: () =>
      failing === undefined || redis.status === "ready"
        ? undefined
        : `rate limits and attempt budgets count on this node only while Redis fails (${failing})`,
  };
}
