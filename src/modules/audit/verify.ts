// Verifying a workspace's chain (docs/audit.md, "Verifying"): every entry of the range is read in
// chain order and its HMAC recomputed; the first entry that does not follow from the one before
// is named, with what most likely happened to it. Reads every entry each time: a verification
// that trusted an earlier one would miss an edit made since.
import type { Queryable } from "../../db/schema.ts";
import { checkpointSignature, entryHmac, GENESIS, sameHmac } from "./chain.ts";
import * as repo from "./repo.ts";

export type BreakKind = "changed" | "missing" | "inserted" | "reordered";

export interface ChainBreak {
  /** The entry where the chain breaks (null when what is missing is the newest entries, or the head). */
  entry_id: string | null;
  /** That entry's stored sequence (for missing newest entries: the first one missing). */
  sequence: number;
  kind: BreakKind;
  /** The sequence the chain expected there. */
  expected_sequence: number;
  detail: string;
}

export interface Verification {
  holds: boolean;
  checked: number;
  first_break: ChainBreak | null;
  /** The range verified (sequences), and where the chain ended when it began. */
  from: number;
  to: number;
  head: { sequence: number; hmac: string } | null;
  /** What retention purges removed from the start, signed: the chain verifies from there. */
  checkpoint: { sequence: number; hmac: string; purged: number; created_at: string } | null;
}

const PAGE = 1000;

/** The workspace's chained entries from `from` on, in chain order, every one (a repeated sequence too). */
async function* entriesFrom(db: Queryable, workspaceId: string, from: number) {
  let after: { sequence: number; id: string } | undefined;
  for (;;) {
    const rows = await repo.eventsInChainOrder(db, workspaceId, { from, after }, PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!;
    after = { sequence: last.sequence!, id: last.id };
  }
}

export async function verifyChain(
  db: Queryable,
  key: Buffer,
  workspaceId: string,
  range: { from?: number; to?: number } = {},
): Promise<Verification> {
  const head = (await repo.readHead(db, workspaceId)) ?? null;
  const stored = (await repo.readCheckpoint(db, workspaceId)) ?? null;
  const checkpoint = stored && {
    sequence: stored.sequence,
    hmac: stored.hmac,
    purged: stored.purged,
    created_at: stored.created_at,
  };
  const start = checkpoint ? checkpoint.sequence + 1 : 1;
  const end = head?.sequence ?? 0;
  const from = Math.max(range.from ?? start, start);
  const to = Math.min(range.to ?? end, end);
  const result = (checked: number, first_break: ChainBreak | null): Verification => ({
    holds: first_break === null,
    checked,
    first_break,
    from,
    to,
    head: head && { sequence: head.sequence, hmac: head.hmac },
    checkpoint,
  });

  if (
    stored &&
    !sameHmac(checkpointSignature(key, { ...stored, workspace_id: workspaceId }), stored.signature)
  ) {
    return result(0, {
      entry_id: null,
      sequence: stored.sequence,
      kind: "changed",
      expected_sequence: stored.sequence,
      detail: "the retention checkpoint is not the one Coffer signed",
    });
  }
  const unchained = await repo.firstUnchained(db, workspaceId);
  if (head && unchained) {
    // Every entry of a workspace with a chain is in it from the start: one outside was put there.
    return result(0, {
      entry_id: unchained.id,
      sequence: 0,
      kind: "inserted",
      expected_sequence: 0,
      detail: "an entry outside the chain (no sequence) was added",
    });
  }
  if (!head) {
    const any = await repo.eventsInChainOrder(db, workspaceId, { from: 0 }, 1);
    return result(
      0,
      any.length > 0
        ? {
            entry_id: null,
            sequence: 0,
            kind: "missing",
            expected_sequence: 0,
            detail: "the chain's head (where it ends) is gone",
          }
        : null,
    );
  }

  let expected = from;
  // A range that starts mid-chain trusts its first entry's link; the whole chain starts from the checkpoint.
  let prev: string | null = from === start ? (checkpoint?.hmac ?? GENESIS) : null;
  let checked = 0;
  const rows = entriesFrom(db, workspaceId, from);
  let current = await rows.next();
  while (!current.done) {
    const row = current.value;
    if (row.sequence! > to && range.to !== undefined) break;
    const following = await rows.next();
    const failure = await judge(db, key, workspaceId, row, following.done ? undefined : following.value, {
      expected,
      prev,
      end,
    });
    if (failure) return result(checked, failure);
    checked++;
    expected = row.sequence! + 1;
    prev = row.hmac;
    current = following;
  }
  if (range.to === undefined && expected <= end) {
    return result(checked, {
      entry_id: null,
      sequence: expected,
      kind: "missing",
      expected_sequence: expected,
      detail: `the newest entries (${expected} to ${end}) are gone`,
    });
  }
  if (range.to === undefined && expected === end + 1 && checked > 0 && !sameHmac(prev, head.hmac)) {
    return result(checked, {
      entry_id: null,
      sequence: end,
      kind: "changed",
      expected_sequence: end,
      detail: "the newest entry is not the one the chain's head names",
    });
  }
  return result(checked, null);
}

/** Why `row` does not follow from what came before it, or null when it does. */
async function judge(
  db: Queryable,
  key: Buffer,
  workspaceId: string,
  row: repo.AuditRow,
  next: repo.AuditRow | undefined,
  at: { expected: number; prev: string | null; end: number },
): Promise<ChainBreak | null> {
  const sequence = row.sequence!;
  const broken = (kind: BreakKind, detail: string): ChainBreak => ({
    entry_id: row.id,
    sequence,
    kind,
    expected_sequence: at.expected,
    detail,
  });
  if (sequence < at.expected) return broken("inserted", `a second entry numbered ${sequence}`);
  if (sequence > at.end) return broken("inserted", `an entry beyond the chain's end (${at.end})`);
  const authentic =
    row.prev_hmac !== null &&
    sameHmac(entryHmac(key, { ...row, sequence, prev_hmac: row.prev_hmac }), row.hmac);
  if (authentic) {
    if (sequence > at.expected) {
      return broken("missing", `entries ${at.expected} to ${sequence - 1} are gone`);
    }
    if (at.prev !== null && !sameHmac(row.prev_hmac, at.prev)) {
      return broken("changed", "its link to the entry before does not match that entry");
    }
    return null;
  }
  // Not what Coffer wrote at this place. An entry that names as its predecessor one that now
  // sits after it was moved; an entry the next one skips was added; else it was edited.
  const predecessor = row.prev_hmac ? await repo.eventByHmac(db, workspaceId, row.prev_hmac) : undefined;
  if (predecessor && predecessor.id !== row.id && (predecessor.sequence ?? 0) >= sequence) {
    return broken("reordered", `it follows entry ${predecessor.sequence}, which now comes after it`);
  }
  if (next && at.prev !== null && sameHmac(next.prev_hmac, at.prev)) {
    return broken("inserted", "the entry after it links past it, to the one before");
  }
  if (sequence > at.expected) return broken("missing", `entries ${at.expected} to ${sequence - 1} are gone`);
  return broken("changed", "its content is not what was recorded");
}
