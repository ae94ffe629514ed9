// .env text that motdotla `dotenv`'s parse() reads back exactly (the export's dotenv format; tested
// against the real package on tricky and random values). Pure: the server writes it, and the CLI
// may share it.
//
// What that parser does, and so what each way of writing a value must avoid:
// - it turns every CR (and CRLF) of the text into LF before anything else;
// - '…' and `…` are literal; "…" turns the two characters \n and \r into LF and CR, nothing else;
// - inside quotes, a backslash before the quote character does not close the value (and stays in
//   it), so a value ending with a backslash would run on into the lines below;
// - an unquoted value ends at # or at the end of the line, and is trimmed; one that starts with a
//   quote character may be read as a quoted one spanning lines.
// A value that none of the four forms can carry (a quote of each kind together with a newline,
// say) is reported, never written changed.

/** KEY=value lines for `dotenv.parse`; `unrepresentable` names the keys it cannot read back as written. */
export function toDotenv(entries: readonly (readonly [string, string])[]): {
  text: string;
  unrepresentable: string[];
} {
  const lines: string[] = [];
  const unrepresentable: string[] = [];
  for (const [key, value] of entries) {
    // dotenv assigns what it reads into a plain object, where this name sets the prototype instead.
    const written = key === "__proto__" ? undefined : dotenvValue(value);
    if (written === undefined) unrepresentable.push(key);
    else lines.push(`${key}=${written}\n`);
  }
  return { text: lines.join(""), unrepresentable };
}

/** The value as dotenv reads it back identically, or undefined when no form can carry it. */
export function dotenvValue(value: string): string | undefined {
  // In every quoted form a trailing backslash escapes the closing quote.
  const quotable = !value.endsWith("\\");
  if (quotable && !value.includes("\r") && !value.includes("'")) return `'${value}'`;
  // Only \n and \r are escapes in double quotes: written as such, LF and CR come back.
  if (quotable && !value.includes('"') && !/\\[nr]/.test(value)) {
    return `"${value.replace(/\n/g, "\\n").replace(/\r/g, "\\r")}"`;
  }
  if (quotable && !value.includes("\r") && !value.includes("`")) return `\`${value}\``;
  if (plain(value)) return value;
  return undefined;
}

/** Unquoted: one line, no #, nothing trim() removes at either end, and no quote to start with. */
function plain(value: string): boolean {
  return (
    value !== "" &&
    value === value.trim() &&
    // The parser's line boundaries include U+2028 and U+2029 (its regular expressions use the m flag).
    !/[#\r\n\u2028\u2029]/.test(value) &&
    !/^['"`]/.test(value)
  );
}
