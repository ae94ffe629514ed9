// One small interface per hosting platform: read a set of variables with a token, once.
import type { Static } from "typebox";
import type { ImportSource } from "../schemas.ts";

export interface PlatformVariable {
  key: string;
  /** null when the platform will not give the value back (sealed, sensitive, not decrypted). */
  value: string | null;
  unreadableReason?: string;
}

export interface ImportProvider {
  /** Throws AppError (provider_auth_failed, provider_not_found, provider_rate_limited, provider_unavailable, …). */
  listVariables(token: string, source: Static<typeof ImportSource>): Promise<PlatformVariable[]>;
}

/** At most this many pages from one platform: a misbehaving cursor cannot keep a request alive. */
export const MAX_PAGES = 200;
