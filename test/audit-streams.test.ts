// Audit streams (issue 37, point 3) in one app on a real database: every entry reaches a JSON-lines
// file, syslog over UDP and over TCP (RFC 5424, octet-counted), and a signed HTTP endpoint, in
// sequence order, each once, with its chain fields; no value, token or password is in any sink's
// bytes; a sink added later starts from the start of the stored trail; the lag is a metric.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  chainOf,
  expectContiguous,
  readJsonLines,
  type StreamedEntry,
  startStreamReceiver,
  startSyslogTcp,
  startSyslogUdp,
  waitUntil,
} from "./helpers/audit-sinks.ts";
import { bearer, createApiKey, newUser, PASSWORD } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { freePort, removeTempDirs, tempDir } from "./helpers/server-process.ts";
import { createTree, postSecret, secretsPath } from "./helpers/tree.ts";

const VALUE = `sk_live_stream-must-not-carry-${randomBytes(6).toString("hex")}`;
const SECRET = `stream-secret-${randomBytes(12).toString("hex")}`;
const METRICS_TOKEN = randomBytes(24).toString("hex");
const WAIT_MS = 30_000;

let store: Store;
let t: TestApp;
let udp: Awaited<ReturnType<typeof startSyslogUdp>>;
let tcp: Awaited<ReturnType<typeof startSyslogTcp>>;
let http: Awaited<ReturnType<typeof startStreamReceiver>>;
let file: string;
let owner: Awaited<ReturnType<typeof newUser>>;
let apiToken: string;
let tree: Awaited<ReturnType<typeof createTree>>;

async function trailIds(workspaceId: string): Promise<string[]> {
  const response = await t.app.inject({
    method: "GET",
    url: `/workspaces/${workspaceId}/audit/export?view=all&format=json`,
    headers: owner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: string }[]).map((entry) => entry.id).sort();
}

/** Waits until the sink holds the workspace's whole trail, and checks it is its chain from 1, once each. */
async function expectWholeTrail(what: string, entries: () => StreamedEntry[]): Promise<StreamedEntry[]> {
  const ids = await trailIds(owner.workspaceId);
  await waitUntil(
    () => chainOf(entries(), owner.workspaceId).length >= ids.length,
    WAIT_MS,
    () => `${what} holds ${chainOf(entries(), owner.workspaceId).length} of ${ids.length} entries`,
  );
  const chain = chainOf(entries(), owner.workspaceId);
  expect(expectContiguous(chain), what).toBeUndefined();
  expect(chain.map((entry) => entry.id).sort(), what).toEqual(ids);
  return chain;
}

async function lagMetric(): Promise<string> {
  const response = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
  expect(response.statusCode).toBe(200);
  return response.body
    .split("\n")
    .filter((line) => line.startsWith("coffer_audit_stream_"))
    .join("\n");
}

beforeAll(async () => {
  store = await isolatedStore();
  udp = await startSyslogUdp();
  tcp = await startSyslogTcp();
  http = await startStreamReceiver(SECRET, await freePort());
  file = join(tempDir("coffer-streams-"), "audit.jsonl");
  t = await createTestApp({
    env: {
      ...store.env,
      COFFER_AUDIT_STREAMS: [`file://${file}`, udp.url, tcp.url, http.url].join(","),
      COFFER_AUDIT_STREAM_SECRET: SECRET,
      COFFER_OUTBOUND_ALLOW: "127.0.0.1/32",
      COFFER_METRICS_TOKEN: METRICS_TOKEN,
    },
  });
  owner = await newUser(t.app);
  tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  const created = await postSecret(t.app, tree, owner.headers, { key: "STRIPE_KEY", value: VALUE });
  expect(created.statusCode, created.body).toBe(201);
  const read = await t.app.inject({
    method: "GET",
    url: `${secretsPath(tree)}/${created.json().id}`,
    headers: owner.headers,
  });
  expect(read.body).toContain(VALUE);
  apiToken = (await createApiKey(t.app, owner.accessToken, { name: "ci deploy" })).token;
  const updated = await t.app.inject({
    method: "PATCH",
    url: `${secretsPath(tree)}/${created.json().id}`,
    headers: bearer(apiToken),
    payload: { value: `${VALUE}-2` },
  });
  expect(updated.statusCode, updated.body).toBeLessThan(300);
});

afterAll(async () => {
  await t?.close();
  await Promise.all([udp?.close(), tcp?.close(), http?.close()]);
  await store?.drop();
  removeTempDirs();
});

describe("audit streams", () => {
  it("appends every entry to the JSON-lines file, in sequence order, with its chain fields", async () => {
    const chain = await expectWholeTrail("the file", () => readJsonLines(file));
    for (const entry of chain) {
      expect(entry.hmac).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.prev_hmac).toMatch(/^[0-9a-f]{64}$/);
      expect(entry).toHaveProperty("actor");
      expect(entry).toHaveProperty("details");
    }
    expect(chain.map((entry) => entry.action)).toContain("secret.created");
    expect(chain.map((entry) => entry.action)).toContain("secret.read");
  });

  it("sends RFC 5424 messages over UDP: PRI <110>, version 1, coffer, the action as MSGID, the entry as JSON", async () => {
    const chain = await expectWholeTrail("syslog over UDP", () => udp.messages().map((m) => m.entry));
    const messages = udp.messages().filter((m) => m.entry.workspace_id === owner.workspaceId);
    for (const message of messages) {
      expect(message.pri).toBe("<110>");
      expect(message.version).toBe("1");
      expect(message.appName).toBe("coffer");
      expect(message.msgId).toBe(message.entry.action);
      expect(message.timestamp).toBe(message.entry.created_at);
      expect(message.structuredData).toBe("-");
    }
    expect(chain.length).toBe(messages.length);
  });

  it("sends them over TCP framed by octet counting, and connects again when the connection drops", async () => {
    await expectWholeTrail("syslog over TCP", () => tcp.messages().map((m) => m.entry));
    for (const message of tcp.messages()) {
      expect(message.pri).toBe("<110>");
      expect(message.appName).toBe("coffer");
      expect(message.msgId).toBe(message.entry.action);
    }
    tcp.dropConnections();
    // More entries after the drop: the sink connects again and they follow, none lost, none twice.
    // (A connection dropped under a batch may lose what the kernel had taken: TCP acknowledges writes.)
    await new Promise((resolve) => setTimeout(resolve, 300));
    const key = await createApiKey(t.app, owner.accessToken, { name: "after the drop" });
    expect(key.token).toBeTruthy();
    await expectWholeTrail("syslog over TCP after a reconnection", () => tcp.messages().map((m) => m.entry));
    for (const sink of [() => readJsonLines(file), () => udp.messages().map((m) => m.entry)]) {
      await expectWholeTrail("the other sinks", sink);
    }
  });

  it(
    "sends an entry too large for one UDP datagram without its details, marked, and goes on",
    async () => {
      // 400 keys of 250 characters: the bulk operation's summary names them all (over 100 KB).
      const secrets = Array.from({ length: 400 }, (_, index) => ({
        key: `K${String(index).padStart(4, "0")}_${"X".repeat(244)}`,
        value: VALUE,
      }));
      const bulk = await t.app.inject({
        method: "POST",
        url: `${secretsPath(tree)}/bulk`,
        headers: owner.headers,
        payload: { secrets },
      });
      expect(bulk.statusCode, bulk.body).toBeLessThan(300);
      await createApiKey(t.app, owner.accessToken, { name: "after the large entry" });
      // The file has it whole (a burst of 400 datagrams may lose some on the way: that is UDP).
      const fileChain = await expectWholeTrail("the file", () => readJsonLines(file));
      const summary = fileChain.find((entry) => entry.action === "environment.secrets_created")!;
      expect(JSON.stringify(summary.details).length).toBeGreaterThan(65_507);
      const last = fileChain.at(-1)!;
      const received = () =>
        chainOf(
          udp.messages().map((m) => m.entry),
          owner.workspaceId,
        );
      await waitUntil(
        () =>
          received().some((entry) => entry.id === summary.id) &&
          received().some((entry) => entry.id === last.id),
        WAIT_MS,
        () => "the large entry, or the one after it, never came over UDP",
      );
      expect(received().find((entry) => entry.id === summary.id)!.details).toEqual({ truncated: true });
    },
    2 * WAIT_MS,
  );

  it("POSTs signed batches of at most 100 entries to the HTTP endpoint", async () => {
    await expectWholeTrail("the HTTP endpoint", () => http.accepted);
    expect(http.bodies.length).toBeGreaterThan(0);
    for (const request of http.bodies) {
      expect(request.signed).toBe(true);
      const batch = (JSON.parse(request.body) as { entries: StreamedEntry[] }).entries;
      expect(batch.length).toBeGreaterThan(0);
      expect(batch.length).toBeLessThanOrEqual(100);
    }
  });

  it("puts no value, token or password in any sink's bytes", async () => {
    await expectWholeTrail("the file", () => readJsonLines(file));
    const bytes = [
      readFileSync(file, "utf8"),
      udp.raw.map((datagram) => datagram.toString("utf8")).join("\n"),
      Buffer.concat(tcp.raw).toString("utf8"),
      http.bodies.map((request) => request.body).join("\n"),
    ];
    for (const text of bytes) {
      expect(text.length).toBeGreaterThan(0);
      for (const forbidden of [VALUE, apiToken, owner.accessToken, owner.refreshToken, PASSWORD, SECRET]) {
        expect(text).not.toContain(forbidden);
      }
    }
  });

  it("reports each sink's lag, back to 0 once it has caught up, and the entries sent", async () => {
    await expectWholeTrail("the HTTP endpoint", () => http.accepted);
    await waitUntil(
      async () => !/coffer_audit_stream_lag_entries\{[^}]*\} [1-9]/.test(await lagMetric()),
      WAIT_MS,
      () => "lag never reached 0",
    );
    const text = await lagMetric();
    expect(text).toMatch(new RegExp(`coffer_audit_stream_lag_entries\\{sink="${http.url}"\\} 0`));
    expect(text).toMatch(new RegExp(`coffer_audit_stream_sent_total\\{sink="file://${file}"\\} [1-9]`));
    expect(text).not.toContain(SECRET);
  });

  it("starts a sink added later from the start of the stored trail", async () => {
    const later = join(tempDir("coffer-streams-"), "later.jsonl");
    const second = await createTestApp({
      env: { ...store.env, COFFER_AUDIT_STREAMS: `file://${later}` },
    });
    try {
      // The first app's trail, from sequence 1, though every entry was written before this sink existed.
      await expectWholeTrail("a sink added later", () => readJsonLines(later));
    } finally {
      await second.close();
    }
  });
});
