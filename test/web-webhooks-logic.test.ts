// The webhooks screens' logic that is not layout: the event types the form offers (the server's own
// list), a webhook's filters, state and last delivery in words, a delivery's outcome, the form's
// body, and the API's refusals on the fields they concern. Pure functions, so they run in Node.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ApiError } from "coffer/client";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "../src/modules/webhooks/index.ts";
import {
  canRedeliver,
  conflictInWords,
  type DeliveryLike,
  deliveryOutcome,
  deliveryStatus,
  EVENT_TYPES,
  eventsSummary,
  fieldProblems,
  formatLatency,
  hostOf,
  httpResult,
  lastDeliverySummary,
  OVERLAP_CHOICES,
  overlapInWords,
  placeSummary,
  urlProblemInWords,
  VERIFY_SNIPPET,
  type WebhookLike,
  webhookBody,
  webhookState,
} from "../web/src/lib/webhooks.ts";
import { namedTree } from "./helpers/named-tree.ts";

const tree = namedTree;

const hook = (fields: Partial<WebhookLike> = {}): WebhookLike => ({
  url: "https://deploy.example.com/coffer",
  events: [],
  project_id: null,
  environment_id: null,
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  consecutive_failures: 0,
  last_success_at: null,
  ...fields,
});

const delivery = (fields: Partial<DeliveryLike> = {}): DeliveryLike => ({
  status: "pending",
  attempts: 0,
  next_attempt_at: null,
  last_status_code: null,
  last_error: null,
  last_latency_ms: null,
  ...fields,
});

const local = (iso: string) => new Date(iso).toLocaleString();
const unprocessable = (detail: unknown) => new ApiError(422, "validation_error", "invalid", { detail });

describe("the event types", () => {
  it("offers every type the server sends on subscription, and not the on-request test event", () => {
    expect([...EVENT_TYPES].sort()).toEqual(WEBHOOK_EVENTS.filter((e) => e !== "webhook.test").sort());
  });
});

describe("a webhook in words", () => {
  it("names where it listens: everywhere, a project, an environment, or a place no longer listed", () => {
    expect(placeSummary(hook(), tree)).toBe("Every project");
    expect(placeSummary(hook({ project_id: "p1" }), tree)).toBe("Billing API");
    expect(placeSummary(hook({ project_id: "p1", environment_id: "e1" }), tree)).toBe(
      "Billing API / Production",
    );
    // The API stores the project an environment implies; an environment alone still finds it.
    expect(placeSummary(hook({ environment_id: "e2" }), tree)).toBe("Billing API / Staging");
    expect(placeSummary(hook({ project_id: "gone" }), tree)).toBe("a project no longer listed");
    expect(placeSummary(hook({ project_id: "gone", environment_id: "gone-too" }), tree)).toBe(
      "an environment no longer listed",
    );
  });

  it("names its events: every one, a few, or the first few and how many more", () => {
    expect(eventsSummary([])).toBe("every event");
    expect(eventsSummary(["secret.updated", "secret.deleted"])).toBe("secret.updated, secret.deleted");
    expect(eventsSummary(["a", "b", "c", "d", "e"])).toBe("a, b, c and 2 more");
  });

  it("says why a webhook is disabled: by a person, or by Coffer after failing, in the reader's time", () => {
    expect(webhookState(hook({ enabled: false, disabled_reason: "disabled by a person" }))).toMatchObject({
      label: "Disabled",
      tone: "off",
      detail: expect.stringMatching(/^Disabled by a person: no new events are queued/),
    });
    const since = "2026-11-25T10:02:11.481Z";
    const automatic = webhookState(
      hook({
        enabled: false,
        disabled_reason: `no successful delivery since ${since} (42 failed attempts; last: answered 503)`,
      }),
    );
    expect(automatic.tone).toBe("danger");
    expect(automatic.detail).toBe(
      `Disabled automatically: no delivery has succeeded since ${local(since)} (42 failed attempts; the last ` +
        "answered 503). Fix the receiver, then enable the webhook: what was waiting is sent.",
    );
    expect(webhookState(hook({ enabled: false, disabled_reason: "something new" })).detail).toBe(
      "Disabled: something new.",
    );
  });

  it("tells a failing webhook from a healthy one, and says how its last delivery went", () => {
    const failing = hook({ failing_since: "2026-11-25T10:00:00Z", consecutive_failures: 1 });
    expect(webhookState(failing)).toMatchObject({ label: "Failing", tone: "warning" });
    expect(webhookState(failing).detail).toContain("1 failed attempt in a row");
    expect(lastDeliverySummary(failing)).toEqual({
      label: "Failed",
      tone: "danger",
      note: "1 failed attempt in a row since",
      at: "2026-11-25T10:00:00Z",
    });
    expect(webhookState(hook())).toEqual({ label: "Active", tone: "ok" });
    expect(lastDeliverySummary(hook({ last_success_at: "2026-11-25T11:00:00Z" }))).toEqual({
      label: "Delivered",
      tone: "ok",
      at: "2026-11-25T11:00:00Z",
    });
    expect(lastDeliverySummary(hook())).toEqual({ label: "Nothing sent yet", tone: "off" });
  });

  it("names a webhook by its host", () => {
    expect(hostOf("https://deploy.example.com:8443/coffer?x=1")).toBe("deploy.example.com:8443");
    expect(hostOf("not a url")).toBe("not a url");
  });
});

describe("a delivery in words", () => {
  it("tells queued, retrying, delivered and given-up deliveries apart", () => {
    expect(deliveryStatus(delivery())).toEqual({ label: "Queued", tone: "info" });
    expect(deliveryStatus(delivery({ attempts: 2 }))).toEqual({ label: "Retrying", tone: "warning" });
    expect(deliveryStatus(delivery({ status: "delivered", attempts: 1 }))).toEqual({
      label: "Delivered",
      tone: "ok",
    });
    expect(deliveryStatus(delivery({ status: "failed", attempts: 3 }))).toEqual({
      label: "Failed",
      tone: "danger",
    });
  });

  it("formats latency and the receiver's answer", () => {
    expect(formatLatency(null)).toBe("—");
    expect(formatLatency(12)).toBe("12 ms");
    expect(formatLatency(1540)).toBe("1.5 s");
    expect(httpResult(delivery())).toBe("—");
    expect(httpResult(delivery({ attempts: 1, last_error: "connect ECONNREFUSED" }))).toBe("no answer");
    expect(httpResult(delivery({ attempts: 1, last_status_code: 500 }))).toBe("500");
  });

  it("says what happened in a sentence", () => {
    expect(deliveryOutcome(delivery())).toBe("Waiting to be sent.");
    expect(
      deliveryOutcome(
        delivery({ status: "delivered", attempts: 2, last_status_code: 204, last_latency_ms: 31 }),
      ),
    ).toBe("The receiver answered 204 in 31 ms (attempt 2).");
    expect(
      deliveryOutcome(
        delivery({ status: "failed", attempts: 3, last_status_code: 500, last_error: "answered 500" }),
      ),
    ).toBe("Given up after 3 attempts; the last answered 500.");
    const next = "2026-11-25T10:00:20Z";
    expect(
      deliveryOutcome(
        delivery({ attempts: 1, last_error: "answered 502", last_status_code: 502, next_attempt_at: next }),
      ),
    ).toBe(`Attempt 1 failed: the receiver answered 502. Next attempt at ${local(next)}.`);
  });

  it("offers redelivery only for a finished delivery", () => {
    expect(canRedeliver({ status: "pending" })).toBe(false);
    expect(canRedeliver({ status: "delivered" })).toBe(true);
    expect(canRedeliver({ status: "failed" })).toBe(true);
  });
});

describe("the form and the API's answers", () => {
  const form = {
    url: "  https://deploy.example.com/coffer ",
    description: " ",
    projectId: "p1",
    environmentId: "",
    everyEvent: false,
    events: new Set(["secret.deleted", "secret.updated"]),
  };

  it("sends the trimmed address, null for what is left empty, and the ticked types in the form's order", () => {
    expect(webhookBody(form)).toEqual({
      ok: true,
      body: {
        url: "https://deploy.example.com/coffer",
        description: null,
        project_id: "p1",
        environment_id: null,
        events: ["secret.updated", "secret.deleted"],
      },
    });
    expect(webhookBody({ ...form, everyEvent: true })).toMatchObject({ ok: true, body: { events: [] } });
  });

  it("asks for an address, and for a type when only some are wanted", () => {
    expect(webhookBody({ ...form, url: " " })).toEqual({
      ok: false,
      problems: { url: "Enter the address deliveries are sent to." },
    });
    expect(webhookBody({ ...form, events: new Set() })).toEqual({
      ok: false,
      problems: { events: "Tick at least one event type, or choose every event." },
    });
  });

  it("puts a 422's problems on their fields, a refused destination in plain words", () => {
    const refusal =
      "Refused: 10.0.0.5 resolves to 10.0.0.5, a loopback, private, link-local, multicast or other special-purpose address " +
      "(an operator may allow its network with COFFER_OUTBOUND_ALLOW)";
    expect(
      fieldProblems(
        unprocessable([
          { loc: ["body", "url"], msg: refusal, type: "value_error" },
          {
            loc: ["body", "environment_id"],
            msg: "Not an environment of this workspace",
            type: "value_error",
          },
          { loc: ["body", "events", 0], msg: "must be one of the types", type: "union" },
        ]),
      ),
    ).toEqual({
      url:
        "Coffer refuses this destination: 10.0.0.5 resolves to 10.0.0.5, a loopback, private, link-local, " +
        "multicast or other special-purpose address. Webhooks never reach into private or internal networks unless whoever " +
        "runs this Coffer server allows that network with COFFER_OUTBOUND_ALLOW.",
      environment_id: "Not an environment of this workspace",
      events: "must be one of the types",
    });
    expect(urlProblemInWords("The URL must be https")).toBe("The URL must be https");
  });

  it("leaves other errors to the dialog", () => {
    expect(fieldProblems(new ApiError(409, "conflict", "at most 25", {}))).toBeUndefined();
    expect(fieldProblems(unprocessable([{ loc: ["querystring", "x"], msg: "no" }]))).toBeUndefined();
    expect(fieldProblems(new Error("offline"))).toBeUndefined();
  });

  it("words the two refusals of a webhook's actions, and passes others on", () => {
    const conflict = new ApiError(409, "conflict", "The webhook is disabled: enable it first", {});
    expect(String(conflictInWords("test", conflict))).toContain(
      "Not sent: the webhook is disabled. Enable it first",
    );
    expect(String(conflictInWords("redeliver", conflict))).toContain("still pending");
    const other = new ApiError(404, "not_found", "Webhook not found", {});
    expect(conflictInWords("test", other)).toBe(other);
  });
});

describe("the signing secret", () => {
  it("offers a day of overlap first, as the API's default", () => {
    expect(OVERLAP_CHOICES[0]?.seconds).toBe(86_400);
    expect(OVERLAP_CHOICES.map((c) => c.seconds)).toContain(0);
  });

  it("explains the overlap after a rotation", () => {
    expect(overlapInWords(null)).toMatch(/^The old secret stopped signing at once/);
    const until = "2026-11-26T10:00:00Z";
    expect(overlapInWords(until)).toContain(`Until ${local(until)} every delivery carries two signatures`);
  });

  it("shows the verification code the docs give, to the letter", () => {
    const docs = readFileSync(join(import.meta.dirname, "..", "docs", "webhooks.md"), "utf8");
    expect(docs).toContain(VERIFY_SNIPPET);
  });
});
