// Authenticates a request's credential once, for both the rate limiter (which names the bucket
// after a credential only when it is real) and the authentication hook (which needs the principal).
// Failed attempts count per address, on the shared counters (every worker and node spends one
// budget): past the budget, no lookup is made for a credential that has not worked here before, so
// made-up keys cannot buy database reads, while keys already proven keep working from an address
// that someone else is hammering.
import type { FastifyRequest } from "fastify";
import type { CredentialResolver, Principal } from "../auth/principal.ts";
import { API_KEY_PREFIX, sha256 } from "../crypto/tokens.ts";
import { AppError } from "../errors.ts";
import type { Counters } from "../lib/counters.ts";

export type PresentedCredential = { kind: "api_key" | "bearer"; token: string };

/** The raw credential a request carries, if any. */
export function presentedCredential(request: FastifyRequest): PresentedCredential | null {
  const apiKey = request.headers["x-api-key"];
  if (typeof apiKey === "string" && apiKey.trim() !== "") return { kind: "api_key", token: apiKey.trim() };
  const authorization = request.headers.authorization;
  if (typeof authorization === "string") {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return { kind: "bearer", token: match[1] };
  }
  return null;
}

const WINDOW_MS = 60_000;
const MAX_TRACKED = 100_000;
const PROVEN_TTL_MS = 10 * 60_000;

/** Insert-ordered map used as a bounded cache: the oldest entry goes first. */
function setBounded<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= MAX_TRACKED) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

export interface CredentialCheck {
  /** The principal of the request's credential (memoised per request); null when none is sent. */
  principalOf(request: FastifyRequest): Promise<Principal> | null;
}

export function createCredentialCheck(
  resolver: CredentialResolver,
  failuresPerMinute: number,
  counters: Counters,
): CredentialCheck {
  const attempts = new WeakMap<FastifyRequest, Promise<Principal>>();
  /** Digests of credentials that authenticated recently, with when that stops counting. */
  const proven = new Map<string, number>();
  const failuresKey = (address: string) => `credential-failures:${address}`;

  async function attempt(request: FastifyRequest, credential: PresentedCredential): Promise<Principal> {
    const now = Date.now();
    const digest = sha256(credential.token);
    const wasProven = (proven.get(digest) ?? 0) > now;
    if (!wasProven) {
      const failures = await counters.peek(failuresKey(request.ip));
      if (failures.current >= failuresPerMinute) {
        const wait = Math.max(1, Math.ceil(failures.ttl / 1000));
        throw new AppError("rate_limited", `Too many failed sign-ins from this address: retry in ${wait} s`, {
          headers: { "retry-after": String(wait) },
        });
      }
    }
    try {
      const principal =
        credential.kind === "api_key" || credential.token.startsWith(API_KEY_PREFIX)
          ? await resolver.authenticateApiKey(credential.token, request.ip)
          : await resolver.authenticateAccessToken(credential.token);
      setBounded(proven, digest, Date.now() + PROVEN_TTL_MS);
      return principal;
    } catch (error) {
      proven.delete(digest);
      if (error instanceof AppError && error.status === 401)
        await counters.hit(failuresKey(request.ip), WINDOW_MS);
      throw error;
    }
  }

  return {
    principalOf(request) {
      const credential = presentedCredential(request);
      if (!credential) return null;
      let pending = attempts.get(request);
      if (!pending) {
        pending = attempt(request, credential);
        // Whoever awaits it sees the failure; an unawaited rejection must not crash the process.
        pending.catch(() => {});
        attempts.set(request, pending);
      }
      return pending;
    },
  };
}
