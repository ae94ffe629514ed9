// The people and account screens' logic that is not layout (issue 11, phase 2b): role choices,
// API key lifetimes, expiry wording, seat counts, the wording of a refused invite, user-agent
// labels, and how a session was signed in. Pure functions, so they run in Node.
import { describe, expect, it } from "vitest";
import { ROLE_NAMES } from "../src/auth/policy.ts";
import { ApiError } from "../web/src/api/errors.ts";
import {
  DEFAULT_LIFETIME,
  describeExpiry,
  describeSignInMethod,
  describeUserAgent,
  inviteRefusal,
  LIFETIME_PRESETS,
  lifetimeMinutes,
  ROLE_CHOICES,
  roleFromName,
  seatSummary,
} from "../web/src/lib/people.ts";
import { describeSessionEnd } from "../web/src/lib/session-end.ts";

const now = new Date("2026-03-01T12:00:00.000Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe("roles", () => {
  it("offers every role of the permission matrix, lowest first, and reads a name back", () => {
    expect(ROLE_CHOICES).toEqual([
      { value: 0, label: "Viewer" },
      { value: 1, label: "Member" },
      { value: 2, label: "Admin" },
      { value: 3, label: "Owner" },
    ]);
    for (const [value, name] of Object.entries(ROLE_NAMES)) expect(roleFromName(name)).toBe(Number(value));
    expect(roleFromName("Superuser")).toBeUndefined();
    expect(roleFromName("owner")).toBeUndefined();
  });
});

describe("API key lifetimes", () => {
  it("are minutes from now within the API's bounds, with 'never' as null", () => {
    expect(lifetimeMinutes("1h")).toBe(60);
    expect(lifetimeMinutes("1d")).toBe(1440);
    expect(lifetimeMinutes("30d")).toBe(43_200);
    expect(lifetimeMinutes("1y")).toBe(525_600);
    expect(lifetimeMinutes("never")).toBeNull();
    expect(lifetimeMinutes("forever and a day")).toBeUndefined();
    expect(lifetimeMinutes(DEFAULT_LIFETIME)).toBe(90 * 1440);
    for (const preset of LIFETIME_PRESETS) {
      if (preset.minutes !== null) {
        expect(Number.isInteger(preset.minutes)).toBe(true);
        expect(preset.minutes).toBeGreaterThanOrEqual(1);
        expect(preset.minutes).toBeLessThanOrEqual(5_256_000); // the API's ten-year cap
      }
    }
    expect(new Set(LIFETIME_PRESETS.map((p) => p.id)).size).toBe(LIFETIME_PRESETS.length);
  });

  it("are described relative to now: never, in minutes, hours or days, or expired", () => {
    expect(describeExpiry(null, now)).toBe("never");
    expect(describeExpiry(later(0.2), now)).toBe("in 1 minute");
    expect(describeExpiry(later(45), now)).toBe("in 45 minutes");
    expect(describeExpiry(later(60), now)).toBe("in 1 hour");
    expect(describeExpiry(later(47 * 60), now)).toBe("in 47 hours");
    expect(describeExpiry(later(30 * 1440), now)).toBe("in 30 days");
    expect(describeExpiry(later(-120), now)).toBe("expired 2 hours ago");
    expect(describeExpiry(later(-3 * 1440), now)).toBe("expired 3 days ago");
  });
});

describe("seats", () => {
  it("count members and pending invites against the plan's limit", () => {
    expect(seatSummary(5, 2, 1)).toEqual({
      used: 3,
      limit: 5,
      full: false,
      text: "3 of 5 seats taken (members and pending invites)",
    });
    expect(seatSummary(3, 2, 1)?.full).toBe(true);
    expect(seatSummary(1, 1, 0)?.text).toBe("1 of 1 seat taken (members and pending invites)");
    expect(seatSummary(null, 40, 10)).toBeNull(); // unlimited plan: nothing to count against
  });
});

describe("a refused invite", () => {
  it("explains a full plan (402) with what to do, keeping the API's words", () => {
    const seatError = new ApiError(
      402,
      "seat_limit_reached",
      "The free plan has 5 seats and 5 are taken (members and pending invites)",
      {},
    );
    expect(inviteRefusal(seatError).message).toBe(
      "No seat left: The free plan has 5 seats and 5 are taken (members and pending invites). " +
        "Withdraw a pending invite, remove a member, or move the workspace to a bigger plan.",
    );
  });

  it("says a conflict (409) was not sent, and passes anything else through unchanged", () => {
    const conflict = new ApiError(409, "conflict", "This person is already a member of the workspace", {});
    expect(inviteRefusal(conflict).message).toBe(
      "Not sent: This person is already a member of the workspace.",
    );
    const forbidden = new ApiError(403, "forbidden", "Owners only", {});
    expect(inviteRefusal(forbidden)).toBe(forbidden);
    const network = new TypeError("Failed to fetch");
    expect(inviteRefusal(network)).toBe(network);
    expect(inviteRefusal("odd").message).toBe("odd");
  });
});

describe("user agents", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      "Chrome on macOS",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
      "Headless Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "Firefox on Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    ["curl/8.5.0", "curl"],
    ["coffer-cli/0.1.0 (build-server-01; linux x64)", "Coffer CLI on build-server-01 (Linux)"],
    ["coffer-cli/0.1.0 (ada-mbp.local; darwin arm64)", "Coffer CLI on ada-mbp.local (macOS)"],
    ["coffer-cli/0.1.0 (DESKTOP-7; win32 x64)", "Coffer CLI on DESKTOP-7 (Windows)"],
    ["coffer-cli", "Coffer CLI"],
    ["node", "Node.js"],
    ["something-custom/1.0", "Other client"],
    ["", "Unknown client"],
  ])("%s is %s", (userAgent, label) => {
    expect(describeUserAgent(userAgent)).toBe(label);
  });
});

describe("why this browser was signed out", () => {
  it("names a same-browser sign-in elsewhere, with its time", () => {
    const text = describeSessionEnd(
      { code: "session_revoked", reason: "replaced", revokedAt: "2026-11-24T09:30:00.000Z" },
      "en-GB",
    );
    expect(text).toMatch(
      /^Signed out on 24 Nov 2026, \d\d:30: you signed in again from this browser elsewhere/,
    );
  });

  it.each([
    [{ code: "session_revoked", reason: "revoked" }, /revoked from another of your sessions/],
    [{ code: "session_revoked", reason: "password_changed" }, /password was changed/],
    [{ code: "session_revoked", reason: "something-new" }, /^Signed out: this session was revoked\.$/],
    [{ code: "session_expired" }, /expired/],
  ])("%o", (end, expected) => {
    expect(describeSessionEnd(end)).toMatch(expected);
  });

  it("says nothing when the person signed out, or nothing is known", () => {
    expect(describeSessionEnd({ code: "session_revoked", reason: "signed_out" })).toBeUndefined();
    expect(describeSessionEnd({ code: "refresh_token_invalid" })).toBeUndefined();
    expect(describeSessionEnd(null)).toBeUndefined();
  });
});

describe("how a session was signed in", () => {
  it.each([
    ["password", "with a password"],
    ["google", "with Google"],
    ["github", "with GitHub"],
    ["oidc", "with single sign-on"],
    [null, ""],
    ["something-new", ""],
  ])("%s reads %j", (method, words) => {
    expect(describeSignInMethod(method)).toBe(words);
  });
});
