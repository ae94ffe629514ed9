// OpenID Connect discovery (OpenID Connect Discovery 1.0, §4): an issuer's configuration document
// and its signing keys, found on first use and kept for an hour. A failure is not remembered, so
// the next request tries again. Every request goes through the caller's fetcher: bounded for an
// issuer the operator configured (bounded-fetch.ts), vetted for one a user chose (outbound.ts).
import { createRemoteJWKSet, customFetch } from "jose";

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

/** One GET, its answer read whole; rejects when the server cannot be reached or the answer is out of bounds. */
export type FetchText = (url: URL, signal?: AbortSignal) => Promise<{ status: number; text: string }>;

/** Why an issuer could not be used: it or its key set did not answer well, or its document is not its own. */
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
export const DISCOVERY_MAX_BYTES = 256 * 1024;

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

const isKeySet = (text: string): boolean => {
  try {
    const value = JSON.parse(text);
    return (
      Array.isArray(value?.keys) &&
      value.keys.every((key: unknown) => typeof key === "object" && key !== null && !Array.isArray(key))
    );
  } catch {
    return false;
  }
};

/**
 * jose's fetch for a key set, through the caller's fetcher: whatever goes wrong (unreachable, not
 * 200, not a key set) is a DiscoveryFailed, never a JOSE error a caller would take for a bad token.
 */
const keySetFetch =
  (fetchText: FetchText) =>
  async (url: string, init: RequestInit): Promise<Response> => {
    let answer: { status: number; text: string };
    try {
      answer = await fetchText(new URL(url), init.signal ?? undefined);
    } catch (error) {
      throw new DiscoveryFailed("unreachable", `the key set: ${(error as Error).message}`);
    }
    if (answer.status !== 200)
      throw new DiscoveryFailed("unreachable", `the key set: status ${answer.status}`);
    if (!isKeySet(answer.text))
      throw new DiscoveryFailed("unreachable", "the key set is not a JSON Web Key Set");
    return new Response(answer.text, { status: 200, headers: { "content-type": "application/json" } });
  };

export function createIssuerDiscovery(options: { timeoutMs: number; fetchText: FetchText }) {
  const { fetchText } = options;
  const found = new Map<string, DiscoveredIssuer & { until: number }>();
  return async (issuer: string): Promise<DiscoveredIssuer> => {
    const cached = found.get(issuer);
    if (cached && cached.until > Date.now()) return cached;
    let answer: { status: number; text: string };
    try {
      answer = await fetchText(new URL(discoveryUrl(issuer)));
    } catch (error) {
      throw new DiscoveryFailed("unreachable", (error as Error).message);
    }
    if (answer.status !== 200) throw new DiscoveryFailed("unreachable", `status ${answer.status}`);
    const configuration = readConfiguration(answer.text, issuer);
    const keys = createRemoteJWKSet(new URL(configuration.jwks_uri), {
      timeoutDuration: options.timeoutMs,
      [customFetch]: keySetFetch(fetchText),
    });
    const entry = { configuration, keys, until: Date.now() + TTL_MS };
    found.set(issuer, entry);
    return entry;
  };
}
