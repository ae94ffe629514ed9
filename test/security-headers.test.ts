// Security headers (issue 8, item 11): no-store, nosniff, no referrer, a CSP that lets nothing
// load or frame an API response, HSTS only behind an https public URL; the docs pages work
// offline under a CSP without inline scripts.
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, createApiKey, newUser } from "./helpers/factories.ts";
import { rawRequest } from "./helpers/raw-http.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEBUG: "true" } }); // COFFER_PUBLIC_URL is https://coffer.test
  plain = await createTestApp({ env: { COFFER_PUBLIC_URL: "http://localhost:8080" } });
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

function expectApiHeaders(response: LightMyRequestResponse) {
  expect(response.headers["cache-control"]).toBe("no-store");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  const csp = String(response.headers["content-security-policy"]);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
}

describe("API responses", () => {
  it("carry the headers on success, and on 401, 404 and 422 errors", async () => {
    const user = await newUser(t.app);
    const responses = [
      await t.app.inject({ method: "GET", url: "/auth/me", headers: user.headers }),
      await t.app.inject({ method: "GET", url: "/auth/me" }),
      await t.app.inject({ method: "GET", url: "/no/such/route" }),
      await t.app.inject({
        method: "POST",
        url: `/teams/${user.workspaceId}/`,
        headers: user.headers,
        payload: {},
      }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 422]);
    for (const response of responses) expectApiHeaders(response);
  });

  it("never lets a secret, a token or a credential be cached: login, refresh, key creation, secret reads, share views", async () => {
    const user = await newUser(t.app);
    const login = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ username: user.email, password: user.password }).toString(),
    });
    const refresh = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      payload: { refresh_token: user.refreshToken },
    });
    const key = await t.app.inject({
      method: "POST",
      url: "/keys/",
      headers: user.headers,
      payload: { name: "ci" },
    });
    // Share links need a paid plan.
    await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", user.workspaceId).execute();
    const tree = await createTree(t.app, user.accessToken, user.workspaceId);
    const base = secretsPath(tree);
    const created = await t.app.inject({
      method: "POST",
      url: `${base}/`,
      headers: user.headers,
      payload: { key: "A", value: "b" },
    });
    const list = await t.app.inject({ method: "GET", url: `${base}/`, headers: user.headers });
    const one = await t.app.inject({
      method: "GET",
      url: `${base}/${created.json().id}`,
      headers: user.headers,
    });
    const share = await t.app.inject({
      method: "POST",
      url: `${base}/share`,
      headers: user.headers,
      payload: { secret_ids: [created.json().id] },
    });
    expect(share.statusCode, share.body).toBe(201);
    const view = await t.app.inject({ method: "GET", url: new URL(share.json().url).pathname });
    const versions = await t.app.inject({
      method: "GET",
      url: `${base}/${created.json().id}/versions`,
      headers: user.headers,
    });
    const signUp = await t.app.inject({
      method: "POST",
      url: "/auth/get-started",
      payload: {
        email: `headers-${Date.now()}@example.com`,
        first_name: "Grace",
        last_name: "Hopper",
        password: user.password,
        created_at: new Date().toISOString(),
      },
    });
    const responses = [login, refresh, key, created, list, one, share, view, versions, signUp];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 201, 201, 200, 200, 201, 200, 200, 201]);
    for (const response of responses) expectApiHeaders(response);
  });

  it("sends HSTS only when COFFER_PUBLIC_URL is https", async () => {
    const https = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(https.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    const http = await plain.app.inject({ method: "GET", url: "/healthz" });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
    expectApiHeaders(http);
  });

  it("an API key works with the headers in place (the key response is not cacheable)", async () => {
    const user = await newUser(plain.app);
    const key = await createApiKey(plain.app, user.accessToken);
    const me = await plain.app.inject({
      method: "GET",
      url: "/auth/me",
      headers: { "x-api-key": key.token },
    });
    expect(me.statusCode).toBe(200);
    expect(
      (await plain.app.inject({ method: "GET", url: "/keys/", headers: bearer(user.accessToken) })).headers[
        "cache-control"
      ],
    ).toBe("no-store");
  });
});

describe("answers that leave before any route hook runs", () => {
  it("a malformed URL (400) and an over-long path segment (414) carry the same headers", async () => {
    const malformed = await t.app.inject({ method: "GET", url: "/share/%E0%A4%A" });
    const tooLong = await t.app.inject({ method: "GET", url: `/share/${"a".repeat(300)}` });
    expect([malformed.statusCode, tooLong.statusCode]).toEqual([400, 414]);
    for (const response of [malformed, tooLong]) {
      expectApiHeaders(response);
      expect(response.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    }
    const plainMalformed = await plain.app.inject({ method: "GET", url: "/%zz" });
    expect(plainMalformed.statusCode).toBe(400);
    expectApiHeaders(plainMalformed);
    expect(plainMalformed.headers["strict-transport-security"]).toBeUndefined();
  });

  it("a request Node's HTTP parser rejects is answered with them too (real port)", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const head = (await rawRequest(port, "GARBAGE\r\n\r\n")).head.toLowerCase();
    expect(head).toMatch(/^http\/1\.1 400 /);
    expect(head).toContain("cache-control: no-store");
    expect(head).toContain("x-content-type-options: nosniff");
    expect(head).toContain("referrer-policy: no-referrer");
    expect(head).toContain("content-security-policy: default-src 'none';frame-ancestors 'none'");
    expect(head).toContain("strict-transport-security: max-age=63072000");
  });
});

describe("docs pages (DEBUG=true)", () => {
  it("/redoc works offline: same-origin scripts only, no inline script, Redoc served from the npm package", async () => {
    const page = await t.app.inject({ method: "GET", url: "/redoc" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/redoc\//);
      expect(body!.trim()).toBe("");
    }
    expect(page.body).not.toMatch(/https?:\/\//);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");

    const bundle = await t.app.inject({ method: "GET", url: "/redoc/redoc.standalone.js" });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers["content-type"]).toContain("javascript");
    expect(bundle.body.length).toBeGreaterThan(100_000);
    const init = await t.app.inject({ method: "GET", url: "/redoc/init.js" });
    expect(init.body).toContain('Redoc.init("/openapi.json"');
  });

  it("/docs (Swagger UI) and /openapi.json answer under the docs CSP", async () => {
    const docs = await t.app.inject({ method: "GET", url: "/docs/" });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(/<script>[^<]/);
    expect(String(docs.headers["content-security-policy"])).toContain("script-src 'self'");
    const document = await t.app.inject({ method: "GET", url: "/openapi.json" });
    expect(document.statusCode).toBe(200);
    expect(document.json().info.version).toBe("0.1.0");
  });
});
