// A moment said the short way a table has room for ("3 h ago"); the exact local time goes in the
// element's title, so it is one hover away.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the date ("12 Mar 2025") past 30 days. */
export function relativeTime(iso: string, now: Date): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  // A moment slightly ahead of this clock (a write just made, clocks apart) reads as now.
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 30 * DAY) return `${Math.floor(ago / DAY)} d ago`;
  return at.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}
