// GET /metrics (Prometheus text exposition): off by default, on with COFFER_METRICS_TOKEN and
// only for that token; request, rate-limit, decryption, credential-cache, database and process
// metrics; route patterns, never URLs or credentials; one registry per app.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { createTestApp, type TestApp, testAppForSuite } from "./helpers/app.ts";
import { bearer, createApiKey, newUser } from "./helpers/factories.ts";
import { createTree, postSecret, secretsPath, type Tree } from "./helpers/tree.ts";

const TOKEN = randomBytes(32).toString("hex");
const SECRETS_ROUTE = "/secrets/:workspace_id/:team_id/:project_id/:environment_id/";

async function scrape(t: TestApp, token = TOKEN): Promise<string> {
  const response = await t.app.inject({ method: "GET", url: "/metrics", headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(/,(?=\w+=")/);
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

describe("metrics off (no COFFER_METRICS_TOKEN)", () => {
  const t = testAppForSuite();

  it("answers GET /metrics with the ordinary 404, with or without a bearer token", async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const response = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "Not Found", code: "not_found" });
    }
  });
});

describe("metrics on (COFFER_METRICS_TOKEN)", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let tree: Tree;
  let apiKey: string;
  beforeAll(async () => {
    // A small budget so that a 429 is easy to provoke: sign-in endpoints get a tenth (5 a minute).
    t = await createTestApp({ env: { COFFER_METRICS_TOKEN: TOKEN, COFFER_RATE_LIMIT_PER_MINUTE: "50" } });
    owner = await newUser(t.app);
    tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    apiKey = (await createApiKey(t.app, owner.accessToken)).token;
  });
  afterAll(() => t.close());

  it("refuses a missing, wrong or user credential with 401 in the error contract", async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, "not_authenticated"],
      [bearer(`${TOKEN}x`), "invalid_token"],
      [bearer(TOKEN.slice(0, -1)), "invalid_token"],
      [{ authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` }, "invalid_token"],
      [bearer(apiKey), "invalid_token"],
      [bearer(owner.accessToken), "invalid_token"],
      [{ "x-api-key": apiKey }, "not_authenticated"],
    ];
    for (const [headers, code] of cases) {
      const response = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ code });
      expect(response.headers["www-authenticate"]).toBe("Bearer");
      expect(response.body).not.toContain(TOKEN);
    }
  });

  it("counts requests and their durations by route pattern and status", async () => {
    const before = sample(await scrape(t), "coffer_http_requests_total", {
      method: "GET",
      route: SECRETS_ROUTE,
      status_code: "200",
    });
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: "GET",
        url: `${secretsPath(tree)}/`,
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(200);
    }
    await t.app.inject({ method: "GET", url: "/no/such/route" });
    const text = await scrape(t);
    const labels = { method: "GET", route: SECRETS_ROUTE, status_code: "200" };
    expect(sample(text, "coffer_http_requests_total", labels)).toBe(before + 3);
    expect(sample(text, "coffer_http_request_duration_seconds_count", labels)).toBe(before + 3);
    expect(sample(text, "coffer_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(
      before + 3,
    );
    expect(
      sample(text, "coffer_http_requests_total", { method: "GET", route: "unmatched", status_code: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain("# TYPE coffer_http_requests_total counter");
    expect(text).toContain("# TYPE coffer_http_request_duration_seconds histogram");
  });

  it("counts rate-limit rejections after a 429", async () => {
    expect(sample(await scrape(t), "coffer_rate_limit_rejections_total", { route: "/auth/login" })).toBe(0);
    let refused = 0;
    for (let i = 0; i < 8; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ username: owner.email, password: "not the password" }).toString(),
      });
      if (response.statusCode === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    const text = await scrape(t);
    expect(sample(text, "coffer_rate_limit_rejections_total", { route: "/auth/login" })).toBe(refused);
    expect(
      sample(text, "coffer_http_requests_total", {
        method: "POST",
        route: "/auth/login",
        status_code: "429",
      }),
    ).toBe(refused);
  });

  it("counts a value that fails to decrypt (tampered ciphertext, 207)", async () => {
    const before = sample(await scrape(t), "coffer_decrypt_failures_total");
    const created = await postSecret(t.app, tree, owner.headers, {
      key: "TAMPERED",
      value: "soon unreadable",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const row = await t.db
      .selectFrom("secrets")
      .select("ciphertext")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // One bit flipped inside the sealed body: the tag no longer authenticates.
    const [format, version, body] = row.ciphertext.split(".") as [string, string, string];
    const flipped = Buffer.from(body, "base64url");
    flipped[14]! ^= 0x01;
    await t.db
      .updateTable("secrets")
      .set({ ciphertext: `${format}.${version}.${flipped.toString("base64url")}` })
      .where("id", "=", id)
      .execute();
    const list = await t.app.inject({ method: "GET", url: `${secretsPath(tree)}/`, headers: owner.headers });
    expect(list.statusCode).toBe(207);
    expect(list.json().detail.failed_ids).toEqual([id]);
    const single = await t.app.inject({
      method: "GET",
      url: `${secretsPath(tree)}/${id}`,
      headers: owner.headers,
    });
    expect(single.statusCode).toBe(409);
    expect(sample(await scrape(t), "coffer_decrypt_failures_total")).toBe(before + 2);
    await t.app.inject({ method: "DELETE", url: `${secretsPath(tree)}/${id}`, headers: owner.headers });
  });

  it("counts credential-cache hits and misses", async () => {
    const text0 = await scrape(t);
    const hits0 = sample(text0, "coffer_credential_cache_lookups_total", {
      cache: "api_key",
      outcome: "hit",
    });
    const fresh = (await createApiKey(t.app, owner.accessToken)).token;
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: "GET",
        url: "/auth/me",
        headers: { "x-api-key": fresh },
      });
      expect(response.statusCode).toBe(200);
    }
    const text = await scrape(t);
    expect(sample(text, "coffer_credential_cache_lookups_total", { cache: "api_key", outcome: "hit" })).toBe(
      hits0 + 2,
    );
    expect(
      sample(text, "coffer_credential_cache_lookups_total", { cache: "api_key", outcome: "miss" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "coffer_credential_cache_lookups_total", { cache: "session", outcome: "hit" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "coffer_credential_cache_lookups_total", { cache: "workspace_role", outcome: "hit" }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("reports the database (PostgreSQL pool or SQLite file) and the process", async () => {
    const text = await scrape(t);
    if (t.engine === "postgres") {
      expect(sample(text, "coffer_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^coffer_db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^coffer_db_pool_connections\{state="waiting"\} \d+$/m);
    } else {
      expect(sample(text, "coffer_db_sqlite_file_bytes", { file: "db" })).toBeGreaterThan(0);
    }
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it("carries no token, credential, secret value or raw path in its output", async () => {
    const value = `metrics-secret-${randomBytes(16).toString("hex")}`;
    const created = await postSecret(t.app, tree, { "x-api-key": apiKey }, { key: "LEAK_CHECK", value });
    expect(created.statusCode).toBe(201);
    await t.app.inject({
      method: "GET",
      url: `${secretsPath(tree)}/${created.json().id}`,
      headers: owner.headers,
    });
    await t.app.inject({ method: "GET", url: `/share/${randomBytes(24).toString("base64url")}` });
    const text = await scrape(t);
    for (const forbidden of [
      TOKEN,
      apiKey,
      owner.accessToken,
      value,
      owner.email,
      tree.workspaceId,
      tree.environmentId,
      created.json().id as string,
    ]) {
      expect(text).not.toContain(forbidden);
    }
    expect(text).toContain('route="/share/:token"');
  });

  it("keeps one registry per app: another app's requests do not show here", async () => {
    const other = await createTestApp({ env: { COFFER_METRICS_TOKEN: TOKEN } });
    try {
      const before = sample(await scrape(t), "coffer_http_requests_total", {
        method: "GET",
        route: "/healthz",
        status_code: "200",
      });
      for (let i = 0; i < 5; i++) await other.app.inject({ method: "GET", url: "/healthz" });
      expect(
        sample(await scrape(other), "coffer_http_requests_total", {
          method: "GET",
          route: "/healthz",
          status_code: "200",
        }),
      ).toBe(5);
      expect(
        sample(await scrape(t), "coffer_http_requests_total", {
          method: "GET",
          route: "/healthz",
          status_code: "200",
        }),
      ).toBe(before);
    } finally {
      await other.close();
    }
  });
});

describe("COFFER_METRICS_TOKEN", () => {
  it("refuses a token too short to be unguessable, or with spaces, naming the variable", () => {
    for (const value of ["short", `${"a".repeat(20)} ${"b".repeat(20)}`]) {
      expect(() => loadConfig({ COFFER_METRICS_TOKEN: value })).toThrow(ConfigError);
      expect(() => loadConfig({ COFFER_METRICS_TOKEN: value })).toThrow(/^COFFER_METRICS_TOKEN: /);
    }
    expect(loadConfig({ COFFER_METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});
