// How a past value differs from the current one, computed in the browser from two values the
// person revealed: for one-line values the changed middle between a common start and end, for
// several lines a line diff (longest common subsequence). No dependency: values are at most 64 KiB.

export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}

/** Past this many line pairs the diff gives up on alignment and shows the two values whole. */
const MAX_CELLS = 250_000;

const part = (kind: DiffPart["kind"], text: string): DiffPart[] => (text === "" ? [] : [{ kind, text }]);

/** `before` (a past version) against `after` (the current value): what went, what came. */
export function diffValues(before: string, after: string): DiffPart[] {
  if (before === after) return part("same", before);
  if (!before.includes("\n") && !after.includes("\n")) return diffChars(before, after);
  return diffLines(before.split("\n"), after.split("\n"));
}

function diffChars(before: string, after: string): DiffPart[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return [
    ...part("same", before.slice(0, start)),
    ...part("removed", before.slice(start, before.length - end)),
    ...part("added", after.slice(start, after.length - end)),
    ...part("same", before.slice(before.length - end)),
  ];
}

function diffLines(a: string[], b: string[]): DiffPart[] {
  const lines = (kind: DiffPart["kind"], list: string[]) => list.map((text) => ({ kind, text: `${text}\n` }));
  if (a.length * b.length > MAX_CELLS) return [...lines("removed", a), ...lines("added", b)];
  // common[i][j]: the length of the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] =
        a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      parts.push({ kind: "same", text: `${a[i]}\n` });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      parts.push({ kind: "removed", text: `${a[i]}\n` });
      i++;
    } else {
      parts.push({ kind: "added", text: `${b[j]}\n` });
      j++;
    }
  }
  return parts;
}
