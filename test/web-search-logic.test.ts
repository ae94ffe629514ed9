// The words around the header's search and the environment delete dialog: pure functions, in Node.
import { describe, expect, it } from "vitest";
import { environmentDeletion, ownSecretCount } from "../web/src/lib/environment-deletion.ts";
import { matchParts, placeOf, searchSummary } from "../web/src/lib/search.ts";

describe("the header's search results", () => {
  it("marks the first match in a key, in any case", () => {
    expect(matchParts("STRIPE_SECRET_KEY", "secret")).toEqual({
      before: "STRIPE_",
      match: "SECRET",
      after: "_KEY",
    });
    expect(matchParts("DATABASE_URL", "stripe")).toEqual({ before: "DATABASE_URL", match: "", after: "" });
    expect(matchParts("DATABASE_URL", "")).toEqual({ before: "DATABASE_URL", match: "", after: "" });
  });

  it("names where a secret lives as project / environment", () => {
    expect(placeOf({ project: { name: "Payments API" }, environment: { name: "Production" } })).toBe(
      "Payments API / Production",
    );
  });

  it("says how many match, none, or that the list stops at its limit", () => {
    expect(searchSummary({ count: 0, limit: 20, text: "redis" })).toBe("No secrets match “redis”.");
    expect(searchSummary({ count: 1, limit: 20, text: "redis" })).toBe("1 secret matches.");
    expect(searchSummary({ count: 3, limit: 20, text: "redis" })).toBe("3 secrets match.");
    expect(searchSummary({ count: 20, limit: 20, text: "e" })).toBe(
      "The first 20 matches: type more to narrow them.",
    );
  });
});

describe("deleting an environment", () => {
  it("counts the secrets it holds itself, not those it inherits", () => {
    expect(ownSecretCount([{}, { inherited_from: "parent" }, {}])).toBe(2);
  });

  it("says how many secrets go with it, while counting, when none, and when the count is unknown", () => {
    expect(environmentDeletion("Production", 12).title).toBe("Delete Production and its 12 secrets?");
    expect(environmentDeletion("Production", 1).title).toBe("Delete Production and its 1 secret?");
    expect(environmentDeletion("Production", 1_234).title).toBe("Delete Production and its 1,234 secrets?");
    expect(environmentDeletion("Production", undefined).title).toBe("Delete Production and its … secrets?");
    expect(environmentDeletion("Production", 0)).toEqual({
      title: "Delete Production?",
      message: "It holds no secrets. This cannot be undone.",
    });
    const unknown = environmentDeletion("Production", null);
    expect(unknown.title).toBe("Delete Production and its secrets?");
    expect(unknown.message).toMatch(/^How many secrets it holds could not be read\./);
  });
});
