// What every kind of key answers on use: revoked and expired keys get distinct 401s, and the last
// use is written at most once a minute (writing it on every request would turn each read into a write).
import { AppError } from "../errors.ts";

const TOUCH_INTERVAL_MS = 60_000;

export interface KeyLife {
  revoked_at: string | null;
  expires_at: string | null;
  last_used_at: string | null;
}

/** Throws the key's 401 unless it is live at `now`. */
export function assertKeyLive(key: KeyLife, now: Date): void {
  if (key.revoked_at) throw new AppError("api_key_revoked", "API key has been revoked");
  if (key.expires_at && key.expires_at <= now.toISOString()) {
    throw new AppError("api_key_expired", "API key has expired");
  }
}

/** Records the use on the (cached) key when due; answers whether the caller should store it. */
export function touchDue(key: KeyLife, now: Date): boolean {
  if (key.last_used_at && now.getTime() - Date.parse(key.last_used_at) <= TOUCH_INTERVAL_MS) return false;
  key.last_used_at = now.toISOString();
  return true;
}
