// Writes made together (issue 39): on the embedded engine, concurrent transactions share one COMMIT
// (src/db/sqlite-group-commit.ts), each in a savepoint of its own. What must hold on both engines:
// a write that fails among others changes nothing and takes nothing of theirs with it; every write a
// client saw acknowledged survives SIGKILL; the audit chain stays whole. On SQLite the metrics show
// that the transactions did share their COMMITs.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, newUser } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { killChildren, removeTempDirs, startServer } from "./helpers/server-process.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";
import { call, expectCall, newAccount, newEnvironment } from "./helpers/wire.ts";

const METRICS_TOKEN = randomBytes(32).toString("hex");

/** The value of `coffer_db_sqlite_commits_total{of="…"}`. */
function commitsMetric(text: string, of: "transactions" | "commits"): number {
  const line = text.split("\n").find((l) => l.startsWith(`coffer_db_sqlite_commits_total{of="${of}"}`));
  return Number(line?.split(" ").at(-1) ?? Number.NaN);
}

describe("writes made at the same moment", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { COFFER_METRICS_TOKEN: METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  it("keep every write that succeeds; one that fails changes nothing and takes none of the others with it", async () => {
    const owner = await newUser(t.app);
    const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const path = `${secretsPath(tree)}/`;
    for (const key of ["TAKEN_0", "TAKEN_1", "TAKEN_2", "TAKEN_3", "TAKEN_4"]) {
      const made = await t.app.inject({
        method: "POST",
        url: path,
        headers: owner.headers,
        payload: { key, value: "first" },
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const metricsBefore = (
      await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) })
    ).body;

    // Forty creates at once; every eighth repeats a key that exists (409), among the others.
    const keys = Array.from({ length: 40 }, (_, i) => (i % 8 === 3 ? `TAKEN_${i % 5}` : `TOGETHER_${i}`));
    const answers = await Promise.all(
      keys.map((key, i) =>
        t.app.inject({
          method: "POST",
          url: path,
          headers: owner.headers,
          payload: { key, value: `second-${i}` },
        }),
      ),
    );
    for (const [i, answer] of answers.entries())
      expect(answer.statusCode, answer.body).toBe(keys[i]!.startsWith("TAKEN_") ? 409 : 201);

    const listed = await t.app.inject({ method: "GET", url: path, headers: owner.headers });
    const values = new Map((listed.json() as { key: string; value: string }[]).map((s) => [s.key, s.value]));
    expect(values.size).toBe(5 + 35);
    for (const [i, key] of keys.entries())
      expect(values.get(key)).toBe(key.startsWith("TAKEN_") ? "first" : `second-${i}`);

    const audit = await t.app.inject({
      method: "GET",
      url: `/workspaces/${owner.workspaceId}/audit?action=secret.created&limit=1000`,
      headers: owner.headers,
    });
    expect(audit.json()).toHaveLength(40);
    const verified = await t.app.inject({
      method: "GET",
      url: `/workspaces/${owner.workspaceId}/audit/verify`,
      headers: owner.headers,
    });
    expect(verified.json()).toMatchObject({ holds: true });

    if (t.engine === "sqlite") {
      const metricsAfter = (
        await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) })
      ).body;
      const transactions =
        commitsMetric(metricsAfter, "transactions") - commitsMetric(metricsBefore, "transactions");
      const commits = commitsMetric(metricsAfter, "commits") - commitsMetric(metricsBefore, "commits");
      expect(transactions).toBeGreaterThanOrEqual(35);
      // They shared their COMMITs: fewer flushes of the disk than transactions made durable.
      expect(commits).toBeLessThan(transactions);
    }
  });
});

describe("a server killed with SIGKILL under write load", () => {
  const WRITERS = 16;
  const LOAD_MS = 2_000;
  let store: Store | undefined;
  afterAll(async () => {
    await killChildren();
    await store?.drop();
    removeTempDirs();
  });

  it("has every write a client saw acknowledged after the restart, and a chain that verifies", async () => {
    store = await isolatedStore();
    const env = {
      ...store.env,
      COFFER_MASTER_KEY: randomBytes(32).toString("base64"),
      COFFER_RATE_LIMIT_PER_MINUTE: "1000000",
    };
    const first = await startServer(env);
    const account = await newAccount(first.port);
    const secrets = await newEnvironment(first.port, account);

    const acknowledged = new Map<string, string>();
    let running = true;
    const writer = async (w: number) => {
      for (let n = 0; running; n++) {
        const key = `W${w}_${n}`;
        const value = `v-${w}-${n}`;
        try {
          const answer = await call(first.port, "POST", secrets, {
            headers: account.headers,
            json: { key, value },
          });
          if (answer.status === 201) acknowledged.set(key, value);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    first.child.kill("SIGKILL");
    await first.exited;
    running = false;
    await Promise.all(writers);
    expect(acknowledged.size).toBeGreaterThan(0);

    const second = await startServer(env);
    const listed = await expectCall(200, second.port, "GET", secrets, { headers: account.headers });
    const kept = new Map((listed.json() as { key: string; value: string }[]).map((s) => [s.key, s.value]));
    console.info(
      `group-commit kill: ${acknowledged.size} writes acknowledged before SIGKILL, ${kept.size} kept`,
    );
    for (const [key, value] of acknowledged) expect(kept.get(key), key).toBe(value);
    const verified = await expectCall(
      200,
      second.port,
      "GET",
      `/workspaces/${account.workspaceId}/audit/verify`,
      {
        headers: account.headers,
      },
    );
    expect(verified.json()).toMatchObject({ holds: true });
  }, 120_000);
});
