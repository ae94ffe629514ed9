// Webhook deliveries against real server processes: a process killed (SIGKILL) in the middle of an
// attempt loses nothing — its lease runs out and the next process sends the delivery — and a
// cluster's workers (COFFER_WORKERS=2) send each delivery once.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { killChildren, removeTempDirs, startServer } from "./helpers/server-process.ts";
import { type Receiver, startReceiver } from "./helpers/webhook-receiver.ts";
import { expectCall, newAccount, newEnvironment } from "./helpers/wire.ts";

// The lease a process takes on a delivery is twice the timeout plus 5 s: 7 s here.
const WEBHOOKS = {
  COFFER_OUTBOUND_ALLOW: "127.0.0.1/32",
  COFFER_WEBHOOK_POLL_MS: "50",
  COFFER_WEBHOOK_RETRY_BASE_MS: "50",
  COFFER_WEBHOOK_TIMEOUT_MS: "1000",
  LOG_LEVEL: "warn",
  // The run's master key: PostgreSQL needs one given; the embedded store would make its own.
  COFFER_MASTER_KEY: inject("masterKey"),
};
const START_TIMEOUT_MS = 90_000;

let store: Store;
let receiver: Receiver;

beforeAll(async () => {
  store = await isolatedStore();
});

afterAll(async () => {
  await killChildren();
  await receiver?.close();
  await store?.drop();
  removeTempDirs();
});

describe("webhook deliveries and real processes", () => {
  it("sends a delivery whose process was killed mid-attempt, once its lease is over", async () => {
    // The first attempt reaches the receiver, which holds it; the process dies holding the lease.
    receiver = await startReceiver((_request, index) => (index === 0 ? "hang" : 200));
    const first = await startServer({ ...store.env, ...WEBHOOKS }, { readyTimeoutMs: START_TIMEOUT_MS });
    const account = await newAccount(first.port);
    const secrets = await newEnvironment(first.port, account);
    await expectCall(201, first.port, "POST", `/workspaces/${account.workspaceId}/webhooks`, {
      headers: account.headers,
      json: { url: receiver.url, events: ["secret.created"] },
    });
    await expectCall(201, first.port, "POST", secrets, {
      headers: account.headers,
      json: { key: "SURVIVES_A_KILL", value: "x" },
    });
    const [held] = await receiver.waitFor(1);
    await first.stop("SIGKILL");

    const second = await startServer({ ...store.env, ...WEBHOOKS }, { readyTimeoutMs: START_TIMEOUT_MS });
    const [, again] = await receiver.waitFor(2, 30_000);
    expect(again!.headers["coffer-delivery"]).toBe(held!.headers["coffer-delivery"]);
    expect(again!.json.data.key).toBe("SURVIVES_A_KILL");
    await second.stop();
  });

  it("has a cluster's workers send each delivery once", async () => {
    const accepted: string[] = [];
    const sink = await startReceiver((request) => {
      accepted.push(String(request.headers["coffer-delivery"]));
      return 200;
    });
    const server = await startServer(
      { ...store.env, ...WEBHOOKS, COFFER_WORKERS: "2" },
      { readyTimeoutMs: START_TIMEOUT_MS },
    );
    const account = await newAccount(server.port);
    const secrets = await newEnvironment(server.port, account);
    await expectCall(201, server.port, "POST", `/workspaces/${account.workspaceId}/webhooks`, {
      headers: account.headers,
      json: { url: sink.url, events: ["secret.created"] },
    });
    for (let i = 0; i < 20; i++) {
      await expectCall(201, server.port, "POST", secrets, {
        headers: account.headers,
        json: { key: `WORKER_${i}`, value: "x" },
      });
    }
    await sink.waitFor(20, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(accepted).toHaveLength(20);
    expect(new Set(accepted).size).toBe(20);
    await server.stop();
    await sink.close();
  });
});
