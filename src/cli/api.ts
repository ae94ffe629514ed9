// The CLI's connection to Coffer: the typed client (coffer/client) with the caller's credential,
// plus what a command line must survive — 429 (waits Retry-After, bounded), an expired access
// token (refreshes silently and keeps the new one), a server that is not there (a clear message).
import { type CofferClient, createClient } from "../client/index.ts";
import { type Credentials, readCredentials, writeCredentials } from "./files.ts";

export const EXIT = { ok: 0, error: 1, usage: 2, auth: 3, notFound: 4, partial: 5, network: 6 } as const;

// No parameter properties: the CLI runs with Node's type stripping, which only erases types.
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.error) {
    super(message);
    this.exitCode = exitCode;
  }
}

export const DEFAULT_API_URL = "http://127.0.0.1:8080";
const MAX_RETRIES = 3;
const MAX_WAIT_S = 30;

export interface Session {
  client: CofferClient;
  apiUrl: string;
  /** The secret that proves who we are (for the fallback file's key). */
  credential: string;
}

/** Credentials from COFFER_TOKEN / COFFER_API_URL, else the stored ones. */
export function currentCredentials(apiUrlOverride?: string): Credentials | undefined {
  const token = process.env.COFFER_TOKEN;
  const stored = readCredentials();
  const apiUrl = apiUrlOverride ?? process.env.COFFER_API_URL ?? stored?.api_url ?? DEFAULT_API_URL;
  if (token) {
    return token.startsWith("sk-")
      ? { api_url: apiUrl, api_key: token }
      : { api_url: apiUrl, access_token: token };
  }
  return stored ? { ...stored, api_url: apiUrl } : undefined;
}

const refreshCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.match(/^refresh_token=([^;]*)/)?.[1])
    .find((v) => v);

export function connect(apiUrlOverride?: string): Session {
  const credentials = currentCredentials(apiUrlOverride);
  if (!credentials || (!credentials.api_key && !credentials.access_token)) {
    throw new CliError("not signed in: run `coffer login` (or set COFFER_TOKEN)", EXIT.auth);
  }
  const state = { ...credentials };
  const persisted = !process.env.COFFER_TOKEN;

  async function refresh(): Promise<boolean> {
    if (!state.refresh_token) return false;
    const response = await fetch(`${state.api_url}/auth/refresh`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: state.refresh_token }),
    });
    if (response.status !== 200) return false;
    state.access_token = ((await response.json()) as { access_token: string }).access_token;
    state.refresh_token = refreshCookie(response) ?? state.refresh_token;
    if (persisted) writeCredentials(state);
    return true;
  }

  const resilientFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const original = input instanceof Request ? input : new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const request = original.clone();
      if (!state.api_key && state.access_token)
        request.headers.set("authorization", `Bearer ${state.access_token}`);
      let response: Response;
      try {
        response = await fetch(request);
      } catch {
        throw new CliError(
          `cannot reach Coffer at ${state.api_url}: is it running? (COFFER_API_URL)`,
          EXIT.network,
        );
      }
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
    baseUrl: state.api_url,
    ...(state.api_key ? { apiKey: state.api_key } : { accessToken: state.access_token! }),
    fetch: resilientFetch,
  });
  return {
    client,
    apiUrl: state.api_url,
    credential: state.api_key ?? state.refresh_token ?? state.access_token!,
  };
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
