// Why this browser was signed out, in words: the API's 401 on refresh says session_revoked with a
// reason and a time, or session_expired. Someone who signed in on a second browser with the same
// user agent must learn that is what ended this one, not guess at a revocation or an expiry.

export interface SessionEnd {
  code: string;
  reason?: string;
  revokedAt?: string;
}

const REASONS: Record<string, string> = {
  replaced:
    "you signed in again from this browser elsewhere (another window or machine with the same browser). Coffer keeps one session per browser.",
  revoked: "this session was revoked from another of your sessions.",
  revoked_all: "all of your sessions were revoked.",
  password_changed: "your password was changed elsewhere, which ended this session.",
  password_reset: "your password was reset, which ended every session.",
  account_claimed: "the account's address was proved by a new sign-in, which ended every earlier session.",
  refresh_reused: "an old sign-in token of this session was used again, which ended it.",
};

/** A sentence for the sign-in page, or undefined when the end needs no explanation. */
export function describeSessionEnd(end: SessionEnd | null, locale?: string): string | undefined {
  if (!end) return undefined;
  if (end.code === "session_expired") return "Your session expired. Sign in again to continue.";
  if (end.code !== "session_revoked" || end.reason === "signed_out") return undefined;
  const why = REASONS[end.reason ?? ""] ?? "this session was revoked.";
  const at = end.revokedAt ? new Date(end.revokedAt) : undefined;
  const when =
    at && !Number.isNaN(at.getTime())
      ? ` on ${at.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" })}`
      : "";
  return `Signed out${when}: ${why}`;
}
