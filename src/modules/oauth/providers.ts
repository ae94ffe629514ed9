// The two identity providers' wire details (shared/reference/platform-apis.md): where to send
// the browser, how to trade the code, and how to read a verified email and a stable subject.
import type { OAuthProviderConfig } from "../../config.ts";

export type ProviderName = "google" | "github";

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
    readonly code: "provider_error" | "provider_unavailable",
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

async function call(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ProviderError("provider_unavailable", `could not reach ${new URL(url).host}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
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

export interface Provider {
  name: ProviderName;
  config: OAuthProviderConfig;
  scope: string;
  /** Trades an authorization code for an access token. */
  exchange(code: string, redirectUri: string, verifier: string): Promise<string>;
  profile(accessToken: string): Promise<ProviderProfile>;
}

function tokenForm(config: OAuthProviderConfig, code: string, redirectUri: string, verifier: string) {
  return new URLSearchParams({
    grant_type: "authorization_code",
    code,
    client_id: config.clientId ?? "",
    client_secret: config.clientSecret ?? "",
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
}

async function exchangeCode(
  config: OAuthProviderConfig,
  code: string,
  redirectUri: string,
  verifier: string,
) {
  const body = (await call(config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: tokenForm(config, code, redirectUri, verifier),
  })) as { access_token?: unknown; error?: unknown };
  // GitHub reports a bad code as 200 with {"error": …}.
  if (typeof body.access_token !== "string" || body.error) {
    throw new ProviderError(
      "provider_error",
      `token exchange refused: ${String(body.error ?? "no access_token")}`,
    );
  }
  return body.access_token;
}

export function google(config: OAuthProviderConfig): Provider {
  return {
    name: "google",
    config,
    scope: "openid email profile",
    exchange: (code, redirectUri, verifier) => exchangeCode(config, code, redirectUri, verifier),
    async profile(accessToken) {
      const info = (await call(config.apiUrl, {
        headers: { authorization: `Bearer ${accessToken}` },
      })) as Record<string, unknown>;
      if (typeof info.sub !== "string" || info.sub === "")
        throw new ProviderError("provider_error", "userinfo has no sub");
      const verified = info.email_verified === true || info.email_verified === "true";
      const names =
        typeof info.given_name === "string"
          ? {
              firstName: info.given_name,
              lastName: typeof info.family_name === "string" ? info.family_name : "",
            }
          : splitDisplayName(typeof info.name === "string" ? info.name : "");
      return {
        subject: info.sub,
        verifiedEmail: verified && typeof info.email === "string" ? info.email : null,
        ...names,
      };
    },
  };
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
  return {
    name: "github",
    config,
    scope: "read:user user:email",
    exchange: (code, redirectUri, verifier) => exchangeCode(config, code, redirectUri, verifier),
    async profile(accessToken) {
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
    },
  };
}
