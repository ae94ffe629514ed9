// The dashboard's logic that is not layout (issue 11): the .env paste preview (the CLI's parser,
// diffed against the environment), rotation status, and role gating read from the server's own
// permission matrix. Pure functions, so they run in Node.
import { describe, expect, it } from "vitest";
import { MATRIX, Role } from "../src/auth/policy.ts";
import {
  bulkDeleteConfirmation,
  bulkDeleteRefusal,
  bulkHeirsNote,
  inBatches,
} from "../web/src/lib/bulk-delete.ts";
import { batches, planOf, previewPaste, unreadKeys } from "../web/src/lib/env-paste.ts";
import { countLabel, pageOf } from "../web/src/lib/paging.ts";
import { allows, type Caller } from "../web/src/lib/permissions.ts";
import { describeRotation, rotationStatus } from "../web/src/lib/rotation.ts";
import { keyProblem, valueSize } from "../web/src/lib/secret-input.ts";

const existing = [
  { key: "DATABASE_URL", value: "postgres://db/app" },
  { key: "LOG_LEVEL", value: "info" },
  { key: "UNTOUCHED", value: "kept" },
];

describe("the .env paste preview", () => {
  it("sorts what a paste would do into added, changed and unchanged, and plans only the writes", () => {
    const preview = previewPaste(
      ["# comment", "LOG_LEVEL=info", 'DATABASE_URL="postgres://db/v2"', "export NEW_ONE=1", ""].join("\n"),
      existing,
    );
    expect(preview).toEqual({
      ok: true,
      changes: [
        { key: "NEW_ONE", kind: "added", value: "1" },
        { key: "DATABASE_URL", kind: "changed", value: "postgres://db/v2", previous: "postgres://db/app" },
        { key: "LOG_LEVEL", kind: "unchanged", value: "info", previous: "info" },
      ],
    });
    // Keys not in the paste are left alone: a paste never deletes.
    expect(planOf(preview.ok ? preview.changes : [])).toEqual({
      create: [{ key: "NEW_ONE", value: "1" }],
      update: [{ key: "DATABASE_URL", value: "postgres://db/v2" }],
    });
  });

  it("holds a pasted key that exists as unread until its current value is given, and plans no write for it", () => {
    const text = "LOG_LEVEL=debug\nNEW_ONE=1\nUNTOUCHED=kept";
    const unread = previewPaste(text, [{ key: "LOG_LEVEL" }, { key: "UNTOUCHED" }, { key: "ELSEWHERE" }]);
    expect(unread.ok && unread.changes.map((c) => [c.key, c.kind])).toEqual([
      ["NEW_ONE", "added"],
      ["LOG_LEVEL", "unread"],
      ["UNTOUCHED", "unread"],
    ]);
    // Only the pasted keys that exist are read; never the environment's other secrets.
    expect(unreadKeys(unread)).toEqual(["LOG_LEVEL", "UNTOUCHED"]);
    expect(planOf(unread.ok ? unread.changes : [])).toEqual({
      create: [{ key: "NEW_ONE", value: "1" }],
      update: [],
    });
    const read = previewPaste(text, [
      { key: "LOG_LEVEL", value: "info" },
      { key: "UNTOUCHED", value: "kept" },
    ]);
    expect(unreadKeys(read)).toEqual([]);
    expect(read.ok && read.changes.map((c) => [c.key, c.kind])).toEqual([
      ["NEW_ONE", "added"],
      ["LOG_LEVEL", "changed"],
      ["UNTOUCHED", "unchanged"],
    ]);
  });

  it("reads files the way the CLI does: quotes, escapes, CRLF, comments after values, last one wins", () => {
    const preview = previewPaste(
      "A='single # not a comment'\r\nB=\"line\\nbreak\"\r\nC=plain # comment\r\nC=again\r\n",
      [],
    );
    expect(preview.ok && preview.changes.map((c) => [c.key, c.value])).toEqual([
      ["A", "single # not a comment"],
      ["B", "line\nbreak"],
      ["C", "again"],
    ]);
  });

  it("keeps a reference in single quotes as text, as coffer import does (a reference elsewhere)", () => {
    const reference = ["$", "{LOG_LEVEL}"].join("");
    const preview = previewPaste(`TEXT='${reference}'\nREF=${reference}`, []);
    expect(preview.ok && preview.changes.map((c) => [c.key, c.value])).toEqual([
      ["REF", reference],
      ["TEXT", `$${reference}`],
    ]);
  });

  it("marks keys the API would refuse as invalid instead of sending them", () => {
    const preview = previewPaste(`my.key=1\nGOOD=2\nBIG=${"x".repeat(64 * 1024 + 1)}`, []);
    expect(preview.ok && preview.changes.map((c) => [c.key, c.kind])).toEqual([
      ["BIG", "invalid"],
      ["my.key", "invalid"],
      ["GOOD", "added"],
    ]);
    expect(preview.ok && planOf(preview.changes).create.map((c) => c.key)).toEqual(["GOOD"]);
  });

  it("reports text that is not a .env, or has nothing in it, with the line", () => {
    expect(previewPaste('A="unterminated', [])).toEqual({
      ok: false,
      error: 'line 1: unterminated " quote (the value of A opens here)',
    });
    expect(previewPaste("just words", [])).toEqual({ ok: false, error: "line 1: expected KEY=VALUE" });
    expect(previewPaste("# only a comment\n", [])).toEqual({
      ok: false,
      error: "nothing to import: no KEY=VALUE lines",
    });
  });

  it("splits large pastes into batches the bulk endpoints accept (1,000 each)", () => {
    const items = Array.from({ length: 2001 }, (_, i) => i);
    expect(batches(items).map((b) => b.length)).toEqual([1000, 1000, 1]);
  });
});

describe("deleting the selected secrets", () => {
  it("asks with the count and the keys, and says where they come back from", () => {
    expect(bulkDeleteConfirmation(["STRIPE_KEY", "API_TOKEN", "LOG_LEVEL"])).toEqual({
      title: "Delete 3 secrets?",
      submitLabel: "Delete 3 secrets",
      message:
        "STRIPE_KEY, API_TOKEN, LOG_LEVEL; they can be restored, with their versions, from Recently deleted until they are purged.",
    });
    expect(bulkDeleteConfirmation(["ONLY"]).title).toBe("Delete 1 secret?");
    expect(bulkDeleteConfirmation(["ONLY"]).message).toMatch(/^ONLY; it can be restored/);
  });

  it("names the environments that inherit any of the selection from here, and which keys they lose", async () => {
    const heirs = (...names: string[]) => names.map((name) => ({ name }));
    expect(bulkHeirsNote([{ key: "A", heirs: [] }])).toBe("");
    expect(
      bulkHeirsNote([
        { key: "A", heirs: heirs("Staging") },
        { key: "B", heirs: [] },
      ]),
    ).toBe("Staging inherits A from here and will lose it.");
    expect(
      bulkHeirsNote([
        { key: "DATABASE_URL", heirs: heirs("Staging", "QA") },
        { key: "API_TOKEN", heirs: heirs("QA") },
      ]),
    ).toBe("Staging and QA inherit DATABASE_URL and API_TOKEN from here and will lose them.");
    const many = Array.from({ length: 12 }, (_, i) => ({ key: `K${i}`, heirs: heirs("QA") }));
    expect(bulkHeirsNote(many)).toBe(
      "QA inherits K0, K1, K2, K3, K4, K5, K6, K7, K8, K9 and 2 more from here and will lose them.",
    );
    let inFlight = 0;
    let most = 0;
    const doubled = await inBatches([1, 2, 3, 4, 5], 2, async (n) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return n * 2;
    });
    expect(doubled).toEqual([2, 4, 6, 8, 10]);
    expect(most).toBe(2);
  });

  it("names the first ten keys of a long selection and counts the rest", () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `KEY_${i}`);
    const { title, message } = bulkDeleteConfirmation(keys);
    expect(title).toBe("Delete 1,000 secrets?");
    expect(message).toMatch(/^KEY_0, KEY_1, .*, KEY_9 and 990 more; they can be restored/);
    expect(message).not.toContain("KEY_10");
  });

  it("says nothing was deleted when some secrets are gone, naming them", () => {
    expect(bulkDeleteRefusal(["A"])).toMatch(/^Nothing was deleted: A is no longer in this environment/);
    expect(bulkDeleteRefusal(["A", "B"])).toMatch(/^Nothing was deleted: A, B are no longer/);
  });
});

describe("rotation status", () => {
  const now = new Date("2026-06-30T12:00:00Z");
  const secret = (rotatedDaysAgo: number | null, rotationDays = 30, createdDaysAgo = 400) => ({
    rotation_days: rotationDays,
    created_at: new Date(now.getTime() - createdDaysAgo * 86_400_000).toISOString(),
    last_rotated_at:
      rotatedDaysAgo === null ? null : new Date(now.getTime() - rotatedDaysAgo * 86_400_000).toISOString(),
  });

  it("is on time, due soon within a week, and overdue once rotation_days have passed", () => {
    expect(rotationStatus(secret(1), now).state).toBe("ok");
    expect(rotationStatus(secret(25), now).state).toBe("due-soon");
    expect(rotationStatus(secret(30), now).state).toBe("overdue");
    const late = rotationStatus(secret(34), now);
    expect(late).toMatchObject({ state: "overdue", daysLeft: -4 });
    expect(describeRotation(late)).toBe("rotation overdue by 4 days");
    expect(describeRotation(rotationStatus(secret(1), now))).toBe("rotate within 29 days");
  });

  it("counts from the creation time when the secret was never rotated", () => {
    expect(rotationStatus(secret(null, 30, 10), now).state).toBe("ok");
    expect(rotationStatus(secret(null, 30, 31), now).state).toBe("overdue");
  });
});

describe("role gating", () => {
  const team = "11111111-1111-4111-8111-111111111111";
  const otherTeam = "22222222-2222-4222-8222-222222222222";
  const caller = (role: number, teams: string[] = [team]): Caller => ({ role, teamIds: new Set(teams) });

  it("offers each role exactly what the server's matrix allows", () => {
    // Walks every action for every role: the dashboard reads the same table the API enforces.
    for (const [action, rule] of Object.entries(MATRIX) as [
      keyof typeof MATRIX,
      (typeof MATRIX)[keyof typeof MATRIX],
    ][]) {
      for (const role of Object.values(Role)) {
        expect({ action, role, allowed: allows(caller(role), action, team) }).toEqual({
          action,
          role,
          allowed: role >= rule.minRole,
        });
      }
    }
  });

  it("limits Viewers and Members to their own teams, and lets Admins act on every team", () => {
    expect(allows(caller(Role.Member), "secret.write", team)).toBe(true);
    expect(allows(caller(Role.Member), "secret.write", otherTeam)).toBe(false);
    expect(allows(caller(Role.Viewer), "secret.read", otherTeam)).toBe(false);
    expect(allows(caller(Role.Viewer), "secret.write", team)).toBe(false);
    expect(allows(caller(Role.Admin, []), "secret.write", otherTeam)).toBe(true);
    // A team rule asked without a team fails closed for Members, as on the server.
    expect(allows(caller(Role.Member), "environment.create")).toBe(false);
  });

  it("offers nothing before the workspace (and so the role) is known", () => {
    expect(allows(undefined, "workspace.read")).toBe(false);
  });
});

describe("paging a long list", () => {
  const rows = Array.from({ length: 250 }, (_, i) => i);

  it("cuts pages of 100 and says where they are", () => {
    expect(pageOf(rows, 0)).toMatchObject({ page: 0, pages: 3, from: 1, to: 100, total: 250 });
    const last = pageOf(rows, 2);
    expect(last).toMatchObject({ from: 201, to: 250 });
    expect(last.rows).toHaveLength(50);
  });

  it("clamps a page that is no longer there (the list shrank)", () => {
    expect(pageOf(rows, 9).page).toBe(2);
    expect(pageOf(rows, -1).page).toBe(0);
    expect(pageOf([], 3)).toMatchObject({ page: 0, pages: 1, from: 0, to: 0, rows: [] });
  });

  it("counts what is shown of the whole", () => {
    expect(countLabel(8, 8, "secret")).toBe("8 secrets");
    expect(countLabel(1, 1, "secret")).toBe("1 secret");
    expect(countLabel(3, 5000, "secret")).toBe("3 of 5,000 secrets");
  });
});

describe("a secret as it is typed", () => {
  it.each([
    ["DATABASE_URL", undefined],
    ["", undefined],
    ["1PASSWORD", /cannot start with a digit \("1"\)/],
    ["my-key.name", /only letters, digits and _.*"-", "\."/],
    ["MY KEY", /a space/],
  ])("%s", (key, expected) => {
    const problem = keyProblem(key);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(expected);
  });

  it("shows the size limit, the size once it matters, and an error past it", () => {
    expect(valueSize("short")).toEqual({ hint: "Up to 64 KiB." });
    expect(valueSize("x".repeat(20 * 1024)).hint).toBe("Up to 64 KiB (this one: 20 KiB).");
    const over = valueSize("é".repeat(33 * 1024)); // 2 bytes each: 66 KiB
    expect(over.error).toBe("This value is 66 KiB: the limit is 64 KiB.");
  });
});
