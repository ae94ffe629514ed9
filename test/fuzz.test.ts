// One capability's contract, read top to bottom: malformed input for every operation of the document.
// Fuzzing through the served OpenAPI document (issue 8): every operation, malformed on purpose —
// wrong types, missing fields, huge and deeply nested values, NUL and invalid UTF-8, malformed and
// unknown UUIDs, oversized arrays, bad content types — as an Owner (session and API key), with a
// garbage credential and anonymously. No answer may be a 5xx, every error must be in the
// contract's shape, the process must still serve, and data written before must still decrypt.
// Seeded: a failure prints the seed and the request that caused it, and reproduces with
// COFFER_FUZZ_SEED=<seed>.
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engineUnderTest, type TestApp } from "./helpers/app.ts";
import { createApiKey, login, newUser } from "./helpers/factories.ts";
import { type FakePlatforms, startFakePlatforms } from "./helpers/fake-platforms.ts";
import { prng } from "./helpers/prng.ts";
import { createTree, postSecret, secretsPath, type Tree } from "./helpers/tree.ts";

const REQUESTS = 6000;
const TIME_BUDGET_MS = 90_000;
const SEED = Number(process.env.COFFER_FUZZ_SEED ?? Date.now() % 2 ** 31);

const rng = prng(SEED);

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};
interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: Schema }[];
  body?: Schema;
  bodyTypes: string[];
}

let components: Record<string, Schema> = {};
const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(components[schema.$ref.split("/").pop()!] ?? {}) : schema;

const UUID_SAMPLE = () => crypto.randomUUID();
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const deepValue = (levels: number): unknown => JSON.parse(deep(levels));

/** A value that satisfies the schema, as far as a simple generator can. */
function sample(input: Schema, depth = 0): unknown {
  const schema = resolve(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(rng.pick(variants), depth);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || rng.chance(0.5)) out[name] = sample(property, depth + 1);
      }
      return out;
    }
    case "array":
      return depth > 4
        ? []
        : Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
            sample(schema.items ?? {}, depth + 1),
          );
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return rng.chance(0.5);
    case "null":
      return null;
    case "string": {
      if (schema.format === "uuid") return UUID_SAMPLE();
      if (schema.format === "email") return `fuzz-${rng.int(1e9)}@example.com`;
      if (schema.format === "date-time") return new Date().toISOString();
      const length = Math.max(schema.minLength ?? 1, 8);
      return `FUZZ_${rng.int(1e9)}`.padEnd(Math.min(length, schema.maxLength ?? length), "x").toUpperCase();
    }
    default:
      return "x";
  }
}

const WRONG_TYPES: unknown[] = [null, 0, -1, 1.5, 1e308, "", "text", true, [], {}, [1, 2], { a: 1 }];
const BAD_STRINGS = [
  "\u0000",
  "a\u0000b",
  "x".repeat(100_000),
  "\ud800",
  "😀".repeat(1000),
  "' OR 1=1 --",
  "%00",
  "../../etc/passwd",
];

/** One malformed (or, sometimes, valid) body for the operation's schema, as JSON text or raw bytes. */
function body(op: Operation): { payload?: string | Buffer; contentType?: string } {
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: "application/json" });
  const raw = [
    () => ({ payload: "{", contentType: "application/json" }),
    () => ({
      payload: Buffer.from([0x7b, 0x22, 0x6b, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
      contentType: "application/json",
    }),
    () => ({ payload: deep(5000), contentType: "application/json" }),
    () => ({ payload: `[${deep(3000)}]`, contentType: "application/json" }),
    () => ({ payload: '{"a":1,"a":2,"key":"K","key":"L"}', contentType: "application/json" }),
    () => ({ payload: '{"value": 1e400, "n": -0}', contentType: "application/json" }),
    () => ({ payload: "", contentType: "application/json" }),
    () => ({ payload: "key=value&a=b", contentType: "application/x-www-form-urlencoded" }),
    () => ({ payload: "plain text", contentType: "text/plain" }),
    () => ({ payload: '{"a":1}', contentType: "application/json; charset=latin1" }),
    () => ({
      payload: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--",
      contentType: "multipart/form-data; boundary=x",
    }),
    () => ({ payload: '{"a":1}', contentType: "application/xml" }),
    () => ({ payload: '{"a":1}' }),
    () => ({}),
  ];
  if (!op.body || rng.chance(0.25)) return rng.pick(raw)();
  const valid = sample(op.body) as Record<string, unknown>;
  const schema = resolve(op.body);
  const names = Object.keys(schema.properties ?? {});
  const mutations = [
    () => json(valid),
    () => {
      const copy = { ...valid };
      const required = schema.required ?? [];
      if (required.length) delete copy[rng.pick(required)];
      return json(copy);
    },
    () => json({ ...valid, [names.length ? rng.pick(names) : "x"]: rng.pick(WRONG_TYPES) }),
    () => json({ ...valid, [names.length ? rng.pick(names) : "x"]: rng.pick(BAD_STRINGS) }),
    () => json({ ...valid, "key\u0000": "v", "\u0000": "\u0000" }),
    () =>
      json({
        ...valid,
        [names.length ? rng.pick(names) : "x"]: Array.from({ length: 1001 }, (_, i) =>
          rng.chance(0.5) ? i : { key: `K${i}`, value: "v" },
        ),
      }),
    () => json({ ...valid, [names.length ? rng.pick(names) : "x"]: deepValue(rng.pick([33, 100, 1000])) }),
    () =>
      json({
        ...valid,
        unknown_field: "x",
        __proto__: { polluted: true },
        constructor: { prototype: { x: 1 } },
      }),
    () => json(rng.pick([null, [], "str", 123, true, [valid]])),
    () => {
      // Every array in the body filled with 1,001 copies of its first item.
      const copy: Record<string, unknown> = { ...valid };
      for (const [name, value] of Object.entries(copy))
        if (Array.isArray(value)) copy[name] = Array(1001).fill(value[0] ?? 1);
      return json(copy);
    },
  ];
  return rng.pick(mutations)();
}

interface Ids {
  [name: string]: string;
}

const MALFORMED_IDS = [
  "x",
  "null",
  " ",
  "%00",
  "%ff",
  "%2e%2e",
  "a".repeat(300),
  "1",
  "-1",
  "😀",
  "00000000-0000-0000-0000-00000000000g",
  "{id}",
];

function pathOf(op: Operation, real: Ids, foreign: Ids): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const roll = rng.next();
    if (roll < 0.45 && real[name]) return rng.chance(0.1) ? real[name]!.toUpperCase() : real[name]!;
    if (roll < 0.6 && foreign[name]) return foreign[name]!;
    if (roll < 0.75) return UUID_SAMPLE();
    return encodeURIComponent(rng.pick(MALFORMED_IDS)).replace(/%25/g, "%");
  });
}

function queryOf(op: Operation): string {
  const query = op.parameters.filter((p) => p.in === "query");
  const pairs = query
    .filter(() => rng.chance(0.6))
    .map((p) => [
      p.name,
      String(
        rng.pick([
          "abc",
          "-1",
          "0",
          "99999999999999999999",
          "%00",
          "",
          "x".repeat(5000),
          "1.5",
          "true",
          "null",
          "[]",
        ]),
      ),
    ]);
  if (rng.chance(0.1)) pairs.push(["unknown", "1"]);
  return pairs.length
    ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k!)}=${encodeURIComponent(v!).replace(/%2500/g, "%00")}`).join("&")}`
    : "";
}

let t: TestApp;
let platforms: FakePlatforms;
const operations: Operation[] = [];
let protectedTree: Tree;
let protectedHeaders: Record<string, string>;
const protectedValues = new Map<string, string>();

beforeAll(async () => {
  // Imports reach fake platforms: a fuzzed import must never call out of this machine.
  platforms = await startFakePlatforms();
  t = await createTestApp({ env: { DEBUG: "true", COFFER_DEFAULT_PLAN: "pro", ...platforms.env } });
  const document = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Operation["parameters"];
          requestBody?: { content: Record<string, { schema: Schema }> };
        }
      >
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  components = document.components?.schemas ?? {};
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const content = spec.requestBody?.content ?? {};
      const first = Object.values(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: spec.parameters ?? [],
        body: first?.schema,
        bodyTypes: Object.keys(content),
      });
    }
  }
  // The data that must survive: another tenant's secrets, never touched but by foreign-id attempts.
  const keeper = await newUser(t.app);
  protectedHeaders = keeper.headers;
  protectedTree = await createTree(t.app, keeper.accessToken, keeper.workspaceId);
  for (let i = 0; i < 5; i++) {
    const value = `protected-${i}-${crypto.randomUUID()}`;
    const response = await postSecret(t.app, protectedTree, keeper.headers, { key: `KEPT_${i}`, value });
    expect(response.statusCode).toBe(201);
    protectedValues.set(`KEPT_${i}`, value);
  }
});
afterAll(async () => {
  await t.close();
  await platforms.close();
});

/** The fuzzing tenant: an Owner with a tree, a secret, a spare key and a spare session to aim real ids at. */
async function fuzzer() {
  const owner = await newUser(t.app);
  const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  const secret = await postSecret(t.app, tree, owner.headers, { key: "FUZZ_TARGET", value: "v" });
  const apiKey = await createApiKey(t.app, owner.accessToken, { name: "fuzz" });
  const spareKey = await createApiKey(t.app, owner.accessToken, { name: "spare" });
  await login(t.app, owner.email, owner.password, "spare-device");
  const sessions = (
    await t.app.inject({ method: "GET", url: "/sessions/", headers: owner.headers })
  ).json() as {
    id: string;
    user_agent: string;
  }[];
  const real: Ids = {
    workspace_id: tree.workspaceId,
    team_id: tree.teamId,
    project_id: tree.projectId,
    environment_id: tree.environmentId,
    secret_id: secret.json().id,
    key_id: spareKey.id,
    session_id: sessions.find((s) => s.user_agent === "spare-device")?.id ?? UUID_SAMPLE(),
    user_id: owner.id,
    invite_id: UUID_SAMPLE(),
    token: `sk-${"a".repeat(40)}`,
  };
  return { owner, apiKey, real };
}

function expectContractShape(response: LightMyRequestResponse, request: string) {
  if (response.statusCode < 400) return;
  let json: unknown;
  try {
    json = response.json();
  } catch {
    throw new Error(
      `${request} -> ${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 200)}`,
    );
  }
  const body = json as { detail?: unknown; code?: unknown };
  if (response.statusCode === 422) {
    expect(Array.isArray(body.detail), `${request}: 422 detail must be a list`).toBe(true);
    const issues = body.detail as { loc?: unknown; msg?: unknown; type?: unknown }[];
    expect(issues.length, request).toBeGreaterThan(0);
    expect(issues.length, request).toBeLessThanOrEqual(20);
    for (const issue of issues) {
      expect(Array.isArray(issue.loc), request).toBe(true);
      expect(typeof issue.msg, request).toBe("string");
      expect(typeof issue.type, request).toBe("string");
    }
  } else {
    expect(typeof body.detail, `${request}: detail`).toBe("string");
    expect(typeof body.code, `${request}: code`).toBe("string");
  }
  // A response never grows far beyond its request (no amplification).
  expect(response.rawPayload.length, request).toBeLessThan(64 * 1024);
}

describe(`fuzzing every operation of /openapi.json (${engineUnderTest()})`, () => {
  it(`answers ${REQUESTS} malformed requests without a 5xx, in the contract's shape, and loses nothing (seed ${SEED})`, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const foreign: Ids = {
      workspace_id: protectedTree.workspaceId,
      team_id: protectedTree.teamId,
      project_id: protectedTree.projectId,
      environment_id: protectedTree.environmentId,
    };
    let tenant = await fuzzer();
    let sent = 0;
    let serverErrors = 0;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const started = Date.now();
    while (sent < REQUESTS && Date.now() - started < TIME_BUDGET_MS) {
      // A fresh tenant now and then: the fuzz may delete its tree, revoke its session, sign it out.
      if (sent % 250 === 0 && sent > 0) tenant = await fuzzer();
      const op = rng.pick(operations);
      // Mostly real credentials, so that requests get past authentication into the handlers.
      const roll = rng.next();
      const invalid: Record<string, string>[] = [
        { authorization: "Bearer garbage.token.here" },
        { "x-api-key": `sk-${"z".repeat(40)}` },
        {},
      ];
      const credential: Record<string, string> =
        roll < 0.4
          ? { authorization: `Bearer ${tenant.owner.accessToken}` }
          : roll < 0.75
            ? { "x-api-key": tenant.apiKey.token }
            : roll < 0.85
              ? { authorization: `Bearer ${tenant.apiKey.token}` }
              : rng.pick(invalid);
      const headers: Record<string, string> = { ...credential };
      if (rng.chance(0.1))
        headers["x-workspace-id"] = rng.pick([
          tenant.real.workspace_id!,
          foreign.workspace_id!,
          "null",
          "garbage",
          UUID_SAMPLE(),
        ]);
      const { payload, contentType } =
        ["GET", "DELETE"].includes(op.method) && rng.chance(0.7) ? {} : body(op);
      if (contentType) headers["content-type"] = contentType;
      const url = pathOf(op, tenant.real, foreign) + queryOf(op);
      const request: InjectOptions = { method: op.method as InjectOptions["method"], url, headers, payload };
      const label = `${op.method} ${url.slice(0, 160)} [${contentType ?? "no body"}] ${typeof payload === "string" ? payload.slice(0, 80) : ""}`;
      const response = await t.app.inject(request);
      sent++;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500) {
        serverErrors++;
        if (failures.length < 20)
          failures.push(`${label} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      try {
        expectContractShape(response, label);
      } catch (error) {
        if (failures.length < 20) failures.push((error as Error).message.split("\n")[0]!);
      }
    }
    const histogram = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}:${n}`)
      .join(" ");
    console.log(
      `fuzz: ${sent} requests, ${serverErrors} 5xx (${engineUnderTest()}, seed ${SEED}, ${Date.now() - started} ms; ${histogram})`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(5000);

    // Still serving, and the protected tenant's secrets still decrypt (200, not 207), unchanged.
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    const list = await t.app.inject({
      method: "GET",
      url: `${secretsPath(protectedTree)}/`,
      headers: protectedHeaders,
    });
    expect(list.statusCode).toBe(200);
    const values = new Map((list.json() as { key: string; value: string }[]).map((s) => [s.key, s.value]));
    expect(values).toEqual(protectedValues);
  }, 180_000);
});
