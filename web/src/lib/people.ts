// The pure logic of the people and account screens (members, invites, API keys, sessions): role
// choices, key lifetimes, expiry wording, seat counts, user-agent labels and the wording of the
// API's seat and conflict answers. No DOM, so it runs in Node (test/web-people-logic.test.ts).
import { ApiError } from "../api/errors.ts";
import { ROLE_NAMES, Role } from "./permissions.ts";
import { plural } from "./plural.ts";

/** Every role, lowest first, as the select boxes offer them. */
export const ROLE_CHOICES: readonly { value: number; label: string }[] = Object.values(Role).map((value) => ({
  value,
  label: ROLE_NAMES[value] ?? String(value),
}));

/** "Admin" -> 2; undefined for anything that is not a role name. */
export function roleFromName(name: string): number | undefined {
  return ROLE_CHOICES.find((choice) => choice.label === name)?.value;
}

const MINUTE = 1;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a new API key lives; null = never expires. The API takes minutes from now. */
export const LIFETIME_PRESETS: readonly { id: string; label: string; minutes: number | null }[] = [
  { id: "1h", label: "1 hour", minutes: HOUR },
  { id: "1d", label: "1 day", minutes: DAY },
  { id: "7d", label: "7 days", minutes: 7 * DAY },
  { id: "30d", label: "30 days", minutes: 30 * DAY },
  { id: "90d", label: "90 days", minutes: 90 * DAY },
  { id: "1y", label: "1 year", minutes: 365 * DAY },
  { id: "never", label: "Never expires", minutes: null },
];

export const DEFAULT_LIFETIME = "90d";

/** The minutes a preset id stands for (null = never); undefined for an unknown id. */
export function lifetimeMinutes(id: string): number | null | undefined {
  const preset = LIFETIME_PRESETS.find((p) => p.id === id);
  return preset === undefined ? undefined : preset.minutes;
}

function inWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return plural(Math.max(minutes, 1), "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.round(hours / 24), "day");
}

/** "5 minutes ago", "3 days ago": a past moment, relative to now. */
export const ago = (at: string, now: Date): string =>
  `${inWords(now.getTime() - new Date(at).getTime())} ago`;

/** "never", "in 3 days", "expired 2 hours ago": when a key or session ends, relative to now. */
export function describeExpiry(expiresAt: string | null, now: Date): string {
  if (expiresAt === null) return "never";
  const left = new Date(expiresAt).getTime() - now.getTime();
  return left > 0 ? `in ${inWords(left)}` : `expired ${inWords(-left)} ago`;
}

/**
 * Seats taken (members plus pending invites) against the plan's limit; null when the plan has no
 * limit. `full` says a new invite would be refused.
 */
export function seatSummary(
  limit: number | null,
  members: number,
  pendingInvites: number,
): { used: number; limit: number; full: boolean; text: string } | null {
  if (limit === null) return null;
  const used = members + pendingInvites;
  const text = `${used} of ${limit} seat${limit === 1 ? "" : "s"} taken (members and pending invites)`;
  return { used, limit, full: used >= limit, text };
}

/**
 * What to tell an Owner whose invite was refused: the API's own words, with what to do about a full
 * plan (402) or a conflict (409: already a member, or an invite pending for that address).
 */
export function inviteRefusal(error: unknown): Error {
  if (!(error instanceof ApiError)) return error instanceof Error ? error : new Error(String(error));
  if (error.status === 402) {
    return new Error(
      `No seat left: ${error.message}. Withdraw a pending invite, remove a member, or move the workspace to a bigger plan.`,
    );
  }
  if (error.status === 409) return new Error(`Not sent: ${error.message}.`);
  return error;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/HeadlessChrome\//, "Headless Chrome"],
  [/Chrome\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
  [/^curl\//, "curl"],
  [/^coffer-cli/i, "Coffer CLI"],
  [/^node|undici/i, "Node.js"],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iOS/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

const CLI_SYSTEMS: Record<string, string> = { linux: "Linux", darwin: "macOS", win32: "Windows" };

/** "Chrome on Linux" from a user agent, for a glance; the full string stays available beside it. */
export function describeUserAgent(userAgent: string): string {
  // The CLI names its machine (src/cli/user-agent.ts): "coffer-cli/0.1.0 (build-01; linux x64)".
  const cli = /^coffer-cli\/\S+ \(([^;]+); (\w+)/.exec(userAgent);
  if (cli) return `Coffer CLI on ${cli[1]} (${CLI_SYSTEMS[cli[2] ?? ""] ?? cli[2]})`;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (userAgent.trim() ? "Other client" : "Unknown client");
}

const SIGN_IN_METHOD_NAMES: Record<string, string> = {
  password: "a password",
  google: "Google",
  github: "GitHub",
  oidc: "single sign-on",
};

/** "with single sign-on": how a session was signed in, or "" when that was not recorded. */
export const describeSignInMethod = (method: string | null): string =>
  method && SIGN_IN_METHOD_NAMES[method] ? `with ${SIGN_IN_METHOD_NAMES[method]}` : "";
