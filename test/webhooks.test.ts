// Over 400 lines: one capability's contract (signed webhooks), read top to bottom against one real receiver.
// Signed webhooks (issue 23), against a real receiver on loopback: what Admins configure, what a
// receiver gets (signed, in order per secret, never a value), retries and backoff, disabling after
// long failure, a restart and a second node losing nothing and sending nothing twice, and the
// server-side request forgery rules.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressPermitted } from "../src/lib/outbound.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, createApiKey, login, newUser, PASSWORD } from "./helpers/factories.ts";
import { isolatedStore } from "./helpers/isolated-store.ts";
import { createTree, newMember, secretsPath, type Tree } from "./helpers/tree.ts";
import { type Received, type Receiver, startReceiver } from "./helpers/webhook-receiver.ts";

// Fast polls and retries; the receiver lives on 127.0.0.1, which only this allow-list lets through.
const FAST = {
  COFFER_OUTBOUND_ALLOW: "127.0.0.1/32",
  COFFER_WEBHOOK_POLL_MS: "25",
  COFFER_WEBHOOK_RETRY_BASE_MS: "20",
  COFFER_WEBHOOK_RETRY_MAX_MS: "100",
  COFFER_WEBHOOK_TIMEOUT_MS: "2000",
  COFFER_DEFAULT_PLAN: "pro",
};
const VALUE = "sup3r-s3cret-VALUE";

let t: TestApp;
let owner: Awaited<ReturnType<typeof newUser>>;
let tree: Tree;
let hooks: string;
let receiver: Receiver;
let store: Awaited<ReturnType<typeof isolatedStore>>;

const send = (method: string, url: string, headers: Record<string, string>, payload?: object, app = t) =>
  app.app.inject({ method: method as "GET", url, headers, ...(payload ? { payload } : {}) });

interface Created {
  id: string;
  secret: string;
  url: string;
  events: string[];
  enabled: boolean;
}

async function createHook(body: Record<string, unknown>, app = t, headers = owner.headers): Promise<Created> {
  const response = await send("POST", `/workspaces/${owner.workspaceId}/webhooks`, headers, body, app);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const deleteHook = (id: string) => send("DELETE", `${hooks}/${id}`, owner.headers);

async function deliveriesOf(id: string, app = t) {
  const response = await send("GET", `${hooks}/${id}/deliveries?limit=1000`, owner.headers, undefined, app);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    id: string;
    status: string;
    attempts: number;
    event_type: string;
    last_status_code: number | null;
    last_error: string | null;
    last_latency_ms: number | null;
    payload: Record<string, unknown>;
  }[];
}

async function until<T>(probe: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The v1 signatures of a delivery, checked the way the docs tell receivers to. */
function signaturesOf(request: Received): { timestamp: number; v1: string[] } {
  const header = String(request.headers["coffer-signature"]);
  const parts = header.split(",").map((part) => part.split("=") as [string, string]);
  return {
    timestamp: Number(parts.find(([name]) => name === "t")?.[1]),
    v1: parts.filter(([name]) => name === "v1").map(([, value]) => value),
  };
}
const sign = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

async function newSecret(key: string, value = VALUE, environmentId = tree.environmentId) {
  const response = await send("POST", `${secretsPath(tree, environmentId)}/`, owner.headers, { key, value });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

beforeAll(async () => {
  // A store of its own: test apps of other files (other nodes, on PostgreSQL) would otherwise
  // claim these deliveries, and refuse them (their allow-list is empty).
  store = await isolatedStore();
  t = await createTestApp({ env: { ...FAST, ...store.env } });
  owner = await newUser(t.app);
  tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  hooks = `/workspaces/${owner.workspaceId}/webhooks`;
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await t?.close();
  await store?.drop();
});

describe("configuring webhooks", () => {
  it("shows the signing secret once, never again, and lists the webhook", async () => {
    const hook = await createHook({ url: receiver.url, description: "deploys", events: ["secret.updated"] });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook).toMatchObject({ url: receiver.url, events: ["secret.updated"], enabled: true });
    const list = await send("GET", hooks, owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(hook.secret);
    expect(list.json().map((h: { id: string }) => h.id)).toContain(hook.id);
    const one = await send("GET", `${hooks}/${hook.id}`, owner.headers);
    expect(one.json()).not.toHaveProperty("secret");
    // Stored sealed: the database holds no copy of it in clear.
    const row = await t.db
      .selectFrom("webhooks")
      .selectAll()
      .where("id", "=", hook.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(hook.secret);
    await deleteHook(hook.id);
  });

  it("refuses bad input with the 422 shape and changes nothing", async () => {
    const before = (await send("GET", hooks, owner.headers)).json().length;
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{}, ["body", "url"]],
      [{ url: "not a url" }, ["body", "url"]],
      [{ url: "ftp://127.0.0.1/x" }, ["body", "url"]],
      [{ url: "http://user:pw@127.0.0.1/x" }, ["body", "url"]],
      [{ url: receiver.url, events: ["secret.read"] }, ["body", "events", 0]],
      [{ url: receiver.url, project_id: "00000000-0000-4000-8000-000000000000" }, ["body", "project_id"]],
      [
        { url: receiver.url, environment_id: "00000000-0000-4000-8000-000000000000" },
        ["body", "environment_id"],
      ],
    ];
    for (const [body, loc] of cases) {
      const response = await send("POST", hooks, owner.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const detail = response.json().detail as { loc: (string | number)[] }[];
      expect(
        detail.some((d) => JSON.stringify(d.loc).startsWith(JSON.stringify(loc).slice(0, -1))),
        response.body,
      ).toBe(true);
    }
    expect((await send("GET", hooks, owner.headers)).json().length).toBe(before);
  });

  it("is for Admins and Owners of the workspace only, and for keys not narrowed below it", async () => {
    const hook = await createHook({ url: receiver.url });
    const member = await newMember(t.app, t.db, owner.workspaceId, 1, [tree.teamId]);
    const admin = await newMember(t.app, t.db, owner.workspaceId, 2);
    const stranger = await newUser(t.app);
    const readOnly = await createApiKey(t.app, owner.accessToken, { access: "read" });
    const scoped = await createApiKey(t.app, owner.accessToken, {
      workspace_id: owner.workspaceId,
      project_ids: [tree.projectId],
    });
    const code = async (method: string, url: string, headers: Record<string, string>, body?: object) => {
      const response = await send(method, url, headers, body);
      return `${response.statusCode} ${response.json().code ?? ""}`.trim();
    };
    expect(await code("GET", hooks, {})).toBe("401 not_authenticated");
    expect(await code("GET", hooks, member.headers)).toBe("403 forbidden");
    expect(await code("POST", hooks, member.headers, { url: receiver.url })).toBe("403 forbidden");
    expect(await code("GET", `${hooks}/${hook.id}/deliveries`, member.headers)).toBe("403 forbidden");
    expect(await code("GET", hooks, stranger.headers)).toMatch(/^(403|404)/);
    expect(
      await code("GET", `/workspaces/${stranger.workspaceId}/webhooks/${hook.id}`, stranger.headers),
    ).toBe("404 not_found");
    expect(await code("GET", hooks, bearer(readOnly.token))).toBe("200");
    expect(await code("POST", hooks, bearer(readOnly.token), { url: receiver.url })).toBe(
      "403 key_scope_forbidden",
    );
    expect(await code("GET", hooks, bearer(scoped.token))).toBe("403 key_scope_forbidden");
    expect(await code("GET", hooks, admin.headers)).toBe("200");
    const patched = await send("PATCH", `${hooks}/${hook.id}`, admin.headers, { description: "by an admin" });
    expect(patched.statusCode, patched.body).toBe(200);
    const audit = await send(
      "GET",
      `/workspaces/${owner.workspaceId}/audit?action=webhook.updated`,
      owner.headers,
    );
    expect(audit.json()[0]).toMatchObject({ action: "webhook.updated", resource_id: hook.id });
    expect(audit.body).not.toContain("whsec_");
    await deleteHook(hook.id);
  });
});

describe("deliveries", () => {
  it("signs each delivery so the receiver can verify it, and tells no value", async () => {
    const hook = await createHook({ url: receiver.url });
    const start = receiver.received.length;
    const secret = await newSecret("PAYMENTS_TOKEN");
    await send("PATCH", `${secretsPath(tree)}/${secret.id}`, owner.headers, { value: `${VALUE}-2` });
    await send("DELETE", `${secretsPath(tree)}/${secret.id}`, owner.headers);
    const got = (await receiver.waitFor(start + 3)).slice(start);
    expect(got.map((r) => r.json.type)).toEqual(["secret.created", "secret.updated", "secret.deleted"]);
    for (const request of got) {
      const { timestamp, v1 } = signaturesOf(request);
      expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(60);
      expect(v1).toEqual([sign(hook.secret, timestamp, request.body)]);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["coffer-event"]).toBe(request.json.type);
      expect(request.headers["coffer-event-id"]).toBe(request.json.id);
      expect(request.headers["coffer-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(request.body).not.toContain(VALUE);
      expect(request.body).not.toContain(hook.secret);
    }
    expect(got[1]!.json).toMatchObject({
      type: "secret.updated",
      workspace_id: owner.workspaceId,
      project_id: tree.projectId,
      environment_id: tree.environmentId,
      project_name: "Payments API",
      environment_name: "Development",
      data: { resource_type: "secret", resource_id: secret.id, key: "PAYMENTS_TOKEN", version: 2 },
      actor: { type: "user", id: owner.id, name: owner.email },
    });
    const log = await until(async () => {
      const all = await deliveriesOf(hook.id);
      return all.length === 3 && all.every((d) => d.status === "delivered") && all;
    });
    for (const delivery of log) {
      expect(delivery).toMatchObject({ attempts: 1, last_status_code: 200, last_error: null });
      expect(delivery.last_latency_ms).toBeGreaterThanOrEqual(0);
      expect(JSON.stringify(delivery.payload)).not.toContain(VALUE);
    }
    await deleteHook(hook.id);
  });

  it("retries after 5xx answers with backoff, and keeps each secret's events in order", async () => {
    const hook = await createHook({ url: receiver.url, events: ["secret.created", "secret.updated"] });
    const start = receiver.received.length;
    // The first two attempts at the creation fail: the updates queued behind it must wait.
    let failures = 0;
    receiver.answer((request) => (request.json.type === "secret.created" && failures++ < 2 ? 500 : 200));
    const secret = await newSecret("ORDERED");
    for (const n of [2, 3]) {
      await send("PATCH", `${secretsPath(tree)}/${secret.id}`, owner.headers, { value: `v${n}` });
    }
    const got = (await receiver.waitFor(start + 5)).slice(start);
    receiver.answer(() => 200);
    expect(got.map((r) => r.json.type)).toEqual([
      "secret.created",
      "secret.created",
      "secret.created",
      "secret.updated",
      "secret.updated",
    ]);
    expect(got.slice(3).map((r) => r.json.data.version)).toEqual([2, 3]);
    // The three attempts at the creation were one delivery (one id), as its log says.
    expect(new Set(got.slice(0, 3).map((r) => r.headers["coffer-delivery"])).size).toBe(1);
    const created = await until(async () =>
      (await deliveriesOf(hook.id)).find(
        (d) => d.event_type === "secret.created" && d.status === "delivered",
      ),
    );
    expect(created).toMatchObject({ attempts: 3, last_status_code: 200 });
    await deleteHook(hook.id);
  });

  it("sends only what a webhook's filters ask for", async () => {
    const other = await send(
      "POST",
      `/environments/${owner.workspaceId}/${tree.teamId}/${tree.projectId}/`,
      owner.headers,
      { name: "Staging", environment_type: "staging" },
    );
    const staging = other.json().id as string;
    const filtered = await startReceiver();
    const hook = await createHook({ url: filtered.url, environment_id: staging, events: ["secret.created"] });
    expect(hook).toMatchObject({ project_id: tree.projectId });
    await newSecret("NOT_HERE");
    await newSecret("ONLY_HERE", VALUE, staging);
    const [request] = await filtered.waitFor(1);
    expect(request!.json).toMatchObject({
      type: "secret.created",
      environment_id: staging,
      data: { key: "ONLY_HERE" },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(filtered.received).toHaveLength(1);
    await deleteHook(hook.id);
    await filtered.close();
  });

  it("sends a test event on request, and tells of imports, environments and revoked keys", async () => {
    const hook = await createHook({
      url: receiver.url,
      events: ["environment.created", "api_key.revoked", "environment.secrets_deleted"],
    });
    const start = receiver.received.length;
    const test = await send("POST", `${hooks}/${hook.id}/test`, owner.headers);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json()).toMatchObject({ event_type: "webhook.test", status: "pending" });
    const [first] = (await receiver.waitFor(start + 1)).slice(start);
    expect(first!.json).toMatchObject({ type: "webhook.test", data: { resource_id: hook.id } });
    await send(
      "POST",
      `/environments/${owner.workspaceId}/${tree.teamId}/${tree.projectId}/`,
      owner.headers,
      {
        name: "Preview",
        environment_type: "dev",
      },
    );
    const key = await createApiKey(t.app, owner.accessToken);
    await send("POST", `/keys/${key.id}`, owner.headers);
    const got = (await receiver.waitFor(start + 3)).slice(start + 1);
    expect(got.map((r) => r.json.type).sort()).toEqual(["api_key.revoked", "environment.created"]);
    expect(got.find((r) => r.json.type === "api_key.revoked")!.body).not.toContain(key.token);
    await deleteHook(hook.id);
  });

  it("never lets a receiver that hangs slow an API request", async () => {
    const slow = await startReceiver(() => "hang");
    const hook = await createHook({ url: slow.url });
    await newSecret("WHILE_HANGING");
    await slow.waitFor(1);
    // The receiver holds the delivery open; writes and reads answer meanwhile.
    const write = await send("POST", `${secretsPath(tree)}/`, owner.headers, {
      key: "STILL_FAST",
      value: "x",
    });
    expect(write.statusCode).toBe(201);
    expect((await send("GET", `${secretsPath(tree)}/`, owner.headers)).statusCode).toBe(200);
    slow.release();
    await deleteHook(hook.id);
    await slow.close();
  });
});

describe("failing receivers", () => {
  it("gives a delivery up after its attempts, and disables a webhook failing for too long", async () => {
    // A store of its own: no other test app (another node, on PostgreSQL) retries its deliveries.
    const own = await isolatedStore();
    const app = await createTestApp({
      env: { ...FAST, ...own.env, COFFER_WEBHOOK_MAX_ATTEMPTS: "3", COFFER_WEBHOOK_DISABLE_AFTER: "3600" },
    });
    const admin = await newUser(app.app);
    const broken = await startReceiver(() => 503);
    const created = await send(
      "POST",
      `/workspaces/${admin.workspaceId}/webhooks`,
      admin.headers,
      { url: broken.url, events: ["webhook.test"] as never },
      app,
    );
    // webhook.test is sent on request only: it is no event to subscribe to.
    expect(created.statusCode).toBe(422);
    const response = await send(
      "POST",
      `/workspaces/${admin.workspaceId}/webhooks`,
      admin.headers,
      { url: broken.url },
      app,
    );
    const hook = response.json() as Created;
    const base = `/workspaces/${admin.workspaceId}/webhooks/${hook.id}`;
    await send("POST", `${base}/test`, admin.headers, undefined, app);
    await broken.waitFor(3);
    const given = await until(async () => {
      const [delivery] = (await send("GET", `${base}/deliveries`, admin.headers, undefined, app)).json();
      return delivery.status === "failed" && delivery;
    });
    expect(given).toMatchObject({ attempts: 3, last_status_code: 503, last_error: "answered 503" });
    let record = (await send("GET", base, admin.headers, undefined, app)).json();
    expect(record).toMatchObject({ enabled: true, consecutive_failures: 3 });
    expect(record.failing_since).not.toBeNull();

    // An hour later it still fails: disabled, and the trail says who and why. (A key outlives the
    // hour a session token would not.)
    const key = bearer((await createApiKey(app.app, admin.accessToken)).token);
    app.clock.advance(3601);
    await send("POST", `${base}/test`, key, undefined, app);
    record = await until(async () => {
      const now = (await send("GET", base, key, undefined, app)).json();
      return now.enabled === false && now;
    });
    expect(record.disabled_reason).toMatch(/no successful delivery since .*answered 503/);
    const audit = (
      await send("GET", `/workspaces/${admin.workspaceId}/audit?action=webhook.disabled`, key, undefined, app)
    ).json();
    expect(audit[0]).toMatchObject({
      resource_id: hook.id,
      actor: { type: "system", name: "webhook deliveries" },
    });
    // A disabled webhook hears of nothing; enabling it clears the count and resumes.
    expect((await send("POST", `${base}/test`, key, undefined, app)).statusCode).toBe(409);
    broken.answer(() => 200);
    // Enabling it again is a change only a session makes (a key cannot set up what outlives it).
    expect((await send("PATCH", base, key, { enabled: true }, app)).json().code).toBe("session_required");
    const session = bearer((await login(app.app, admin.email, PASSWORD, "after-an-hour")).accessToken);
    const enabled = await send("PATCH", base, session, { enabled: true }, app);
    expect(enabled.json()).toMatchObject({ enabled: true, consecutive_failures: 0, failing_since: null });
    const before = broken.received.length;
    await send("POST", `${base}/test`, key, undefined, app);
    await broken.waitFor(before + 1);
    // The given-up delivery, sent again now that the receiver answers: same id, fresh attempts.
    const again = await send("POST", `${base}/deliveries/${given.id}/redeliver`, key, undefined, app);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ id: given.id, status: "pending", attempts: 0 });
    const resent = await until(async () => {
      const found = (await send("GET", `${base}/deliveries/${given.id}`, key, undefined, app)).json();
      return found.status === "delivered" && found;
    });
    expect(resent).toMatchObject({ attempts: 1, last_status_code: 200 });
    expect(broken.received.at(-1)!.headers["coffer-delivery"]).toBe(given.id);
    await broken.close();
    await app.close();
    await own.drop();
  });

  it("rotates the secret with an overlap: both sign until it ends", async () => {
    // A receiver of its own, and each delivery picked by its key: a delivery of another webhook,
    // signed with that webhook's secret, once landed at the index this test read (most likely a
    // retry of another file's app, aimed at a closed receiver whose port ours was given).
    const own = await startReceiver();
    const deliveryOf = (key: string) =>
      until(async () =>
        own.received.find((r) => r.json.data.key === key && r.json.type === "secret.created"),
      );
    const hook = await createHook({ url: own.url, events: ["secret.created"] });
    const rotated = await send("POST", `${hooks}/${hook.id}/rotate-secret`, owner.headers, {
      overlap_seconds: 3600,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: next, previous_secret_expires_at } = rotated.json();
    expect(next).not.toBe(hook.secret);
    expect(Date.parse(previous_secret_expires_at) - Date.now()).toBeGreaterThan(3500_000);
    await newSecret("DURING_OVERLAP");
    const during = await deliveryOf("DURING_OVERLAP");
    const signed = signaturesOf(during);
    expect(signed.v1).toEqual([
      sign(next, signed.timestamp, during.body),
      sign(hook.secret, signed.timestamp, during.body),
    ]);

    const again = await send("POST", `${hooks}/${hook.id}/rotate-secret`, owner.headers, {
      overlap_seconds: 0,
    });
    const last = again.json().secret as string;
    await newSecret("AFTER_OVERLAP");
    const after = await deliveryOf("AFTER_OVERLAP");
    const afterSigned = signaturesOf(after);
    expect(afterSigned.v1).toEqual([sign(last, afterSigned.timestamp, after.body)]);
    const bad = await send("POST", `${hooks}/${hook.id}/rotate-secret`, owner.headers, {
      overlap_seconds: 8 * 86400,
    });
    expect(bad.statusCode).toBe(422);
    await deleteHook(hook.id);
    await own.close();
  });
});

describe("durability", () => {
  it("loses nothing across a restart, and two nodes send each delivery once", async () => {
    // The first node queues while the receiver is down; it stops with the backlog unsent.
    const own = await isolatedStore();
    const first = await createTestApp({ env: { ...FAST, ...own.env } });
    const admin = await newUser(first.app);
    const place = await createTree(first.app, admin.accessToken, admin.workspaceId);
    let up = false;
    const accepted: string[] = [];
    const sink = await startReceiver((request) => {
      if (!up) return 503;
      accepted.push(String(request.headers["coffer-delivery"]));
      return 200;
    });
    const created = await send(
      "POST",
      `/workspaces/${admin.workspaceId}/webhooks`,
      admin.headers,
      { url: sink.url, events: ["secret.created"] },
      first,
    );
    expect(created.statusCode, created.body).toBe(201);
    for (let i = 0; i < 12; i++) {
      const response = await send(
        "POST",
        `${secretsPath(place)}/`,
        admin.headers,
        { key: `BACKLOG_${i}`, value: VALUE },
        first,
      );
      expect(response.statusCode).toBe(201);
    }
    await first.close();
    // Two nodes on the same store now: all twelve arrive, each accepted once.
    const nodes = [
      await createTestApp({ env: { ...FAST, ...own.env } }),
      await createTestApp({ env: { ...FAST, ...own.env } }),
    ];
    up = true;
    await until(async () => accepted.length >= 12);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(accepted).toHaveLength(12);
    expect(new Set(accepted).size).toBe(12);
    const keys = sink.received
      .filter((r) => accepted.includes(String(r.headers["coffer-delivery"])))
      .map((r) => r.json.data.key);
    expect(new Set(keys).size).toBe(12);
    for (const node of nodes) await node.close();
    await sink.close();
    await own.drop();
  });

  it("queues deliveries in the change's own transaction: a refused change queues nothing", async () => {
    const hook = await createHook({ url: receiver.url, events: ["secret.created"] });
    await newSecret("ONCE_ONLY");
    await until(async () => (await deliveriesOf(hook.id)).length === 1);
    // The same key again is a 409: no secret, so no delivery.
    const duplicate = await send("POST", `${secretsPath(tree)}/`, owner.headers, {
      key: "ONCE_ONLY",
      value: "x",
    });
    expect(duplicate.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    await deleteHook(hook.id);
  });
});

describe("server-side request forgery", () => {
  it("refuses loopback, private, link-local, multicast and reserved addresses", () => {
    const refused = [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a9fe:a9fe",
      // IPv6 forms that carry an IPv4 address, or sit outside the global unicast space.
      "::7f00:1",
      "::a9fe:a9fe",
      "::ffff:0:7f00:1",
      "::1:0:0:1",
      "2002:7f00:1::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "2001:db8::1",
      "100::1",
    ];
    for (const address of refused) expect(addressPermitted(address, []), address).toBe(false);
    for (const address of [
      "93.184.216.34",
      "2606:2800:220:1:248:1893:25c8:1946",
      "8.8.8.8",
      // An IPv6 form that carries a public IPv4 address reaches that address (NAT64 on IPv6-only hosts).
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
    ]) {
      expect(addressPermitted(address, []), address).toBe(true);
    }
    expect(addressPermitted("127.0.0.1", ["127.0.0.1/32"])).toBe(true);
    expect(addressPermitted("::ffff:127.0.0.1", ["127.0.0.1/32"])).toBe(true);
    expect(addressPermitted("127.0.0.2", ["127.0.0.1/32"])).toBe(false);
    // Carried IPv4 addresses are judged as IPv4, the allow-list included.
    expect(addressPermitted("::7f00:1", ["127.0.0.1/32"])).toBe(true);
    expect(addressPermitted("::ffff:0:7f00:1", ["127.0.0.1/32"])).toBe(true);
    expect(addressPermitted("::1", ["::1/128"])).toBe(true);
  });

  it("refuses such destinations when a webhook is created, by address or by name", async () => {
    const strict = await createTestApp({ env: { ...FAST, COFFER_OUTBOUND_ALLOW: "" } });
    const admin = await newUser(strict.app);
    const url = `/workspaces/${admin.workspaceId}/webhooks`;
    for (const target of [
      receiver.url,
      "https://127.0.0.1/x",
      "https://localhost/x",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[::7f00:1]/x",
      "https://[::ffff:7f00:1]/x",
      "https://[::]/x",
      "https://[::ffff:a9fe:a9fe]/latest/meta-data/",
      "https://[::a9fe:a9fe]/latest/meta-data/",
      "https://[::ffff:0:a9fe:a9fe]/latest/meta-data/",
      "https://10.0.0.1/x",
      "http://example.com/x",
    ]) {
      const response = await send("POST", url, admin.headers, { url: target }, strict);
      expect(response.statusCode, target).toBe(422);
      expect(response.json().detail[0].loc).toEqual(["body", "url"]);
    }
    expect((await send("GET", url, admin.headers, undefined, strict)).json()).toEqual([]);
    await strict.close();
  });

  it("sends plain http only inside the allowed networks", async () => {
    // 127.0.0.1/32 is allowed here: an http URL elsewhere would cross the Internet unencrypted.
    for (const target of ["http://93.184.216.34/x", "http://[2606:2800:220:1:248:1893:25c8:1946]/x"]) {
      const response = await send("POST", `/workspaces/${owner.workspaceId}/webhooks`, owner.headers, {
        url: target,
      });
      expect(response.statusCode, target).toBe(422);
      expect(response.json().detail[0].msg).toMatch(/outside COFFER_OUTBOUND_ALLOW: use https/);
    }
  });

  it("checks again at delivery time, after resolution, and follows no redirect", async () => {
    const redirecting = await startReceiver(() => 302);
    const hook = await createHook({ url: redirecting.url, events: ["secret.created"] });
    // An address that passed once may lead elsewhere later (a DNS change): the row now names
    // one outside the allowed network, and the delivery is refused without a request.
    await newSecret("REDIRECTED");
    await redirecting.waitFor(1);
    const redirected = await until(async () => (await deliveriesOf(hook.id)).find((d) => d.last_error));
    expect(redirected.last_error).toBe("answered 302 (redirects are not followed)");
    await t.db
      .updateTable("webhooks")
      .set({ url: `http://127.0.0.2:${redirecting.port}/hooks` })
      .where("id", "=", hook.id)
      .execute();
    await newSecret("REBOUND");
    const refused = await until(async () =>
      (await deliveriesOf(hook.id)).find((d) => d.last_error?.startsWith("refused:")),
    );
    expect(refused.last_error).toMatch(/127\.0\.0\.2.*COFFER_OUTBOUND_ALLOW/);
    expect(redirecting.received.every((r) => r.json.data.key === "REDIRECTED")).toBe(true);
    await deleteHook(hook.id);
    await redirecting.close();
  });
});
