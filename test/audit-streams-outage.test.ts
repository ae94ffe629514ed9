// An audit stream's HTTP sink that is down for a full minute on PostgreSQL, 15 s on SQLite
// (connections refused, then 503) while entries are written: the sink lags (a metric says by how
// much) and then receives every entry once, in order, and the lag is back to 0. Two apps on one database with one sink send each entry once.
// Entries a retention purge removed before they were sent are skipped past and counted.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeOnce } from "../src/jobs/housekeeping.ts";
import { createTestApp, engineUnderTest, type TestApp } from "./helpers/app.ts";
import { chainOf, expectContiguous, startStreamReceiver, waitUntil } from "./helpers/audit-sinks.ts";
import { bearer, createApiKey, login, newUser } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { freePort } from "./helpers/server-process.ts";

const SECRET = `stream-secret-${randomBytes(12).toString("hex")}`;
const METRICS_TOKEN = randomBytes(24).toString("hex");
// The full minute on PostgreSQL; the embedded engine runs the same catch-up after 15 s (the cursor
// and lease code is one; CI's time is not).
const OUTAGE_MS = engineUnderTest() === "postgres" ? 60_000 : 15_000;
const WAIT_MS = 60_000;
/** The longest a failing sink waits before it is tried again (src/modules/audit/streams/streamer.ts). */
const BACKOFF_MAX_MS = 10_000;

let store: Store;
const apps: TestApp[] = [];

const streaming = (url: string, extra: Record<string, string> = {}) =>
  createTestApp({
    env: {
      ...store.env,
      COFFER_AUDIT_STREAMS: url,
      COFFER_AUDIT_STREAM_SECRET: SECRET,
      COFFER_OUTBOUND_ALLOW: "127.0.0.1/32",
      COFFER_METRICS_TOKEN: METRICS_TOKEN,
      ...extra,
    },
  }).then((app) => {
    apps.push(app);
    return app;
  });

/** The sink's value of a metric on the app's /metrics; absent is `absent`. */
async function sinkMetric(t: TestApp, name: string, url: string, absent: number): Promise<number> {
  const response = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
  const line = response.body.split("\n").find((text) => text.startsWith(`${name}{sink="${url}"}`));
  return line ? Number(line.split(" ").at(-1)) : absent;
}

const lag = (t: TestApp, url: string) => sinkMetric(t, "coffer_audit_stream_lag_entries", url, Number.NaN);
const skippedCount = (t: TestApp, url: string) => sinkMetric(t, "coffer_audit_stream_skipped_total", url, 0);

async function trailLength(t: TestApp, headers: Record<string, string>, workspaceId: string) {
  const response = await t.app.inject({
    method: "GET",
    url: `/workspaces/${workspaceId}/audit/export?view=all&format=json`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as unknown[]).length;
}

beforeAll(async () => {
  store = await isolatedStore();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await store?.drop();
});

describe("a sink down for a minute (PostgreSQL; 15 s on SQLite)", () => {
  it(
    "lags while it refuses connections and then answers 503, then receives every entry once, in order, and the lag is 0",
    async () => {
      const receiver = await startStreamReceiver(SECRET, await freePort());
      await receiver.down();
      const t = await streaming(receiver.url);
      const owner = await newUser(t.app);
      const lags: number[] = [];
      const started = Date.now();
      let written = 0;
      let answering = false;
      while (Date.now() - started < OUTAGE_MS) {
        // Half the minute refused, the other half 503.
        if (Date.now() - started > OUTAGE_MS / 2 && !answering) {
          answering = true;
          receiver.answer(503);
          await receiver.up();
        }
        await createApiKey(t.app, owner.accessToken, { name: `during the outage ${written++}` });
        lags.push(await lag(t, receiver.url));
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      // Its retries back off up to 10 s apart (MAX_BACKOFF_MS), longer than SQLite's 7.5 s of 503:
      // one may fall just before the switch and the next just after the window. It must come.
      await waitUntil(
        () => receiver.bodies.length > 0,
        BACKOFF_MAX_MS + 5_000,
        () => "the sink was tried again while it answered 503",
      );
      expect(receiver.accepted).toHaveLength(0);
      expect(Math.max(...lags)).toBeGreaterThan(written);

      receiver.answer(200);
      const length = await trailLength(t, owner.headers, owner.workspaceId);
      await waitUntil(
        () => chainOf(receiver.accepted, owner.workspaceId).length >= length,
        WAIT_MS,
        () => `received ${chainOf(receiver.accepted, owner.workspaceId).length} of ${length}`,
      );
      const chain = chainOf(receiver.accepted, owner.workspaceId);
      expect(chain).toHaveLength(length);
      expect(expectContiguous(chain)).toBeUndefined();
      // Nothing else was ever accepted twice (every workspace of the store, not only this one).
      const keys = receiver.accepted.map((entry) => `${entry.workspace_id}:${entry.sequence}`);
      expect(new Set(keys).size).toBe(keys.length);
      await waitUntil(
        async () => (await lag(t, receiver.url)) === 0,
        WAIT_MS,
        () => "the lag is not back to 0",
      );
      await receiver.close();
    },
    OUTAGE_MS + 3 * WAIT_MS,
  );
});

describe("one sink, two apps on one database", () => {
  it("sends each entry once, whichever app holds the sink's lease", async () => {
    const receiver = await startStreamReceiver(SECRET, await freePort());
    const one = await streaming(receiver.url);
    const two = await streaming(receiver.url);
    const owner = await newUser(one.app);
    for (let round = 0; round < 10; round++) {
      await createApiKey((round % 2 === 0 ? one : two).app, owner.accessToken, { name: `key ${round}` });
    }
    const length = await trailLength(one, owner.headers, owner.workspaceId);
    await waitUntil(
      () => chainOf(receiver.accepted, owner.workspaceId).length >= length,
      WAIT_MS,
      () => `received ${chainOf(receiver.accepted, owner.workspaceId).length} of ${length}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const keys = receiver.accepted.map((entry) => `${entry.workspace_id}:${entry.sequence}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(expectContiguous(chainOf(receiver.accepted, owner.workspaceId))).toBeUndefined();
    await receiver.close();
  });
});

describe("entries purged before they were sent", () => {
  it("skips past them to where the checkpoint says the chain continues, and counts them", async () => {
    const receiver = await startStreamReceiver(SECRET, await freePort());
    await receiver.down();
    const t = await streaming(receiver.url, { COFFER_AUDIT_RETENTION_DAYS: "1" });
    const owner = await newUser(t.app);
    await createApiKey(t.app, owner.accessToken, { name: "purged before it was sent" });
    const purgedCount = await trailLength(t, owner.headers, owner.workspaceId);
    t.clock.advance(2 * 86_400);
    await purgeOnce(t.db, t.clock, t.config, t.masterKeys);
    // Two days on, the session is over: a new sign-in is the first entry after the purge.
    const session = await login(t.app, owner.email, owner.password);
    await createApiKey(t.app, session.accessToken, { name: "kept" });
    await receiver.up();
    await waitUntil(
      () => chainOf(receiver.accepted, owner.workspaceId).length > 0,
      WAIT_MS,
      () => "nothing received",
    );
    const chain = chainOf(receiver.accepted, owner.workspaceId);
    expect(chain[0]!.sequence).toBe(purgedCount + 1);
    expect(chain.map((entry) => entry.action)).toContain("api_key.created");
    // The count moves once the cursor is past the purged entries, a moment after the sink took the
    // first kept one: it is waited for, not read at once. Every workspace of the store was purged,
    // this one among them.
    await waitUntil(
      async () => (await skippedCount(t, receiver.url)) >= purgedCount,
      WAIT_MS,
      () => `skipped ${purgedCount} entries or more, not counted`,
    );
    await receiver.close();
  });
});
