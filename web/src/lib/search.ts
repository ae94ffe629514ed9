// What the header's search shows of a result. No DOM, so it runs in Node (test/web-search-logic.test.ts).

/** The text around the first match of `needle` (any case), for marking it; no match: all before. */
export function matchParts(text: string, needle: string): { before: string; match: string; after: string } {
  const at = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) return { before: text, match: "", after: "" };
  return {
    before: text.slice(0, at),
    match: text.slice(at, at + needle.length),
    after: text.slice(at + needle.length),
  };
}

/** "Payments API / Production": where a found secret lives. */
export const placeOf = (result: { project: { name: string }; environment: { name: string } }): string =>
  `${result.project.name} / ${result.environment.name}`;

/** What the list says under its options (or instead of them). */
export function searchSummary(state: { count: number; limit: number; text: string }): string {
  if (state.count === 0) return `No secrets match “${state.text}”.`;
  if (state.count >= state.limit) return `The first ${state.limit} matches: type more to narrow them.`;
  return `${state.count} ${state.count === 1 ? "secret matches" : "secrets match"}.`;
}
