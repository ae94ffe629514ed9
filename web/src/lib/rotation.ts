// A secret's rotation status: due `rotation_days` after it was last rotated (its creation when it
// never was). Overdue secrets are highlighted in the table.

export type RotationState = "ok" | "due-soon" | "overdue";

export interface RotationStatus {
  state: RotationState;
  /** Whole days until due (negative once overdue). */
  daysLeft: number;
  dueAt: Date;
}

const DAY_MS = 24 * 3600 * 1000;
/** Within this many days of the due date a secret is "due soon". */
export const DUE_SOON_DAYS = 7;

export function rotationStatus(
  secret: { rotation_days: number; last_rotated_at: string | null; created_at: string },
  now: Date,
): RotationStatus {
  const since = new Date(secret.last_rotated_at ?? secret.created_at);
  const dueAt = new Date(since.getTime() + secret.rotation_days * DAY_MS);
  const daysLeft = Math.floor((dueAt.getTime() - now.getTime()) / DAY_MS);
  const state: RotationState =
    dueAt.getTime() <= now.getTime() ? "overdue" : daysLeft < DUE_SOON_DAYS ? "due-soon" : "ok";
  return { state, daysLeft, dueAt };
}

export function describeRotation(status: RotationStatus): string {
  if (status.state === "overdue") {
    const late = -status.daysLeft;
    return late <= 0 ? "rotation due today" : `rotation overdue by ${late} day${late === 1 ? "" : "s"}`;
  }
  return `rotate within ${status.daysLeft} day${status.daysLeft === 1 ? "" : "s"}`;
}
