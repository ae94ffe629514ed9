import { relativeTime } from "../lib/relative-time.ts";

// A moment as the reader's local date and time, with the exact ISO instant kept in the markup.
export const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

/** The day alone, where the time of day does not matter (when someone joined, a key was created). */
export const day = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleDateString()}</time>;

/** A moment the short way ("3 h ago"), the local date and time on hover. */
export const ago = (iso: string, now: Date) => (
  <time dateTime={iso} title={new Date(iso).toLocaleString()}>
    {relativeTime(iso, now)}
  </time>
);
