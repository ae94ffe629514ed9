// Import errors (issue 9): invalid bodies answer the spec's 422 before any platform is called;
// platform failures map to clear 4xx/502 answers (never 401, never 500); the platform token never
// reaches a log line, an audit entry or a response; the endpoint and its named schemas are in the
// OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGES } from "../src/modules/imports/providers/types.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { type FakePlatforms, startFakePlatforms, TOKENS } from "./helpers/fake-platforms.ts";
import { freePort } from "./helpers/server-process.ts";
import { createTree, type Tree } from "./helpers/tree.ts";

let t: TestApp;
let fake: FakePlatforms;
let owner: Awaited<ReturnType<typeof newUser>>;
let tree: Tree;

beforeAll(async () => {
  fake = await startFakePlatforms();
  t = await createTestApp({
    env: { ...fake.env, COFFER_IMPORT_TIMEOUT_MS: "500", DEBUG: "true" },
    captureLogs: true,
  });
  owner = await newUser(t.app);
  tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  fake.railway.set("proj-1", { A: "1" });
  fake.vercel.set("web", [{ id: "e1", key: "A", value: "1", type: "plain", target: ["production"] }]);
  fake.render.set("srv-1", [{ key: "A", value: "1" }]);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const url = () =>
  `/integrations/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${tree.environmentId}/preview`;
const preview = (payload: unknown, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: "POST", url: url(), headers, payload: payload as Record<string, unknown> });

describe("invalid bodies: the spec's 422, and no platform is called", () => {
  const cases: [string, unknown, (string | number)[]][] = [
    ["an unknown provider", { provider: "heroku", token: "t", source: {} }, ["body", "provider"]],
    [
      "a missing token",
      { provider: "railway", source: { project_id: "p", environment_id: "e" } },
      ["body", "token"],
    ],
    ["a token that is not a string", { provider: "railway", token: 42, source: {} }, ["body", "token"]],
    [
      "a source that is not an object",
      { provider: "railway", token: "t", source: "proj-1" },
      ["body", "source"],
    ],
    ["a missing source", { provider: "vercel", token: "t" }, ["body", "source"]],
    [
      "Railway without environment_id",
      { provider: "railway", token: "t", source: { project_id: "p" } },
      ["body", "source", "environment_id"],
    ],
    [
      "Vercel without project_id",
      { provider: "vercel", token: "t", source: {} },
      ["body", "source", "project_id"],
    ],
    [
      "Vercel with an unknown target",
      { provider: "vercel", token: "t", source: { project_id: "web", target: "staging" } },
      ["body", "source", "target"],
    ],
    [
      "Render without a service",
      { provider: "render", token: "t", source: {} },
      ["body", "source", "service_id"],
    ],
    [
      "a source field that is not a string",
      { provider: "render", token: "t", source: { service_id: 5 } },
      ["body", "source", "service_id"],
    ],
    ["an empty token", { provider: "render", token: "", source: { service_id: "srv-1" } }, ["body", "token"]],
    [
      "reveal that is not a boolean",
      { provider: "render", token: "t", source: { service_id: "srv-1" }, reveal: "yes" },
      ["body", "reveal"],
    ],
  ];
  it.each(cases)("%s", async (_, payload, loc) => {
    const before = fake.requests.length;
    const response = await preview(payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail).toContainEqual(expect.objectContaining({ loc }));
    expect(fake.requests.length).toBe(before);
  });

  it("a token with a pasted newline is 422, and the 422 does not echo it", async () => {
    const before = fake.requests.length;
    const token = `rd-${crypto.randomUUID()}\n`;
    const response = await preview({ provider: "render", token, source: { service_id: "srv-1" } });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail).toContainEqual(expect.objectContaining({ loc: ["body", "token"] }));
    expect(response.body).not.toContain(token.trim());
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ["overwrite that is not a boolean", { overwrite: "yes" }, ["body", "overwrite"]],
    ["keys that is not an array", { keys: "A" }, ["body", "keys"]],
    ["keys holding a number", { keys: [1] }, ["body", "keys", 0]],
  ])("apply: %s is 422, before any platform call", async (_, extra, loc) => {
    const before = fake.requests.length;
    const response = await t.app.inject({
      method: "POST",
      url: url().replace(/preview$/, "apply"),
      headers: owner.headers,
      payload: { provider: "render", token: TOKENS.render, source: { service_id: "srv-1" }, ...extra },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail).toContainEqual(expect.objectContaining({ loc }));
    expect(fake.requests.length).toBe(before);
  });

  it("a malformed workspace id in the path is 422; no credential is 401", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: url().replace(tree.workspaceId, "nope"),
      headers: owner.headers,
      payload: { provider: "render", token: "t", source: { service_id: "srv-1" } },
    });
    expect(bad.statusCode).toBe(422);
    const anonymous = await preview({ provider: "render", token: "t", source: { service_id: "srv-1" } }, {});
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("platform failures", () => {
  const sources = {
    railway: (id: string, token = TOKENS.railway) => ({
      provider: "railway",
      token,
      source: { project_id: id, environment_id: "e" },
    }),
    vercel: (id: string, token = TOKENS.vercel) => ({
      provider: "vercel",
      token,
      source: { project_id: id },
    }),
    render: (id: string, token = TOKENS.render) => ({
      provider: "render",
      token,
      source: { service_id: id },
    }),
  };
  const providers = Object.keys(sources) as (keyof typeof sources)[];

  it.each(providers)("%s: a refused token is 400 provider_auth_failed (not 401)", async (provider) => {
    const response = await preview(
      sources[provider](
        provider === "railway" ? "proj-1" : provider === "vercel" ? "web" : "srv-1",
        "wrong-token",
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "provider_auth_failed" });
  });

  it.each(providers)("%s: an unknown source is 404 provider_not_found", async (provider) => {
    const response = await preview(sources[provider]("missing"));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "provider_not_found" });
  });

  it.each(providers)("%s: the platform's 429 is a 429 with its Retry-After", async (provider) => {
    const response = await preview(sources[provider]("limited"));
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: "provider_rate_limited" });
    expect(response.headers["retry-after"]).toBe("7");
  });

  it.each(providers)("%s: a Retry-After given as an HTTP date is passed on in seconds", async (provider) => {
    const response = await preview(sources[provider]("limited-until"));
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(120);
  });

  it.each(providers)("%s: an answer that is not JSON is 502", async (provider) => {
    const response = await preview(sources[provider]("garbage"));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "provider_unavailable" });
    expect(response.body).not.toContain("maintenance");
  });

  it.each(["vercel", "render"] as const)(
    "%s: a platform that always has another page is 502 after a bound, not a partial import",
    async (provider) => {
      const before = fake.requests.length;
      const response = await preview(sources[provider]("endless"));
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: "provider_unavailable" });
      expect(fake.requests.length - before).toBe(MAX_PAGES);
    },
  );

  it("Railway: a token refused with HTTP 401 (both headers tried) is 400 provider_auth_failed", async () => {
    fake.railwayHttpAuthErrors = true;
    try {
      const before = fake.requests.length;
      const response = await preview(sources.railway("proj-1", "wrong-token"));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "provider_auth_failed" });
      const tried = fake.requests.slice(before);
      expect(tried.map((r) => (r.headers["project-access-token"] ? "project" : "bearer"))).toEqual([
        "bearer",
        "project",
      ]);
    } finally {
      fake.railwayHttpAuthErrors = false;
    }
  });

  it.each(providers)("%s: the platform's 5xx is 502 provider_unavailable", async (provider) => {
    const response = await preview(sources[provider]("broken"));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "provider_unavailable" });
  });

  it.each(providers)("%s: no answer within COFFER_IMPORT_TIMEOUT_MS is 502", async (provider) => {
    const response = await preview(sources[provider]("slow"));
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toContain("did not answer");
  });

  it("a platform that cannot be reached at all is 502", async () => {
    const port = await freePort();
    const closed = await createTestApp({ env: { COFFER_RENDER_API_URL: `http://127.0.0.1:${port}` } });
    try {
      const other = await newUser(closed.app);
      const otherTree = await createTree(closed.app, other.accessToken, other.workspaceId);
      const response = await closed.app.inject({
        method: "POST",
        url: `/integrations/${otherTree.workspaceId}/${otherTree.teamId}/${otherTree.projectId}/${otherTree.environmentId}/preview`,
        headers: other.headers,
        payload: sources.render("srv-1"),
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: "provider_unavailable" });
    } finally {
      await closed.close();
    }
  });
});

describe("the platform token", () => {
  it("never reaches the log, an audit entry or a response, even when the platform echoes it", async () => {
    const token = `tok-${crypto.randomUUID()}`;
    const failed = await preview({
      provider: "railway",
      token,
      source: { project_id: "proj-1", environment_id: "e" },
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.body).not.toContain(token);
    // A working token through apply too.
    const applied = await t.app.inject({
      method: "POST",
      url: url().replace(/preview$/, "apply"),
      headers: owner.headers,
      payload: { provider: "render", token: TOKENS.render, source: { service_id: "srv-1" } },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.body).not.toContain(TOKENS.render);
    // Every token this file used so far, the refused ones (which the fake Railway echoes) included.
    const logs = t.logs();
    expect(logs.length).toBeGreaterThan(0);
    for (const used of [token, "wrong-token", TOKENS.railway, TOKENS.vercel, TOKENS.render])
      expect(logs, used).not.toContain(used);
    const audit = await t.db.selectFrom("audit_events").selectAll().execute();
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(audit)).not.toContain(TOKENS.render);
  });
});

describe("the OpenAPI document", () => {
  it("has both operations and the spec's named schemas, provider enum railway, vercel, render", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json();
    expect(document.info.version).toBe("0.1.0");
    const path = "/integrations/{workspace_id}/{team_id}/{project_id}/{environment_id}";
    expect(document.paths[`${path}/preview`].post.operationId).toBe("previewImport");
    expect(document.paths[`${path}/apply`].post.operationId).toBe("applyImport");
    const schemas = document.components.schemas;
    for (const name of [
      "ImportPreviewRequest",
      "ImportSource",
      "ImportPreviewResponse",
      "ImportItem",
      "ImportChange",
      "SkippedItem",
    ]) {
      expect(schemas[name], name).toBeDefined();
    }
    expect(schemas.ImportPreviewRequest.properties.provider.enum).toEqual(["railway", "vercel", "render"]);
    expect(JSON.stringify(document.paths[`${path}/preview`].post.requestBody)).toContain(
      "#/components/schemas/ImportPreviewRequest",
    );
    expect(JSON.stringify(document.paths[`${path}/preview`].post.responses["200"])).toContain(
      "#/components/schemas/ImportPreviewResponse",
    );
  });
});
