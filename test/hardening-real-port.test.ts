// Regression tests for the hardening issue on a real port: a malformed request line, header or
// path answers in the error shape, and no spelling of a token in a URL reaches a log line.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { rawRequest } from "./helpers/raw-http.ts";

const t = testAppForSuite({ captureLogs: true });

describe("on a real port", () => {
  let port: number;
  let shareToken: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
    shareToken = `tok${randomUUID().replaceAll("-", "")}`;
  });

  const expectErrorBody = (response: { body: string; head: string }, code: string) => {
    expect(response.head.toLowerCase()).toContain("content-type: application/json");
    expect(JSON.parse(response.body)).toEqual({ detail: expect.any(String), code });
  };

  it.each([
    {
      name: "answers a malformed request line with 400 in the error shape",
      request: "GARBAGE\r\n\r\n",
      status: 400,
      code: "bad_request",
    },
    {
      name: "answers a header line without a colon with 400 in the error shape",
      request: "GET /healthz HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n",
      status: 400,
      code: "bad_request",
    },
    {
      name: "answers headers larger than 16 KiB with 431 header_fields_too_large",
      request: `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      status: 431,
      code: "header_fields_too_large",
    },
    {
      name: "answers an HTTP/1.1 request without Host with 400 in the error shape",
      request: "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n",
      status: 400,
      code: "bad_request",
    },
    {
      name: "answers a path segment past the limit with 414 uri_too_long",
      request: `GET /workspaces/${"a".repeat(5000)}/members HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      status: 414,
      code: "uri_too_long",
    },
  ])("$name", async ({ request, status, code }) => {
    const response = await rawRequest(port, request);
    expect(response.status).toBe(status);
    expectErrorBody(response, code);
  });

  it("never logs a token however the URL spells it", async () => {
    const targets = [
      `/invite/validate?%74oken=${shareToken}`,
      `/invite/validate?TOKEN=${shareToken}`,
      `/%73hare/${shareToken}`,
      `//share/${shareToken}`,
      `/share/${shareToken}`,
      `http://coffer.test/share/${shareToken}`,
      `http://coffer.test/invite/validate?token=${shareToken}`,
    ];
    for (const target of targets) {
      const method = target.includes("invite") ? "POST" : "GET";
      await rawRequest(port, `${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    }
    const logs = t.logs();
    expect(logs).toContain("[REDACTED]");
    expect(logs).not.toContain(shareToken);
  });
});
