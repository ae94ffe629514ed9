// What the history, share, import and audit screens compute without the network: share-link choices, what each hosting platform needs
// to import, how an import failure is explained, and how audit entries read.

// Share links -------------------------------------------------------------------------------

/** The API's bounds (src/modules/sharing/schemas.ts). */
export const SHARE_LIMITS = { maxMinutes: 43_200, maxViews: 100, minPassphrase: 8 } as const;

export const EXPIRY_PRESETS: readonly { minutes: number; label: string }[] = [
  { minutes: 15, label: "15 minutes" },
  { minutes: 60, label: "1 hour" },
  { minutes: 24 * 60, label: "1 day" },
  { minutes: 7 * 24 * 60, label: "7 days" },
  { minutes: SHARE_LIMITS.maxMinutes, label: "30 days" },
];

export interface ShareRequest {
  secret_ids: string[];
  expires_in_minutes: number;
  max_views: number;
  passphrase?: string;
}

/** The share body from the dialog's fields, or the reason it cannot be sent. */
export function shareRequest(
  secretIds: readonly string[],
  fields: { minutes: number; maxViews: string; passphrase: string },
): { ok: true; body: ShareRequest } | { ok: false; error: string } {
  if (secretIds.length === 0) return { ok: false, error: "Select at least one secret to share" };
  const views = Number(fields.maxViews);
  if (!Number.isInteger(views) || views < 1 || views > SHARE_LIMITS.maxViews) {
    return { ok: false, error: `Views must be a whole number from 1 to ${SHARE_LIMITS.maxViews}` };
  }
  if (!EXPIRY_PRESETS.some((p) => p.minutes === fields.minutes)) {
    return { ok: false, error: "Choose when the link expires" };
  }
  const body: ShareRequest = {
    secret_ids: [...secretIds],
    expires_in_minutes: fields.minutes,
    max_views: views,
  };
  // An empty passphrase means none (the API refuses an empty string).
  if (fields.passphrase !== "") {
    if (fields.passphrase.length < SHARE_LIMITS.minPassphrase) {
      return { ok: false, error: `A passphrase needs at least ${SHARE_LIMITS.minPassphrase} characters` };
    }
    body.passphrase = fields.passphrase;
  }
  return { ok: true, body };
}

// Import from a hosting platform --------------------------------------------------------------

export type Platform = "railway" | "vercel" | "render";
export type SourceField = "project_id" | "environment_id" | "service_id" | "target";
export type ImportSource = Partial<Record<SourceField, string>>;

export interface PlatformForm {
  label: string;
  tokenHint: string;
  fields: readonly { name: SourceField; label: string; required: boolean; hint?: string }[];
}

/** What each platform needs in `source` (the server checks the same: src/modules/imports/service.ts). */
export const PLATFORMS: Record<Platform, PlatformForm> = {
  railway: {
    label: "Railway",
    tokenHint: "An account, workspace or project token.",
    fields: [
      { name: "project_id", label: "Project ID", required: true },
      { name: "environment_id", label: "Environment ID", required: true },
      {
        name: "service_id",
        label: "Service ID",
        required: false,
        hint: "Empty: the environment's shared variables.",
      },
    ],
  },
  vercel: {
    label: "Vercel",
    tokenHint: "A Vercel access token with access to the project.",
    fields: [
      { name: "project_id", label: "Project ID or name", required: true },
      { name: "target", label: "Target", required: false },
    ],
  },
  render: {
    label: "Render",
    tokenHint: "A Render API key.",
    fields: [{ name: "service_id", label: "Service ID", required: true, hint: "Starts with srv-." }],
  },
};

export const VERCEL_TARGETS = ["production", "preview", "development"] as const;

/** `source` for the platform: its own fields only, trimmed, empty ones left out. */
export function importSource(platform: Platform, values: Partial<Record<SourceField, string>>): ImportSource {
  const source: ImportSource = {};
  for (const field of PLATFORMS[platform].fields) {
    const value = values[field.name]?.trim();
    if (value) source[field.name] = value;
  }
  return source;
}

/** Labels of the required fields still empty. */
export function missingFields(platform: Platform, source: ImportSource): string[] {
  return PLATFORMS[platform].fields.filter((f) => f.required && !source[f.name]).map((f) => f.label);
}

/** How a failed preview or apply is told: the platform's fault, the token's, or ours. */
export function importFailure(
  platform: Platform,
  error: { status: number; code: string; message: string },
): string {
  const name = PLATFORMS[platform].label;
  if (error.code === "provider_auth_failed" || error.code === "provider_denied") {
    return `${name} refused the token: check it, and that it can read this project. (${error.message})`;
  }
  if (error.code === "provider_not_found")
    return `${name} has no such project or service. (${error.message})`;
  if (error.code === "provider_rate_limited") return `${name} is rate limiting requests: try again shortly.`;
  if (error.status === 502 || error.code === "provider_unavailable") {
    return `${name} is not answering properly right now (a platform outage): try again later. (${error.message})`;
  }
  return error.message;
}

export interface ImportReport {
  added: readonly unknown[];
  changed: readonly unknown[];
  unchanged: readonly unknown[];
  skipped: readonly unknown[];
  total: number;
}

/** What applying writes: the added keys, and the changed ones too when overwriting. */
export function writesOf(report: ImportReport, overwrite: boolean): number {
  return report.added.length + (overwrite ? report.changed.length : 0);
}

/** "3 added, 1 updated" after an apply (changed ones are reported only when written). */
export function appliedSummary(report: ImportReport, overwrite: boolean): string {
  const parts = [`${report.added.length} added`];
  if (overwrite) parts.push(`${report.changed.length} updated`);
  else if (report.changed.length > 0) parts.push(`${report.changed.length} left as they were`);
  if (report.skipped.length > 0) parts.push(`${report.skipped.length} skipped`);
  return parts.join(", ");
}

// Audit ---------------------------------------------------------------------------------------

export interface AuditActor {
  type: string;
  name: string;
  /** The key that acted, if one did. */
  key?: { name: string } | null;
}

/**
 * "ada@example.com" for a person, "deploy-bot (API key)" for a person's key, "deployer (service
 * account, key prod-reader)" for a service account, "anonymous" for a share viewer.
 */
export function describeActor(actor: AuditActor): string {
  if (actor.type === "api_key") return `${actor.name} (API key)`;
  if (actor.type === "service_account") {
    return actor.key
      ? `${actor.name} (service account, key ${actor.key.name})`
      : `${actor.name} (service account)`;
  }
  return actor.name || "anonymous";
}

/** A long user agent, cut for a table cell (the full text goes in a title). */
export function shortUserAgent(userAgent: string | null): string {
  if (!userAgent) return "—";
  return userAgent.length <= 40 ? userAgent : `${userAgent.slice(0, 39)}…`;
}

// The environment's timeline -------------------------------------------------------------------

export interface TimelineEvent {
  at: string;
  kind: "created" | "updated" | "rolled_back" | "restored" | "deleted" | "renamed";
  key: string;
  version: number | null;
  renamed: { from: string; to: string } | null;
  restored_to: string | null;
}

/** The words for each kind of event, as a verb. */
export const EVENT_VERBS: Record<TimelineEvent["kind"], string> = {
  created: "created",
  updated: "updated",
  rolled_back: "rolled back",
  restored: "restored",
  deleted: "deleted",
  renamed: "renamed",
};

/** What the verb leaves to say, after the key: "to v3", "from DB_URL to DATABASE_URL", "". */
export function eventDetail(event: TimelineEvent): string {
  const rename = event.renamed ? `from ${event.renamed.from} to ${event.renamed.to}` : "";
  if (event.kind === "renamed") return rename;
  const v = event.version === null ? "" : `v${event.version}`;
  const detail = !v
    ? ""
    : {
        created: `as ${v}`,
        updated: `to ${v}`,
        rolled_back: `to an earlier value, as ${v}`,
        restored: `at ${v}`,
        deleted: "",
      }[event.kind];
  return [detail, rename && `renamed ${rename}`].filter(Boolean).join(", ");
}

/** The event as a phrase: "DB_URL updated to v3", "DATABASE_URL renamed from DB_URL to DATABASE_URL". */
export function describeEvent(event: TimelineEvent): string {
  return [event.key, EVENT_VERBS[event.kind], eventDetail(event)].filter(Boolean).join(" ");
}

/**
 * The moment a restore "to just before" an event puts the environment back to: one millisecond
 * earlier (times are kept to the millisecond; what was written in the event's millisecond, a bulk
 * write, is undone with it).
 */
export const justBefore = (at: string): string => new Date(Date.parse(at) - 1).toISOString();

// The share-link viewer page -------------------------------------------------------------------

/** The token in a viewer page's fragment ("#abc" -> "abc"), or null when there is none. */
export function tokenFromFragment(hash: string): string | null {
  const token = decodeURIComponent(hash.replace(/^#/, "")).trim();
  return /^[A-Za-z0-9_.~-]{1,200}$/.test(token) ? token : null;
}
