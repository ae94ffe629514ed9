// Sign-in through any OpenID Connect provider (issue 23; OpenID Connect Core 1.0 §3.1, the
// authorization code flow): the endpoints and keys come from the issuer's discovery document; the
// ID token is verified (signature against the issuer's keys, iss, aud and azp, exp and iat, the
// flow's nonce); the email counts only when the provider says it verified it.
import { createHash } from "node:crypto";
import { errors, type JWTPayload, jwtVerify } from "jose";
import type { Clock } from "../../clock.ts";
import type { OidcProviderConfig } from "../../config.ts";
import { constantTimeEqual } from "../../crypto/tokens.ts";
import { fetchBounded } from "../../lib/bounded-fetch.ts";
import {
  createIssuerDiscovery,
  DISCOVERY_MAX_BYTES,
  type DiscoveredIssuer,
  DiscoveryFailed,
} from "../../lib/oidc-discovery.ts";
import {
  call,
  namesOf,
  type Provider,
  ProviderError,
  type ProviderProfile,
  redeemCode,
} from "./providers.ts";

const DISCOVERY_TIMEOUT_MS = 5_000;
const CLOCK_TOLERANCE_SECONDS = 60;
/** An ID token is minted at the code exchange, moments before it is read. */
const MAX_TOKEN_AGE_SECONDS = 600;
// Signatures by the issuer's published keys only: never "none", never a shared-secret HMAC.
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

/**
 * The identity's subject as stored: the issuer's fingerprint before its `sub`, so that a subject
 * of another issuer (the operator moved to another provider, or another realm) never matches a
 * link made through this one.
 */
export const oidcSubject = (issuer: string, sub: string) =>
  `${createHash("sha256").update(issuer).digest("base64url").slice(0, 22)}:${sub}`;

const rejected = (why: string) =>
  new ProviderError("id_token_rejected", `The ID token is not accepted: ${why}`);

function verificationFailure(error: unknown): ProviderError {
  if (error instanceof errors.JWTExpired) return rejected(`its ${error.claim} claim is too old`);
  if (error instanceof errors.JWTClaimValidationFailed)
    return rejected(`its ${error.claim} claim is not valid`);
  // The key set could not be fetched (a network failure is no JOSE error).
  if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
    return new ProviderError("provider_unavailable", "the issuer's signing keys could not be fetched");
  }
  return rejected("its signature does not verify against the issuer's keys");
}

export function oidc(config: OidcProviderConfig | undefined, clock: Clock): Provider {
  // The operator configured this issuer (and it names its own keys): trusted, so bounded only,
  // not vetted like the issuers users trust (an identity provider often lives on a private network).
  const discover = createIssuerDiscovery({
    timeoutMs: DISCOVERY_TIMEOUT_MS,
    fetchText: (url, signal) =>
      fetchBounded(
        url,
        { redirect: "error", ...(signal ? { signal } : {}) },
        { timeoutMs: DISCOVERY_TIMEOUT_MS, maxBytes: DISCOVERY_MAX_BYTES },
      ),
  });

  async function issuer(): Promise<DiscoveredIssuer> {
    if (!config) throw new ProviderError("provider_error", "single sign-on is not configured");
    try {
      return await discover(config.issuer);
    } catch (error) {
      const failure = error as DiscoveryFailed;
      throw new ProviderError(
        failure instanceof DiscoveryFailed && failure.reason === "mismatch"
          ? "provider_error"
          : "provider_unavailable",
        `the issuer's discovery document could not be used: ${failure.message}`,
      );
    }
  }

  const endpoint = (found: DiscoveredIssuer, name: "authorization_endpoint" | "token_endpoint") => {
    const url = found.configuration[name];
    if (!url) throw new ProviderError("provider_error", `the issuer's discovery document has no ${name}`);
    return url;
  };

  async function verifyIdToken(found: DiscoveredIssuer, idToken: unknown, nonce: string) {
    if (typeof idToken !== "string") throw rejected("the token endpoint answered none");
    const clientId = config?.clientId ?? "";
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, found.keys, {
        issuer: found.configuration.issuer,
        audience: clientId,
        algorithms: ALGORITHMS,
        currentDate: clock.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (error) {
      throw verificationFailure(error);
    }
    // Several audiences: the token must say it was issued to this client (Core §3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
      throw rejected("its azp claim is not this client");
    }
    if (!nonce || typeof payload.nonce !== "string" || !constantTimeEqual(payload.nonce, nonce)) {
      throw rejected("its nonce is not this sign-in's");
    }
    if (typeof payload.sub !== "string" || payload.sub === "") throw rejected("its sub claim is empty");
    return payload as JWTPayload & { sub: string };
  }

  /** The ID token's claims, or the userinfo endpoint's when the ID token carries no email. */
  async function claimsOf(
    found: DiscoveredIssuer,
    idToken: JWTPayload & { sub: string },
    accessToken: string,
  ): Promise<Record<string, unknown>> {
    const userinfoUrl = found.configuration.userinfo_endpoint;
    if (idToken.email !== undefined || !userinfoUrl) return idToken;
    const info = (await call(userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      redirect: "error",
    })) as Record<string, unknown>;
    // Core §5.3.2: a userinfo answer about someone else must not be used.
    if (info.sub !== idToken.sub)
      throw new ProviderError("provider_error", "userinfo is about another subject");
    return info;
  }

  return {
    name: "oidc",
    label: config?.name ?? "Single sign-on",
    clientId: config?.clientId,
    scope: config?.scopes ?? "openid email profile",
    usesNonce: true,
    async authorizationUrl() {
      return endpoint(await issuer(), "authorization_endpoint");
    },
    async identify(code, flow): Promise<ProviderProfile> {
      const found = await issuer();
      const methods = found.configuration.token_endpoint_auth_methods_supported;
      // Basic is the default of the discovery document (Discovery §3) and of most providers.
      const basic = !methods || methods.includes("client_secret_basic");
      const answer = await redeemCode(
        endpoint(found, "token_endpoint"),
        {
          id: config?.clientId ?? "",
          secret: config?.clientSecret ?? "",
          authentication: basic ? "client_secret_basic" : "client_secret_post",
        },
        code,
        flow,
      );
      const idToken = await verifyIdToken(found, answer.id_token, flow.nonce);
      const claims = await claimsOf(found, idToken, answer.access_token);
      // Only a boolean true vouches for the address (Core §5.1); "true" as a string does not.
      // Microsoft Entra ID sends no email_verified for work accounts: its `xms_edov` (the address's
      // domain is verified by the tenant's owner) is the claim Microsoft itself tells relying parties
      // to check, and counts only in the signed ID token and only when email_verified is absent.
      const vouched =
        claims.email_verified === true || (claims.email_verified === undefined && idToken.xms_edov === true);
      const verified = vouched && typeof claims.email === "string" && claims.email !== "";
      return {
        subject: oidcSubject(found.configuration.issuer, idToken.sub),
        verifiedEmail: verified ? (claims.email as string) : null,
        ...namesOf(claims),
      };
    },
  };
}
