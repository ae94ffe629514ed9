// What an update changed, as its audit entry says it: each field that moved, with its value before
// and after ({name: {from: "staging", to: "qa"}}). Only fields whose values are safe to record are
// handed in: never a secret's value.

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields of `after` (undefined: not part of the update) whose value differs from `before`'s. */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined || value === before[field]) continue;
    changes[field] = { from: before[field] ?? null, to: value };
  }
  return changes;
}
