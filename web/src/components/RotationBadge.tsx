import { describeRotation, rotationStatus } from "../lib/rotation.ts";

type Dated = { rotation_days: number; last_rotated_at: string | null; created_at: string };

/** "rotate within 83 days" / "rotation overdue by 4 days", coloured by urgency. */
export function RotationBadge({ secret, now }: { secret: Dated; now: Date }) {
  const status = rotationStatus(secret, now);
  return (
    <span className={`badge rotation-${status.state}`} title={`Due ${status.dueAt.toLocaleDateString()}`}>
      {describeRotation(status)}
    </span>
  );
}
