// The dashboard's one connection to Coffer: the typed client of coffer/client (the CLI's too)
// with its session middleware. The access token lives in this module's memory only (never
// storage); when the API answers 401, the HttpOnly refresh cookie (path /auth) buys a new token
// once and the request is replayed.
import { type CofferClient, createClient, createSession } from "coffer/client";
import type { SessionEnd } from "../lib/session-end.ts";
import { watchedFetch } from "./reachability.ts";
import { secondFactorMiddleware } from "./second-factor.ts";

let accessToken: string | null = null;
/** Why the last refresh was refused, for the sign-in page (lib/session-end.ts). */
let sessionEnd: SessionEnd | null = null;
const endedListeners = new Set<() => void>();

export const api: CofferClient = createClient({ baseUrl: window.location.origin, fetch: watchedFetch });

export const hasAccessToken = (): boolean => accessToken !== null;
export function setAccessToken(token: string | null): void {
  accessToken = token;
  if (token) sessionEnd = null;
}

/** Why the session ended, for the sign-in page; forgotten at the next sign-in. */
export const lastSessionEnd = (): SessionEnd | null => sessionEnd;

/** Called when the session ends without the person signing out (revoked, expired). */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

const session = createSession({
  accessToken: () => accessToken,
  // The refresh token is the cookie: the body names none.
  async refresh() {
    const { data, error } = await api.POST("/auth/refresh", { body: null });
    setAccessToken(data?.access_token ?? null);
    if (error && "code" in error && (error.code === "session_revoked" || error.code === "session_expired")) {
      sessionEnd = { code: error.code, reason: error.reason, revokedAt: error.revoked_at };
    }
    return data !== undefined;
  },
  onEnded() {
    for (const listener of endedListeners) listener();
  },
});

/** Trades the refresh cookie for a new access token; concurrent callers share one request. */
export const refreshSession = (): Promise<boolean> => session.refresh();

// Answers pass through middlewares last-registered first: the session's 401 handling sees an
// answer before the second factor's 403 handling does, which replays through the session.
api.use(secondFactorMiddleware({ send: session.send }), session.middleware);
