// POST /auth/oidc/exchange: a CI job's OIDC ID token (GitHub Actions, GitLab CI, a Kubernetes
// service-account token) becomes a short-lived key of the service account the job names, when one
// of that account's trusts accepts it, so the job holds no stored secret. The token is verified
// with jose against the issuer's keys (found through its discovery document, both cached), its
// exp/nbf/iss/aud are checked, its sub and claims must match a trust of the named account (never
// another workspace's), and each token is exchanged once (a replay within its lifetime: 401; the
// record is of what was verified, so no other spelling of the token passes for a new one).
import { decodeJwt, errors, type JWTPayload, jwtVerify } from "jose";
import type { AuditActor } from "../../auth/context.ts";
import { presentScope } from "../../auth/key-scope.ts";
import type { Principal } from "../../auth/principal.ts";
import { addSeconds } from "../../clock.ts";
import { sha256 } from "../../crypto/tokens.ts";
import { AppError } from "../../errors.ts";
import { createIssuerDiscovery, DISCOVERY_MAX_BYTES, DiscoveryFailed } from "../../lib/oidc-discovery.ts";
import { getOnce } from "../../lib/outbound.ts";
import type { ServiceAccountsDeps } from "./core.ts";
import type { createServiceAccountKeys } from "./keys.ts";
import * as repo from "./repo.ts";
import { unpinnedSharedIssuer } from "./shared-issuers.ts";

const FETCH_TIMEOUT_MS = 5_000;
const CLOCK_TOLERANCE_SECONDS = 30;

const rejected = (why: string) =>
  new AppError("oidc_token_rejected", `The OIDC token is not accepted: ${why}`);

/** A pattern matched whole, `*` standing for any run of characters. */
export function patternMatches(pattern: string, value: string): boolean {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "s").test(value);
}

/**
 * Each segment in base64url as JWS writes it (RFC 7515 §2): its alphabet only, no padding, no
 * stray trailing bits. Decoders accept other spellings of the same bytes; refusing them leaves a
 * token one text.
 */
const canonicallyEncoded = (token: string): boolean =>
  token
    .split(".")
    .every(
      (segment) =>
        /^[A-Za-z0-9_-]*$/.test(segment) &&
        Buffer.from(segment, "base64url").toString("base64url") === segment,
    );

/**
 * What the replay record remembers of a verified token: its issuer and jti, else its issuer and
 * what it signed (header and payload). Never the signature: an ECDSA signature has a second valid
 * form (s and n − s), so two texts would carry the same token.
 */
function replayDigest(issuer: string, payload: JWTPayload, token: string): string {
  if (typeof payload.jti === "string" && payload.jti !== "")
    return sha256(`oidc/jti\0${issuer}\0${payload.jti}`);
  return sha256(`oidc/signed\0${issuer}\0${token.slice(0, token.lastIndexOf("."))}`);
}

const claimText = (value: unknown): string | undefined =>
  typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : undefined;

function trustMatches(trust: repo.TrustRow, payload: JWTPayload): boolean {
  const audiences = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
  if (!audiences.includes(trust.audience)) return false;
  if (!payload.sub || !patternMatches(trust.subject, payload.sub)) return false;
  const claims = JSON.parse(trust.claims) as Record<string, string>;
  return Object.entries(claims).every(([name, pattern]) => {
    const value = claimText(payload[name]);
    return value !== undefined && patternMatches(pattern, value);
  });
}

/**
 * The issuers' key sets, found through their discovery documents; failures are not remembered.
 * Issuers are chosen by users, so every request is vetted (outbound.ts): a trust cannot make Coffer
 * reach inside its network.
 */
function createIssuerKeys(allowedNetworks: readonly string[]) {
  const discover = createIssuerDiscovery({
    timeoutMs: FETCH_TIMEOUT_MS,
    fetchText: (url, signal) =>
      getOnce(
        url,
        { accept: "application/json" },
        {
          allowedNetworks,
          timeoutMs: FETCH_TIMEOUT_MS,
          maxResponseBytes: DISCOVERY_MAX_BYTES,
          ...(signal ? { signal } : {}),
        },
      ),
  });
  return async (issuer: string) => (await discover(issuer)).keys;
}

export function createOidcExchange(
  deps: ServiceAccountsDeps,
  keys: ReturnType<typeof createServiceAccountKeys>,
) {
  const { db, clock, audit, logger } = deps;
  const keysOf = createIssuerKeys(deps.allowedNetworks);

  /**
   * One answer whatever went wrong (refused address, no connection, timeout, not JSON, another
   * issuer's document, no key set): differing ones would let a caller map the network through a
   * trust. The reason is the operator's, in the log.
   */
  const issuerUnusable = (issuer: string, error: unknown) => {
    logger.warn({ issuer, reason: (error as Error).message }, "an OIDC issuer could not be used");
    return new AppError(
      "oidc_issuer_unavailable",
      "The issuer's discovery document or signing keys could not be used",
    );
  };

  async function verify(token: string, issuer: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, await keysOf(issuer), {
        issuer,
        currentDate: clock.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp", "sub", "aud"],
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw rejected("it has expired");
      if (error instanceof errors.JWTClaimValidationFailed)
        throw rejected(`its ${error.claim} claim is not valid`);
      // The discovery document or the key set failed, or something else that is no verdict on
      // the token itself.
      if (
        error instanceof DiscoveryFailed ||
        error instanceof errors.JWKSTimeout ||
        !(error instanceof errors.JOSEError)
      )
        throw issuerUnusable(issuer, error);
      throw rejected("its signature does not verify against the issuer's keys");
    }
  }

  return async function exchange(
    input: { token: string; service_account_id: string },
    client: Omit<AuditActor, "principal">,
  ) {
    let claimed: JWTPayload;
    try {
      claimed = decodeJwt(input.token);
    } catch {
      throw rejected("it is not a JWT");
    }
    if (!canonicallyEncoded(input.token)) throw rejected("it is not written in canonical base64url");
    if (typeof claimed.iss !== "string") throw rejected("it names no issuer");
    const issuer = claimed.iss;
    const stored = await repo.trustsOfIssuer(db, issuer, input.service_account_id);
    if (stored.length === 0) throw rejected("this service account trusts no such issuer");
    // A trust stored before shared issuers had to pin their owner is not used: the account's id is
    // no secret, so it would hand the key to any job on the platform.
    const trusts = stored.filter(
      (trust) => !unpinnedSharedIssuer(trust.issuer, trust.subject, JSON.parse(trust.claims)),
    );
    if (trusts.length === 0) {
      throw rejected("this service account's trusts of a shared issuer pin no owner: pin it in the trust");
    }
    const payload = await verify(input.token, issuer);
    const trust = trusts.find((candidate) => trustMatches(candidate, payload));
    if (!trust) throw rejected("its audience, subject or claims match no trust of this issuer");
    if (trust.disabled_at)
      throw new AppError("service_account_disabled", "The trusting service account is disabled");

    const now = clock.now();
    const expiresAt = addSeconds(now, trust.token_minutes * 60).toISOString();
    const tokenExpiry = new Date(((payload.exp as number) + CLOCK_TOLERANCE_SECONDS) * 1000).toISOString();
    const minted = await db.transaction().execute(async (tx) => {
      if (!(await repo.rememberExchange(tx, replayDigest(issuer, payload, input.token), tokenExpiry))) {
        throw new AppError("oidc_token_replayed", "This OIDC token was already exchanged: request a new one");
      }
      const account = await repo.findAccount(tx, trust.workspace_id, trust.service_account_id);
      if (!account) throw rejected("its service account no longer exists");
      const { row, token } = await keys.insertKey(
        tx,
        account,
        {
          name: `oidc: ${trust.name}`,
          description: `exchanged for ${payload.sub}`,
          // The trust's scope, as its columns say: the exchanged key is no wider than the trust.
          ...presentScope(trust),
        },
        { createdBy: account.id, expiresAt, trustId: trust.id },
      );
      const principal: Principal = {
        userId: account.id,
        kind: "api_key",
        sessionId: null,
        apiKeyId: row.id,
        apiKeyName: row.name,
        workspaceClaim: account.workspace_id,
        scope: null,
        serviceAccount: {
          id: account.id,
          name: account.name,
          workspaceId: account.workspace_id,
          role: account.role,
          teamIds: [],
        },
      };
      await audit.record(
        tx,
        { ...client, principal, workspaceId: account.workspace_id },
        {
          action: "service_account.token_exchanged",
          resourceType: "service_account",
          resourceId: account.id,
          details: { trust_id: trust.id, issuer: trust.issuer, subject: payload.sub ?? null, key_id: row.id },
        },
      );
      return { token, account };
    });
    return {
      access_token: minted.token,
      token_type: "Bearer" as const,
      expires_in: trust.token_minutes * 60,
      expires_at: expiresAt,
      service_account_id: minted.account.id,
      workspace_id: minted.account.workspace_id,
    };
  };
}
