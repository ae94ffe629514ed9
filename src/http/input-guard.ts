// The limits every request part obeys before its schema is even looked at: no string carries a
// NUL (PostgreSQL text cannot hold one), no array is longer than a batch, no value nests deeper
// than MAX_DEPTH. A first pass only asks whether anything breaks them, allocating nothing (every
// request's parts go through it); only then does a second walk find where. Neither a 7-million-item
// array nor 5,000 levels of nesting can cost more than the walk itself: the first pass stops at the
// first problem and never descends past MAX_DEPTH, the second stops at the first few problems.
import type { ValidationIssue } from "../errors.ts";

export const INPUT_LIMITS = {
  /** Nesting of objects and arrays, the request part itself being level 1. */
  maxDepth: 32,
  /** Items of any one array (a bulk batch is at most 1,000 secrets). */
  maxItems: 1000,
  /** Issues reported in one 422 body. */
  maxIssues: 20,
} as const;

type Loc = (string | number)[];

const issue = (loc: Loc, msg: string, type: string, ctx?: Record<string, unknown>): ValidationIssue => ({
  loc,
  msg,
  type,
  ...(ctx ? { ctx } : {}),
});

/** Whether `value`, at nesting `depth`, keeps every limit (recursion bounded by maxDepth). */
function withinLimits(value: unknown, depth: number): boolean {
  if (typeof value === "string") return !value.includes("\u0000");
  if (value === null || typeof value !== "object") return true;
  if (depth > INPUT_LIMITS.maxDepth) return false;
  if (Array.isArray(value)) {
    if (value.length > INPUT_LIMITS.maxItems) return false;
    for (const item of value) if (!withinLimits(item, depth + 1)) return false;
    return true;
  }
  for (const name in value) {
    if (!Object.hasOwn(value, name)) continue;
    if (name.includes("\u0000") || !withinLimits((value as Record<string, unknown>)[name], depth + 1))
      return false;
  }
  return true;
}

/** The first problems (at most maxIssues) of `data`, found without recursion; [] when it is fine. */
export function inspectInput(data: unknown, part: string): ValidationIssue[] {
  if (withinLimits(data, 1)) return [];
  const issues: ValidationIssue[] = [];
  const stack: { value: unknown; loc: Loc; depth: number }[] = [{ value: data, loc: [part], depth: 1 }];
  while (stack.length > 0 && issues.length < INPUT_LIMITS.maxIssues) {
    const { value, loc, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000"))
        issues.push(issue(loc, "String should not contain NUL characters", "string_nul"));
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth > INPUT_LIMITS.maxDepth) {
      issues.push(
        issue(loc, `Value should nest at most ${INPUT_LIMITS.maxDepth} levels deep`, "too_deep", {
          max_depth: INPUT_LIMITS.maxDepth,
        }),
      );
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > INPUT_LIMITS.maxItems) {
        issues.push(
          issue(loc, `List should have at most ${INPUT_LIMITS.maxItems} items`, "too_long", {
            max_length: INPUT_LIMITS.maxItems,
          }),
        );
        continue;
      }
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], loc: [...loc, i], depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [name, child] = entries[i]!;
      if (name.includes("\u0000")) {
        issues.push(
          issue(
            [...loc, name.replaceAll("\u0000", "\\u0000")],
            "Names should not contain NUL characters",
            "string_nul",
          ),
        );
        continue;
      }
      stack.push({ value: child, loc: [...loc, name], depth: depth + 1 });
    }
  }
  return issues.slice(0, INPUT_LIMITS.maxIssues);
}
