// Serving the dashboard from the API's process (issue 11): index.html at `/` and for browser
// navigations to paths no API route answers, hashed assets under /_app/assets/ cached for a year,
// the dashboard's own CSP, and every other client still getting the JSON error contract.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_PREFIX, DASHBOARD_CSP, DEFAULT_DASHBOARD_DIR } from "../src/http/dashboard.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { ensureDashboardBuilt } from "./helpers/browser.ts";
import { newUser } from "./helpers/factories.ts";
import { nodeHttpRequest } from "./helpers/raw-http.ts";

const INDEX =
  '<!doctype html><html><head><script type="module" src="/_app/assets/app-3f9a1c.js"></script></head></html>';
const SCRIPT = "console.log('dashboard');\n";
const NAVIGATE = { "sec-fetch-mode": "navigate", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const CLIENT_ROUTE = "/w/0f8fad5b-d9cb-469f-a165-70867728950e/env/a/b/c";

let dist: string;
let t: TestApp;
let unbuilt: TestApp;
beforeAll(async () => {
  // A stand-in build: the serving rules do not depend on what Vite emitted.
  dist = mkdtempSync(join(tmpdir(), "coffer-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "assets", "app-3f9a1c.js"), SCRIPT);
  writeFileSync(join(dist, "assets", "app-3f9a1c.css"), "body{}");
  // What the build's precompress step writes beside a file (web/vite.config.ts).
  writeFileSync(join(dist, "assets", "app-3f9a1c.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, "assets", "app-3f9a1c.js.gz"), gzipSync(SCRIPT));
  writeFileSync(join(dist, "assets", ".env"), "SECRET=1");
  writeFileSync(join(dist, "not-an-asset.txt"), "outside the asset folder");
  t = await createTestApp({ dashboardDir: dist });
  unbuilt = await createTestApp({ dashboardDir: join(dist, "missing") });
});
afterAll(async () => {
  await t.close();
  await unbuilt.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, app = t) =>
  app.app.inject({ method: "GET", url, headers });

function expectIndex(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.body).toBe(INDEX);
  expect(response.headers["content-security-policy"]).toBe(DASHBOARD_CSP);
  expect(response.headers["cache-control"]).toBe("no-store");
}

function expectJsonNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ detail: "Not Found", code: "not_found" });
  // An error is the API's: its CSP lets nothing load.
  expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
}

describe("the dashboard's pages", () => {
  it("serves index.html at / with the dashboard's CSP, uncached, with the other security headers", async () => {
    for (const headers of [{}, NAVIGATE, { accept: "application/json" }] as Record<string, string>[]) {
      const response = await get("/", headers);
      expectIndex(response);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
    }
    expect(DASHBOARD_CSP).toContain("script-src 'self';");
    expect(DASHBOARD_CSP).not.toContain("unsafe-inline");
  });

  it("serves a hashed asset with its content type, cached for a year as immutable", async () => {
    const script = await get(`${ASSET_PREFIX}assets/app-3f9a1c.js`);
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.headers["content-security-policy"]).toBe(DASHBOARD_CSP);
    const style = await get(`${ASSET_PREFIX}assets/app-3f9a1c.css`);
    expect(style.headers["content-type"]).toMatch(/^text\/css/);
  });

  it("sends the build's brotli or gzip twin as the browser accepts, varying on Accept-Encoding", async () => {
    const url = `${ASSET_PREFIX}assets/app-3f9a1c.js`;
    const raw = (encoding: string) =>
      t.app.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });

    const br = await raw("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await raw("gzip, deflate");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const response of [br, gz, plain]) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    // A twin is an encoding of its file, not an address of its own.
    expect((await get(`${url}.br`)).statusCode).toBe(404);
    expect((await get(`${url}.gz`)).statusCode).toBe(404);
  });

  it("answers HEAD for the page and the assets, without a body", async () => {
    for (const url of ["/", `${ASSET_PREFIX}assets/app-3f9a1c.js`]) {
      const response = await t.app.inject({ method: "HEAD", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("");
    }
    const navigation = await t.app.inject({ method: "HEAD", url: CLIENT_ROUTE, headers: NAVIGATE });
    expect(navigation.statusCode).toBe(200);
    expect(navigation.headers["content-type"]).toBe("text/html; charset=utf-8");
  });
});

describe("client-side routes", () => {
  it("answer a browser navigation with index.html (Sec-Fetch-Mode, or an Accept that puts HTML first)", async () => {
    expectIndex(await get(CLIENT_ROUTE, NAVIGATE));
    expectIndex(await get(CLIENT_ROUTE, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }));
    expectIndex(await get("/sign-in?next=%2Fw%2Fx", { "sec-fetch-mode": "navigate" }));
    expectIndex(await get("/invite?token=abc", NAVIGATE));
  });

  it("answer every other client with the JSON 404", async () => {
    expectJsonNotFound(await get(CLIENT_ROUTE));
    expectJsonNotFound(await get(CLIENT_ROUTE, { accept: "application/json" }));
    expectJsonNotFound(await get(CLIENT_ROUTE, { accept: "application/json, text/html;q=0.9" }));
    expectJsonNotFound(await get(CLIENT_ROUTE, { accept: "*/*" }));
    // A script's fetch says so even when it asks for HTML.
    expectJsonNotFound(await get(CLIENT_ROUTE, { "sec-fetch-mode": "cors", accept: "text/html" }));
    const post = await t.app.inject({ method: "POST", url: CLIENT_ROUTE, headers: NAVIGATE });
    expectJsonNotFound(post);
  });

  it("never replace an API route's own answer, even for a browser navigation", async () => {
    const user = await newUser(t.app);
    const unauthenticated = await get("/auth/me", NAVIGATE);
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toMatchObject({ code: "not_authenticated" });
    const unknownWorkspace = await get("/workspaces/0f8fad5b-d9cb-469f-a165-70867728950e/members", {
      ...NAVIGATE,
      ...user.headers,
    });
    // The route's own 404, not the page.
    expect(unknownWorkspace.statusCode).toBe(404);
    expect(unknownWorkspace.json()).toEqual({ detail: "Workspace not found", code: "not_found" });
    const me = await get("/auth/me", { ...NAVIGATE, ...user.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: user.email });
    expect(me.headers["content-security-policy"]).toContain("default-src 'none'");
    const health = await get("/healthz", NAVIGATE);
    expect(health.statusCode).toBe(200);
    expect(health.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("do not fall back inside the asset prefix: a missing asset is a 404, not a page", async () => {
    expectJsonNotFound(await get(`${ASSET_PREFIX}assets/gone-123abc.js`, NAVIGATE));
    expectJsonNotFound(await get(`${ASSET_PREFIX}index.html`, NAVIGATE));
  });
});

/** A GET over a real socket with the path exactly as given (inject would resolve the dots first). */
const rawGet = (port: number, path: string, headers: Record<string, string>) =>
  nodeHttpRequest({ port, path, headers });

describe("the asset folder", () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it.each([
    "/_app/../package.json",
    "/_app/assets/../../package.json",
    "/_app/assets/../../../package.json",
    "/_app/assets/..%2f..%2f..%2fpackage.json",
    "/_app/assets/%2e%2e/%2e%2e/%2e%2e/package.json",
    "/_app/assets/%2e%2e%2f%2e%2e%2fnot-an-asset.txt",
    "/_app/assets/..%5c..%5cnot-an-asset.txt",
    "/_app/assets/%252e%252e%252fnot-an-asset.txt",
    "/_app/assets/../not-an-asset.txt",
    "/_app/not-an-asset.txt",
    "/_app/assets/.env",
    "/_app/assets/",
    "/_app/assets",
  ])("answers %s with a 404 and nothing from the disk", async (url) => {
    for (const headers of [{}, NAVIGATE]) {
      const response = await rawGet(port, url, headers);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain("outside the asset folder");
      expect(response.body).not.toContain("SECRET");
      expect(response.body).not.toContain('"name": "coffer"');
    }
  });
});

describe("when the dashboard is not built", () => {
  it("says so in a JSON 503 at /, for navigations and for assets, and the API works", async () => {
    for (const [url, headers] of [
      ["/", {}],
      [CLIENT_ROUTE, NAVIGATE],
      [`${ASSET_PREFIX}assets/app-3f9a1c.js`, {}],
    ] as const) {
      const response = await get(url, headers, unbuilt);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: expect.stringContaining("not built"),
        code: "dashboard_not_built",
      });
    }
    expectJsonNotFound(await get(CLIENT_ROUTE, {}, unbuilt));
    expect((await get("/healthz", {}, unbuilt)).statusCode).toBe(200);
  });
});

describe("the real build (web/dist)", () => {
  it("has no inline script or style: every script is an external file under the asset prefix", () => {
    ensureDashboardBuilt();
    const html = readFileSync(join(DEFAULT_DASHBOARD_DIR, "index.html"), "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/_app\/assets\/[^"]+\.js"/);
      expect(body?.trim()).toBe("");
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it("has a brotli and a gzip twin of every script and stylesheet that compression makes smaller", () => {
    ensureDashboardBuilt();
    const assets = join(DEFAULT_DASHBOARD_DIR, "assets");
    const names = readdirSync(assets);
    const texts = names.filter((name) => /\.(js|css)$/.test(name));
    expect(texts.length).toBeGreaterThan(1);
    const decoders = { br: brotliDecompressSync, gz: gunzipSync } as const;
    for (const name of texts) {
      const plain = readFileSync(join(assets, name));
      for (const [suffix, decode] of Object.entries(decoders)) {
        const twin = `${name}.${suffix}`;
        // A twin that would save nothing is not written (a few hundred bytes of script may not shrink).
        if (plain.length >= 1024) expect(names, twin).toContain(twin);
        if (!names.includes(twin)) continue;
        const packed = readFileSync(join(assets, twin));
        expect(decode(packed).equals(plain), twin).toBe(true);
        expect(packed.length, twin).toBeLessThan(plain.length);
      }
    }
  });
});
