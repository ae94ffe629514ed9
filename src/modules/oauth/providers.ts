// The identity providers' wire details (shared/reference/platform-apis.md; OpenID Connect in
// oidc.ts): where to send the browser, how to trade the code, and how to read a verified email and
// a stable subject.
import type { OAuthProviderConfig } from "../../config.ts";
import { fetchBounded } from "../../lib/bounded-fetch.ts";

export type ProviderName = "google" | "github" | "oidc";

export interface ProviderProfile {
  subject: string;
  /** Only an address the provider vouches for; null when it vouches for none. */
  verifiedEmail: string | null;
  firstName: string;
  lastName: string;
}

/** A provider said no, or could not be reached: the sign-in ends with this code. */
export class ProviderError extends Error {
  constructor(
    readonly code: "provider_error" | "provider_unavailable" | "id_token_rejected",
    message: string,
  ) {
    super(message);
  }
}

export const PROVIDER_TIMEOUT_MS = 10_000;
/** Token and profile answers are small; a megabyte is far more than any of them needs. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** A JSON request to a provider; its failures are ProviderErrors. */
export async function call(url: string, init: RequestInit): Promise<unknown> {
  let response: { status: number; text: string };
  try {
    response = await fetchBounded(url, init, { timeoutMs: PROVIDER_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES });
  } catch (error) {
    throw new ProviderError("provider_unavailable", (error as Error).message);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    throw new ProviderError(
      response.status >= 500 ? "provider_unavailable" : "provider_error",
      `${new URL(url).host} answered ${response.status} without JSON`,
    );
  }
  if (response.status >= 500)
    throw new ProviderError("provider_unavailable", `${new URL(url).host} answered ${response.status}`);
  if (response.status >= 400)
    throw new ProviderError("provider_error", `${new URL(url).host} answered ${response.status}`);
  // `null` or a bare string is JSON too, but no answer we can read fields from.
  if (body === null || typeof body !== "object")
    throw new ProviderError("provider_error", `${new URL(url).host} answered an unexpected body`);
  return body;
}

function splitDisplayName(name: string | undefined | null): { firstName: string; lastName: string } {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

/** What binds a code to the browser that started the flow. */
export interface FlowSecrets {
  redirectUri: string;
  /** The PKCE verifier (the authorization request carried its S256 challenge). */
  verifier: string;
  nonce: string;
}

export interface Provider {
  name: ProviderName;
  /** What the sign-in button and the messages call it. */
  label: string;
  /** Unset: this deployment does not offer it. */
  clientId: string | undefined;
  scope: string;
  /** OpenID Connect binds its ID token to the flow with a nonce; Google and GitHub are read through their APIs. */
  usesNonce: boolean;
  /** Where the browser goes to consent. */
  authorizationUrl(): Promise<string>;
  /** Trades the authorization code for who signed in. */
  identify(code: string, flow: FlowSecrets): Promise<ProviderProfile>;
}

/** A provider read through its API: trade the code for an access token, then ask who it belongs to. */
function apiProvider(
  name: "google" | "github",
  label: string,
  scope: string,
  config: OAuthProviderConfig,
  profile: (accessToken: string) => Promise<ProviderProfile>,
): Provider {
  return {
    name,
    label,
    clientId: config.clientId,
    scope,
    usesNonce: false,
    authorizationUrl: async () => config.authUrl,
    async identify(code, flow) {
      const client = {
        id: config.clientId ?? "",
        secret: config.clientSecret ?? "",
        authentication: "client_secret_post" as const,
      };
      return profile((await redeemCode(config.tokenUrl, client, code, flow)).access_token);
    },
  };
}

/** How the client proves itself at the token endpoint (RFC 6749 §2.3.1). */
export interface TokenClient {
  id: string;
  secret: string;
  /** HTTP Basic (the OpenID Connect default), or both in the form (what Google and GitHub take). */
  authentication: "client_secret_basic" | "client_secret_post";
}

// Basic credentials are form-encoded before base64 (RFC 6749 §2.3.1).
const formEncoded = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/** Trades an authorization code at the token endpoint: the answer, which carries an access token. */
export async function redeemCode(
  tokenUrl: string,
  client: TokenClient,
  code: string,
  flow: Omit<FlowSecrets, "nonce">,
): Promise<Record<string, unknown> & { access_token: string }> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (client.authentication === "client_secret_basic") {
    const pair = `${formEncoded(client.id)}:${formEncoded(client.secret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
  } else {
    form.set("client_id", client.id);
    form.set("client_secret", client.secret);
  }
  const body = (await call(tokenUrl, { method: "POST", headers, body: form, redirect: "error" })) as Record<
    string,
    unknown
  >;
  // GitHub reports a bad code as 200 with {"error": …}.
  if (typeof body.access_token !== "string" || body.error) {
    throw new ProviderError(
      "provider_error",
      `token exchange refused: ${String(body.error ?? "no access_token")}`,
    );
  }
  return body as Record<string, unknown> & { access_token: string };
}

/** First and last name from OpenID Connect's standard claims (given_name, family_name, else name). */
export function namesOf(claims: Record<string, unknown>): { firstName: string; lastName: string } {
  if (typeof claims.given_name === "string") {
    return {
      firstName: claims.given_name,
      lastName: typeof claims.family_name === "string" ? claims.family_name : "",
    };
  }
  return splitDisplayName(typeof claims.name === "string" ? claims.name : "");
}

export function google(config: OAuthProviderConfig): Provider {
  return apiProvider("google", "Google", "openid email profile", config, async (accessToken) => {
    const info = (await call(config.apiUrl, {
      headers: { authorization: `Bearer ${accessToken}` },
    })) as Record<string, unknown>;
    if (typeof info.sub !== "string" || info.sub === "")
      throw new ProviderError("provider_error", "userinfo has no sub");
    const verified = info.email_verified === true || info.email_verified === "true";
    return {
      subject: info.sub,
      verifiedEmail: verified && typeof info.email === "string" ? info.email : null,
      ...namesOf(info),
    };
  });
}

export function github(config: OAuthProviderConfig): Provider {
  const api = (path: string, accessToken: string) =>
    call(`${config.apiUrl}${path}`, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: "application/vnd.github+json",
        "user-agent": "coffer",
      },
    });
  return apiProvider("github", "GitHub", "read:user user:email", config, async (accessToken) => {
    const user = (await api("/user", accessToken)) as Record<string, unknown>;
    if (typeof user.id !== "number" && typeof user.id !== "string") {
      throw new ProviderError("provider_error", "user has no id");
    }
    const emails = (await api("/user/emails", accessToken)) as ({
      email?: string;
      primary?: boolean;
      verified?: boolean;
    } | null)[];
    const primary = Array.isArray(emails)
      ? emails.find((e) => e?.primary && e.verified && typeof e.email === "string" && e.email)
      : undefined;
    const names = splitDisplayName(
      typeof user.name === "string" && user.name ? user.name : String(user.login ?? ""),
    );
    return { subject: String(user.id), verifiedEmail: primary?.email ?? null, ...names };
  });
}
