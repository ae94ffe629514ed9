// The dotenv text the API's export writes (src/lib/dotenv.ts), read back by the real `dotenv`
// package: random runs of the characters dotenv files get wrong, and the form each value takes.
import dotenv from "dotenv";
import { describe, expect, it } from "vitest";
import { dotenvForm, dotenvValue, toDotenv } from "../src/lib/dotenv.ts";

describe("the dotenv writer (src/lib/dotenv.ts)", () => {
  // Characters each way of writing a value must get right, in random runs of several keys: a
  // multi-line value must not swallow the lines after it.
  const ALPHABET = [
    "'",
    '"',
    "`",
    "\\",
    "n",
    "r",
    "\n",
    "\r",
    "#",
    " ",
    "$",
    "=",
    "\u2028",
    "\t",
    "a",
    "\u00a0",
    "\nB='",
    ":",
  ];
  const randomValue = () =>
    Array.from(
      { length: Math.floor(Math.random() * 8) },
      () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)],
    ).join("");

  it("writes what dotenv.parse reads back identically, or names the key it cannot write", () => {
    let written = 0;
    for (let round = 0; round < 3000; round++) {
      const entries = Array.from({ length: 1 + (round % 4) }, (_, i): [string, string] => [
        `K${i}`,
        randomValue(),
      ]);
      const { text, unrepresentable } = toDotenv(entries);
      const read = dotenv.parse(text);
      const kept = entries.filter(([key]) => !unrepresentable.includes(key));
      expect(read, JSON.stringify(text)).toEqual(Object.fromEntries(kept));
      written += kept.length;
      // A value left out is one only python-dotenv and docker compose read back, and says so.
      for (const key of unrepresentable)
        expect(dotenvForm(entries.find(([k]) => k === key)![1])).toBe("escaped-double");
    }
    // Most random runs of these characters (quotes of every kind, backslashes, line breaks) have a
    // form every reader agrees on, or one dotenv reads exactly (88 % measured).
    expect(written).toBeGreaterThan(3000 * 2.5 * 0.85);
  });

  it("writes each value as `coffer export` does: the form every reader agrees on", () => {
    expect(dotenvValue("p@ss$word")).toBe("'p@ss$word'");
    expect(dotenvValue("line 1\nline 2")).toBe('"line 1\\nline 2"');
    expect(dotenvValue("it's")).toBe("it's");
    expect(dotenvValue("it's\r\n")).toBe('"it\'s\\r\\n"');
    expect(dotenvValue('it\'s "x" `y`')).toBe('it\'s "x" `y`');
    expect(dotenvForm('it\'s "x" `y`\n')).toBe("escaped-double");
    expect(toDotenv([["A", 'it\'s "x" `y`\n']]).unrepresentable).toEqual(["A"]);
  });
});
