// Rate limits: COFFER_RATE_LIMIT_PER_MINUTE per credential (per address when anonymous); the
// sign-in endpoints a tenth of it per address. They count in the app's Counters (lib/counters.ts):
// in Redis when REDIS_URL is set, so every API node shares them (and, while Redis does not answer,
// in this process); without Redis, a cluster's workers count in their primary.
//
// A credential gets a bucket of its own only when it authenticates: otherwise every made-up
// `sk-…` would open a fresh bucket. Unknown and invalid credentials count against the caller's
// address (and past a budget of failures, no lookup is made: http/credential-check.ts).
import rateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sha256 } from "../crypto/tokens.ts";
import { AppError } from "../errors.ts";
import type { Counted, Counters } from "../lib/counters.ts";
import { type CredentialCheck, presentedCredential } from "./credential-check.ts";

const WINDOW_MS = 60_000;

/** A @fastify/rate-limit store class (the plugin constructs it). */
export type RateLimitStore = new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;

/** The counter's name: the credential's digest (never the credential: it may land in Redis), or the address. */
const bucketOf =
  (credentials: CredentialCheck) =>
  async (request: FastifyRequest): Promise<string> => {
    const principal = credentials.principalOf(request);
    if (principal) {
      try {
        await principal;
        return `cred:${sha256(presentedCredential(request)!.token)}`;
      } catch {
        // The authentication hook answers the failure; here it only decides who pays for it.
      }
    }
    return `ip:${request.ip}`;
  };

/**
 * A @fastify/rate-limit store that counts in `counters`, namespaced as the plugin's own stores
 * are: one namespace per route with a limit of its own.
 */
export function countedStore(counters: Counters, prefix = "rl:"): RateLimitStore {
  return class CountedStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly namespace = prefix,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
      counters.hit(`${this.namespace}${key}`, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: string; url?: string } }) {
      const route = routeOptions.routeInfo ?? {};
      return new CountedStore(routeOptions, `${this.namespace}${route.method}${route.url}-`);
    }
  };
}

export async function registerRateLimit(
  app: FastifyInstance,
  perMinute: number,
  credentials: CredentialCheck,
  store: RateLimitStore,
): Promise<object> {
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: bucketOf(credentials),
    enableDraftSpec: true,
    store,
    // An AppError like any other (the plugin has set Retry-After and RateLimit-* already).
    errorResponseBuilder: (_request, context) =>
      new AppError("rate_limited", `Too many requests: retry in ${Math.ceil(context.ttl / 1000)} s`),
  });
  /** Route config for the sign-in endpoints. */
  return {
    max: Math.max(1, Math.floor(perMinute / 10)),
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `auth-ip:${request.ip}`,
  };
}
