// The CLI's connection to Coffer: the typed client (coffer/client) with the credential bound to the
// server's URL (binding.ts), plus what a command line must survive — 429 (waits Retry-After,
// bounded), an expired access token (refreshes silently and keeps the new one), a server that is
// not there (a clear message). Redirects are never followed: they would carry the credential (or
// a password) to wherever the answer points.
import { type CofferClient, createClient } from "../client/index.ts";
import type { Binding } from "./binding.ts";
import { updateCredential } from "./credentials.ts";
import { CliError, EXIT } from "./errors.ts";

export { CliError, EXIT };

const MAX_RETRIES = 3;
const MAX_WAIT_S = 30;
const REDIRECTS = new Set([301, 302, 303, 307, 308]); // not 304: that is "unchanged", for ETags

export interface Session {
  client: CofferClient;
  apiUrl: string;
  /** The secret the fallback file's key comes from (binding.ts). */
  fallbackSecret(): string;
}

/** fetch that stays at the address it is given: a 3xx is an error, an unreachable server exit 6. */
export const fetchHere: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  let response: Response;
  try {
    response = await fetch(input, { ...init, redirect: "manual" });
  } catch {
    throw new CliError(`cannot reach Coffer at ${url.origin}: is it running? (COFFER_API_URL)`, EXIT.network);
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

export const refreshCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.match(/^refresh_token=([^;]*)/)?.[1])
    .find((v) => v);

export function connect(binding: Binding): Session {
  const { apiUrl } = binding;
  const state = { ...binding.credential };

  // The refresh token goes only to the URL its credential is stored under (binding.apiUrl).
  async function refresh(): Promise<boolean> {
    if (!state.refresh_token) return false;
    const response = await fetchHere(`${apiUrl}/auth/refresh`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: state.refresh_token }),
    });
    if (response.status !== 200) return false;
    state.access_token = ((await response.json()) as { access_token: string }).access_token;
    state.refresh_token = refreshCookie(response) ?? state.refresh_token;
    if (binding.stored)
      updateCredential(apiUrl, { access_token: state.access_token, refresh_token: state.refresh_token });
    return true;
  }

  const resilientFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const original = input instanceof Request ? input : new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const request = original.clone();
      if (!state.api_key && state.access_token)
        request.headers.set("authorization", `Bearer ${state.access_token}`);
      const response = await fetchHere(request);
      if (response.status === 429 && attempt < MAX_RETRIES) {
        const wait = Number(response.headers.get("retry-after") ?? "1");
        if (wait <= MAX_WAIT_S) {
          process.stderr.write(`coffer: rate limited, retrying in ${wait} s\n`);
          await new Promise((r) => setTimeout(r, Math.max(wait, 0.1) * 1000));
          continue;
        }
      }
      if (response.status === 401 && attempt === 0 && !state.api_key) {
        const body = (await response
          .clone()
          .json()
          .catch(() => ({}))) as { code?: string };
        if (body.code === "access_token_expired" && (await refresh())) continue;
      }
      return response;
    }
  };

  const client = createClient({
    baseUrl: apiUrl,
    ...(state.api_key ? { apiKey: state.api_key } : { accessToken: state.access_token! }),
    fetch: resilientFetch,
  });
  return { client, apiUrl, fallbackSecret: binding.fallbackSecret };
}

/** Turns an error answer into a CliError with the right exit code. */
export function failure(response: Response, error: unknown, what: string): CliError {
  const body = (error ?? {}) as { detail?: unknown; code?: string };
  const detail = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail ?? "");
  const code =
    response.status === 401
      ? EXIT.auth
      : response.status === 404
        ? EXIT.notFound
        : response.status === 422 || response.status === 409
          ? EXIT.usage
          : EXIT.error;
  const hint = response.status === 401 ? " (run `coffer login`)" : "";
  return new CliError(`${what}: ${detail || `HTTP ${response.status}`}${hint}`, code);
}
