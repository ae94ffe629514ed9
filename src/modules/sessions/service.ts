// Sessions: sign-in bookkeeping, short-lived access tokens (HS256 JWT carrying sub, sid, ws),
// rotating refresh tokens with reuse detection (after a short grace window, DESIGN.md §4), an
// absolute lifetime no refresh extends, and revocation that takes effect at once (the session row
// is read on every request). The factory composes the token side and the revocation side.
import type { Db } from "../../db/schema.ts";
import { createSessionsCore, type SessionsDeps } from "./core.ts";
import * as repo from "./repo.ts";
import { createSessionRevocation } from "./revocation.ts";
import { createSessionTokens } from "./tokens.ts";

export type { SessionsDeps } from "./core.ts";

export function createSessionsService(deps: SessionsDeps) {
  const core = createSessionsCore(deps);
  return {
    ...createSessionTokens(deps, core),
    ...createSessionRevocation(deps, core),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Housekeeping: ended sessions (and their refresh tokens) past retention, long-spent refresh tokens. */
export const purgeSessions = (db: Db, cutoff: string, spentBefore: string) =>
  repo.purgeSessions(db, cutoff, spentBefore);
