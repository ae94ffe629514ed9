// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the values under test hold references, ${…} as written.
// Reads for tools that consume an environment without an SDK (issue 23): one secret by its key,
// and the environment exported as one flat JSON object or as dotenv text. Each answers what the
// read by id or the list answers — the same record, inherited keys, references, key scope,
// ETag/304, 409s and 207 — and the dotenv text reads back identically through the real `dotenv`
// package. `Prefer: handling=strict` turns a partial export into a 409.
import dotenv from "dotenv";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "./helpers/factories.ts";
import { callerOf, type Headers } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite();
const call = callerOf(() => t.app);

beforeAll(async () => {});

/** A new environment of the tree's project (inheriting `parent` when given), with `secrets` in it. */
async function environment(secrets: { key: string; value: string }[], parent?: string) {
  const created = await call(
    "POST",
    `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`,
    owner.headers,
    {
      name: `env-${Math.random().toString(36).slice(2, 8)}`,
      environment_type: "custom",
      ...(parent ? { parent_environment_id: parent } : {}),
    },
  );
  expect(created.statusCode, created.body).toBe(201);
  const base = secretsPath(tree, created.json().id);
  if (secrets.length > 0) {
    const bulk = await call("POST", `${base}/bulk`, owner.headers, { secrets });
    expect(bulk.statusCode, bulk.body).toBe(201);
  }
  return { id: created.json().id as string, base };
}

const get = (url: string, headers: Headers = owner.headers) => call("GET", url, headers);
// The stored text: a list with a reference that does not resolve still answers 200.
const idOf = async (base: string, key: string): Promise<string> =>
  (await get(`${base}/?raw=true`)).json().find((s: { key: string }) => s.key === key).id;

// Values dotenv files get wrong: quotes of every kind, backslashes, $, #, line breaks, padding.
const TRICKY: Record<string, string> = {
  DOLLAR: "p@ss$word and $HOME",
  LITERAL_REFERENCE: "$${NOT_A_REFERENCE}",
  BACKSLASHES: "C:\\Users\\me\\",
  BACKSLASH_N: "a\\nb, not a newline",
  SINGLE: "it's",
  DOUBLE: 'say "hi"',
  BACKTICK: "run `ls`",
  ALL_QUOTES: 'it\'s "all" `three`',
  MULTILINE: "line 1\nline 2\n",
  CRLF: "windows\r\nline",
  PEM: "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----",
  HASH: "# not a comment",
  HASH_AFTER_SPACE: "value #kept",
  PADDED: "  padded  ",
  EMPTY: "",
  EQUALS: "a=b=c",
  JSON: '{"user":"me","pass":"it\'s"}',
  UNICODE: "clé ✓ 🔑",
  LINE_SEPARATOR: "a\u2028b",
};

describe("GET …/by-key?key=", () => {
  it("answers the record the read by id answers, under its own ETag, with 304 for that tag", async () => {
    const env = await environment([
      { key: "DB_HOST", value: "db.internal" },
      { key: "DB_URL", value: "postgres://${DB_HOST}/app" },
    ]);
    const id = await idOf(env.base, "DB_URL");
    const byId = await get(`${env.base}/${id}`);
    const byKey = await get(`${env.base}/by-key?key=DB_URL`);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json()).toEqual(byId.json());
    expect(byKey.json()).toMatchObject({
      value: "postgres://db.internal/app",
      raw_value: "postgres://${DB_HOST}/app",
    });
    expect(byKey.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(byKey.headers.etag).not.toBe(byId.headers.etag);
    const tag = byKey.headers.etag as string;
    const again = await call("GET", `${env.base}/by-key?key=DB_URL`, {
      ...owner.headers,
      "if-none-match": tag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // A write the reference reaches moves the tag.
    await call("PATCH", `${env.base}/${await idOf(env.base, "DB_HOST")}`, owner.headers, { value: "db2" });
    const moved = await call("GET", `${env.base}/by-key?key=DB_URL`, {
      ...owner.headers,
      "if-none-match": tag,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().value).toBe("postgres://db2/app");
    // raw=true: the stored text, as by id.
    expect((await get(`${env.base}/by-key?key=DB_URL&raw=true`)).json().value).toBe(
      "postgres://${DB_HOST}/app",
    );
  });

  it("answers 404 for a key the environment does not read (keys are case-sensitive), 422 for one no secret can have", async () => {
    const env = await environment([{ key: "API_TOKEN", value: "t" }]);
    for (const key of ["MISSING", "api_token"]) {
      const response = await get(`${env.base}/by-key?key=${key}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("not_found");
    }
    const malformed = await get(`${env.base}/by-key?key=NOT-A-KEY`);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0].loc).toEqual(["query", "key"]);
    expect((await get(`${env.base}/by-key`)).statusCode).toBe(422);
    // A deleted secret is gone for readers by key too.
    await call("DELETE", `${env.base}/${await idOf(env.base, "API_TOKEN")}`, owner.headers);
    expect((await get(`${env.base}/by-key?key=API_TOKEN`)).statusCode).toBe(404);
  });

  it("reads an inherited key as the list shows it: the nearest parent's, unless the environment overrides it", async () => {
    const parent = await environment([
      { key: "DB_HOST", value: "db.prod" },
      { key: "DB_URL", value: "postgres://${DB_HOST}/app" },
    ]);
    const child = await environment([{ key: "DB_HOST", value: "db.staging" }], parent.id);
    const inherited = await get(`${child.base}/by-key?key=DB_URL`);
    expect(inherited.statusCode).toBe(200);
    const listed = (await get(`${child.base}/`)).json().find((s: { key: string }) => s.key === "DB_URL");
    expect(inherited.json()).toEqual(listed);
    // References in an inherited value resolve as the child reads them.
    expect(inherited.json()).toMatchObject({ value: "postgres://db.staging/app", inherited_from: parent.id });
    const own = await get(`${child.base}/by-key?key=DB_HOST`);
    expect(own.json().value).toBe("db.staging");
    expect(own.json().inherited_from).toBeUndefined();
    // A write in the parent moves the child's tag.
    const tag = inherited.headers.etag as string;
    await call("POST", `${parent.base}/`, owner.headers, { key: "OTHER", value: "x" });
    const after = await call("GET", `${child.base}/by-key?key=DB_URL`, {
      ...owner.headers,
      "if-none-match": tag,
    });
    expect(after.statusCode).toBe(200);
  });

  it("answers the read by id's 409s: a reference that does not resolve, a value that does not decrypt", async () => {
    const env = await environment([
      { key: "BROKEN", value: "x${NOWHERE}" },
      { key: "DAMAGED", value: "secret" },
    ]);
    const brokenById = await get(`${env.base}/${await idOf(env.base, "BROKEN")}`);
    const brokenByKey = await get(`${env.base}/by-key?key=BROKEN`);
    expect(brokenByKey.statusCode).toBe(409);
    expect(brokenByKey.json()).toEqual(brokenById.json());
    expect(brokenByKey.json()).toMatchObject({
      code: "reference_unresolved",
      reference: "${NOWHERE}",
      reason: "missing",
    });
    expect(brokenByKey.headers.etag).toBeUndefined();

    const damaged = await idOf(env.base, "DAMAGED");
    await t.db.updateTable("secrets").set({ ciphertext: "v1.1.garbage" }).where("id", "=", damaged).execute();
    const damagedById = await get(`${env.base}/${damaged}`);
    const damagedByKey = await get(`${env.base}/by-key?key=DAMAGED`);
    expect(damagedByKey.statusCode).toBe(409);
    expect(damagedByKey.json()).toEqual(damagedById.json());
    expect(damagedByKey.json().code).toBe("decryption_failed");
    expect(damagedByKey.body).not.toContain('secret"');
  });

  it("holds a scoped key to its environment, and to the parents the environment inherits", async () => {
    const parent = await environment([{ key: "SHARED", value: "from parent" }]);
    const child = await environment([{ key: "OWN", value: "mine" }], parent.id);
    const other = await environment([{ key: "OWN", value: "not yours" }]);
    const scoped = async (environmentIds: string[]) => ({
      "x-api-key": (
        await createApiKey(t.app, owner.accessToken, {
          workspace_id: tree.workspaceId,
          environment_ids: environmentIds,
          access: "read",
        })
      ).token,
    });
    const both = await scoped([child.id, parent.id]);
    expect((await get(`${child.base}/by-key?key=SHARED`, both)).json().value).toBe("from parent");
    const refused = await get(`${other.base}/by-key?key=OWN`, both);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("key_scope_forbidden");
    // Inheritance never widens a key: scoped to the child alone, it may not read the child at all.
    const childOnly = await scoped([child.id]);
    const narrow = await get(`${child.base}/by-key?key=OWN`, childOnly);
    expect(narrow.statusCode).toBe(403);
    expect(narrow.json().code).toBe("key_scope_forbidden");
  });
});

describe("GET …/export", () => {
  it("answers one flat object of strings, the list's keys and values, inherited and resolved", async () => {
    const parent = await environment([
      { key: "DB_HOST", value: "db.prod" },
      { key: "DB_URL", value: "postgres://${DB_HOST}/app" },
      { key: "LOG_LEVEL", value: "warn" },
    ]);
    const child = await environment([{ key: "DB_HOST", value: "db.staging" }], parent.id);
    const response = await get(`${child.base}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.json()).toEqual({
      DB_HOST: "db.staging",
      DB_URL: "postgres://db.staging/app",
      LOG_LEVEL: "warn",
    });
    const listed = (await get(`${child.base}/`)).json() as { key: string; value: string }[];
    expect(response.json()).toEqual(Object.fromEntries(listed.map((s) => [s.key, s.value])));
    expect((await get(`${child.base}/export?format=json`)).body).toBe(response.body);
  });

  it("keeps every value exactly, in JSON and in dotenv text the dotenv package reads back", async () => {
    const env = await environment(Object.entries(TRICKY).map(([key, value]) => ({ key, value })));
    const expected = Object.fromEntries(
      Object.entries(TRICKY).map(([key, value]) => [key, value.replace("$${", "${")]),
    );
    const json = await get(`${env.base}/export`);
    expect(json.statusCode).toBe(200);
    const parsed = JSON.parse(json.body) as Record<string, string>;
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(expected).sort());
    for (const key of Object.keys(expected)) expect(parsed[key], key).toBe(expected[key]);

    const text = await get(`${env.base}/export?format=dotenv`);
    expect(text.statusCode).toBe(200);
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const read = dotenv.parse(text.body);
    for (const key of Object.keys(expected)) expect(read[key], key).toBe(expected[key]);
    expect(Object.keys(read).sort()).toEqual(Object.keys(expected).sort());
    // Each format has its own tag.
    expect(text.headers.etag).toMatch(/^"/);
    expect(text.headers.etag).not.toBe(json.headers.etag);
  });

  it("answers 304 for its tag while nothing it shows changed, and a new tag after a write", async () => {
    const env = await environment([{ key: "A", value: "1" }]);
    for (const format of ["json", "dotenv"]) {
      const url = `${env.base}/export?format=${format}`;
      const tag = (await get(url)).headers.etag as string;
      const cached = await call("GET", url, { ...owner.headers, "if-none-match": tag });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe("");
      await call("POST", `${env.base}/`, owner.headers, { key: `B_${format}`, value: "2" });
      const fresh = await call("GET", url, { ...owner.headers, "if-none-match": tag });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers.etag).not.toBe(tag);
    }
  });

  it("answers the list's 207 when a value cannot be read, in JSON whatever the format, and no tag", async () => {
    const env = await environment([
      { key: "GOOD", value: "fine" },
      { key: "BROKEN", value: "${NOWHERE}" },
    ]);
    const list = await get(`${env.base}/`);
    expect(list.statusCode).toBe(207);
    for (const format of ["json", "dotenv"]) {
      const response = await get(`${env.base}/export?format=${format}`);
      expect(response.statusCode).toBe(207);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.headers.etag).toBeUndefined();
      expect(response.json()).toEqual(list.json());
      expect(response.json().detail.unresolved[0]).toMatchObject({ key: "BROKEN", reason: "missing" });
    }
  });

  it("answers 409 export_incomplete instead of a 207 to Prefer: handling=strict, and says it applied it", async () => {
    const env = await environment([
      { key: "GOOD", value: "fine" },
      { key: "BROKEN", value: "${NOWHERE}" },
    ]);
    const brokenId = (await get(`${env.base}/`)).json().detail.failed_ids[0];
    for (const prefer of ["handling=strict", "return=minimal, handling=strict", 'handling="STRICT"; x=1']) {
      const response = await call("GET", `${env.base}/export`, { ...owner.headers, prefer });
      expect(response.statusCode, prefer).toBe(409);
      expect(response.headers["preference-applied"]).toBe("handling=strict");
      expect(response.headers.etag).toBeUndefined();
      expect(response.json()).toMatchObject({ code: "export_incomplete", keys: ["BROKEN"], ids: [brokenId] });
      expect(response.body).not.toContain("fine");
    }
    // Lenient, or a first handling preference that is not strict: the 207.
    for (const prefer of ["handling=lenient", "handling=lenient, handling=strict", "respond-async"]) {
      expect((await call("GET", `${env.base}/export`, { ...owner.headers, prefer })).statusCode, prefer).toBe(
        207,
      );
    }
    // Strict on a whole environment changes nothing but the header.
    await call("DELETE", `${env.base}/${await idOf(env.base, "GOOD")}`, owner.headers);
    const whole = await environment([{ key: "GOOD", value: "fine" }]);
    const ok = await call("GET", `${whole.base}/export`, { ...owner.headers, prefer: "handling=strict" });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["preference-applied"]).toBe("handling=strict");
    expect(ok.json()).toEqual({ GOOD: "fine" });
  });

  it("answers 409 not_representable for a value no dotenv quoting carries, naming its key; JSON carries it", async () => {
    const unrepresentable = 'it\'s "quoted" `thrice`\nover two lines';
    const env = await environment([
      { key: "FINE", value: "ok" },
      { key: "SCRIPT", value: unrepresentable },
    ]);
    const text = await get(`${env.base}/export?format=dotenv`);
    expect(text.statusCode).toBe(409);
    expect(text.json()).toMatchObject({ code: "not_representable", keys: ["SCRIPT"] });
    expect(text.body).not.toContain("thrice");
    expect(text.headers.etag).toBeUndefined();
    expect((await get(`${env.base}/export`)).json().SCRIPT).toBe(unrepresentable);
  });

  it("keeps a key named __proto__ in JSON; dotenv, which reads into a plain object, cannot (409)", async () => {
    const env = await environment([
      { key: "__proto__", value: "a key like any other" },
      { key: "NEXT", value: "n" },
    ]);
    const json = await get(`${env.base}/export`);
    expect(json.body).toBe('{"NEXT":"n","__proto__":"a key like any other"}');
    expect(Object.hasOwn(JSON.parse(json.body), "__proto__")).toBe(true);
    const text = await get(`${env.base}/export?format=dotenv`);
    expect(text.statusCode).toBe(409);
    expect(text.json()).toMatchObject({ code: "not_representable", keys: ["__proto__"] });
  });

  it("exports an empty environment as {} and as empty text; refuses a format it does not know", async () => {
    const env = await environment([]);
    expect((await get(`${env.base}/export`)).body).toBe("{}");
    const text = await get(`${env.base}/export?format=dotenv`);
    expect(text.statusCode).toBe(200);
    expect(text.body).toBe("");
    const yaml = await get(`${env.base}/export?format=yaml`);
    expect(yaml.statusCode).toBe(422);
    expect(yaml.json().detail[0].loc).toEqual(["query", "format"]);
  });

  it("holds a scoped key to its environment", async () => {
    const mine = await environment([{ key: "A", value: "mine" }]);
    const other = await environment([{ key: "A", value: "other" }]);
    const key = {
      "x-api-key": (
        await createApiKey(t.app, owner.accessToken, {
          workspace_id: tree.workspaceId,
          environment_ids: [mine.id],
          access: "read",
        })
      ).token,
    };
    expect((await get(`${mine.base}/export`, key)).json()).toEqual({ A: "mine" });
    const refused = await get(`${other.base}/export?format=dotenv`, key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("key_scope_forbidden");
  });
});
