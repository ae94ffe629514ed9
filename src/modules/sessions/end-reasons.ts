// Why a session ended, recorded with its revocation and told to the device that still holds it: a
// browser signed out because the same browser signed in elsewhere must not look like a revocation
// by its owner, or like an expiry. The 401 keeps its code (session_revoked); `reason` and
// `revoked_at` ride beside it for the dashboard and the CLI.
import { AppError } from "../../errors.ts";

export const END_REASONS = {
  replaced: "you signed in again from this browser or device elsewhere (one session per device)",
  signed_out: "it was signed out",
  revoked: "it was revoked from another session of your account",
  revoked_all: "every session of your account was revoked",
  password_changed: "your password was changed, which ends your other sessions",
  password_reset: "your password was reset, which ends every session",
  account_claimed: "the account was claimed by whoever proved the address, which ends every session",
  refresh_reused: "an old refresh token of this session was used again",
} as const;

export type EndReason = keyof typeof END_REASONS;

const isEndReason = (value: string | null): value is EndReason => value !== null && value in END_REASONS;

/** The 401 for a revoked session: why, and when, in words and in fields. */
export function revokedError(revokedAt: string, reason: string | null): AppError {
  const known = isEndReason(reason) ? reason : null;
  const why = known ? `: ${END_REASONS[known]}` : "";
  return new AppError("session_revoked", `Session has been revoked at ${revokedAt}${why}; sign in again`, {
    body: { reason: known ?? "revoked", revoked_at: revokedAt },
  });
}
