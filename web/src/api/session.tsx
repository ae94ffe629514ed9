// Who is signed in: restored on page load from the refresh cookie, set by sign-in, cleared by
// sign-out or when the API says the session ended. The token itself stays in client.ts.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { signIn as passwordSignIn } from "coffer/client";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { api, onSessionEnded, refreshSession, setAccessToken } from "./client.ts";
import { unwrap } from "./errors.ts";
import { queryKeys } from "./queries.ts";

/**
 * Empties the cache of everything about the person. What the deployment offers (its sign-in
 * providers) is nobody's and stays: removing it would also cancel the sign-in screen's request for
 * it in flight while the session is found to be over, and its buttons would never appear.
 */
function forgetThePerson(queryClient: QueryClient) {
  const [providers] = queryKeys.providers();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== providers });
}

export type SessionStatus = "restoring" | "signed-in" | "signed-out";

interface SessionValue {
  status: SessionStatus;
  /**
   * Password sign-in. An account with two-factor sign-in answers 401 two_factor_required: the
   * thrown ApiError carries the challenge (errors.ts challengeOf) for finishTwoFactor.
   */
  signIn(email: string, password: string): Promise<void>;
  /** Finishes a sign-in that waits for its second factor: the challenge and a code. */
  finishTwoFactor(challenge: string, otp: string): Promise<void>;
  signOut(): Promise<void>;
  /** The session's workspace changed (POST /workspaces/{id}/switch answers a new token). */
  replaceToken(token: string): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionStatus>("restoring");

  const endLocally = useCallback(() => {
    setAccessToken(null);
    setStatus("signed-out");
  }, []);

  // No one's data (secret values included) outlives their session in memory. Cleared once the
  // signed-in pages have unmounted, so nothing is left observing the cache to fetch it again.
  useEffect(() => {
    if (status !== "signed-out") return;
    forgetThePerson(queryClient);
  }, [status, queryClient]);

  useEffect(() => {
    let live = true;
    void refreshSession().then((ok) => {
      if (live) setStatus(ok ? "signed-in" : "signed-out");
    });
    const stop = onSessionEnded(endLocally);
    return () => {
      live = false;
      stop();
    };
  }, [endLocally]);

  const value = useMemo<SessionValue>(() => {
    const signedIn = (tokens: { access_token: string }) => {
      setAccessToken(tokens.access_token);
      forgetThePerson(queryClient);
      setStatus("signed-in");
    };
    return {
      status,
      async signIn(email, password) {
        const { accessToken } = await passwordSignIn(api, { email, password });
        signedIn({ access_token: accessToken });
      },
      async finishTwoFactor(challenge, otp) {
        signedIn(await unwrap(api.POST("/auth/2fa/sign-in", { body: { challenge, otp } })));
      },
      async signOut() {
        // Revokes the session and clears the refresh cookie; signed out locally whatever happens.
        await api.POST("/auth/logout").catch(() => undefined);
        endLocally();
      },
      replaceToken(token) {
        setAccessToken(token);
      },
    };
  }, [status, queryClient, endLocally]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
