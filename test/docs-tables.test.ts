// The tables of the docs that exist in code are held against it: every variable src/config.ts
// reads is in docs/configuration.md (and nothing else is), and docs/api.md lists every error code
// with its status as src/errors.ts has them. (The permission tables: test/permissions.test.ts.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "../src/errors.ts";

const ROOT = join(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The error-code table as docs/api.md must show it, in the order of src/errors.ts. */
const errorTable = () =>
  [
    "| code | status |",
    "|---|---|",
    ...Object.entries(ERROR_STATUS).map(([code, status]) => `| \`${code}\` | ${status} |`),
  ].join("\n");

describe("docs tables held against the code", () => {
  it("documents every variable src/config.ts reads, and no other", () => {
    // Read as `reader(env, "NAME", …)`, or through a reader whose parameter defaults to the name.
    const readByConfig = new Set(
      [...read("src/config.ts").matchAll(/(?:\(env, |name = )"([A-Z][A-Z0-9_]*)"/g)].map(
        (match) => match[1]!,
      ),
    );
    const doc = read("docs/configuration.md");
    const table = doc.slice(doc.indexOf("| variable | default | meaning |"));
    const firstColumns = [...table.matchAll(/^\| (.+?) \| /gm)].map((match) => match[1]!);
    const named = firstColumns.flatMap((cell) =>
      [...cell.matchAll(/`([A-Z][A-Z0-9_*]*)`/g)].map((m) => m[1]!),
    );
    const patterns = named
      .filter((name) => name.includes("*"))
      .map((name) => new RegExp(`^${name.replaceAll("*", "[A-Z0-9_]+")}$`));
    const literal = new Set(named.filter((name) => !name.includes("*")));

    const undocumented = [...readByConfig].filter(
      (name) => !literal.has(name) && !patterns.some((pattern) => pattern.test(name)),
    );
    expect(undocumented, "add these to the table in docs/configuration.md").toEqual([]);
    const unread = [...literal].filter((name) => !readByConfig.has(name));
    expect(unread, "these are in docs/configuration.md but src/config.ts does not read them").toEqual([]);
  });

  it("lists every error code with its status in docs/api.md", () => {
    expect(read("docs/api.md"), "paste errorTable() into docs/api.md").toContain(errorTable());
  });
});
