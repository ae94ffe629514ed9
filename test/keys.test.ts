// One capability's contract, read top to bottom: an API key from mint to revoke, one describe per stage.
// API keys over HTTP (spec §2 "API key", §3 API key states, §4 "API keys"; DESIGN.md §4).
import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { UUID } from "./helpers/http.ts";

const t = testAppForSuite();

const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

const me = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/auth/me", headers });
/** The key no longer signs anyone in: /auth/me answers 401 with `code`. */
async function expectKeyRefused(token: string, code: string): Promise<void> {
  const response = await me({ "x-api-key": token });
  expect(response.statusCode).toBe(401);
  expect(response.json().code).toBe(code);
}
const listKeys = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/keys/", headers });
const patchKey = (headers: Record<string, string>, keyId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PATCH", url: `/keys/${keyId}`, headers, payload });
const revokeKey = (headers: Record<string, string>, keyId: string) =>
  t.app.inject({ method: "POST", url: `/keys/${keyId}`, headers });
const postKey = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/keys/", headers, payload: payload as Record<string, unknown> });

/** The two ways an API key travels: X-API-Key, and Authorization: Bearer. */
const keyHeaders = (token: string): Record<string, string>[] => [
  { "x-api-key": token },
  { authorization: `Bearer ${token}` },
];

/** Milliseconds between an ISO time and now-plus-`minutes` on the app's clock. */
const offsetFromNow = (iso: string, minutes: number) =>
  Math.abs(Date.parse(iso) - (t.clock.now().getTime() + minutes * 60_000));

describe("POST /keys/", () => {
  it("answers 201 with the record and a fresh sk- token", async () => {
    const user = await newUser(t.app);
    const response = await postKey(user.headers, { name: "deploy bot", description: "CI pipeline" });

    expect(response.statusCode).toBe(201);
    const key = response.json();
    expect(key).toEqual({
      id: expect.stringMatching(UUID),
      name: "deploy bot",
      description: "CI pipeline",
      prefix: expect.any(String),
      token: expect.stringMatching(/^sk-[0-9A-Za-z]{40,}$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      expires_at: null,
      last_used_at: null,
      is_revoked: false,
      workspace_id: null,
      access: "read_write",
      project_ids: null,
      environment_ids: null,
      allowed_cidrs: null,
    });
    expect(key.prefix.length).toBeGreaterThan("sk-".length);
    expect(key.prefix.length).toBeLessThan(key.token.length);
    expect(key.token.startsWith(key.prefix)).toBe(true);
    expect(new Date(key.created_at).toISOString()).toBe(key.created_at);
  });

  it("answers a null description when none is sent", async () => {
    const user = await newUser(t.app);
    const response = await postKey(user.headers, { name: "plain" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: "plain", description: null, expires_at: null });
  });

  it("mints a different token every time", async () => {
    const user = await newUser(t.app);
    const first = await createApiKey(t.app, user.accessToken, { name: "same name" });
    const second = await createApiKey(t.app, user.accessToken, { name: "same name" });
    expect(first.token).not.toBe(second.token);
    expect(first.id).not.toBe(second.id);
  });

  it("reads expires_at as a lifetime in minutes and answers the moment it ends", async () => {
    const user = await newUser(t.app);
    const response = await postKey(user.headers, { name: "hourly", expires_at: 60 });
    expect(response.statusCode).toBe(201);
    const { expires_at } = response.json();
    expect(new Date(expires_at).toISOString()).toBe(expires_at);
    expect(offsetFromNow(expires_at, 60)).toBeLessThan(5_000);
  });

  it("accepts expires_at null as a key that never expires", async () => {
    const user = await newUser(t.app);
    const response = await postKey(user.headers, { name: "forever", expires_at: null });
    expect(response.statusCode).toBe(201);
    expect(response.json().expires_at).toBeNull();
  });

  it("ignores unknown fields instead of storing them", async () => {
    const user = await newUser(t.app);
    const response = await postKey(user.headers, { name: "extra", is_revoked: true, user_id: randomUUID() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: "extra", is_revoked: false });
    expect(response.json()).not.toHaveProperty("user_id");
  });

  it("stores only the SHA-256 hex digest of the token", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { name: "digest only" });

    const row = await t.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", key.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(key.token));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    for (const value of Object.values(row)) {
      if (typeof value === "string") expect(value).not.toContain(key.token);
    }
  });

  it("never shows the token again: listings, updates and revocations leave it out", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { name: "shown once" });

    const listed = await listKeys(user.headers);
    const patched = await patchKey(user.headers, key.id, { name: "renamed" });
    const revoked = await revokeKey(user.headers, key.id);
    for (const response of [listed, patched, revoked]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(key.token);
      expect(response.body).not.toContain(sha256Hex(key.token));
    }
    const [item] = listed.json();
    expect(item).not.toHaveProperty("token");
    expect(item).not.toHaveProperty("token_hash");
    expect(Object.values(item)).not.toContain(key.token);
    expect(patched.json()).not.toHaveProperty("token");
    expect(revoked.json()).not.toHaveProperty("token");
  });

  it.each([
    ["the name is missing", { description: "no name" }, ["body", "name"], "missing"],
    ["the name is empty", { name: "" }, ["body", "name"], "string_too_short"],
    ["the name has 101 characters", { name: "n".repeat(101) }, ["body", "name"], "string_too_long"],
    ["the name is not a string", { name: 42 }, ["body", "name"], "string_type"],
  ])("answers 422 when %s", async (_case, payload, loc, type) => {
    const user = await newUser(t.app);
    const response = await postKey(user.headers, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [expect.objectContaining({ loc, type, msg: expect.any(String) })],
    });
  });

  it("accepts a name of exactly 100 characters", async () => {
    const user = await newUser(t.app);
    const response = await postKey(user.headers, { name: "n".repeat(100) });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe("n".repeat(100));
  });

  it.each([
    ["zero", 0],
    ["negative", -5],
    ["a numeric string", "60"],
    ["a fraction", 1.5],
    ["a boolean", true],
  ])("answers 422 for an expires_at that is %s", async (_case, expiresAt) => {
    const user = await newUser(t.app);
    const response = await postKey(user.headers, { name: "bad lifetime", expires_at: expiresAt });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        expect.objectContaining({
          loc: ["body", "expires_at"],
          msg: expect.any(String),
          type: expect.any(String),
          input: expiresAt,
        }),
      ],
    });
    // Nothing was minted.
    expect((await listKeys(user.headers)).json()).toEqual([]);
  });
});

describe("authenticating with an API key", () => {
  it("accepts the key in X-API-Key", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const response = await me({ "x-api-key": key.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it("accepts the key as Authorization: Bearer", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const response = await me({ authorization: `Bearer ${key.token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it("records when the key was last used", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    expect((await me({ "x-api-key": key.token })).statusCode).toBe(200);

    const [item] = (await listKeys(user.headers)).json();
    expect(item.id).toBe(key.id);
    expect(item.last_used_at).toEqual(expect.any(String));
  });

  it("answers 401 invalid_token for an sk- token nobody minted", async () => {
    const unknown = `sk-${"A".repeat(43)}`;
    for (const headers of keyHeaders(unknown)) {
      const response = await me(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String), code: "invalid_token" });
    }
  });

  it("answers 401 invalid_token for a key that differs from a real one in its last character", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const last = key.token.slice(-1);
    const forged = key.token.slice(0, -1) + (last === "a" ? "b" : "a");
    const response = await me({ "x-api-key": forged });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "invalid_token" });
  });

  it.each([
    ["POST", "/keys/"],
    ["GET", "/keys/"],
    ["PATCH", `/keys/${randomUUID()}`],
    ["POST", `/keys/${randomUUID()}`],
  ] as const)("answers 401 not_authenticated on %s %s without a credential", async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      payload: method === "GET" ? undefined : { name: "x" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String), code: "not_authenticated" });
  });
});

describe("expiry", () => {
  it("lets a key with a lifetime work until the lifetime has passed", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { expires_at: 1 });
    expect((await me({ "x-api-key": key.token })).statusCode).toBe(200);

    t.clock.advance(30);
    expect((await me({ "x-api-key": key.token })).statusCode).toBe(200);
  });

  it("answers 401 api_key_expired once the lifetime has passed", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { expires_at: 1 });

    t.clock.advance(61);
    for (const headers of keyHeaders(key.token)) {
      const response = await me(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: expect.stringContaining("expired"),
        code: "api_key_expired",
      });
    }
  });

  it("drops an expired key from GET /keys/", async () => {
    const user = await newUser(t.app);
    const expiring = await createApiKey(t.app, user.accessToken, { name: "short", expires_at: 1 });
    const lasting = await createApiKey(t.app, user.accessToken, { name: "long" });

    t.clock.advance(61);
    const response = await listKeys(user.headers);
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((k: { id: string }) => k.id);
    expect(ids).toEqual([lasting.id]);
    expect(ids).not.toContain(expiring.id);
  });
});

describe("revoking", () => {
  it("answers 200 with is_revoked true, and the key then answers 401 api_key_revoked", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { name: "to revoke" });

    const response = await revokeKey(user.headers, key.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: key.id, name: "to revoke", is_revoked: true });

    for (const headers of keyHeaders(key.token)) {
      const refused = await me(headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: expect.stringContaining("revoked"), code: "api_key_revoked" });
    }
  });

  it("tells revoked apart from expired", async () => {
    const user = await newUser(t.app);
    const revoked = await createApiKey(t.app, user.accessToken);
    const expired = await createApiKey(t.app, user.accessToken, { expires_at: 1 });
    await revokeKey(user.headers, revoked.id);
    t.clock.advance(61);

    const revokedAnswer = (await me({ "x-api-key": revoked.token })).json();
    const expiredAnswer = (await me({ "x-api-key": expired.token })).json();
    expect(revokedAnswer.code).toBe("api_key_revoked");
    expect(expiredAnswer.code).toBe("api_key_expired");
    expect(revokedAnswer.detail).not.toBe(expiredAnswer.detail);
    expect(revokedAnswer.detail).not.toContain("expired");
    expect(expiredAnswer.detail).not.toContain("revoked");
  });

  it("reports revoked for a revoked key even after its lifetime has also passed", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { expires_at: 1 });
    await revokeKey(user.headers, key.id);
    t.clock.advance(61);
    await expectKeyRefused(key.token, "api_key_revoked");
  });

  it("answers 200 again when an already revoked key is revoked (idempotent)", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const first = await revokeKey(user.headers, key.id);
    const second = await revokeKey(user.headers, key.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json().is_revoked).toBe(true);
  });

  it("revokes through PATCH {is_revoked: true} as well", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);

    const response = await patchKey(user.headers, key.id, { is_revoked: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: key.id, is_revoked: true });

    await expectKeyRefused(key.token, "api_key_revoked");
  });

  it("leaves an active key active on PATCH {is_revoked: false}", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const response = await patchKey(user.headers, key.id, { is_revoked: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().is_revoked).toBe(false);
    expect((await me({ "x-api-key": key.token })).statusCode).toBe(200);
  });

  it("answers 409 to a PATCH on a revoked key and changes nothing", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { name: "frozen" });
    await revokeKey(user.headers, key.id);

    for (const payload of [{ name: "thawed" }, { is_revoked: false }, { expires_at: null }]) {
      const response = await patchKey(user.headers, key.id, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail: expect.stringContaining("revoked"),
        code: "already_revoked",
      });
    }
    const again = await revokeKey(user.headers, key.id);
    expect(again.json()).toMatchObject({ name: "frozen", is_revoked: true });
    expect((await me({ "x-api-key": key.token })).json().code).toBe("api_key_revoked");
  });

  it("drops revoked keys from GET /keys/", async () => {
    const user = await newUser(t.app);
    const kept = await createApiKey(t.app, user.accessToken, { name: "kept" });
    const byPost = await createApiKey(t.app, user.accessToken, { name: "by post" });
    const byPatch = await createApiKey(t.app, user.accessToken, { name: "by patch" });
    await revokeKey(user.headers, byPost.id);
    await patchKey(user.headers, byPatch.id, { is_revoked: true });

    const response = await listKeys(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((k: { id: string }) => k.id)).toEqual([kept.id]);
  });

  it("lets a key revoke itself, after which it is refused", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const response = await revokeKey({ "x-api-key": key.token }, key.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().is_revoked).toBe(true);
    expect((await me({ "x-api-key": key.token })).json().code).toBe("api_key_revoked");
  });
});

describe("PATCH /keys/{key_id}", () => {
  it("renames the key and changes its description", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { name: "old", description: "before" });
    t.clock.advance(1);

    const response = await patchKey(user.headers, key.id, { name: "new", description: "after" });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ id: key.id, name: "new", description: "after", is_revoked: false });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(updated.created_at));

    const [listed] = (await listKeys(user.headers)).json();
    expect(listed).toMatchObject({ id: key.id, name: "new", description: "after" });
    expect((await me({ "x-api-key": key.token })).statusCode).toBe(200);
  });

  it("clears the description with null", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { description: "to clear" });
    const response = await patchKey(user.headers, key.id, { description: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().description).toBeNull();
  });

  it("leaves everything as it was for an empty body", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { name: "steady", expires_at: 60 });
    const response = await patchKey(user.headers, key.id, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "steady", expires_at: key.expires_at, is_revoked: false });
  });

  it("sets a new lifetime in minutes from now", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const response = await patchKey(user.headers, key.id, { expires_at: 30 });
    expect(response.statusCode).toBe(200);
    expect(offsetFromNow(response.json().expires_at, 30)).toBeLessThan(5_000);
  });

  it("makes a key never expire with expires_at null", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { expires_at: 1 });

    const response = await patchKey(user.headers, key.id, { expires_at: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().expires_at).toBeNull();

    t.clock.advance(120);
    expect((await me({ "x-api-key": key.token })).statusCode).toBe(200);
  });

  it("shortens a key's life so that it expires", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    await patchKey(user.headers, key.id, { expires_at: 1 });
    t.clock.advance(61);
    await expectKeyRefused(key.token, "api_key_expired");
  });

  it.each([
    ["an empty name", { name: "" }, "name"],
    ["a name of 101 characters", { name: "n".repeat(101) }, "name"],
    ["a null name", { name: null }, "name"],
    ["expires_at 0", { expires_at: 0 }, "expires_at"],
    ["expires_at -5", { expires_at: -5 }, "expires_at"],
    ['expires_at "60"', { expires_at: "60" }, "expires_at"],
    ["expires_at 1.5", { expires_at: 1.5 }, "expires_at"],
    ['is_revoked "true"', { is_revoked: "true" }, "is_revoked"],
  ])("answers 422 for %s and changes nothing", async (_case, payload, field) => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken, { name: "untouched" });
    const response = await patchKey(user.headers, key.id, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        expect.objectContaining({ loc: ["body", field], msg: expect.any(String), type: expect.any(String) }),
      ],
    });
    const [listed] = (await listKeys(user.headers)).json();
    expect(listed).toMatchObject({ name: "untouched", expires_at: null, is_revoked: false });
  });

  it.each([
    ["PATCH", "not-a-uuid"],
    ["POST", "not-a-uuid"],
    ["PATCH", "12345"],
    ["POST", `${randomUUID()}x`],
  ] as const)("answers 422 at loc [path, key_id] for %s /keys/%s", async (method, id) => {
    const user = await newUser(t.app);
    const response = await t.app.inject({
      method,
      url: `/keys/${id}`,
      headers: user.headers,
      payload: method === "PATCH" ? { name: "x" } : undefined,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ["path", "key_id"], msg: expect.any(String), type: "uuid_parsing", input: id }],
    });
  });
});

describe("another account's keys", () => {
  it("answers 404 to PATCH and revoke of someone else's key, and the key keeps working", async () => {
    const owner = await newUser(t.app);
    const intruder = await newUser(t.app);
    const key = await createApiKey(t.app, owner.accessToken, { name: "owned" });

    for (const response of [
      await patchKey(intruder.headers, key.id, { name: "stolen", is_revoked: true }),
      await revokeKey(intruder.headers, key.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: expect.any(String), code: "not_found" });
    }

    expect((await me({ "x-api-key": key.token })).json().id).toBe(owner.id);
    const [listed] = (await listKeys(owner.headers)).json();
    expect(listed).toMatchObject({ id: key.id, name: "owned", is_revoked: false });
  });

  it("answers the same 404 for someone else's key as for an unknown id", async () => {
    const owner = await newUser(t.app);
    const intruder = await newUser(t.app);
    const key = await createApiKey(t.app, owner.accessToken);

    const foreign = await revokeKey(intruder.headers, key.id);
    const unknown = await revokeKey(intruder.headers, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
  });

  it("answers 404 for an unknown key id on PATCH and revoke", async () => {
    const user = await newUser(t.app);
    for (const response of [
      await patchKey(user.headers, randomUUID(), { name: "ghost" }),
      await revokeKey(user.headers, randomUUID()),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: expect.any(String), code: "not_found" });
    }
  });
});

describe("GET /keys/", () => {
  it("lists only the caller's active keys, newest first", async () => {
    const user = await newUser(t.app);
    const other = await newUser(t.app);
    const first = await createApiKey(t.app, user.accessToken, { name: "first" });
    t.clock.advance(1);
    await createApiKey(t.app, other.accessToken, { name: "someone else's" });
    t.clock.advance(1);
    const second = await createApiKey(t.app, user.accessToken, { name: "second" });
    t.clock.advance(1);
    const third = await createApiKey(t.app, user.accessToken, { name: "third" });

    const response = await listKeys(user.headers);
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items.map((k: { name: string }) => k.name)).toEqual(["third", "second", "first"]);
    expect(items.map((k: { id: string }) => k.id)).toEqual([third.id, second.id, first.id]);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "created_at",
          "description",
          "expires_at",
          "id",
          "is_revoked",
          "last_used_at",
          "name",
          "prefix",
          "updated_at",
          "workspace_id",
          "access",
          "project_ids",
          "environment_ids",
          "allowed_cidrs",
        ].sort(),
      );
    }
  });

  it("answers an empty list for an account without keys", async () => {
    const user = await newUser(t.app);
    const response = await listKeys(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("answers the same list to the account's API key as to its session", async () => {
    const user = await newUser(t.app);
    const key = await createApiKey(t.app, user.accessToken);
    const bySession = await listKeys(user.headers);
    const byKey = await listKeys({ "x-api-key": key.token });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().map((k: { id: string }) => k.id)).toEqual(
      bySession.json().map((k: { id: string }) => k.id),
    );
  });
});
