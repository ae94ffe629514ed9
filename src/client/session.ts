// A signed-in session for the typed client: every request carries the current access token, and
// when the API answers 401 because that token is no longer good, one refresh buys a new token and
// the request is replayed once. The CLI (refresh token in its credentials file) and the dashboard
// (refresh token in an HttpOnly cookie) differ only in how they refresh.
import type { Middleware } from "openapi-fetch";

/** Routes that take no session token, and must never trigger a refresh of their own. */
export const SESSIONLESS_PATHS: ReadonlySet<string> = new Set([
  "/auth/refresh",
  "/auth/login",
  "/auth/get-started",
  "/auth/providers",
  "/auth/2fa/sign-in",
  "/auth/password/forgot",
  "/auth/password/reset",
]);

/** 401s that are the person's error (a wrong password or code), not the session's end. */
const PERSON_ERRORS = new Set([
  "invalid_credentials",
  "passphrase_required",
  "two_factor_required",
  "two_factor_incorrect",
  "two_factor_challenge_invalid",
]);

export interface SessionOptions {
  /** The token to send now; null sends none (the refresh may still find a session). */
  accessToken(): string | null;
  /** Gets and keeps a new access token; false when the session is over. */
  refresh(): Promise<boolean>;
  /** Called when a 401 outlived a refresh: the session has ended (revoked, expired). */
  onEnded?(): void;
  /** How a replay is sent: the client's own fetch (the CLI's follows no redirect). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface Session {
  middleware: Middleware;
  /** Sends a request with the session, refreshing once on a 401 (for other middlewares' replays). */
  send(request: Request): Promise<Response>;
  /** One refresh at a time: concurrent 401s share it. */
  refresh(): Promise<boolean>;
}

export function createSession(options: SessionOptions): Session {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  let refreshing: Promise<boolean> | null = null;

  function refresh(): Promise<boolean> {
    refreshing ??= options
      .refresh()
      .catch(() => false) // unreachable: treated as signed out until the next try
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  const withToken = (request: Request): Request => {
    const token = options.accessToken();
    if (token) request.headers.set("authorization", `Bearer ${token}`);
    return request;
  };

  /** undefined when a 401 stands as it is; else the answer of one refresh and one replay. */
  async function afterUnauthorized(response: Response, replay: Request): Promise<Response | undefined> {
    if (response.status !== 401) return undefined;
    const { code } = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    if (code && PERSON_ERRORS.has(code)) return undefined;
    // Sent with a token a concurrent request has already refreshed: replay with the new one.
    const current = options.accessToken();
    if (current && replay.headers.get("authorization") !== `Bearer ${current}`)
      return send(withToken(replay));
    if (await refresh()) return send(withToken(replay));
    options.onEnded?.();
    return undefined;
  }

  // A copy of each request in flight, so a 401 can be replayed (the original body is consumed).
  const replays = new Map<string, Request>();
  const middleware: Middleware = {
    onRequest({ request, schemaPath, id }) {
      if (SESSIONLESS_PATHS.has(schemaPath)) return undefined;
      const authed = withToken(request);
      replays.set(id, authed.clone());
      return authed;
    },
    async onResponse({ response, id }) {
      const replay = replays.get(id);
      replays.delete(id);
      return replay ? afterUnauthorized(response, replay) : undefined;
    },
    onError({ id }) {
      replays.delete(id);
      return undefined;
    },
  };

  return {
    middleware,
    refresh,
    async send(request) {
      const response = await send(withToken(request.clone()));
      return (await afterUnauthorized(response, request)) ?? response;
    },
  };
}
