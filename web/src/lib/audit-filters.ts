// The audit trail's filters as the page's URL carries them (a filtered view can be shared, and
// survives a reload) and as the API takes them. The route table reads them: keep this file small.
import type { operations } from "coffer/client";

/** The trail's filters as the page's URL carries them (every one optional). */
export interface AuditFilters {
  /** Actions (`secret.created`) or resource prefixes ending with a dot (`secret.`), comma-separated. */
  action?: string;
  /** A person, an API key or a service account. */
  actor?: string;
  project?: string;
  environment?: string;
  /** Days in the reader's time zone (YYYY-MM-DD): from the start of `from` to the end of `to`. */
  from?: string;
  to?: string;
  /** `24h`: the last 24 hours up to now (a moving window, unlike days); `from` and `to` are then unset. */
  within?: string;
}

export const FILTER_NAMES = ["action", "actor", "project", "environment", "from", "to", "within"] as const;

// One action or prefix, or several comma-separated (the API selects any of them).
const ACTION = /^[a-z0-9_]+\.[a-z0-9_.]*(,[a-z0-9_]+\.[a-z0-9_.]*){0,49}$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00`));

const VALID: Record<(typeof FILTER_NAMES)[number], (value: string) => boolean> = {
  action: (value) => value.length <= 1000 && ACTION.test(value),
  actor: (value) => ID.test(value),
  project: (value) => ID.test(value),
  environment: (value) => ID.test(value),
  from: isDay,
  to: isDay,
  within: (value) => value === "24h",
};

/** The filters of a URL's search params: what does not look like one is dropped, not sent. */
export function auditSearch(search: Record<string, unknown>): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of FILTER_NAMES) {
    const value = search[name];
    if (typeof value === "string" && VALID[name](value)) filters[name] = value;
  }
  return filters;
}

/** The filters with the empty ones left out (so they leave the URL too). */
export function cleanFilters(filters: AuditFilters): AuditFilters {
  const clean: AuditFilters = {};
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) clean[name] = value;
  }
  return clean;
}

export const hasFilters = (filters: AuditFilters): boolean => FILTER_NAMES.some((name) => filters[name]);

/** What the API's `action`, `actor`, `project`, `environment`, `since` and `until` take. */
export type TrailFilter = Omit<
  NonNullable<operations["exportAuditEntries"]["parameters"]["query"]>,
  "format"
>;

/** Local midnight starting a day, as an ISO instant. */
const startOf = (day: string, plusDays = 0): string => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

/**
 * The API's filter from the URL's: the days become instants (the start of `from`, the start of
 * the day after `to`, so that `to` is included), or the reason no such filter exists.
 */
export function trailFilter(
  filters: AuditFilters,
  now: Date = new Date(),
): { ok: true; filter: TrailFilter } | { ok: false; problem: string } {
  const { from, to, within, ...rest } = cleanFilters(filters);
  const filter: TrailFilter = { ...rest };
  // To the minute: the window moves, but the query (and its cache key) stays put for a minute.
  if (within === "24h")
    filter.since = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - DAY_MS).toISOString();
  if (from) filter.since = startOf(from);
  if (to) filter.until = startOf(to, 1);
  if (filter.since && filter.until && filter.since >= filter.until) {
    return { ok: false, problem: "The “To” day is before the “From” day: nothing can match." };
  }
  return { ok: true, filter };
}

// Time presets ---------------------------------------------------------------------------------

const DAY_MS = 24 * 3600 * 1000;

export type TimePreset = "24h" | "yesterday" | "7d";

export const TIME_PRESETS: readonly { value: TimePreset; label: string }[] = [
  { value: "24h", label: "Last 24 hours" },
  { value: "yesterday", label: "Yesterday" },
  { value: "7d", label: "Last 7 days" },
];

/** A day in the reader's time zone, as the URL carries it (YYYY-MM-DD). */
export function dayOf(date: Date, plusDays = 0): string {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate() + plusDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The filters with the preset's time range (the other filters kept): days, or the moving 24 hours. */
export function withPreset(filters: AuditFilters, preset: TimePreset, now: Date = new Date()): AuditFilters {
  const { from: _from, to: _to, within: _within, ...rest } = filters;
  if (preset === "24h") return { ...rest, within: "24h" };
  if (preset === "yesterday") return { ...rest, from: dayOf(now, -1), to: dayOf(now, -1) };
  return { ...rest, from: dayOf(now, -6), to: dayOf(now) };
}

/** The preset the filters' time range is, or null (none, or a custom range). */
export function activePreset(filters: AuditFilters, now: Date = new Date()): TimePreset | null {
  return (
    TIME_PRESETS.map((p) => p.value).find((preset) => {
      const range = withPreset({}, preset, now);
      return range.within === filters.within && range.from === filters.from && range.to === filters.to;
    }) ?? null
  );
}
