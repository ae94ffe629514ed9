// How long a key lives, from presets (lib/people.ts). Editing an existing key adds "Keep", which
// leaves its expiry as it is, and says the presets count from now.
import { useId } from "react";
import { describeExpiry, LIFETIME_PRESETS } from "../lib/people.ts";

/** The choice that leaves an existing key's expiry unchanged. */
export const KEEP_EXPIRY = "keep";

export function LifetimeField({
  value,
  onChange,
  existing,
}: {
  value: string;
  onChange: (preset: string) => void;
  /** The key being edited: its current expiry is offered as "Keep". */
  existing?: { expires_at: string | null };
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {existing ? "Expiry" : "Lifetime"}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {existing && (
          <option value={KEEP_EXPIRY}>
            Keep: {existing.expires_at ? describeExpiry(existing.expires_at, new Date()) : "never expires"}
          </option>
        )}
        {LIFETIME_PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {existing && p.minutes !== null ? `${p.label} from now` : p.label}
          </option>
        ))}
      </select>
    </div>
  );
}
