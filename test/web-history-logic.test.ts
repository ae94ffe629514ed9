// The pure logic behind the dashboard's history, share, import and audit screens (issue 11,
// phase 2a): ciphertext summaries, share-link requests, what each platform needs, how import
// failures read, and who sees the Audit entry. Pure functions, so they run in Node.
import { describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import {
  appliedSummary,
  describeActor,
  describeEvent,
  EXPIRY_PRESETS,
  eventDetail,
  importFailure,
  importSource,
  justBefore,
  missingFields,
  SHARE_LIMITS,
  shareRequest,
  shortUserAgent,
  tokenFromFragment,
  writesOf,
} from "../web/src/lib/history.ts";
import { allows } from "../web/src/lib/permissions.ts";
import { diffValues } from "../web/src/lib/value-diff.ts";
import { NAV } from "../web/src/nav.ts";

describe("a past value against the current one", () => {
  it("marks the changed middle of a one-line value, and changed lines of a multi-line one", () => {
    expect(diffValues("postgres://db-old/app", "postgres://db-new/app")).toEqual([
      { kind: "same", text: "postgres://db-" },
      { kind: "removed", text: "old" },
      { kind: "added", text: "new" },
      { kind: "same", text: "/app" },
    ]);
    expect(diffValues("same", "same")).toEqual([{ kind: "same", text: "same" }]);
    expect(diffValues("a\nb\nc", "a\nB\nc\nd")).toEqual([
      { kind: "same", text: "a\n" },
      { kind: "removed", text: "b\n" },
      { kind: "added", text: "B\n" },
      { kind: "same", text: "c\n" },
      { kind: "added", text: "d\n" },
    ]);
  });
});

describe("the share request", () => {
  const ids = ["00000000-0000-4000-8000-000000000001"];

  it("sends the chosen expiry and views, and a passphrase only when one was typed", () => {
    expect(shareRequest(ids, { minutes: 60, maxViews: "3", passphrase: "" })).toEqual({
      ok: true,
      body: { secret_ids: ids, expires_in_minutes: 60, max_views: 3 },
    });
    const withPassphrase = shareRequest(ids, { minutes: 1440, maxViews: "1", passphrase: " s3cret!! " });
    expect(withPassphrase.ok && withPassphrase.body.passphrase).toBe(" s3cret!! ");
  });

  it("refuses no selection, views out of range and an expiry that is not offered", () => {
    expect(shareRequest([], { minutes: 60, maxViews: "1", passphrase: "" }).ok).toBe(false);
    for (const maxViews of ["0", "101", "1.5", "", "abc"]) {
      expect(shareRequest(ids, { minutes: 60, maxViews, passphrase: "" })).toMatchObject({ ok: false });
    }
    expect(shareRequest(ids, { minutes: 7, maxViews: "1", passphrase: "" })).toMatchObject({ ok: false });
    // The API's minimum: shorter passphrases are refused before anything is sent.
    expect(shareRequest(ids, { minutes: 60, maxViews: "1", passphrase: "1234567" })).toMatchObject({
      ok: false,
    });
  });

  it("offers expiries within the API's bounds, shortest first", () => {
    const minutes = EXPIRY_PRESETS.map((p) => p.minutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(Math.max(...minutes)).toBe(SHARE_LIMITS.maxMinutes);
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(1);
  });
});

describe("the share viewer link", () => {
  it("reads the token back from the fragment, and nothing else", () => {
    expect(tokenFromFragment("#AbC-_9")).toBe("AbC-_9");
    expect(tokenFromFragment("")).toBeNull();
    expect(tokenFromFragment("#a b")).toBeNull();
    expect(tokenFromFragment("#../x/y")).toBeNull();
  });
});

describe("the import form", () => {
  it("sends only the platform's own fields, trimmed, without empty ones", () => {
    const typed = { project_id: " p1 ", environment_id: "e1", service_id: "", target: "production" };
    expect(importSource("railway", typed)).toEqual({ project_id: "p1", environment_id: "e1" });
    expect(importSource("vercel", typed)).toEqual({ project_id: "p1", target: "production" });
    expect(importSource("render", { ...typed, service_id: "srv-1" })).toEqual({ service_id: "srv-1" });
  });

  it("names the required fields still empty", () => {
    expect(missingFields("railway", { project_id: "p" })).toEqual(["Environment ID"]);
    expect(missingFields("vercel", {})).toEqual(["Project ID or name"]);
    expect(missingFields("render", { service_id: "srv-1" })).toEqual([]);
  });

  it("tells a refused token, a missing project and a platform outage apart", () => {
    const failure = (status: number, code: string) => ({ status, code, message: "detail" });
    expect(importFailure("railway", failure(400, "provider_auth_failed"))).toMatch(
      /^Railway refused the token/,
    );
    expect(importFailure("vercel", failure(404, "provider_not_found"))).toMatch(/^Vercel has no such/);
    expect(importFailure("render", failure(502, "provider_unavailable"))).toMatch(/outage/);
    expect(importFailure("render", failure(429, "provider_rate_limited"))).toMatch(/rate limiting/);
    expect(importFailure("render", failure(409, "conflict"))).toBe("detail");
  });

  it("counts what applying writes, and sums up what it wrote", () => {
    const report = { added: [1, 2], changed: [3], unchanged: [], skipped: [4], total: 4 };
    expect(writesOf(report, false)).toBe(2);
    expect(writesOf(report, true)).toBe(3);
    expect(appliedSummary(report, true)).toBe("2 added, 1 updated, 1 skipped");
    expect(appliedSummary(report, false)).toBe("2 added, 1 left as they were, 1 skipped");
    expect(appliedSummary({ ...report, changed: [], skipped: [] }, false)).toBe("2 added");
  });
});

describe("the audit trail", () => {
  it("reads actors and user agents for a table cell", () => {
    expect(describeActor({ type: "user", name: "ada@example.com" })).toBe("ada@example.com");
    expect(describeActor({ type: "api_key", name: "deploy" })).toBe("deploy (API key)");
    expect(describeActor({ type: "anonymous", name: "" })).toBe("anonymous");
    expect(describeActor({ type: "service_account", name: "deployer", key: { name: "prod-reader" } })).toBe(
      "deployer (service account, key prod-reader)",
    );
    expect(describeActor({ type: "service_account", name: "deployer", key: null })).toBe(
      "deployer (service account)",
    );
    expect(shortUserAgent(null)).toBe("—");
    expect(shortUserAgent("curl/8")).toBe("curl/8");
    expect(shortUserAgent("x".repeat(80))).toHaveLength(40);
  });

  it("is in the navigation for Admins and Owners only (audit.read in the matrix)", () => {
    const entry = NAV.find((e) => e.label === "Audit");
    expect(entry?.action).toBe("audit.read");
    const sees = (role: number) => allows({ role, teamIds: new Set() }, entry!.action!);
    expect([Role.Viewer, Role.Member, Role.Admin, Role.Owner].map(sees)).toEqual([false, false, true, true]);
  });
});

describe("the environment's timeline", () => {
  const event = (kind: Parameters<typeof describeEvent>[0]["kind"], version: number | null = 3) => ({
    at: "2026-11-24T09:30:00.000Z",
    kind,
    key: "DB_URL",
    version,
    renamed: null,
    restored_to: null,
  });

  it("says what happened to the key, with the version it made", () => {
    expect(describeEvent(event("created", 1))).toBe("DB_URL created as v1");
    expect(describeEvent(event("updated"))).toBe("DB_URL updated to v3");
    expect(describeEvent(event("rolled_back"))).toBe("DB_URL rolled back to an earlier value, as v3");
    expect(describeEvent(event("restored"))).toBe("DB_URL restored at v3");
    expect(describeEvent(event("restored", null))).toBe("DB_URL restored");
    expect(describeEvent(event("deleted"))).toBe("DB_URL deleted");
    const renamed = { from: "DATABASE", to: "DB_URL" };
    expect(describeEvent({ ...event("renamed"), renamed })).toBe("DB_URL renamed from DATABASE to DB_URL");
    expect(describeEvent({ ...event("updated"), renamed })).toBe(
      "DB_URL updated to v3, renamed from DATABASE to DB_URL",
    );
    // After the badge that names the kind, the table says the rest.
    expect(eventDetail(event("updated"))).toBe("to v3");
    expect(eventDetail(event("deleted"))).toBe("");
  });

  it("restores to one millisecond before an event", () => {
    expect(justBefore("2026-11-24T09:30:00.000Z")).toBe("2026-11-24T09:29:59.999Z");
    expect(justBefore("2026-11-24T09:30:00.120Z")).toBe("2026-11-24T09:30:00.119Z");
  });
});
