// One capability's contract, read top to bottom: the wire rules every route shares.
// The wire contract every route shares (spec §5, §7; DESIGN.md §3, §7, §9): bad input is a 4xx in
// the error shape and never a 5xx, the 422 body, the DEBUG-only docs, rate limits, 401 codes.
import { randomInt, randomUUID } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testAppForSuite } from "./helpers/app.ts";
import { bearer, createApiKey, newUser, PASSWORD, randomEmail } from "./helpers/factories.ts";
import { REDIS_URL, REQUIRE_REDIS, redisReachable } from "./helpers/redis.ts";

const t = testAppForSuite();

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };
const VALIDATION_ITEM_KEYS = ["loc", "msg", "type", "input", "ctx"];

/** Every 422 item has loc/msg/type, and nothing beyond {loc, msg, type, input, ctx}. */
function expectValidationShape(body: unknown): void {
  expect(body).toEqual({ detail: expect.any(Array) });
  const { detail } = body as { detail: Record<string, unknown>[] };
  expect(detail.length).toBeGreaterThan(0);
  for (const item of detail) {
    expect(Object.keys(item).filter((k) => !VALIDATION_ITEM_KEYS.includes(k))).toEqual([]);
    expect(Array.isArray(item.loc)).toBe(true);
    for (const part of item.loc as unknown[]) expect(["string", "number"]).toContain(typeof part);
    expect(typeof item.msg).toBe("string");
    expect(typeof item.type).toBe("string");
    if ("ctx" in item) expect(item.ctx).toEqual(expect.any(Object));
  }
}

/** A 4xx other than 422: JSON {detail, code} and nothing else. */
function expectErrorShape(response: LightMyRequestResponse, code: string): void {
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ detail: expect.any(String), code });
}

interface Ctx {
  headers: Record<string, string>;
  keyId: string;
}

interface MalformedCase {
  name: string;
  request: (ctx: Ctx) => InjectOptions;
  status: number;
  /** Non-422: the error code. */
  code?: string;
  /** 422: an item with this loc (and type, when given) must be in the body. */
  loc?: (string | number)[];
  type?: string;
}

const longString = (n: number) => "x".repeat(n);

const MALFORMED: MalformedCase[] = [
  // Bodies that are not JSON, or JSON of the wrong shape
  {
    name: "a truncated JSON body",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: '{"name": "x"',
    }),
    status: 422,
    loc: ["body"],
    type: "json_invalid",
  },
  {
    name: "a body that is not JSON at all",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: "{bad",
    }),
    status: 422,
    loc: ["body"],
    type: "json_invalid",
  },
  {
    name: "a JSON array instead of an object",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: '[{"name": "x"}]',
    }),
    status: 422,
    loc: ["body"],
    type: "dict_type",
  },
  {
    name: "a bare JSON number",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: "42",
    }),
    status: 422,
    loc: ["body"],
    type: "dict_type",
  },
  {
    name: "a JSON null body",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: "null",
    }),
    status: 422,
    loc: ["body"],
    type: "dict_type",
  },
  {
    name: "JSON nested 100,000 levels deep",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    }),
    status: 422,
    // Refused where it passes the depth limit (32), before any schema walks it.
    loc: ["body", ...new Array<number>(32).fill(0)],
    type: "too_deep",
  },
  {
    name: 'a {"__proto__": …} body',
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: '{"__proto__":{"x":1}}',
    }),
    status: 422,
    loc: ["body"],
    type: "json_invalid",
  },
  {
    name: 'a {"constructor": {"prototype": …}} body',
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: '{"name":"p","constructor":{"prototype":{"x":1}}}',
    }),
    status: 422,
    loc: ["body"],
    type: "json_invalid",
  },
  // Fields of the wrong type or size
  {
    name: "a null where a string is required",
    request: ({ headers }) => ({ method: "POST", url: "/keys/", headers, payload: { name: null } }),
    status: 422,
    loc: ["body", "name"],
    type: "string_type",
  },
  {
    name: "a null where a boolean is expected",
    request: ({ headers, keyId }) => ({
      method: "PATCH",
      url: `/keys/${keyId}`,
      headers,
      payload: { is_revoked: null },
    }),
    status: 422,
    loc: ["body", "is_revoked"],
    type: "bool_type",
  },
  {
    name: "a nested object where a string is expected",
    request: ({ headers }) => ({ method: "POST", url: "/keys/", headers, payload: { name: { first: "x" } } }),
    status: 422,
    loc: ["body", "name"],
    type: "string_type",
  },
  {
    name: "an array where a string is expected",
    request: ({ headers }) => ({ method: "POST", url: "/keys/", headers, payload: { name: ["a", "b"] } }),
    status: 422,
    loc: ["body", "name"],
    type: "string_type",
  },
  {
    name: "a nested object in a sign-up, on a public route",
    request: () => ({
      method: "POST",
      url: "/auth/get-started",
      payload: {
        email: randomEmail(),
        first_name: { $ne: null },
        last_name: "L",
        password: PASSWORD,
        created_at: new Date().toISOString(),
      },
    }),
    status: 422,
    loc: ["body", "first_name"],
    type: "string_type",
  },
  {
    name: "a 100 KB name",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers,
      payload: { name: longString(100_000) },
    }),
    status: 422,
    loc: ["body", "name"],
    type: "string_too_long",
  },
  {
    name: "a 100 KB description",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers,
      payload: { name: "n", description: longString(100_000) },
    }),
    status: 422,
    loc: ["body", "description"],
  },
  {
    name: "a 100 KB password at sign-in",
    request: () => ({
      method: "POST",
      url: "/auth/login",
      headers: FORM,
      payload: new URLSearchParams({ username: randomEmail(), password: longString(100_000) }).toString(),
    }),
    status: 422,
    loc: ["body", "password"],
    type: "string_too_long",
  },
  {
    name: "a number sent as a string",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers,
      payload: { name: "n", expires_at: "60" },
    }),
    status: 422,
    loc: ["body", "expires_at"],
  },
  {
    name: "a boolean where an integer is expected",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers,
      payload: { name: "n", expires_at: true },
    }),
    status: 422,
    loc: ["body", "expires_at"],
  },
  {
    name: "an integer where a boolean is expected",
    request: ({ headers, keyId }) => ({
      method: "PATCH",
      url: `/keys/${keyId}`,
      headers,
      payload: { is_revoked: 1 },
    }),
    status: 422,
    loc: ["body", "is_revoked"],
    type: "bool_type",
  },
  {
    name: "an integer far beyond any lifetime",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers,
      payload: { name: "n", expires_at: 1e308 },
    }),
    status: 422,
    loc: ["body", "expires_at"],
  },
  {
    name: "an address that is no email at sign-up",
    request: () => ({
      method: "POST",
      url: "/auth/get-started",
      payload: {
        email: "not-an-email",
        first_name: "F",
        last_name: "L",
        password: PASSWORD,
        created_at: new Date().toISOString(),
      },
    }),
    status: 422,
    loc: ["body", "email"],
  },
  {
    name: "a nested object as the refresh token",
    request: () => ({ method: "POST", url: "/auth/refresh", payload: { refresh_token: { $gt: "" } } }),
    status: 422,
    loc: ["body", "refresh_token"],
    type: "string_type",
  },
  // Content types
  {
    name: "an unknown Content-Type",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, "content-type": "application/x-coffer" },
      payload: "name=x",
    }),
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "an XML body",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, "content-type": "application/xml" },
      payload: "<key><name>x</name></key>",
    }),
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "a multipart body",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=b" },
      payload: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
    }),
    status: 415,
    code: "unsupported_media_type",
  },
  {
    name: "a 20 MB body",
    request: ({ headers }) => ({
      method: "POST",
      url: "/keys/",
      headers: { ...headers, ...JSON_TYPE },
      payload: `{"name":"${longString(20 * 1024 * 1024)}"}`,
    }),
    status: 413,
    code: "payload_too_large",
  },
  // Ids in paths
  {
    name: "PATCH /keys/not-a-uuid",
    request: ({ headers }) => ({ method: "PATCH", url: "/keys/not-a-uuid", headers, payload: { name: "x" } }),
    status: 422,
    loc: ["path", "key_id"],
    type: "uuid_parsing",
  },
  {
    name: "POST /keys/not-a-uuid",
    request: ({ headers }) => ({ method: "POST", url: "/keys/not-a-uuid", headers }),
    status: 422,
    loc: ["path", "key_id"],
    type: "uuid_parsing",
  },
  {
    name: "POST /sessions/xyz/",
    request: ({ headers }) => ({ method: "POST", url: "/sessions/xyz/", headers }),
    status: 422,
    loc: ["path", "session_id"],
    type: "uuid_parsing",
  },
  {
    name: "GET /workspaces/123/members",
    request: ({ headers }) => ({ method: "GET", url: "/workspaces/123/members", headers }),
    status: 422,
    loc: ["path", "workspace_id"],
    type: "uuid_parsing",
  },
  {
    name: "POST /workspaces/123/switch",
    request: ({ headers }) => ({ method: "POST", url: "/workspaces/123/switch", headers }),
    status: 422,
    loc: ["path", "workspace_id"],
    type: "uuid_parsing",
  },
  {
    name: "an encoded path traversal as a workspace id",
    request: ({ headers }) => ({ method: "GET", url: "/workspaces/..%2F..%2Fetc%2Fpasswd/members", headers }),
    status: 422,
    loc: ["path", "workspace_id"],
    type: "uuid_parsing",
  },
  {
    name: "an encoded path traversal as a key id",
    request: ({ headers }) => ({ method: "POST", url: "/keys/..%2F..%2Fetc%2Fpasswd", headers }),
    status: 422,
    loc: ["path", "key_id"],
    type: "uuid_parsing",
  },
  {
    name: "a literal path traversal",
    request: ({ headers }) => ({ method: "POST", url: "/keys/../../etc/passwd", headers }),
    status: 404,
    code: "not_found",
  },
  {
    name: "a NUL byte as a workspace id",
    request: ({ headers }) => ({ method: "GET", url: "/workspaces/%00/members", headers }),
    status: 422,
    loc: ["path", "workspace_id"],
    type: "string_nul",
  },
  {
    name: "a 150-character workspace id",
    request: ({ headers }) => ({ method: "GET", url: `/workspaces/${"a".repeat(150)}/members`, headers }),
    status: 422,
    loc: ["path", "workspace_id"],
    type: "uuid_parsing",
  },
  {
    name: "a 20,000-character path",
    request: ({ headers }) => ({ method: "GET", url: `/${"a".repeat(20_000)}`, headers }),
    status: 404,
    code: "not_found",
  },
  {
    name: "a 20 KB query string without a credential",
    request: () => ({ method: "GET", url: `/keys/?q=${"a".repeat(20_000)}` }),
    status: 401,
    code: "not_authenticated",
  },
  {
    name: "a query string with arrays",
    request: ({ headers }) => ({
      method: "GET",
      url: "/workspaces/123/members?workspace_id=a&workspace_id=b&limit[]=1",
      headers,
    }),
    status: 422,
    loc: ["path", "workspace_id"],
    type: "uuid_parsing",
  },
  {
    name: "an unknown method on a known path",
    request: ({ headers }) => ({ method: "DELETE", url: "/keys/", headers }),
    status: 404,
    code: "not_found",
  },
  // Credentials
  {
    name: 'Authorization "Bearer" with no token',
    request: () => ({ method: "GET", url: "/auth/me", headers: { authorization: "Bearer" } }),
    status: 401,
    code: "not_authenticated",
  },
  {
    name: 'Authorization "Basic abc"',
    request: () => ({ method: "GET", url: "/auth/me", headers: { authorization: "Basic abc" } }),
    status: 401,
    code: "not_authenticated",
  },
  {
    name: 'Authorization "Bearer a.b.c"',
    request: () => ({ method: "GET", url: "/auth/me", headers: { authorization: "Bearer a.b.c" } }),
    status: 401,
    code: "invalid_token",
  },
  {
    name: "a 10 KB bearer token",
    request: () => ({ method: "GET", url: "/auth/me", headers: bearer(longString(10 * 1024)) }),
    status: 401,
    code: "invalid_token",
  },
  {
    name: "a 10 KB sk- bearer token",
    request: () => ({ method: "GET", url: "/auth/me", headers: bearer(`sk-${longString(10 * 1024)}`) }),
    status: 401,
    code: "invalid_token",
  },
  {
    name: 'an unsigned JWT ("alg": "none")',
    request: () => ({
      method: "GET",
      url: "/auth/me",
      headers: bearer(
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from(
          JSON.stringify({ sub: randomUUID(), sid: randomUUID(), iss: "coffer" }),
        ).toString("base64url")}.`,
      ),
    }),
    status: 401,
    code: "invalid_token",
  },
  {
    name: 'X-API-Key "sk-" alone',
    request: () => ({ method: "GET", url: "/auth/me", headers: { "x-api-key": "sk-" } }),
    status: 401,
    code: "invalid_token",
  },
  {
    name: "a malformed X-Workspace-Id",
    request: ({ headers }) => ({
      method: "GET",
      url: "/workspaces/current",
      headers: { ...headers, "x-workspace-id": "../../etc" },
    }),
    status: 422,
    loc: ["header", "x-workspace-id"],
    type: "uuid_parsing",
  },
  {
    name: "two X-Workspace-Id headers",
    request: ({ headers }) => ({
      method: "GET",
      url: "/workspaces/current",
      headers: { ...headers, "x-workspace-id": [randomUUID(), randomUUID()] as unknown as string },
    }),
    status: 422,
    loc: ["header", "x-workspace-id"],
    type: "uuid_parsing",
  },
  // The sign-in form
  {
    name: "invalid UTF-8 bytes in the sign-in form",
    request: () => ({
      method: "POST",
      url: "/auth/login",
      headers: FORM,
      payload: Buffer.concat([
        Buffer.from("username="),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from("&password="),
        Buffer.from([0xc3, 0x28]),
      ]),
    }),
    status: 401,
    code: "invalid_credentials",
  },
  {
    name: "percent-encoded invalid UTF-8 in the sign-in form",
    request: () => ({
      method: "POST",
      url: "/auth/login",
      headers: FORM,
      payload: "username=%FF%FE&password=%C3%28",
    }),
    status: 401,
    code: "invalid_credentials",
  },
  {
    name: "an empty sign-in form",
    request: () => ({ method: "POST", url: "/auth/login", headers: FORM, payload: "" }),
    status: 422,
    loc: ["body", "username"],
    type: "missing",
  },
  {
    name: "a sign-in form without a password",
    request: () => ({ method: "POST", url: "/auth/login", headers: FORM, payload: "username=a%40b.example" }),
    status: 422,
    loc: ["body", "password"],
    type: "missing",
  },
  {
    name: "a sign-in form naming two usernames",
    request: () => ({
      method: "POST",
      url: "/auth/login",
      headers: FORM,
      payload: "username=a%40b.example&username=c%40d.example&password=x",
    }),
    status: 422,
    loc: ["body", "username"],
    type: "string_type",
  },
];

describe("malformed requests", () => {
  const ctx: Ctx = { headers: {}, keyId: "" };
  beforeAll(async () => {
    const user = await newUser(t.app);
    ctx.headers = user.headers;
    ctx.keyId = (await createApiKey(t.app, user.accessToken)).id;
  });

  it("covers at least 30 cases", () => {
    expect(MALFORMED.length).toBeGreaterThanOrEqual(30);
  });

  it.each(MALFORMED)("answers $status to $name, never a 5xx", async (c) => {
    const response = await t.app.inject(c.request(ctx));
    expect(response.statusCode).toBeLessThan(500);
    expect(response.statusCode).toBe(c.status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toHaveProperty("detail");
    if (c.status === 422) {
      expectValidationShape(body);
      expect(body.detail).toContainEqual(
        expect.objectContaining({ loc: c.loc, ...(c.type ? { type: c.type } : {}) }),
      );
    } else {
      expectErrorShape(response, c.code!);
    }
  });

  it("answers 415 to a text/plain body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/keys/",
      headers: { ...ctx.headers, "content-type": "text/plain" },
      payload: '{"name":"x"}',
    });
    expect(response.statusCode).toBe(415);
    expectErrorShape(response, "unsupported_media_type");
  });

  it("answers a path id over 200 characters in the error shape", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `/keys/${"a".repeat(5000)}`,
      headers: ctx.headers,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ detail: expect.anything(), code: expect.any(String) });
  });

  it("answers a broken percent-encoding in the path in the error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/keys/%E0%A4%A", headers: ctx.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "bad_request" });
  });
});

describe("bodies and ids", () => {
  it("takes a form body only on /auth/login: elsewhere it answers 415", async () => {
    const user = await newUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/keys/",
      headers: { ...user.headers, ...FORM },
      payload: "name=form-key",
    });
    expect(response.statusCode).toBe(415);
    expectErrorShape(response, "unsupported_media_type");
  });

  it("reads an upper-case UUID in a path as the same id", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const response = await t.app.inject({
      method: "PATCH",
      url: `/keys/${key.id.toUpperCase()}`,
      headers: user.headers,
      payload: { name: "renamed" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: key.id, name: "renamed" });
  });

  it("names the exact rule in a nullable field's 422 (no union noise)", async () => {
    const user = await newUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/keys/",
      headers: user.headers,
      payload: { name: "k", expires_at: 0 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ["body", "expires_at"], type: "greater_than_equal", ctx: { ge: 1 } }),
    ]);
  });
});

describe("the 422 body", () => {
  it("reports every failed field at once, each item in the spec's shape", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/auth/get-started",
      payload: { email: "nope", first_name: 1, last_name: true, password: "short", created_at: 5 },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expectValidationShape(body);
    const locs = body.detail.map((item: { loc: string[] }) => item.loc.join("."));
    expect(locs).toEqual(
      expect.arrayContaining([
        "body.email",
        "body.first_name",
        "body.last_name",
        "body.password",
        "body.created_at",
      ]),
    );
  });

  it("names every missing field with type missing and no input", async () => {
    const response = await t.app.inject({ method: "POST", url: "/auth/get-started", payload: {} });
    expect(response.statusCode).toBe(422);
    expectValidationShape(response.json());
    for (const field of ["email", "first_name", "last_name", "password", "created_at"]) {
      expect(response.json().detail).toContainEqual({
        loc: ["body", field],
        msg: "Field required",
        type: "missing",
      });
    }
  });

  it("carries the limit in ctx for a string that is too long", async () => {
    const user = await newUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/keys/",
      headers: user.headers,
      payload: { name: "n".repeat(101) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        {
          loc: ["body", "name"],
          msg: expect.any(String),
          type: "string_too_long",
          input: `${"n".repeat(100)}…`,
          ctx: { max_length: 100 },
        },
      ],
    });
  });

  it("never echoes a password or a token back as input", async () => {
    const secretPassword = "tiny";
    const signUp = await t.app.inject({
      method: "POST",
      url: "/auth/get-started",
      payload: {
        email: randomEmail(),
        first_name: "F",
        last_name: "L",
        password: secretPassword,
        created_at: new Date().toISOString(),
      },
    });
    expect(signUp.statusCode).toBe(422);
    expect(signUp.json().detail).toEqual([expect.objectContaining({ loc: ["body", "password"] })]);
    expect(signUp.json().detail[0]).not.toHaveProperty("input");

    const longToken = `rt-${"z".repeat(600)}`;
    const refresh = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      payload: { refresh_token: longToken },
    });
    expect(refresh.statusCode).toBe(422);
    expect(refresh.body).not.toContain("zzzzzzzzzz");
  });
});

describe("401 answers", () => {
  it("tells a missing credential (not_authenticated) from a garbage one (invalid_token)", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/auth/me" });
    const garbage = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer("garbage") });
    expect(missing.statusCode).toBe(401);
    expect(garbage.statusCode).toBe(401);
    expectErrorShape(missing, "not_authenticated");
    expectErrorShape(garbage, "invalid_token");
    expect(missing.json().detail).not.toBe(garbage.json().detail);
  });

  it("asks for a bearer credential in WWW-Authenticate when none was sent", async () => {
    const response = await t.app.inject({ method: "GET", url: "/keys/" });
    expect(response.statusCode).toBe(401);
    expect(String(response.headers["www-authenticate"])).toMatch(/^Bearer/);
  });

  it("never echoes the presented credential", async () => {
    const token = `sk-${"Q".repeat(43)}`;
    const response = await t.app.inject({ method: "GET", url: "/auth/me", headers: { "x-api-key": token } });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain(token);
  });
});

// ---------------------------------------------------------------------------------------------
// Interactive docs (DESIGN.md §7, §9)

/** Every "METHOD /path" the app serves, from Fastify's route tree, params written {like_this}. */
function servedRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    segments.length = depth;
    segments.push(match[2] ?? "");
    for (const method of match[3]?.split(", ") ?? []) {
      routes.add(`${method} ${segments.join("").replace(/:(\w+)/g, "{$1}")}`);
    }
  }
  return routes;
}

// The docs pages and the dashboard (`/` and its assets) are not API operations. The route printer
// drops the static part before a wildcard: the dashboard's `/_app/assets/*` shows as `/*`.
const DOCS_ROUTES = /^\S+ \/((docs|openapi\.json|redoc|_app)(\/|$)|\*?$)/;
const PUBLIC_OPERATIONS = new Set([
  "GET /healthz",
  "GET /readyz",
  "POST /auth/get-started",
  "POST /auth/login",
  "POST /auth/refresh",
  "POST /auth/password/forgot",
  "POST /auth/password/reset",
  "POST /auth/2fa/sign-in",
  "GET /share/{token}",
  "POST /invite/validate",
  "POST /invite/accept",
  "POST /invite/reject",
  "GET /auth/providers",
  "GET /auth/google-login",
  "GET /auth/google-callback",
  "GET /auth/github-login",
  "GET /auth/github-callback",
  "GET /auth/oidc-login",
  "GET /auth/oidc-callback",
  "POST /auth/oidc/exchange",
  "POST /auth/device/code",
  "POST /auth/device/token",
]);

describe("interactive docs with DEBUG on", () => {
  const debug = testAppForSuite({ env: { DEBUG: "true" } });

  const openapi = async () => {
    const response = await debug.app.inject({ method: "GET", url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("serves /openapi.json without a credential, version 0.1.0", async () => {
    const doc = await openapi();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe("0.1.0");
  });

  it("declares the OAuth2 password flow, the X-API-Key header and HTTP bearer", async () => {
    const { components } = await openapi();
    expect(components.securitySchemes).toEqual({
      OAuth2PasswordBearer: { type: "oauth2", flows: { password: { tokenUrl: "/auth/login", scopes: {} } } },
      APIKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
      HTTPBearer: { type: "http", scheme: "bearer" },
    });
  });

  it("documents every route the app serves, and nothing it does not", async () => {
    const doc = await openapi();
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(operations)) {
        if (["get", "post", "put", "patch", "delete"].includes(method)) {
          documented.add(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    const served = [...servedRoutes(debug.app)].filter((r) => !r.startsWith("HEAD ") && !DOCS_ROUTES.test(r));

    expect([...documented].sort()).toEqual(served.sort());
    for (const route of [
      "POST /auth/login",
      "GET /auth/me",
      "POST /keys/",
      "PATCH /keys/{key_id}",
      "POST /keys/{key_id}",
      "POST /sessions/{session_id}/",
      "GET /workspaces/{workspace_id}/members",
    ]) {
      expect(documented).toContain(route);
    }
  });

  it("marks every route that takes a credential with the three security schemes", async () => {
    const doc = await openapi();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const [method, operation] of Object.entries(
        operations as Record<string, { security?: unknown }>,
      )) {
        if (PUBLIC_OPERATIONS.has(`${method.toUpperCase()} ${path}`)) continue;
        expect({ route: `${method.toUpperCase()} ${path}`, security: operation.security }).toEqual({
          route: `${method.toUpperCase()} ${path}`,
          security: [{ OAuth2PasswordBearer: [] }, { APIKeyHeader: [] }, { HTTPBearer: [] }],
        });
      }
    }
  });

  it.each(["/docs", "/redoc"])("serves %s as HTML without a credential", async (url) => {
    const response = await debug.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body.toLowerCase()).toContain("<html");
  });
});

describe("interactive docs with DEBUG off", () => {
  it.each(["/openapi.json", "/docs", "/docs/", "/redoc"])("answers 404 for %s", async (url) => {
    const user = await newUser(t.app);
    for (const headers of [{}, user.headers]) {
      const response = await t.app.inject({ method: "GET", url, headers });
      expect(response.statusCode).toBe(404);
      expectErrorShape(response, "not_found");
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Rate limits (DESIGN.md §3, §7): COFFER_RATE_LIMIT_PER_MINUTE per credential, per address when
// anonymous, a tenth per address on sign-in. Counters are keyed by fresh random credentials and
// addresses so that runs sharing one Redis never collide.

const LIMIT = 20;
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function signUpAndLogin(app: FastifyInstance) {
  const address = randomAddress();
  const email = randomEmail("rl");
  const signUp = await app.inject({
    method: "POST",
    url: "/auth/get-started",
    remoteAddress: address,
    payload: {
      email,
      first_name: "Rae",
      last_name: "Limit",
      password: PASSWORD,
      created_at: new Date().toISOString(),
    },
  });
  expect(signUp.statusCode).toBe(201);
  const login = await loginFrom(app, email, address);
  expect(login.statusCode).toBe(200);
  return { email, accessToken: login.json().access_token as string };
}

const loginFrom = (app: FastifyInstance, email: string, address: string) =>
  app.inject({
    method: "POST",
    url: "/auth/login",
    remoteAddress: address,
    headers: FORM,
    payload: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
  });

function expectRateLimited(response: LightMyRequestResponse, limit: number): void {
  expect(response.statusCode).toBe(429);
  expectErrorShape(response, "rate_limited");
  const retryAfter = String(response.headers["retry-after"]);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  expect(response.headers["ratelimit-limit"]).toBe(String(limit));
  expect(response.headers["ratelimit-remaining"]).toBe("0");
  expect(String(response.headers["ratelimit-reset"])).toMatch(/^\d+$/);
  expect(Number(response.headers["ratelimit-reset"])).toBeLessThanOrEqual(60);
}

function rateLimitTests(env: () => Record<string, string>): void {
  let rl: TestApp;
  beforeAll(async () => {
    rl = await createTestApp({ env: { COFFER_RATE_LIMIT_PER_MINUTE: String(LIMIT), ...env() } });
  });
  afterAll(() => rl?.close());

  it("counts requests with a credential that fails authentication, too", async () => {
    const address = randomAddress();
    const garbage = bearer(`not-a-real-token-${randomUUID()}`);
    for (let i = 0; i < LIMIT; i++) {
      const response = await rl.app.inject({
        method: "GET",
        url: "/auth/me",
        headers: garbage,
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await rl.app.inject({ method: "GET", url: "/auth/me", headers: garbage, remoteAddress: address }),
      LIMIT,
    );
  });

  it("counts made-up API keys against the address: a fresh key per request buys no fresh bucket", async () => {
    const address = randomAddress();
    const madeUp = () => ({ "x-api-key": `sk-${randomUUID().replaceAll("-", "")}` });
    for (let i = 0; i < LIMIT; i++) {
      const response = await rl.app.inject({
        method: "GET",
        url: "/workspaces/",
        headers: madeUp(),
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await rl.app.inject({ method: "GET", url: "/workspaces/", headers: madeUp(), remoteAddress: address }),
      LIMIT,
    );
  });

  it("past an address's budget of failures, refuses keys that never worked (no lookup) and keeps serving proven ones", async () => {
    const owner = await signUpAndLogin(rl.app);
    const proven = await createApiKey(rl.app, owner.accessToken);
    const unproven = await createApiKey(rl.app, owner.accessToken);
    const address = randomAddress();
    const me = (headers: Record<string, string>) =>
      rl.app.inject({ method: "GET", url: "/auth/me", headers, remoteAddress: address });
    expect((await me({ "x-api-key": proven.token })).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i++) {
      expect((await me({ "x-api-key": `sk-${randomUUID().replaceAll("-", "")}` })).statusCode).toBe(401);
    }
    // A real key this node has not seen authenticate is not looked up from this address any more.
    const refused = await me({ "x-api-key": unproven.token });
    expect(refused.statusCode).toBe(429);
    expectErrorShape(refused, "rate_limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // The key already in use keeps its own bucket.
    expect((await me({ "x-api-key": proven.token })).statusCode).toBe(200);
  });

  it("answers 429 with Retry-After and RateLimit headers to the 21st request of one credential in a minute", async () => {
    const { accessToken } = await signUpAndLogin(rl.app);
    for (let i = 1; i <= LIMIT; i++) {
      // From a different address each time: the credential is what is counted.
      const response = await rl.app.inject({
        method: "GET",
        url: "/auth/me",
        headers: bearer(accessToken),
        remoteAddress: randomAddress(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-limit"]).toBe(String(LIMIT));
      expect(response.headers["ratelimit-remaining"]).toBe(String(LIMIT - i));
    }
    const limited = await rl.app.inject({ method: "GET", url: "/auth/me", headers: bearer(accessToken) });
    expectRateLimited(limited, LIMIT);
  });

  it("counts every route against the same credential", async () => {
    const { accessToken } = await signUpAndLogin(rl.app);
    const urls = ["/auth/me", "/keys/", "/workspaces/", "/sessions/"];
    for (let i = 0; i < LIMIT; i++) {
      const response = await rl.app.inject({
        method: "GET",
        url: urls[i % urls.length],
        headers: bearer(accessToken),
      });
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(
      await rl.app.inject({ method: "GET", url: "/keys/", headers: bearer(accessToken) }),
      LIMIT,
    );
  });

  it("leaves other credentials alone, even the same account's API key", async () => {
    const exhausted = await signUpAndLogin(rl.app);
    const other = await signUpAndLogin(rl.app);
    const key = await createApiKey(rl.app, exhausted.accessToken);

    let status = 200;
    for (let i = 0; i < LIMIT + 1 && status !== 429; i++) {
      status = (
        await rl.app.inject({ method: "GET", url: "/auth/me", headers: bearer(exhausted.accessToken) })
      ).statusCode;
    }
    expect(status).toBe(429);

    for (const headers of [bearer(other.accessToken), { "x-api-key": key.token }]) {
      const response = await rl.app.inject({ method: "GET", url: "/auth/me", headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
    }
  });

  it("counts anonymous requests per address", async () => {
    const address = randomAddress();
    const logout = (remoteAddress: string) =>
      rl.app.inject({ method: "POST", url: "/auth/logout", remoteAddress });
    for (let i = 0; i < LIMIT; i++) {
      const response = await logout(address);
      expect(response.statusCode).toBe(401);
      expectErrorShape(response, "not_authenticated");
    }
    expectRateLimited(await logout(address), LIMIT);

    const elsewhere = await logout(randomAddress());
    expect(elsewhere.statusCode).toBe(401);
    expectErrorShape(elsewhere, "not_authenticated");
  });

  it("gives POST /auth/login a tenth of the limit per address: the third sign-in in a minute answers 429", async () => {
    const { email } = await signUpAndLogin(rl.app);
    const address = randomAddress();
    expect((await loginFrom(rl.app, email, address)).statusCode).toBe(200);
    expect((await loginFrom(rl.app, email, address)).statusCode).toBe(200);
    expectRateLimited(await loginFrom(rl.app, email, address), LIMIT / 10);

    expect((await loginFrom(rl.app, email, randomAddress())).statusCode).toBe(200);
  });
}

describe("rate limits, counted in process", () => {
  rateLimitTests(() => ({}));
});

const redisUp = await redisReachable(REDIS_URL);

describe.skipIf(!redisUp && !REQUIRE_REDIS)("rate limits, counted in Redis (REDIS_URL)", () => {
  beforeAll(() => {
    if (!redisUp) throw new Error(`COFFER_REQUIRE_REDIS=1 but Redis is not reachable at ${REDIS_URL}`);
  });

  rateLimitTests(() => ({ REDIS_URL }));

  it("shares the counters between API nodes", async () => {
    const nodes = [
      await createTestApp({ env: { COFFER_RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL } }),
      await createTestApp({ env: { COFFER_RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL } }),
    ];
    try {
      const address = randomAddress();
      for (let i = 0; i < LIMIT; i++) {
        const node = nodes[i % 2]!;
        const response = await node.app.inject({
          method: "POST",
          url: "/auth/logout",
          remoteAddress: address,
        });
        expect(response.statusCode).toBe(401);
      }
      for (const node of nodes) {
        expectRateLimited(
          await node.app.inject({ method: "POST", url: "/auth/logout", remoteAddress: address }),
          LIMIT,
        );
      }
    } finally {
      for (const node of nodes) await node.close();
    }
  });
});

describe("behind a proxy (COFFER_TRUST_PROXY)", () => {
  it("records the client's address from X-Forwarded-For only when the proxy is trusted", async () => {
    const sessionAddress = async (env: Record<string, string>) => {
      const app = await createTestApp({ env });
      try {
        const user = await newUser(app.app);
        const headers = { ...user.headers, "x-forwarded-for": "203.0.113.7" };
        const response = await app.app.inject({ method: "GET", url: "/sessions/", headers });
        // The session was made without the header; a fresh login with it shows the recorded address.
        const login = await app.app.inject({
          method: "POST",
          url: "/auth/login",
          headers: { ...FORM, "x-forwarded-for": "203.0.113.7", "user-agent": "proxied" },
          payload: new URLSearchParams({ username: user.email, password: PASSWORD }).toString(),
        });
        expect(response.statusCode).toBe(200);
        const sessions = await app.app.inject({
          method: "GET",
          url: "/sessions/",
          headers: bearer(login.json().access_token),
        });
        return sessions.json().find((s: { user_agent: string }) => s.user_agent === "proxied").ip_address;
      } finally {
        await app.close();
      }
    };
    expect(await sessionAddress({ COFFER_TRUST_PROXY: "true" })).toBe("203.0.113.7");
    expect(await sessionAddress({ COFFER_TRUST_PROXY: "1" })).toBe("203.0.113.7");
    expect(await sessionAddress({ COFFER_TRUST_PROXY: "10.0.0.0/8" })).toBe("127.0.0.1");
    expect(await sessionAddress({})).toBe("127.0.0.1");
  });
});
