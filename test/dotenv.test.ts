// The CLI's .env parser and formatters against a table of tricky files (issue 10).
import { describe, expect, it } from "vitest";
import { DotenvError, formatSecrets, parseDotenv } from "../src/cli/dotenv.ts";

const cases: [string, string, Record<string, string>][] = [
  ["plain pairs", "A=1\nB=two", { A: "1", B: "two" }],
  ["export prefix and spaces around =", "export A = 1\n  export   B=2", { A: "1", B: "2" }],
  [
    "comments and blank lines",
    "# top\n\nA=1 # trailing\n   # indented\nB=2#not-a-comment",
    { A: "1", B: "2#not-a-comment" },
  ],
  ["double quotes with escapes", 'A="line\\nnext\\t\\"q\\" \\\\ \\$HOME"', { A: 'line\nnext\t"q" \\ $HOME' }],
  ["single quotes are literal", "A='no \\n escape # here'", { A: "no \\n escape # here" }],
  ["backticks", 'A=`it\'s "mixed"`', { A: 'it\'s "mixed"' }],
  [
    "multi-line double-quoted",
    'KEY="-----BEGIN-----\nabc\n-----END-----"\nNEXT=1',
    { KEY: "-----BEGIN-----\nabc\n-----END-----", NEXT: "1" },
  ],
  ["multi-line single-quoted", "A='one\ntwo'", { A: "one\ntwo" }],
  ["CRLF line endings", 'A=1\r\nB="x\r\ny"\r\n', { A: "1", B: "x\ny" }],
  ["a BOM", "\uFEFFA=1", { A: "1" }],
  ["empty values", "A=\nB=''\nC=\"\"", { A: "", B: "", C: "" }],
  ["a repeated key: the last wins", "A=1\nA=2", { A: "2" }],
  [
    "= inside values",
    "URL=postgres://u:p@h/db?sslmode=require&x=1",
    { URL: "postgres://u:p@h/db?sslmode=require&x=1" },
  ],
  ["quoted value followed by a comment", 'A="v" # note', { A: "v" }],
  ["dots and dashes in keys", "a.b-c=1", { "a.b-c": "1" }],
  ["no final newline, trailing comment", "A=1\n# end", { A: "1" }],
];

describe("parseDotenv", () => {
  it.each(cases)("%s", (_, text, expected) => {
    expect(Object.fromEntries(parseDotenv(text))).toEqual(expected);
  });

  it.each([
    ["an unterminated quote", 'A="open'],
    ["a line without =", "JUST_A_WORD"],
    ["a key starting with a digit", "1A=x"],
    ["text after the closing quote", 'A="x" y'],
  ])("refuses %s with the line number", (_, text) => {
    expect(() => parseDotenv(`OK=1\n${text}`)).toThrow(DotenvError);
    expect(() => parseDotenv(`OK=1\n${text}`)).toThrow(/line 2/);
  });
});

describe("formatSecrets", () => {
  const tricky: [string, string][] = [
    ["PLAIN", "abc"],
    ["SPACES", "a b"],
    ["NEWLINE", "x\ny"],
    ["QUOTES", `it's "q"`],
    ["DOLLAR", "$HOME"],
    ["EMPTY", ""],
  ];

  it("dotenv output parses back to the same values", () => {
    expect(Object.fromEntries(parseDotenv(formatSecrets(tricky, "dotenv")))).toEqual(
      Object.fromEntries(tricky),
    );
  });

  it("json and yaml quote every value; shell single-quotes safely", () => {
    expect(JSON.parse(formatSecrets(tricky, "json"))).toEqual(Object.fromEntries(tricky));
    expect(formatSecrets([["N", "0123"]], "yaml")).toBe('N: "0123"\n');
    expect(formatSecrets([["Q", "it's"]], "shell")).toBe("export Q='it'\\''s'\n");
  });
});
