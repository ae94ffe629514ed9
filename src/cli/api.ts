// The CLI's connection to Coffer: the typed client (coffer/client) with the credential bound to the
// server's URL (binding.ts), plus what a command line must survive — 429 (waits Retry-After,
// bounded), an expired access token (refreshes silently and keeps the new one), a server that is
// not there (a clear message). Redirects are never followed: they would carry the credential (or
// a password) to wherever the answer points.
import {
  type ApiError,
  apiErrorOf,
  type CofferClient,
  createClient,
  refreshTokenOf,
} from "../client/index.ts";
import type { Binding } from "./binding.ts";
import { updateCredential } from "./credentials.ts";
import { CliError, EXIT } from "./errors.ts";
import { cliUserAgent } from "./user-agent.ts";

export { CliError, EXIT };

const MAX_RETRIES = 3;
const DEFAULT_READ_TIMEOUT_S = 30;

/** How long a read waits for an answer: COFFER_TIMEOUT seconds (1-600), else 30. */
function readTimeoutSeconds(): number {
  const text = process.env.COFFER_TIMEOUT;
  if (!text) return DEFAULT_READ_TIMEOUT_S;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 600)
    throw new CliError(
      `COFFER_TIMEOUT: ${JSON.stringify(text)} is not a number of seconds from 1 to 600`,
      EXIT.usage,
    );
  return seconds;
}
const MAX_WAIT_S = 30;
const REDIRECTS = new Set([301, 302, 303, 307, 308]); // not 304: that is "unchanged", for ETags

export interface Session {
  client: CofferClient;
  apiUrl: string;
  /** The secret the fallback file's key comes from (binding.ts). */
  fallbackSecret(): string;
  /** The credential is an API key (it can tell what it reaches: key-reach.ts). */
  apiKey: boolean;
  /** Where apiUrl came from, for messages. */
  source: string;
  /** Whether `coffer run` keeps an offline copy (fallback.ts) with this credential. */
  keepsCopies: boolean;
}

/**
 * fetch that stays at the address it is given: a 3xx is an error, an unreachable server exit 6,
 * naming where the address came from (`source`: --api-url, COFFER_API_URL, a .coffer.json…).
 */
export const fetchFrom =
  (source = "--api-url or COFFER_API_URL"): typeof fetch =>
  async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    let response: Response;
    const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
    headers.set("user-agent", cliUserAgent());
    // A read that gets no answer counts as no server (a run then falls back); writes wait on.
    const method = (input instanceof Request ? input.method : init?.method) ?? "GET";
    const seconds = readTimeoutSeconds();
    const signal = method === "GET" ? AbortSignal.timeout(seconds * 1000) : undefined;
    try {
      response = await fetch(input, { ...init, headers, redirect: "manual", ...(signal ? { signal } : {}) });
    } catch (error) {
      const silent = (error as Error).name === "TimeoutError";
      throw new CliError(
        `cannot reach Coffer at ${url.origin} (from ${source}): ` +
          (silent ? `no answer within ${seconds} s (COFFER_TIMEOUT)` : "is it running?"),
        EXIT.network,
      );
    }
    if (REDIRECTS.has(response.status)) {
      throw new CliError(
        `${url.origin} answered ${url.pathname} with a redirect to ${response.headers.get("location") ?? "nowhere"}; ` +
          "the CLI follows no redirect (it would carry your credential or password there): if Coffer lives " +
          "there, use that address (--api-url)",
        EXIT.error,
      );
    }
    return response;
  };
export const fetchHere = fetchFrom();

export function connect(binding: Binding): Session {
  const { apiUrl } = binding;
  const state = { ...binding.credential };
  const fetchHere = fetchFrom(binding.source);

  // An OIDC token (a CI job's) is exchanged before the first request, once; its failure is the
  // command's error, in the server's words.
  let exchanging: Promise<void> | undefined;
  async function exchangeOidcToken(): Promise<void> {
    const { data, error, response } = await createClient({ baseUrl: apiUrl, fetch: fetchHere }).POST(
      "/auth/oidc/exchange",
      {
        body: {
          token: state.oidc_token as string,
          service_account_id: state.service_account_id as string,
        },
      },
    );
    if (!data) throw failure(response, error, "the OIDC token was not exchanged");
    state.access_token = data.access_token;
  }

  // 429: waits the Retry-After (bounded) and asks again; everything else is the caller's.
  const patientFetch = async (request: Request): Promise<Response> => {
    if (state.oidc_token && !state.access_token) {
      exchanging ??= exchangeOidcToken();
      await exchanging;
      request.headers.set("authorization", `Bearer ${state.access_token}`);
    }
    for (let attempt = 0; ; attempt++) {
      const response = await fetchHere(request.clone());
      if (response.status !== 429 || attempt >= MAX_RETRIES) return response;
      const wait = Number(response.headers.get("retry-after") ?? "1");
      if (wait > MAX_WAIT_S) return response;
      process.stderr.write(`coffer: rate limited, retrying in ${wait} s\n`);
      await new Promise((r) => setTimeout(r, Math.max(wait, 0.1) * 1000));
    }
  };

  // The refresh token goes only to the URL its credential is stored under (binding.apiUrl).
  async function refresh(): Promise<boolean> {
    if (!state.refresh_token) return false;
    const { data, response } = await createClient({ baseUrl: apiUrl, fetch: fetchHere }).POST(
      "/auth/refresh",
      { body: { refresh_token: state.refresh_token } },
    );
    if (!data) return false;
    state.access_token = data.access_token;
    state.refresh_token = refreshTokenOf(response) ?? state.refresh_token;
    if (binding.stored)
      updateCredential(apiUrl, { access_token: state.access_token, refresh_token: state.refresh_token });
    return true;
  }

  const client = createClient({
    baseUrl: apiUrl,
    fetch: patientFetch,
    ...(state.api_key
      ? { apiKey: state.api_key }
      : {
          session: {
            accessToken: () => state.access_token ?? null,
            refresh: state.oidc_token ? async () => false : refresh,
          },
        }),
  });
  return {
    client,
    apiUrl,
    fallbackSecret: binding.fallbackSecret,
    apiKey: Boolean(state.api_key),
    source: binding.source,
    keepsCopies: binding.keepsCopies,
  };
}

const UNAVAILABLE = new Set([502, 503, 504]);

/** The CLI's words and exit code for an error answer: ApiError (coffer/client) -> CliError. */
export function cliErrorOf(error: ApiError, what: string): CliError {
  // A proxy's 502/503/504: Coffer is not there, as when the connection is refused (a run falls back).
  const code = UNAVAILABLE.has(error.status)
    ? EXIT.network
    : error.status === 401
      ? EXIT.auth
      : error.status === 404
        ? EXIT.notFound
        : error.status === 422 || error.status === 409
          ? EXIT.usage
          : EXIT.error;
  return new CliError(`${what}: ${error.message}${error.status === 401 ? refusedHint(error) : ""}`, code);
}

// A job's COFFER_TOKEN refused: `coffer login` cannot help a CI runner, a new key in its secrets can.
function refusedHint(error: ApiError): string {
  const fromEnvironment = process.env.COFFER_TOKEN && !process.env.COFFER_OIDC_TOKEN;
  if (!fromEnvironment) return " (run `coffer login`)";
  if (error.code === "api_key_address_refused") return " (COFFER_TOKEN's key may not be used from here)";
  return (
    ". COFFER_TOKEN was refused: it is invalid, expired or revoked; create a new key (dashboard: API keys, " +
    "or a service account's keys) and put it in COFFER_TOKEN where this job gets its secrets"
  );
}

/** Turns an error answer of the typed client into a CliError with the right exit code. */
export const failure = (response: Response, error: unknown, what: string): CliError =>
  cliErrorOf(apiErrorOf(response, error), what);
