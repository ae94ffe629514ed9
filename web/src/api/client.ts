// The dashboard's one connection to Coffer: the typed client generated from the OpenAPI document
// (src/client, the CLI's too) with one middleware that carries the session. The access token
// lives in this module's memory only (never storage); when the API answers 401, the HttpOnly
// refresh cookie (path /auth) buys a new token once and the request is replayed.
import type { Middleware } from "openapi-fetch";
import { type CofferClient, createClient } from "../../../src/client/index.ts";
import { secondFactorMiddleware } from "./second-factor.ts";

let accessToken: string | null = null;
const endedListeners = new Set<() => void>();

/** Routes that take no session token, and must never trigger a refresh of their own. */
const SESSIONLESS = new Set([
  "/auth/refresh",
  "/auth/login",
  "/auth/get-started",
  "/auth/providers",
  "/auth/2fa/sign-in",
  "/auth/password/forgot",
  "/auth/password/reset",
]);

export const api: CofferClient = createClient({ baseUrl: window.location.origin });

export const hasAccessToken = (): boolean => accessToken !== null;
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

/** Called when the session ends without the person signing out (revoked, expired). */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

let refreshing: Promise<boolean> | null = null;

/** Trades the refresh cookie for a new access token; concurrent callers share one request. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const { data } = await api.POST("/auth/refresh", { body: null });
      setAccessToken(data?.access_token ?? null);
      return data !== undefined;
    } catch {
      return false; // offline: treated as signed out until the next try
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** 401s that are the person's error (a wrong password or code), not the session's end. */
const NOT_SESSION_ERRORS = new Set([
  "invalid_credentials",
  "passphrase_required",
  "two_factor_required",
  "two_factor_incorrect",
  "two_factor_challenge_invalid",
]);

const withToken = (request: Request): Request => {
  if (accessToken) request.headers.set("authorization", `Bearer ${accessToken}`);
  return request;
};

// A copy of each request in flight, so a 401 can be replayed (the original body is consumed).
const replays = new Map<string, Request>();

/**
 * What a 401 means for a request sent with the session: undefined when it stands as it is (not a
 * 401, or the person's own error), else the answer of one refresh and one replay. A revoked
 * session fails the refresh too, and the dashboard goes back to the sign-in screen.
 */
async function afterUnauthorized(response: Response, replay: Request): Promise<Response | undefined> {
  if (response.status !== 401) return undefined;
  // A wrong password (deleting the account, say) is the person's error, not the session's.
  const { code } = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  if (code && NOT_SESSION_ERRORS.has(code)) return undefined;
  if (await refreshSession()) return fetch(withToken(replay));
  for (const listener of endedListeners) listener();
  return undefined;
}

/** Sends a request with the session's token, refreshing it once on a 401 (a replay's path). */
async function sendWithSession(request: Request): Promise<Response> {
  const response = await fetch(withToken(request.clone()));
  return (await afterUnauthorized(response, request)) ?? response;
}

const sessionMiddleware: Middleware = {
  onRequest({ request, schemaPath, id }) {
    if (SESSIONLESS.has(schemaPath)) return undefined;
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

// Answers pass through middlewares last-registered first: the session's 401 handling sees an
// answer before the second factor's 403 handling does, which replays through sendWithSession.
api.use(secondFactorMiddleware({ send: sendWithSession }), sessionMiddleware);
