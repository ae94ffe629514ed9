// Writes made together (issue 39): on the embedded engine, concurrent transactions share one COMMIT
// (src/db/sqlite-group-commit.ts), each in a savepoint of its own. What must hold on both engines:
// a write that fails among others changes nothing and takes nothing of theirs with it; every write a
// client saw acknowledged survives SIGKILL; the audit chain stays whole. On SQLite the metrics show
// that the transactions did share their COMMITs.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, newUser } from "./helpers/factories.ts";
import type { Store } from "./helpers/isolated-store.ts";
import { expectChainHolds, killedUnderLoad } from "./helpers/killed-under-load.ts";
import { stopChildrenReleaseAndRemoveTempDirs } from "./helpers/server-process.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";
import { call, expectCall } from "./helpers/wire.ts";

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
  let store: Store | undefined;
  afterAll(() => stopChildrenReleaseAndRemoveTempDirs(() => store?.drop()));

  it("has every write a client saw acknowledged after the restart, and a chain that verifies", async () => {
    const acknowledged = new Map<string, string>();
    const killed = await killedUnderLoad({
      clients: 16,
      loadMs: 2_000,
      async step(port, account, secrets, client, n) {
        const [key, value] = [`W${client}_${n}`, `v-${client}-${n}`];
        const answer = await call(port, "POST", secrets, { headers: account.headers, json: { key, value } });
        if (answer.status === 201) acknowledged.set(key, value);
      },
    });
    store = killed.store;
    const { restarted, account, secrets } = killed;
    expect(acknowledged.size).toBeGreaterThan(0);

    const listed = await expectCall(200, restarted.port, "GET", secrets, { headers: account.headers });
    const kept = new Map((listed.json() as { key: string; value: string }[]).map((s) => [s.key, s.value]));
    console.info(
      `group-commit kill: ${acknowledged.size} writes acknowledged before SIGKILL, ${kept.size} kept`,
    );
    for (const [key, value] of acknowledged) expect(kept.get(key), key).toBe(value);
    await expectChainHolds(restarted.port, account);
  }, 120_000);
});
