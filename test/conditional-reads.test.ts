// Conditional reads of secrets (RFC 9110 §8.8.3, §13.1.2): a strong ETag on the list and on one
// secret, 304 with no body for If-None-Match without decrypting, a new tag after every kind of
// write (and none after a refused one), another tag for another caller or role, no 304 for a
// caller who lost access, and weak, multiple and `*` If-None-Match values.
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { callerOf, type Headers, type Method } from "./helpers/http.ts";
import { createTree, newMember, secretsPath } from "./helpers/tree.ts";

const t = testAppForSuite();

const STRONG_TAG = /^"[A-Za-z0-9_-]{27}"$/;

const call = callerOf(() => t.app);

async function setup() {
  const owner = await newUser(t.app);
  const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  const base = secretsPath(tree);
  const created = await call("POST", `${base}/`, owner.headers, { key: "FIRST", value: "one" });
  expect(created.statusCode).toBe(201);
  return { owner, tree, base, firstId: created.json().id as string };
}

/** GET with an optional If-None-Match; the answer's status, tag and raw body. */
async function read(url: string, headers: Headers, ifNoneMatch?: string) {
  const response = await call(
    "GET",
    url,
    ifNoneMatch === undefined ? headers : { ...headers, "if-none-match": ifNoneMatch },
  );
  return { status: response.statusCode, etag: response.headers.etag as string | undefined, response };
}

async function tagOf(url: string, headers: Headers): Promise<string> {
  const { status, etag, response } = await read(url, headers);
  expect(status, response.body).toBe(200);
  expect(etag).toMatch(STRONG_TAG);
  return etag!;
}

describe("ETag on secret reads", () => {
  it("is strong, present on the list and on one secret, and differs between them", async () => {
    const { owner, base, firstId } = await setup();
    const list = await read(`${base}/`, owner.headers);
    const single = await read(`${base}/${firstId}`, owner.headers);
    expect(list.status).toBe(200);
    expect(single.status).toBe(200);
    expect(list.etag).toMatch(STRONG_TAG);
    expect(single.etag).toMatch(STRONG_TAG);
    expect(list.etag).not.toBe(single.etag);
    expect(list.response.headers.vary).toMatch(/authorization/i);
    // The same again while nothing changed.
    expect(await tagOf(`${base}/`, owner.headers)).toBe(list.etag);
    expect(await tagOf(`${base}/${firstId}`, owner.headers)).toBe(single.etag);
  });

  it("is another tag for another version query", async () => {
    const { owner, base } = await setup();
    expect(await tagOf(`${base}/?version=1`, owner.headers)).not.toBe(await tagOf(`${base}/`, owner.headers));
  });

  it("is the same for one user with a session and an API key (same view), never the value", async () => {
    const { owner, base } = await setup();
    const key = await createApiKey(t.app, owner.accessToken);
    const bySession = await tagOf(`${base}/`, owner.headers);
    expect(await tagOf(`${base}/`, { "x-api-key": key.token })).toBe(bySession);
    expect(bySession).not.toContain("one");
  });
});

describe("If-None-Match", () => {
  it("answers 304 with the tag, no body and no-store, for the list and for one secret", async () => {
    const { owner, base, firstId } = await setup();
    for (const url of [`${base}/`, `${base}/${firstId}`]) {
      const etag = await tagOf(url, owner.headers);
      const { status, etag: again, response } = await read(url, owner.headers, etag);
      expect(status).toBe(304);
      expect(again).toBe(etag);
      expect(response.rawPayload.length).toBe(0);
      expect(response.body).toBe("");
      expect(response.headers["content-length"]).toBeUndefined();
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers 304 without decrypting: a value tampered behind the API's back is not even read", async () => {
    const { owner, base, firstId } = await setup();
    const listTag = await tagOf(`${base}/`, owner.headers);
    const singleTag = await tagOf(`${base}/${firstId}`, owner.headers);
    await t.db.updateTable("secrets").set({ ciphertext: "v1.1.garbage" }).where("id", "=", firstId).execute();
    expect((await read(`${base}/`, owner.headers, listTag)).status).toBe(304);
    expect((await read(`${base}/${firstId}`, owner.headers, singleTag)).status).toBe(304);
    // Unconditionally one secret is read from the database: the damage shows.
    expect((await read(`${base}/${firstId}`, owner.headers)).status).toBe(409);
    // The list serves the rows this process read at the environment's revision (a write bumps it;
    // an edit behind the API's back does not), so it shows the damage once the environment changes.
    const cached = await read(`${base}/`, owner.headers);
    expect(cached.status).toBe(200);
    expect(cached.etag).toBe(listTag);
    await call("POST", `${base}/`, owner.headers, { key: "SECOND", value: "two" });
    // A partial answer carries no tag to keep.
    const partial = await read(`${base}/`, owner.headers);
    expect(partial.status).toBe(207);
    expect(partial.etag).toBeUndefined();
    expect(partial.response.json().detail.failed_ids).toEqual([firstId]);
  });

  it("compares weakly (W/ matches), takes a list, matches * and ignores malformed or unknown tags", async () => {
    const { owner, base, firstId } = await setup();
    const etag = await tagOf(`${base}/`, owner.headers);
    const cases: [string, number][] = [
      [etag, 304],
      [`W/${etag}`, 304],
      [`"nope", ${etag}`, 304],
      [`"a,b",W/"c" ,  ${etag}`, 304],
      [`, ,${etag},`, 304],
      ["*", 304],
      ['"nope"', 200],
      ['W/"nope", "other"', 200],
      [etag.slice(1, -1), 200], // unquoted
      [`${etag.slice(0, -1)}x"`, 200],
      ["", 200],
      ["*, *", 200], // "*" is only valid alone
    ];
    for (const [header, status] of cases) {
      const result = await read(`${base}/`, owner.headers, header);
      expect(result.status, header).toBe(status);
      expect(result.etag, header).toBe(etag);
    }
    // "*" answers 304 only for what exists; an unknown secret is still 404.
    expect((await read(`${base}/${firstId}`, owner.headers, "*")).status).toBe(304);
    const missing = await read(`${base}/00000000-0000-4000-8000-000000000000`, owner.headers, "*");
    expect(missing.status).toBe(404);
    expect(missing.etag).toBeUndefined();
  });

  it("answers 304 only to a caller who may read: no credential 401, a stranger 403, whatever the tag", async () => {
    const { owner, base } = await setup();
    const etag = await tagOf(`${base}/`, owner.headers);
    expect((await read(`${base}/`, {}, etag)).status).toBe(401);
    const stranger = await newUser(t.app);
    expect((await read(`${base}/`, stranger.headers, "*")).status).toBe(403);
    expect((await read(`${base}/`, stranger.headers, etag)).status).toBe(403);
  });
});

describe("a caller's view", () => {
  it("gives another caller another tag, and a changed role a new one; lost access is 403, never 304", async () => {
    const { owner, tree, base } = await setup();
    const viewer = await newMember(t.app, t.db, tree.workspaceId, 0, [tree.teamId]);
    const ownerTag = await tagOf(`${base}/`, owner.headers);
    const viewerTag = await tagOf(`${base}/`, viewer.headers);
    expect(viewerTag).not.toBe(ownerTag);
    // One caller's tag is no use to another.
    expect((await read(`${base}/`, viewer.headers, ownerTag)).status).toBe(200);

    const promoted = await call(
      "PATCH",
      `/workspaces/${tree.workspaceId}/members/${viewer.id}`,
      owner.headers,
      {
        role: 1,
      },
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    const memberTag = await tagOf(`${base}/`, viewer.headers);
    expect(memberTag).not.toBe(viewerTag);
    expect((await read(`${base}/`, viewer.headers, viewerTag)).status).toBe(200);
    expect((await read(`${base}/`, viewer.headers, memberTag)).status).toBe(304);

    const removed = await call(
      "DELETE",
      `/teams/${tree.workspaceId}/${tree.teamId}/members/${viewer.id}`,
      owner.headers,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await read(`${base}/`, viewer.headers, memberTag);
    expect(refused.status).toBe(403);
    expect(refused.etag).toBeUndefined();
  });
});

describe("a new tag after every kind of write", () => {
  it("changes the list's and a secret's tag after each write, and not after a refused one", async () => {
    const { owner, tree, base, firstId } = await setup();
    const seen = new Set<string>();
    let listTag = await tagOf(`${base}/`, owner.headers);
    let secretTag = await tagOf(`${base}/${firstId}`, owner.headers);
    seen.add(listTag).add(secretTag);

    const expectChanged = async (what: string) => {
      const list = await read(`${base}/`, owner.headers, listTag);
      expect(list.status, what).toBe(200);
      expect(seen.has(list.etag!), what).toBe(false);
      listTag = list.etag!;
      seen.add(listTag);
      const single = await read(`${base}/${firstId}`, owner.headers, secretTag);
      if (single.status === 404) return; // the secret itself is gone
      expect(single.status, what).toBe(200);
      expect(seen.has(single.etag!), what).toBe(false);
      secretTag = single.etag!;
      seen.add(secretTag);
    };
    const write = async (what: string, method: Method, url: string, body: unknown, status: number) => {
      const response = await call(method, url, owner.headers, body);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      return response;
    };

    const second = await write("create", "POST", `${base}/`, { key: "SECOND", value: "two" }, 201);
    await expectChanged("create");
    await write(
      "bulk create",
      "POST",
      `${base}/bulk`,
      {
        secrets: [
          { key: "B1", value: "x" },
          { key: "B2", value: "y" },
        ],
      },
      201,
    );
    await expectChanged("bulk create");
    await write("value", "PATCH", `${base}/${firstId}`, { value: "uno" }, 200);
    await expectChanged("PATCH value");
    await write("description", "PATCH", `${base}/${firstId}`, { description: "the first" }, 200);
    await expectChanged("PATCH description (no new version)");
    await write("rotation", "PATCH", `${base}/${firstId}`, { rotation_days: 7 }, 200);
    await expectChanged("PATCH rotation_days");
    await write("bulk update", "PATCH", `${base}/`, { secrets: [{ key: "B1", value: "z" }] }, 200);
    await expectChanged("bulk update");
    await write("rename", "PATCH", `${base}/`, { secrets: [{ key: "B2", new_key: "B3" }] }, 200);
    await expectChanged("bulk rename");
    await write("delete one", "DELETE", `${base}/${second.json().id}`, undefined, 200);
    await expectChanged("delete one");
    const environment = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${tree.environmentId}/`;
    await write("environment policy", "PATCH", environment, { default_policy: 3 }, 200);
    await expectChanged("environment default_policy (every rotation_days fallback)");

    // Refused writes roll back with everything else: the tags stay.
    await write("conflict", "POST", `${base}/`, { key: "FIRST", value: "dup" }, 409);
    await write(
      "bulk conflict",
      "POST",
      `${base}/bulk`,
      {
        secrets: [
          { key: "NEW", value: "1" },
          { key: "B1", value: "2" },
        ],
      },
      409,
    );
    await write("unknown key", "PATCH", `${base}/`, { secrets: [{ key: "NOPE", value: "1" }] }, 404);
    expect((await read(`${base}/`, owner.headers, listTag)).status).toBe(304);
    expect((await read(`${base}/${firstId}`, owner.headers, secretTag)).status).toBe(304);

    // A write in another environment leaves this one's tags alone.
    const other = await call(
      "POST",
      `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`,
      owner.headers,
      {
        name: "Staging",
        environment_type: "staging",
      },
    );
    const otherBase = `/secrets/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${other.json().id}`;
    await write("elsewhere", "POST", `${otherBase}/`, { key: "ELSEWHERE", value: "1" }, 201);
    expect((await read(`${base}/`, owner.headers, listTag)).status).toBe(304);

    await write("delete all", "DELETE", `${base}/`, undefined, 200);
    await expectChanged("delete every secret");
    expect((await read(`${base}/${firstId}`, owner.headers, secretTag)).status).toBe(404);
    // An empty environment has a tag of its own too.
    expect((await read(`${base}/`, owner.headers, listTag)).status).toBe(304);
  });

  it("never repeats a tag after concurrent writes to one environment (each write counted once)", async () => {
    const { owner, base } = await setup();
    const before = await tagOf(`${base}/`, owner.headers);
    const writes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call("POST", `${base}/`, owner.headers, { key: `C${i}`, value: `${i}` }),
      ),
    );
    expect(writes.map((w) => w.statusCode)).toEqual(Array(8).fill(201));
    const row = await t.db
      .selectFrom("environments")
      .select("revision")
      .where("id", "=", base.split("/").at(-1)!)
      .executeTakeFirstOrThrow();
    // One for FIRST (setup), one per concurrent create.
    expect(row.revision).toBe(9);
    expect(await tagOf(`${base}/`, owner.headers)).not.toBe(before);
  });
});
