// The README and every page of docs/ link only to files that exist, and to headings those files
// have: a page moved or a heading renamed fails here, not in a reader's browser.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const PAGES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

/** Every relative link of a page: [text](target), outside code blocks and inline code. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, "utf8")
    .replace(/^```[\s\S]*?^```/gm, "")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe("documentation links", () => {
  it("has a docs/ page for each topic, each linked from the README", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    for (const page of PAGES.filter((p) => p !== "README.md")) expect(readme).toContain(`](${page})`);
  });

  // Issue 23 asked for a section per integration, with configuration to copy: room for those.
  it("keeps the README to what a newcomer reads first", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(250);
  });

  it.each(PAGES)("%s links only to files and headings that exist", (page) => {
    const broken: string[] = [];
    const file = join(ROOT, page);
    for (const link of linksOf(file)) {
      const [path, anchor] = link.split("#") as [string, string | undefined];
      const target = path === "" ? file : join(dirname(file), decodeURIComponent(path));
      if (!existsSync(target)) {
        broken.push(`${link}: no file ${relative(ROOT, target)}`);
        continue;
      }
      if (anchor !== undefined && target.endsWith(".md") && !anchorsOf(target).has(anchor)) {
        broken.push(`${link}: no heading #${anchor} in ${relative(ROOT, target)}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
