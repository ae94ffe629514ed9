// The pure part of the webhooks screens: the event types a webhook may subscribe to, a webhook's
// filters, state and last delivery in words, a delivery's outcome, and the API's refusals as the
// person reading the form needs them. No DOM, so it runs in Node (test/web-webhooks-logic.test.ts).
import type { operations } from "coffer/client";
import { ApiError } from "../api/errors.ts";
import type { NamedTree } from "./key-scope.ts";
import { plural } from "./plural.ts";

/** An event type a webhook may subscribe to: the API's own list, from its request schema. */
export type WebhookEventType = NonNullable<
  operations["createWebhook"]["requestBody"]["content"]["application/json"]["events"]
>[number];

/**
 * Every subscribable event type, in the groups the form shows, with what sets it off. The server's
 * list (src/modules/webhooks/events.ts) is not imported: the dashboard reaches the server through
 * the API alone. The check below fails the build when the API gains a type this list lacks.
 */
export const EVENT_GROUPS = [
  {
    label: "Secrets",
    events: [
      { type: "secret.created", what: "a secret is added" },
      { type: "secret.updated", what: "a secret's value or details change" },
      { type: "secret.deleted", what: "a secret is deleted" },
      { type: "secret.restored", what: "a deleted secret is restored" },
      { type: "secret.rolled_back", what: "a secret goes back to an earlier version" },
    ],
  },
  {
    label: "Environments",
    events: [
      { type: "environment.created", what: "an environment is created" },
      { type: "environment.updated", what: "an environment is renamed or changed" },
      { type: "environment.deleted", what: "an environment is deleted" },
      { type: "environment.restored", what: "an environment is put back to a moment" },
      { type: "environment.secrets_deleted", what: "every secret of an environment is deleted" },
    ],
  },
  {
    label: "Projects",
    events: [
      { type: "project.created", what: "a project is created" },
      { type: "project.updated", what: "a project is renamed or changed" },
      { type: "project.deleted", what: "a project is deleted" },
    ],
  },
  {
    label: "Imports and keys",
    events: [
      { type: "import.applied", what: "an import from another platform is applied" },
      { type: "api_key.revoked", what: "an API key is revoked" },
      { type: "service_account.key_revoked", what: "a service account's key is revoked" },
    ],
  },
] as const satisfies readonly {
  label: string;
  events: readonly { type: WebhookEventType; what: string }[];
}[];

type Listed = (typeof EVENT_GROUPS)[number]["events"][number]["type"];
// `true` only while every type the API accepts is listed above.
const everyTypeListed: [Exclude<WebhookEventType, Listed>] extends [never] ? true : false = true;
void everyTypeListed;

export const EVENT_TYPES: readonly WebhookEventType[] = EVENT_GROUPS.flatMap((group) =>
  group.events.map((event) => event.type),
);

export const isEventType = (type: string): type is WebhookEventType =>
  (EVENT_TYPES as readonly string[]).includes(type);

// ---- a webhook in words ---------------------------------------------------------------------

export interface WebhookLike {
  url: string;
  events: readonly string[];
  project_id: string | null;
  environment_id: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  consecutive_failures: number;
  last_success_at: string | null;
}

/** Where a webhook listens: "Every project", "Billing API", "Billing API / Production". */
export function placeSummary(
  hook: Pick<WebhookLike, "project_id" | "environment_id">,
  tree: NamedTree,
): string {
  if (hook.project_id === null && hook.environment_id === null) return "Every project";
  const project = tree.projects.find(
    (p) => p.id === hook.project_id || p.environments.some((e) => e.id === hook.environment_id),
  );
  if (!project) return hook.environment_id ? "an environment no longer listed" : "a project no longer listed";
  if (hook.environment_id === null) return project.name;
  const environment = project.environments.find((e) => e.id === hook.environment_id);
  return `${project.name} / ${environment?.name ?? "an environment no longer listed"}`;
}

/** Which events a webhook is sent: "every event", or the types (the first few and a count). */
export function eventsSummary(events: readonly string[], shown = 3): string {
  if (events.length === 0) return "every event";
  if (events.length <= shown) return events.join(", ");
  return `${events.slice(0, shown).join(", ")} and ${events.length - shown} more`;
}

/** The reason the API records when a person disables a webhook (service.ts). */
const DISABLED_BY_A_PERSON = "disabled by a person";
const AUTOMATIC = /^no successful delivery since (\S+) \((\d+) failed attempts; last: (.*)\)$/;

export type Tone = "ok" | "info" | "warning" | "danger" | "off";

export interface WebhookState {
  label: "Active" | "Failing" | "Disabled";
  tone: Tone;
  /** Why, in a sentence, where there is more to say than the label. */
  detail?: string;
}

const at = (iso: string) => new Date(iso).toLocaleString();

export function webhookState(hook: WebhookLike): WebhookState {
  if (!hook.enabled) {
    const reason = hook.disabled_reason ?? DISABLED_BY_A_PERSON;
    const automatic = AUTOMATIC.exec(reason);
    if (automatic) {
      const [, since = "", attempts, last] = automatic;
      return {
        label: "Disabled",
        tone: "danger",
        detail:
          `Disabled automatically: no delivery has succeeded since ${at(since)} (${attempts} failed attempts; ` +
          `the last ${last}). Fix the receiver, then enable the webhook: what was waiting is sent.`,
      };
    }
    return {
      label: "Disabled",
      tone: "off",
      detail:
        reason === DISABLED_BY_A_PERSON
          ? "Disabled by a person: no new events are queued for it, and queued deliveries wait until it is enabled."
          : `Disabled: ${reason}.`,
    };
  }
  if (hook.consecutive_failures > 0 && hook.failing_since) {
    return {
      label: "Failing",
      tone: "warning",
      detail:
        `Failing since ${at(hook.failing_since)}: ${plural(hook.consecutive_failures, "failed attempt")} in a row. ` +
        "Coffer keeps retrying, and disables the webhook when nothing succeeds for long (3 days unless the operator set otherwise).",
    };
  }
  return { label: "Active", tone: "ok" };
}

/**
 * The last delivery, from what the webhook record keeps (its last success, its failing streak):
 * a label, and a note ending in a moment (`at`) that the screen shows as a time.
 */
export function lastDeliverySummary(hook: WebhookLike): {
  label: string;
  tone: Tone;
  note?: string;
  at?: string;
} {
  if (hook.consecutive_failures > 0 && hook.failing_since) {
    return {
      label: "Failed",
      tone: "danger",
      note: `${plural(hook.consecutive_failures, "failed attempt")} in a row since`,
      at: hook.failing_since,
    };
  }
  if (hook.last_success_at) return { label: "Delivered", tone: "ok", at: hook.last_success_at };
  return { label: "Nothing sent yet", tone: "off" };
}

/** The URL's host, to name a webhook briefly (the URL itself when it does not parse). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

// ---- deliveries -----------------------------------------------------------------------------

export interface DeliveryLike {
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
}

export function deliveryStatus(d: DeliveryLike): { label: string; tone: Tone } {
  if (d.status === "delivered") return { label: "Delivered", tone: "ok" };
  if (d.status === "failed") return { label: "Failed", tone: "danger" };
  return d.attempts === 0 ? { label: "Queued", tone: "info" } : { label: "Retrying", tone: "warning" };
}

/** "12 ms", "1.5 s", or "—" when no answer came. */
export function formatLatency(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The receiver's last answer: its status code, "no answer" when it gave none, "—" before any attempt. */
export const httpResult = (d: DeliveryLike): string =>
  d.last_status_code !== null ? String(d.last_status_code) : d.attempts > 0 ? "no answer" : "—";

/** What happened to a delivery, in a sentence. */
export function deliveryOutcome(d: DeliveryLike): string {
  const last = d.last_error ?? (d.last_status_code !== null ? `answered ${d.last_status_code}` : "no answer");
  if (d.status === "delivered") {
    return `The receiver answered ${d.last_status_code ?? "2xx"} in ${formatLatency(d.last_latency_ms)} (attempt ${d.attempts}).`;
  }
  if (d.status === "failed") return `Given up after ${plural(d.attempts, "attempt")}; the last ${last}.`;
  if (d.attempts === 0) return "Waiting to be sent.";
  const next = d.next_attempt_at ? ` Next attempt at ${at(d.next_attempt_at)}.` : "";
  return `Attempt ${d.attempts} failed: the receiver ${last}.${next}`;
}

/** Whether a delivery can be sent again (the API answers 409 while it is pending). */
export const canRedeliver = (d: Pick<DeliveryLike, "status">): boolean => d.status !== "pending";

// ---- the form and the API's answers ---------------------------------------------------------

export type WebhookField = "url" | "description" | "events" | "project_id" | "environment_id";
export type FieldProblems = Partial<Record<WebhookField, string>>;

const FIELDS: readonly WebhookField[] = ["url", "description", "events", "project_id", "environment_id"];

/** A refused URL in the words of the person who typed it. */
export function urlProblemInWords(msg: string): string {
  const refused =
    /^Refused: (.+?)(?: \(an operator may allow its network with COFFER_OUTBOUND_ALLOW\))?$/.exec(msg);
  if (!refused) return msg;
  return (
    `Coffer refuses this destination: ${refused[1]}. Webhooks never reach into private or internal ` +
    "networks unless whoever runs this Coffer server allows that network with COFFER_OUTBOUND_ALLOW."
  );
}

/** A 422's problems by form field (the URL's in plain words); undefined for any other error. */
export function fieldProblems(error: unknown): FieldProblems | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return undefined;
  const problems: FieldProblems = {};
  for (const issue of detail as { loc?: unknown[]; msg?: string }[]) {
    const field = FIELDS.find((name) => issue.loc?.[0] === "body" && issue.loc[1] === name);
    if (!field || problems[field]) continue;
    const msg = issue.msg ?? "is not valid";
    problems[field] = field === "url" ? urlProblemInWords(msg) : msg;
  }
  return Object.keys(problems).length > 0 ? problems : undefined;
}

/** The body of a create or change from the form; or what to fix first. */
export function webhookBody(form: {
  url: string;
  description: string;
  projectId: string;
  environmentId: string;
  everyEvent: boolean;
  events: ReadonlySet<string>;
}):
  | {
      ok: true;
      body: {
        url: string;
        description: string | null;
        project_id: string | null;
        environment_id: string | null;
        events: WebhookEventType[];
      };
    }
  | { ok: false; problems: FieldProblems } {
  const url = form.url.trim();
  if (url === "") return { ok: false, problems: { url: "Enter the address deliveries are sent to." } };
  const events = form.everyEvent ? [] : EVENT_TYPES.filter((type) => form.events.has(type));
  if (!form.everyEvent && events.length === 0) {
    return { ok: false, problems: { events: "Tick at least one event type, or choose every event." } };
  }
  return {
    ok: true,
    body: {
      url,
      description: form.description.trim() || null,
      project_id: form.projectId || null,
      environment_id: form.environmentId || null,
      events,
    },
  };
}

/** The two refusals (409) of a webhook's actions, in words; other errors as they are. */
export function conflictInWords(action: "test" | "redeliver", error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  return new Error(
    action === "test"
      ? "Not sent: the webhook is disabled. Enable it first; a disabled webhook sends nothing, not even a test event."
      : "Not sent again: this delivery is still pending, and Coffer retries it on its own.",
  );
}

// ---- secret rotation ------------------------------------------------------------------------

/** How long the old secret keeps signing beside the new one (the API's default is a day). */
export const OVERLAP_CHOICES: readonly { label: string; seconds: number }[] = [
  { label: "1 day (recommended)", seconds: 86_400 },
  { label: "1 hour", seconds: 3_600 },
  { label: "7 days", seconds: 7 * 86_400 },
  { label: "None: the old secret stops now", seconds: 0 },
];

/** What happens to deliveries after a rotation, for the dialog that shows the new secret. */
export function overlapInWords(previousExpiresAt: string | null): string {
  if (!previousExpiresAt) {
    return "The old secret stopped signing at once: deliveries carry one signature, made with this secret.";
  }
  return (
    `Until ${at(previousExpiresAt)} every delivery carries two signatures (two v1 values in Coffer-Signature), ` +
    "one made with the old secret and one with this one, so a receiver that checks either keeps working. " +
    "Put this secret in the receiver before then."
  );
}

/** The receiver's check, as docs/webhooks.md gives it (a test keeps the two the same). */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

export function verify(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = header.split(",").map((part) => part.split("="));
  const t = Number(parts.find(([name]) => name === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest();
  return parts
    .filter(([name]) => name === "v1")
    .some(([, hex]) => {
      const given = Buffer.from(hex, "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}`;
