// The pure rules behind project set-up and the secrets table (issue 36, items 10 and 12): the order
// environments are listed in (dashboard and CLI alike), the server's types being that same list,
// and the short "3 h ago" form of a moment.
import { describe, expect, it } from "vitest";
import { byEnvironmentType, DEFAULT_ENVIRONMENTS, TYPE_ORDER } from "../src/lib/environment-order.ts";
import { ENVIRONMENT_TYPES } from "../src/modules/environments/index.ts";
import { teamOfChoice } from "../web/src/lib/invite-team.ts";
import { relativeTime } from "../web/src/lib/relative-time.ts";

describe("the order environments are listed in", () => {
  it("is development, staging, production, pilot, custom, then by name", () => {
    const listed = byEnvironmentType([
      { name: "Sandbox", environment_type: "custom" },
      { name: "Production", environment_type: "prod" },
      { name: "eu-staging", environment_type: "staging" },
      { name: "Canary", environment_type: "pilot" },
      { name: "Dev", environment_type: "dev" },
      { name: "Another staging", environment_type: "staging" },
    ]);
    expect(listed.map((e) => e.name)).toEqual([
      "Dev",
      "Another staging",
      "eu-staging",
      "Production",
      "Canary",
      "Sandbox",
    ]);
  });

  it("is the server's own list of types, and a new project's defaults follow it", () => {
    expect([...ENVIRONMENT_TYPES]).toEqual([...TYPE_ORDER]);
    expect(DEFAULT_ENVIRONMENTS.map((e) => [e.name, e.environment_type])).toEqual([
      ["development", "dev"],
      ["staging", "staging"],
      ["production", "prod"],
    ]);
  });
});

describe("an invite's team choice", () => {
  it("sends a team's id, and null for no team whether chosen on purpose or not offered", () => {
    expect(teamOfChoice("4b0c1b43-0b5c-4d4a-9d4f-0a3f6b1f2c11")).toBe("4b0c1b43-0b5c-4d4a-9d4f-0a3f6b1f2c11");
    expect(teamOfChoice("none")).toBeNull();
    expect(teamOfChoice("")).toBeNull();
  });
});

describe("a moment the short way", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it.each([
    ["2026-03-10T12:00:30Z", "just now"],
    ["2026-03-10T12:00:05Z", "just now"],
    ["2026-03-10T12:05:00Z", "just now"],
    ["2026-03-10T11:55:00Z", "5 min ago"],
    ["2026-03-10T09:00:00Z", "3 h ago"],
    ["2026-03-08T12:00:00Z", "2 d ago"],
  ])("%s reads %s", (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });

  it("gives the date past 30 days", () => {
    expect(relativeTime("2025-12-01T12:00:00Z", now)).toMatch(/2025/);
  });
});
