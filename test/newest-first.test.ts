// Paging several newest-first sources as one (src/lib/newest-first.ts, which the environment
// timeline uses): whatever the limit, the pages put together are every item once, newest first —
// items of the same time included, rows that make no item skipped, `before` respected.
import { describe, expect, it } from "vitest";
import { newestFirst, newestFirstPage, type Position, type Source } from "../src/lib/newest-first.ts";

interface Row extends Position {
  hidden: boolean;
}

/** A source over rows in memory, as a database would answer it. */
const sourceOf = (rows: Row[]): Source<Row> => {
  const sorted = [...rows].sort(newestFirst);
  return {
    older: async (before, limit) =>
      sorted.filter((r) => before === undefined || r.at < before).slice(0, limit),
    at: async (at) => sorted.filter((r) => r.at === at),
  };
};

const make = async (rows: Row[]) => rows.filter((r) => !r.hidden);

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function rowsFor(seed: number, sources: number): Row[][] {
  const next = random(seed);
  let n = 0;
  return Array.from({ length: sources }, () =>
    Array.from({ length: Math.floor(next() * 30) }, () => ({
      // Few distinct times: many items share one.
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(next() * 8))).toISOString(),
      id: `item-${String(n++).padStart(4, "0")}`,
      hidden: next() < 0.3,
    })),
  );
}

async function everyPage(sources: Source<Row>[], limit: number, before?: string) {
  const seen: Position[] = [];
  let after: Position | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const page = await newestFirstPage(sources, make, { limit, after, before });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    if (page.next) expect(page.items.length).toBe(limit);
    seen.push(...page.items);
    if (!page.next) return seen;
    after = page.next;
  }
  throw new Error("no last page");
}

describe("newest-first pages over several sources", () => {
  it("puts every shown item in the pages once, newest first, whatever the limit", async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const data = rowsFor(seed, 1 + (seed % 4));
      const expected = data
        .flat()
        .filter((r) => !r.hidden)
        .sort(newestFirst)
        .map((r) => r.id);
      for (const limit of [1, 2, 3, 5, 8, 100]) {
        const seen = await everyPage(data.map(sourceOf), limit);
        expect(
          seen.map((r) => r.id),
          `seed ${seed}, limit ${limit}`,
        ).toEqual(expected);
      }
    }
  });

  it("keeps to what is older than `before`", async () => {
    const data = rowsFor(7, 3);
    const before = new Date(Date.UTC(2026, 0, 1, 0, 0, 4)).toISOString();
    const expected = data
      .flat()
      .filter((r) => !r.hidden && r.at < before)
      .sort(newestFirst)
      .map((r) => r.id);
    for (const limit of [1, 4, 50]) {
      expect((await everyPage(data.map(sourceOf), limit, before)).map((r) => r.id)).toEqual(expected);
    }
  });

  it("answers an empty page and no cursor when there is nothing", async () => {
    expect(await newestFirstPage([sourceOf([])], make, { limit: 10 })).toEqual({ items: [], next: null });
  });
});
