// Search across the workspace (issue 24, item 5): GET /workspaces/{id}/search finds secrets by key
// and description in every project and environment the caller may read — Viewers and Members in
// their teams only, keys as their scope allows — and never searches or answers a value.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, createApiKey, newUser } from "./helpers/factories.ts";
import { callerOf, type Headers } from "./helpers/http.ts";
import { createTree, newMember, secretsPath, type Tree } from "./helpers/tree.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof newUser>>;
let mine: Tree;
let theirs: Tree;
const VALUE = "needle-in-the-value-only";

const call = callerOf(() => t.app);

interface Result {
  id: string;
  key: string;
  description: string | null;
  project: { id: string; name: string };
  environment: { id: string; name: string };
}

async function search(q: string, headers: Headers = owner.headers, extra = ""): Promise<Result[]> {
  const response = await call(
    "GET",
    `/workspaces/${owner.workspaceId}/search?q=${encodeURIComponent(q)}${extra}`,
    headers,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toContain(VALUE);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await newUser(t.app);
  mine = await createTree(t.app, owner.accessToken, owner.workspaceId);
  theirs = await createTree(t.app, owner.accessToken, owner.workspaceId);
  const put = async (tree: Tree, key: string, description?: string) => {
    const response = await call("POST", `${secretsPath(tree)}/`, owner.headers, {
      key,
      value: VALUE,
      description,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  await put(mine, "STRIPE_SECRET_KEY", "Payments in production");
  await put(mine, "DATABASE_URL", "the primary; ask #platform before rotating");
  await put(mine, "AXB");
  await put(theirs, "STRIPE_WEBHOOK_SECRET");
});
afterAll(() => t?.close());

describe("GET /workspaces/{id}/search", () => {
  it("finds keys and descriptions in any case, across projects, naming where each is", async () => {
    const found = await search("stripe");
    expect(found.map((r) => r.key)).toEqual(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
    expect(found[0]).toMatchObject({
      description: "Payments in production",
      project: { id: mine.projectId, name: "Payments API" },
      environment: { id: mine.environmentId, name: "Development" },
    });
    expect(found[0]).not.toHaveProperty("value");
    expect((await search("#PLATFORM")).map((r) => r.key)).toEqual(["DATABASE_URL"]);
    // A value is never searched.
    expect(await search("needle")).toEqual([]);
    // `_` and `%` are text, not wildcards.
    expect(await search("A_B")).toEqual([]);
    expect(await search("%")).toEqual([]);
    expect((await search("stripe", owner.headers, "&limit=1")).map((r) => r.key)).toEqual([
      "STRIPE_SECRET_KEY",
    ]);
  });

  it("shows Viewers and Members their teams' secrets only, Admins every team's", async () => {
    const viewer = await newMember(t.app, t.db, owner.workspaceId, 0, [mine.teamId]);
    expect((await search("stripe", viewer.headers)).map((r) => r.key)).toEqual(["STRIPE_SECRET_KEY"]);
    const outsider = await newMember(t.app, t.db, owner.workspaceId, 1);
    expect(await search("stripe", outsider.headers)).toEqual([]);
    const admin = await newMember(t.app, t.db, owner.workspaceId, 2);
    expect((await search("stripe", admin.headers)).length).toBe(2);
  });

  it("answers a read-only key as its holder, refuses a key narrowed to a project, and strangers", async () => {
    const readOnly = await createApiKey(t.app, owner.accessToken, { access: "read" });
    expect((await search("stripe", bearer(readOnly.token))).length).toBe(2);
    const narrowed = await createApiKey(t.app, owner.accessToken, {
      workspace_id: owner.workspaceId,
      project_ids: [mine.projectId],
    });
    const url = `/workspaces/${owner.workspaceId}/search?q=stripe`;
    const refused = await call("GET", url, bearer(narrowed.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("key_scope_forbidden");
    expect((await call("GET", url)).statusCode).toBe(401);
    const stranger = await newUser(t.app);
    expect([403, 404]).toContain((await call("GET", url, stranger.headers)).statusCode);
    expect(
      (await call("GET", `/workspaces/${stranger.workspaceId}/search?q=stripe`, stranger.headers)).json(),
    ).toEqual([]);
  });

  it("refuses a missing, empty or too long text and a bad limit with the 422 shape", async () => {
    const base = `/workspaces/${owner.workspaceId}/search`;
    for (const query of ["", "?q=", `?q=${"x".repeat(257)}`, "?q=a&limit=0", "?q=a&limit=101"]) {
      const response = await call("GET", `${base}${query}`, owner.headers);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail[0].loc[0]).toBe("query");
    }
  });
});
