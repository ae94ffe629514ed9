// A server killed with SIGKILL in the middle of a load, and started again on the same store: what
// the SIGKILL tests (audit-kill: reads and their entries; group-commit: writes) share. The store is
// a database of its own on PostgreSQL (an isolatedStore, which the caller drops).
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { isolatedStore, type Store } from "./isolated-store.ts";
import { type ServerProcess, startServer } from "./server-process.ts";
import { type Account, expectCall, newAccount, newEnvironment } from "./wire.ts";

export interface KilledUnderLoad {
  store: Store;
  /** The server started again on the store, after the kill. */
  restarted: ServerProcess;
  account: Account;
  /** The secrets path of the account's environment. */
  secrets: string;
}

/**
 * Starts a server, makes an account and an environment, runs `clients` loops of `step` (each call
 * one request; the loop ends when a call throws, as it does once the server is gone) for `loadMs`,
 * kills the server with SIGKILL and starts it again.
 */
export async function killedUnderLoad(options: {
  clients: number;
  loadMs: number;
  /** Run once before the load, on the first server (e.g. a secret to read). */
  prepare?: (port: number, account: Account, secrets: string) => Promise<void>;
  step: (port: number, account: Account, secrets: string, client: number, n: number) => Promise<void>;
}): Promise<KilledUnderLoad> {
  const store = await isolatedStore();
  const env = {
    ...store.env,
    COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
    COFFER_RATE_LIMIT_PER_MINUTE: "1000000",
  };
  const first = await startServer(env);
  const account = await newAccount(first.port);
  const secrets = await newEnvironment(first.port, account);
  await options.prepare?.(first.port, account, secrets);
  let running = true;
  const client = async (index: number) => {
    try {
      for (let n = 0; running; n++) await options.step(first.port, account, secrets, index, n);
    } catch {
      // the server is gone
    }
  };
  const clients = Array.from({ length: options.clients }, (_, index) => client(index));
  await new Promise((resolve) => setTimeout(resolve, options.loadMs));
  first.child.kill("SIGKILL");
  await first.exited;
  running = false;
  await Promise.all(clients);
  return { store, restarted: await startServer(env), account, secrets };
}

/** The account's workspace audit chain verifies whole on `port`. */
export async function expectChainHolds(port: number, account: Account): Promise<void> {
  const verified = await expectCall(200, port, "GET", `/workspaces/${account.workspaceId}/audit/verify`, {
    headers: account.headers,
  });
  expect(verified.json()).toMatchObject({ holds: true });
}
