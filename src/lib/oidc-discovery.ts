// OpenID Connect discovery (OpenID Connect Discovery 1.0, §4): an issuer's configuration document
// and its signing keys, found on first use and kept for an hour. A failure is not remembered, so
// the next request tries again. Time and size are bounded (bounded-fetch.ts).
import { createRemoteJWKSet, customFetch } from "jose";
import { type BoundedAnswer, boundedFetchFunction, fetchBounded } from "./bounded-fetch.ts";

export interface IssuerConfiguration {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

export interface DiscoveredIssuer {
  configuration: IssuerConfiguration;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

/** Why an issuer could not be used: it did not answer well, or its document is not its own. */
export class DiscoveryFailed extends Error {
  constructor(
    readonly reason: "unreachable" | "mismatch",
    message: string,
  ) {
    super(message);
  }
}

const TTL_MS = 60 * 60_000;
/** Discovery documents and key sets are a few kilobytes; this leaves room for large key sets. */
const MAX_BYTES = 256 * 1024;

/** Where an issuer publishes its document: a terminating "/" of the issuer is removed first (§4.1). */
export const discoveryUrl = (issuer: string) =>
  `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

function readConfiguration(text: string, issuer: string): IssuerConfiguration {
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(text);
  } catch {
    throw new DiscoveryFailed("unreachable", "the discovery document is not JSON");
  }
  if (document === null || typeof document !== "object") {
    throw new DiscoveryFailed("unreachable", "the discovery document is not a JSON object");
  }
  // The document must be the configured issuer's own (§4.3): a proxy or a mix-up answering for
  // another issuer would otherwise get its tokens accepted.
  if (document.issuer !== issuer || !isHttpUrl(document.jwks_uri)) {
    throw new DiscoveryFailed("mismatch", "the discovery document names another issuer or no jwks_uri");
  }
  const endpoint = (name: string) => (isHttpUrl(document[name]) ? document[name] : undefined);
  const methods = document.token_endpoint_auth_methods_supported;
  return {
    issuer,
    jwks_uri: document.jwks_uri,
    authorization_endpoint: endpoint("authorization_endpoint"),
    token_endpoint: endpoint("token_endpoint"),
    userinfo_endpoint: endpoint("userinfo_endpoint"),
    token_endpoint_auth_methods_supported: Array.isArray(methods)
      ? methods.filter((m): m is string => typeof m === "string")
      : undefined,
  };
}

export function createIssuerDiscovery(options: { timeoutMs: number }) {
  const limits = { timeoutMs: options.timeoutMs, maxBytes: MAX_BYTES };
  const found = new Map<string, DiscoveredIssuer & { until: number }>();
  return async (issuer: string): Promise<DiscoveredIssuer> => {
    const cached = found.get(issuer);
    if (cached && cached.until > Date.now()) return cached;
    let answer: BoundedAnswer;
    try {
      answer = await fetchBounded(discoveryUrl(issuer), { redirect: "error" }, limits);
    } catch (error) {
      throw new DiscoveryFailed("unreachable", (error as Error).message);
    }
    if (answer.status !== 200) throw new DiscoveryFailed("unreachable", `status ${answer.status}`);
    const configuration = readConfiguration(answer.text, issuer);
    const keys = createRemoteJWKSet(new URL(configuration.jwks_uri), {
      timeoutDuration: options.timeoutMs,
      [customFetch]: boundedFetchFunction(limits),
    });
    const entry = { configuration, keys, until: Date.now() + TTL_MS };
    found.set(issuer, entry);
    return entry;
  };
}
