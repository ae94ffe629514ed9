// Rate limits: COFFER_RATE_LIMIT_PER_MINUTE per credential (per address when anonymous); the
// sign-in endpoints a tenth of it per address. Counters live in Redis when REDIS_URL is set,
// so every API node shares them.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { sha256 } from "../crypto/tokens.ts";
import { presentedCredential } from "./auth.ts";

const WINDOW_MS = 60_000;

const byCredentialOrAddress = (request: FastifyRequest): string => {
  const credential = presentedCredential(request);
  // The digest, not the credential, becomes the counter's name (it may land in Redis).
  return credential ? `cred:${sha256(credential.token)}` : `ip:${request.ip}`;
};

export async function registerRateLimit(
  app: FastifyInstance,
  perMinute: number,
  redis?: Redis,
): Promise<object> {
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: byCredentialOrAddress,
    enableDraftSpec: true,
    nameSpace: "coffer-rl:",
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: `Too many requests: retry in ${Math.ceil(context.ttl / 1000)} s`,
      code: "rate_limited",
    }),
  });
  /** Route config for the sign-in endpoints. */
  return {
    max: Math.max(1, Math.floor(perMinute / 10)),
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `auth-ip:${request.ip}`,
  };
}
