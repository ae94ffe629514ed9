import { describeRotation, rotationStatus } from "../lib/rotation.ts";

type Dated = { rotation_days: number; last_rotated_at: string | null; created_at: string };

/**
 * "rotate within 5 days" / "rotation overdue by 4 days", coloured by urgency — only when there is
 * something to do: every secret has a rotation period (the environment's default when it has none of
 * its own), and a badge on each row months ahead of its date is noise.
 */
export function RotationBadge({ secret, now }: { secret: Dated; now: Date }) {
  const status = rotationStatus(secret, now);
  if (status.state === "ok") return null;
  return (
    <span className={`badge rotation-${status.state}`} title={`Due ${status.dueAt.toLocaleDateString()}`}>
      {describeRotation(status)}
    </span>
  );
}
