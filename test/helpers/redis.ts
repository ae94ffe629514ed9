// The Redis the Redis-backed tests use, and whether it answers. CI requires it
// (COFFER_REQUIRE_REDIS=1): there a missing Redis fails the tests instead of skipping them.
import { Redis } from "ioredis";

export const REDIS_URL = process.env.COFFER_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
export const REQUIRE_REDIS = process.env.COFFER_REQUIRE_REDIS === "1";

export async function redisReachable(url: string = REDIS_URL): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
