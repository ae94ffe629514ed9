// The pure logic behind the dashboard's audit screen: how each entry reads (what and where, never
// an id), a bulk operation's keys, and the filters as the URL carries them and the API takes them.
import { describe, expect, it } from "vitest";
import {
  ACTION_GROUPS,
  type AuditFacts,
  actionLabel,
  bulkKeys,
  describeEntry,
  itemNote,
  phraseText,
} from "../web/src/lib/audit.ts";
import {
  activePreset,
  auditSearch,
  cleanFilters,
  hasFilters,
  trailFilter,
  withPreset,
} from "../web/src/lib/audit-filters.ts";

const ADA = "0d9f3c1e-6b7a-4f3e-9a55-2f4b8c1d7e90";

const NOWHERE = { project_name: null, environment_name: null };
const entry = (action: string, details: Record<string, unknown> = {}, more: Partial<AuditFacts> = {}) => ({
  action,
  details,
  resource_id: "2c7f4d0f-0000-4000-8000-000000000000",
  version: null,
  project_name: "Payments API",
  environment_name: "Production",
  actor: { user_id: ADA },
  ...more,
});
const reads = (...args: Parameters<typeof entry>) => phraseText(describeEntry(entry(...args)));

describe("an audit entry as a phrase", () => {
  it("says what a claim of an unverified account ended", () => {
    expect(
      reads(
        "account.claimed",
        {
          proven_by: "google",
          members_removed: 1,
          invites_withdrawn: 0,
          service_accounts_disabled: 2,
          service_account_keys_revoked: 3,
          trusts_removed: 1,
          webhooks_disabled: 1,
          share_links_revoked: 0,
        },
        NOWHERE,
      ),
    ).toBe(
      "took over the account through a verified sign-in; what its previous holder let in ended: 1 member, " +
        "2 service accounts, 3 service account keys, 1 OIDC trust, 1 webhook",
    );
    expect(reads("account.claimed", { proven_by: "password_reset" }, NOWHERE)).toBe(
      "took over the account through a verified sign-in",
    );
  });

  it("names the secret by its key and the place by its names, never an id", () => {
    expect(reads("secret.updated", { key: "STRIPE_KEY", fields: "value" })).toBe(
      "updated STRIPE_KEY in Payments API / Production",
    );
    expect(reads("secret.deleted", { key: "OLD_TOKEN" })).toBe(
      "deleted OLD_TOKEN in Payments API / Production",
    );
    expect(reads("secret.read", { key: "STRIPE_KEY" })).toBe(
      "revealed STRIPE_KEY in Payments API / Production",
    );
    expect(reads("secret.created", {})).toBe("created a secret in Payments API / Production");
    expect(reads("secret.created", { key: "A" })).not.toContain("2c7f4d0f");
  });

  it("tells a rename and a change of other fields", () => {
    expect(reads("secret.updated", { key: "DATABASE_URL", previous_key: "DB_URL", fields: "key" })).toBe(
      "renamed DB_URL to DATABASE_URL in Payments API / Production",
    );
    expect(reads("secret.updated", { key: "A", fields: "description,rotation_days" })).toBe(
      "updated A (description, rotation reminder) in Payments API / Production",
    );
  });

  it("counts a bulk operation and keeps its keys for the expander", () => {
    const bulk = entry(
      "environment.secrets_created",
      { count: 3, keys: "A,B,C" },
      { environment_name: "Development" },
    );
    expect(phraseText(describeEntry(bulk))).toBe("created 3 secrets in Payments API / Development");
    expect(bulkKeys(bulk)).toEqual(["A", "B", "C"]);
    expect(reads("import.applied", { count: 1, keys: "A", source: "railway" })).toBe(
      "imported 1 secret from railway in Payments API / Production",
    );
    expect(bulkKeys(entry("secret.created", { keys: "A,B" }))).toEqual([]);
  });

  it("reads reads, sign-ins and failed sign-ins naturally", () => {
    expect(reads("environment.secrets_read", { count: 12, how: "list" })).toBe(
      "read 12 secrets (list) in Payments API / Production",
    );
    expect(reads("user.signed_in", { method: "password" }, NOWHERE)).toBe("signed in with a password");
    expect(reads("user.signed_in", { method: "oidc" }, NOWHERE)).toBe("signed in with single sign-on");
    expect(reads("user.sign_in_failed", { email: "ada@example.com", reason: "password" }, NOWHERE)).toBe(
      "failed to sign in as ada@example.com: wrong password",
    );
    expect(
      reads("user.sign_in_failed", { email: "ada@example.com", reason: "two_factor_code" }, NOWHERE),
    ).toBe("failed to sign in as ada@example.com: wrong two-factor code");
  });

  it("names people and teams the page knows, and does not say a place twice", () => {
    const names = { people: new Map([[ADA, "ada@example.com"]]), teams: new Map([["t1", "Platform"]]) };
    const added = entry("team_member.added", { user_id: ADA }, { ...NOWHERE, resource_id: "t1" });
    expect(phraseText(describeEntry(added, names))).toBe("added ada@example.com to team “Platform”");
    expect(reads("environment.created", {}, { environment_name: "Staging" })).toBe(
      "created environment “Staging” in Payments API",
    );
    expect(reads("project.deleted", { name: "Payments API" })).toBe("deleted project “Payments API”");
    expect(reads("member.updated", { user_id: "x", previous_role: 1, role: 2 }, NOWHERE)).toBe(
      "changed the role of a member from Member to Admin",
    );
  });

  it("falls back to the action's words for one it does not know", () => {
    expect(reads("webhook.test", {}, NOWHERE)).toBe("webhook test");
  });

  it("annotates each item of a bulk operation", () => {
    expect(itemNote({ action: "secret.created", version: 1 })).toBe("created, v1");
    expect(itemNote({ action: "secret.deleted", version: 3 })).toBe("deleted");
  });
});

describe("the audit filters", () => {
  it("keeps from the URL only what looks like a filter", () => {
    expect(
      auditSearch({
        action: "secret.",
        actor: ADA,
        project: "not-an-id",
        environment: ADA,
        from: "2026-11-01",
        to: "2026-13-45",
        page: "2",
      }),
    ).toEqual({ action: "secret.", actor: ADA, environment: ADA, from: "2026-11-01" });
    expect(auditSearch({ action: "DROP TABLE" })).toEqual({});
  });

  it("leaves empty filters out, of the URL and of the query", () => {
    expect(cleanFilters({ action: "", actor: ADA, from: undefined })).toEqual({ actor: ADA });
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ to: "2026-11-02" })).toBe(true);
  });

  it("turns days into instants, the last day included, and refuses a range backwards", () => {
    const result = trailFilter({ action: "user.", from: "2026-11-01", to: "2026-11-01" });
    if (!result.ok) throw new Error(result.problem);
    const { since, until, ...rest } = result.filter;
    expect(rest).toEqual({ action: "user." });
    expect(new Date(since!).getDate()).toBe(1);
    expect(Date.parse(until!) - Date.parse(since!)).toBeGreaterThanOrEqual(23 * 3600_000);
    expect(trailFilter({ from: "2026-11-02", to: "2026-11-01" }).ok).toBe(false);
  });

  it("offers every action once, and names one typed by hand", () => {
    const values = ACTION_GROUPS.flatMap((g) => g.choices.map((c) => c.value));
    expect(new Set(values).size).toBe(values.length);
    // One action or prefix, or several comma-separated, each of which the API takes.
    for (const value of values) expect(value).toMatch(/^[a-z0-9_]+\.[a-z0-9_.]*(,[a-z0-9_]+\.[a-z0-9_.]*)*$/);
    expect(auditSearch({ action: "secret.created,user." })).toEqual({ action: "secret.created,user." });
    expect(actionLabel("user.sign_in_failed")).toBe("Failed sign-ins");
    expect(actionLabel("audit.")).toBe("Every audit action");
  });
});

describe("an update's before and after (issue 36, item 11)", () => {
  it("reads each changed field of an environment as before → after, the parent by name", () => {
    expect(
      reads(
        "environment.updated",
        {
          fields: "name,parent_environment_id",
          changes: {
            name: { from: "staging", to: "qa" },
            parent: { from: null, to: { id: ADA, name: "Production" } },
          },
        },
        { environment_name: "qa" },
      ),
    ).toBe("changed environment “qa”: name: staging → qa, inherits from: none → Production in Payments API");
  });

  it("reads a project's rename and archiving, and falls back to field names for older entries", () => {
    expect(
      reads("project.updated", {
        fields: "name,is_active",
        changes: { name: { from: "Payments", to: "Billing" }, is_active: { from: true, to: false } },
      }),
    ).toBe("changed project “Payments API”: name: Payments → Billing, active: yes → no");
    expect(reads("environment.updated", { fields: "name" })).toBe(
      "changed environment “Production” (name) in Payments API",
    );
  });

  it("reads an operator's plan change", () => {
    expect(reads("workspace.plan_changed", { previous_plan: "free", plan: "pro" }, NOWHERE)).toBe(
      "changed the workspace's plan from free to pro",
    );
  });

  it("reads a verification of the chain, holding or broken, and a read of its key", () => {
    expect(reads("audit.verified", { holds: true, checked: 1234 }, NOWHERE)).toBe(
      "verified the audit trail: it holds (1,234 entries checked)",
    );
    expect(reads("audit.verified", { holds: false, checked: 2, break_sequence: 3 }, NOWHERE)).toBe(
      "verified the audit trail: broken at entry #3 (2 entries checked)",
    );
    expect(reads("audit.verification_key_read", {}, NOWHERE)).toBe("read the audit trail's verification key");
  });
});

describe("the time presets", () => {
  // Sunday 29 November 2026, 10:30 local time.
  const now = new Date(2026, 10, 29, 10, 30, 15);

  it("set the days of yesterday and of the last 7 days, keeping the other filters", () => {
    expect(withPreset({ action: "secret." }, "yesterday", now)).toEqual({
      action: "secret.",
      from: "2026-11-28",
      to: "2026-11-28",
    });
    expect(withPreset({ from: "2026-01-01", within: "24h" }, "7d", now)).toEqual({
      from: "2026-11-23",
      to: "2026-11-29",
    });
  });

  it("make the last 24 hours a moving window, to the minute, that From and To replace", () => {
    const filters = withPreset({ from: "2026-11-01", to: "2026-11-02" }, "24h", now);
    expect(filters).toEqual({ within: "24h" });
    expect(auditSearch({ within: "24h" })).toEqual({ within: "24h" });
    expect(auditSearch({ within: "3y" })).toEqual({});
    const request = trailFilter(filters, now);
    expect(request).toEqual({
      ok: true,
      filter: { since: new Date(2026, 10, 28, 10, 30, 0).toISOString() },
    });
  });

  it("know which preset the filters are, and none for a custom range", () => {
    expect(activePreset(withPreset({}, "yesterday", now), now)).toBe("yesterday");
    expect(activePreset(withPreset({}, "7d", now), now)).toBe("7d");
    expect(activePreset({ within: "24h" }, now)).toBe("24h");
    expect(activePreset({ from: "2026-11-02", to: "2026-11-03" }, now)).toBeNull();
    expect(activePreset({}, now)).toBeNull();
  });
});
