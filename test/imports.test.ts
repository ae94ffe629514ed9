// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform values that look like references.
// One capability's contract, read top to bottom: preview then apply an import, over the same fake platforms.
// Import preview and apply (issue 9) against fake Railway, Vercel and Render servers: what is
// added, changed, unchanged and skipped, masking, paging, the null-workspace scope rules, and
// apply's single transaction with versions and audit entries. Preview changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { MASK } from "../src/modules/imports/service.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { type FakePlatforms, startFakePlatforms, TOKENS } from "./helpers/fake-platforms.ts";
import { createTree, newMember, secretsPath, type Tree } from "./helpers/tree.ts";

let t: TestApp;
let fake: FakePlatforms;
type Owner = Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  fake = await startFakePlatforms();
  t = await createTestApp({ env: { ...fake.env, COFFER_DEFAULT_PLAN: "pro" } });
  fake.railway.set("proj-1", {
    NEW_A: "alpha",
    SAME: "same-value",
    DIFF: "new-value",
    "bad-name": "x",
    SEALED: null,
    BIG: "x".repeat(70 * 1024),
    NUL_VALUE: "a\u0000b",
  });
  fake.vercel.set("web", [
    {
      id: "e0",
      key: "BRANCHED",
      value: "branch-only",
      type: "encrypted",
      target: ["preview"],
      gitBranch: "feat-x",
    },
    { id: "e1", key: "API_URL", value: "https://api", type: "encrypted", target: ["production", "preview"] },
    { id: "e2", key: "STRIPE_KEY", value: "sk_live", type: "sensitive", target: ["production"] },
    { id: "e3", key: "DEBUG", value: "1", type: "plain", target: "development" },
    {
      id: "e4",
      key: "LATE",
      value: "decrypted-later",
      type: "encrypted",
      target: ["production"],
      decrypted: false,
    },
    { id: "e5", key: "API_URL", value: "https://preview-api", type: "encrypted", target: ["preview"] },
    { id: "e6", key: "BRANCHED", value: "general", type: "encrypted", target: ["preview"] },
    { id: "e7", key: "VERCEL_URL", value: "", type: "system", target: ["production", "preview"] },
  ]);
  fake.render.set(
    "srv-1",
    Array.from({ length: 150 }, (_, i) => ({ key: `VAR_${i}`, value: `value-${i}` })),
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const secretsUrl = (tree: Tree) => `${secretsPath(tree)}/`;
const importUrl = (tree: Tree, action: "preview" | "apply", workspace: string = tree.workspaceId) =>
  `/integrations/${workspace}/${tree.teamId}/${tree.projectId}/${tree.environmentId}/${action}`;

/** POST to an import's preview or apply (importUrl's arguments first). */
const postImport = (where: Parameters<typeof importUrl>, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url: importUrl(...where), headers, payload });

/** A Railway preview with a project token reads all seven of its variables. */
async function expectPreviewWithProjectToken(owner: Owner, tree: Tree): Promise<void> {
  const response = await postImport(
    [tree, "preview"],
    owner.headers,
    railwayBody({ token: TOKENS.railwayProject }),
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().total).toBe(7);
}

/** An Owner with an environment holding SAME (same value as Railway's) and DIFF (another value). */
async function setup(): Promise<{ owner: Owner; tree: Tree }> {
  const owner = await newUser(t.app);
  const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  for (const [key, value] of [
    ["SAME", "same-value"],
    ["DIFF", "old-value"],
  ]) {
    const response = await t.app.inject({
      method: "POST",
      url: secretsUrl(tree),
      headers: owner.headers,
      payload: { key, value },
    });
    expect(response.statusCode).toBe(201);
  }
  return { owner, tree };
}

const railwayBody = (extra: Record<string, unknown> = {}) => ({
  provider: "railway",
  token: TOKENS.railway,
  source: { project_id: "proj-1", environment_id: "env-1" },
  ...extra,
});

async function secretsOf(owner: Owner, tree: Tree) {
  const response = await t.app.inject({ method: "GET", url: secretsUrl(tree), headers: owner.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; key: string; value: string; current_version: number }[];
}

describe("preview", () => {
  it("sorts Railway's variables into added, changed, unchanged and skipped, masked, total counting every one", async () => {
    const { owner, tree } = await setup();
    const response = await postImport([tree, "preview"], owner.headers, railwayBody());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.provider).toBe("railway");
    expect(body.added).toEqual([{ key: "NEW_A", value: MASK }]);
    expect(body.changed).toEqual([{ key: "DIFF", current: MASK, incoming: MASK }]);
    expect(body.unchanged).toEqual(["SAME"]);
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        { key: "bad-name", reason: expect.stringContaining("invalid name") },
        { key: "SEALED", reason: expect.stringContaining("not readable") },
        { key: "BIG", reason: expect.stringContaining("64 KiB") },
        { key: "NUL_VALUE", reason: expect.stringContaining("NUL") },
      ]),
    );
    expect(body.skipped).toHaveLength(4);
    expect(body.total).toBe(7);
    expect(response.body).not.toContain("alpha");
    expect(response.body).not.toContain("old-value");
  });

  it("reveals values with reveal: true; masks have one length whatever the value", async () => {
    const { owner, tree } = await setup();
    const response = await postImport([tree, "preview"], owner.headers, railwayBody({ reveal: true }));
    expect(response.json().added).toEqual([{ key: "NEW_A", value: "alpha" }]);
    expect(response.json().changed).toEqual([{ key: "DIFF", current: "old-value", incoming: "new-value" }]);
  });

  it("changes nothing: no secret, no version, no audit entry", async () => {
    const { owner, tree } = await setup();
    const audit = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/workspaces/${owner.workspaceId}/audit?limit=1000`,
          headers: owner.headers,
        })
      )
        .json()
        // Reading the secrets to compare is itself in the trail: changes are what must not be.
        .filter((e: { action: string }) => !/[._]read$/.test(e.action)).length;
    const before = { secrets: await secretsOf(owner, tree), audit: await audit() };
    await postImport([tree, "preview"], owner.headers, railwayBody());
    expect(await secretsOf(owner, tree)).toEqual(before.secrets);
    expect(await audit()).toBe(before.audit);
  });

  it("Railway project tokens go in the Project-Access-Token header", async () => {
    const { owner, tree } = await setup();
    await expectPreviewWithProjectToken(owner, tree);
    expect(fake.requests.some((r) => r.headers["project-access-token"] === TOKENS.railwayProject)).toBe(true);
  });

  it("Railway: a Bearer refused with HTTP 401 (not a GraphQL error) is retried as a project token", async () => {
    const { owner, tree } = await setup();
    fake.railwayHttpAuthErrors = true;
    try {
      await expectPreviewWithProjectToken(owner, tree);
    } finally {
      fake.railwayHttpAuthErrors = false;
    }
  });

  it("Vercel: every page, the target filtered here, sensitive and system values skipped, undecrypted entries fetched one by one", async () => {
    const { owner, tree } = await setup();
    const preview = (target?: string) =>
      postImport([tree, "preview"], owner.headers, {
        provider: "vercel",
        token: TOKENS.vercel,
        source: { project_id: "web", target },
        reveal: true,
      });
    const production = (await preview("production")).json();
    expect(production.added).toEqual([
      { key: "API_URL", value: "https://api" },
      { key: "LATE", value: "decrypted-later" },
    ]);
    expect(production.skipped).toEqual([
      { key: "STRIPE_KEY", reason: expect.stringContaining("sensitive") },
      { key: "VERCEL_URL", reason: expect.stringContaining("system") },
    ]);
    expect(production.total).toBe(4);
    expect(fake.requests.some((r) => r.path.startsWith("/vercel/v1/projects/web/env/e4"))).toBe(true);
    expect(fake.requests.some((r) => r.path.includes("until=4"))).toBe(true);
    // Without a target: API_URL comes twice (production and preview): the second is a duplicate.
    const all = (await preview()).json();
    expect(all.total).toBe(8);
    expect(all.skipped).toContainEqual({ key: "API_URL", reason: expect.stringContaining("duplicate") });
  });

  it("Vercel: a branch-only value is skipped and does not shadow the target's own value", async () => {
    const { owner, tree } = await setup();
    const response = await postImport([tree, "preview"], owner.headers, {
      provider: "vercel",
      token: TOKENS.vercel,
      source: { project_id: "web", target: "preview" },
      reveal: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.added).toContainEqual({ key: "BRANCHED", value: "general" });
    expect(body.skipped).toContainEqual({ key: "BRANCHED", reason: expect.stringContaining("feat-x") });
    expect(body.added).toContainEqual({ key: "API_URL", value: "https://api" });
    expect(body.skipped).toContainEqual({ key: "API_URL", reason: expect.stringContaining("duplicate") });
    expect(body.total).toBe(5);
  });

  // The fake Render service holds 150 variables, so every preview of it totals 150.
  async function previewRender(source: Record<string, string>) {
    const { owner, tree } = await setup();
    const response = await postImport([tree, "preview"], owner.headers, {
      provider: "render",
      token: TOKENS.render,
      source,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBe(150);
    return response;
  }

  it("Render: cursor paging, 100 at a time, until a short page", async () => {
    const response = await previewRender({ service_id: "srv-1" });
    expect(response.json().added).toHaveLength(150);
    const pages = fake.requests.filter((r) => r.path.startsWith("/render/v1/services/srv-1/env-vars"));
    expect(pages.at(-2)!.path).toContain("limit=100");
    expect(pages.at(-1)!.path).toContain("cursor=");
  });

  it("Render: the service id may come as project_id (the spec's mapping)", async () => {
    await previewRender({ project_id: "srv-1" });
  });
});

describe("scope and permissions", () => {
  /** A Railway preview at `where` with `headers` and X-Workspace-Id naming `workspaceId`. */
  const previewNamingWorkspace = (
    where: Parameters<typeof importUrl>,
    headers: Record<string, string>,
    workspaceId: string,
  ) => postImport(where, { ...headers, "x-workspace-id": workspaceId }, railwayBody());

  it("a null workspace_id takes X-Workspace-Id, then the credential's scope", async () => {
    const { owner, tree } = await setup();
    const viaHeader = await previewNamingWorkspace(
      [tree, "preview", "null"],
      owner.headers,
      owner.workspaceId,
    );
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    const viaCredential = await postImport([tree, "preview", "null"], owner.headers, railwayBody());
    expect(viaCredential.statusCode, viaCredential.body).toBe(200);
    const key = await createApiKey(t.app, owner.accessToken);
    const viaKey = await previewNamingWorkspace(
      [tree, "preview", "null"],
      { "x-api-key": key.token },
      owner.workspaceId,
    );
    expect(viaKey.statusCode, viaKey.body).toBe(200);
  });

  it("a real workspace_id in the path decides over X-Workspace-Id", async () => {
    const { owner, tree } = await setup();
    const stranger = await newUser(t.app);
    const response = await previewNamingWorkspace([tree, "preview"], owner.headers, stranger.workspaceId);
    expect(response.statusCode, response.body).toBe(200);
  });

  it("a header naming a foreign workspace is 403, a non-member with the real id is 403, a Viewer is 403", async () => {
    const { owner, tree } = await setup();
    const stranger = await newUser(t.app);
    const foreign = await previewNamingWorkspace(
      [tree, "preview", "null"],
      owner.headers,
      stranger.workspaceId,
    );
    expect(foreign.statusCode).toBe(403);
    const nonMember = await postImport([tree, "preview"], stranger.headers, railwayBody());
    expect(nonMember.statusCode).toBe(403);
    const viewer = await newMember(t.app, t.db, owner.workspaceId, Role.Viewer, [tree.teamId]);
    const before = fake.requests.length;
    for (const action of ["preview", "apply"] as const) {
      const asViewer = await postImport([tree, action], viewer.headers, railwayBody({ reveal: true }));
      expect(asViewer.statusCode).toBe(403);
    }
    expect(fake.requests.length).toBe(before); // refused before the platform is called
    const member = await newMember(t.app, t.db, owner.workspaceId, Role.Member, [tree.teamId]);
    const asMember = await postImport([tree, "preview"], member.headers, railwayBody({ reveal: true }));
    expect(asMember.statusCode).toBe(200);
  });

  it("an environment of another workspace is 404, whatever the scope says", async () => {
    const { owner } = await setup();
    const other = await setup();
    const response = await postImport(
      [{ ...other.tree, workspaceId: owner.workspaceId }, "preview"],
      owner.headers,
      railwayBody(),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe("apply", () => {
  it("writes the added keys only, and reports changed ones as skipped without overwrite", async () => {
    const { owner, tree } = await setup();
    const response = await postImport([tree, "apply"], owner.headers, railwayBody());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.added).toEqual([{ key: "NEW_A", value: MASK }]);
    expect(body.changed).toEqual([]);
    expect(body.skipped).toContainEqual({ key: "DIFF", reason: expect.stringContaining("overwrite") });
    const values = new Map((await secretsOf(owner, tree)).map((s) => [s.key, s.value]));
    expect(values.get("NEW_A")).toBe("alpha");
    expect(values.get("DIFF")).toBe("old-value");
  });

  it("a platform's value is a literal: text that looks like a reference reads back exactly as it was", async () => {
    const literals = { RAILWAY_REF: "${{ shared.DB_URL }}", SHELL_STYLE: "${HOME}/bin", ODD: "$${x} and ${" };
    fake.railway.set("proj-literals", literals);
    const { owner, tree } = await setup();
    const response = await postImport(
      [tree, "apply"],
      owner.headers,
      railwayBody({ source: { project_id: "proj-literals", environment_id: "env-1" } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const values = new Map((await secretsOf(owner, tree)).map((s) => [s.key, s.value]));
    for (const [key, value] of Object.entries(literals)) expect(values.get(key), key).toBe(value);
  });

  it("with overwrite: changed keys get a new version; audit entries name them, never the values", async () => {
    const { owner, tree } = await setup();
    const response = await postImport(
      [tree, "apply"],
      owner.headers,
      railwayBody({ overwrite: true, reveal: true }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().changed).toEqual([{ key: "DIFF", current: "old-value", incoming: "new-value" }]);
    expect(response.json().unchanged).toEqual(["SAME"]);
    const secrets = await secretsOf(owner, tree);
    const diff = secrets.find((s) => s.key === "DIFF")!;
    expect(diff).toMatchObject({ value: "new-value", current_version: 2 });
    expect(secrets.find((s) => s.key === "NEW_A")).toMatchObject({ value: "alpha", current_version: 1 });
    expect(secrets.find((s) => s.key === "SAME")!.current_version).toBe(1);
    const versions = await t.app.inject({
      method: "GET",
      url: `${secretsUrl(tree)}${diff.id}/versions`,
      headers: owner.headers,
    });
    expect(versions.statusCode, versions.body).toBe(200);
    expect(versions.json()).toHaveLength(2);
    const trail = async (query: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/workspaces/${owner.workspaceId}/audit?limit=100&${query}`,
          headers: owner.headers,
        })
      ).json();
    // The import is one entry in the trail; each secret's entry is an item under it.
    const [applied] = await trail("action=import.applied");
    expect(applied.details.count).toBe(applied.details.created + applied.details.updated);
    const audit = await trail(`batch=${applied.id}`);
    const actions = audit.map(
      (e: { action: string; details: { key?: string } }) => `${e.action}:${e.details.key}`,
    );
    expect(actions).toContain("secret.created:NEW_A");
    expect(actions).toContain("secret.updated:DIFF");
    expect(JSON.stringify(audit)).not.toContain("new-value");
  });

  it("keys limits what is written", async () => {
    const { owner, tree } = await setup();
    const response = await postImport([tree, "apply"], owner.headers, {
      provider: "render",
      token: TOKENS.render,
      source: { service_id: "srv-1" },
      keys: ["VAR_1", "VAR_2"],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().added.map((a: { key: string }) => a.key)).toEqual(["VAR_1", "VAR_2"]);
    const keys = (await secretsOf(owner, tree)).map((s) => s.key).sort();
    expect(keys).toEqual(["DIFF", "SAME", "VAR_1", "VAR_2"]);
  });

  it("keys: a changed key named without overwrite stays as it is; unnamed keys are skipped as such", async () => {
    const { owner, tree } = await setup();
    const response = await postImport([tree, "apply"], owner.headers, railwayBody({ keys: ["DIFF"] }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.added).toEqual([]);
    expect(body.changed).toEqual([]);
    expect(body.skipped).toContainEqual({ key: "NEW_A", reason: "not in keys" });
    expect(body.skipped).toContainEqual({ key: "DIFF", reason: expect.stringContaining("overwrite") });
    expect((await secretsOf(owner, tree)).map((s) => s.key).sort()).toEqual(["DIFF", "SAME"]);
  });

  it("is one transaction: a key deleted while the platform answers fails the import (409), and the rest leaves no trace", async () => {
    const { owner, tree } = await setup();
    const diff = (await secretsOf(owner, tree)).find((s) => s.key === "DIFF")!;
    const audit = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/workspaces/${owner.workspaceId}/audit?limit=1000`,
          headers: owner.headers,
        })
      ).json() as { action: string; details: { key?: string } }[];
    // The baseline (with DIFF) is read before the platform is called; DIFF goes away meanwhile.
    fake.beforeAnswer = async () => {
      fake.beforeAnswer = null;
      const deleted = await t.app.inject({
        method: "DELETE",
        url: `${secretsUrl(tree)}${diff.id}`,
        headers: owner.headers,
      });
      expect(deleted.statusCode).toBe(200);
    };
    const response = await postImport([tree, "apply"], owner.headers, railwayBody({ overwrite: true }));
    fake.beforeAnswer = null;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: "conflict", keys: ["DIFF"] });
    // NEW_A was inserted before DIFF's update failed: rolled back with its version and audit entry.
    expect((await secretsOf(owner, tree)).map((s) => s.key)).toEqual(["SAME"]);
    const entries = (await audit()).map((e) => `${e.action}:${e.details.key}`);
    expect(entries).toContain("secret.deleted:DIFF");
    expect(entries.filter((e) => e.endsWith(":NEW_A") || e === "secret.updated:DIFF")).toEqual([]);
  });

  it("writes at most 1,000 secrets at once (the bulk bound), and then nothing", async () => {
    const { owner, tree } = await setup();
    fake.render.set(
      "srv-big",
      Array.from({ length: 1001 }, (_, i) => ({ key: `BIG_${i}`, value: "v" })),
    );
    const body = { provider: "render", token: TOKENS.render, source: { service_id: "srv-big" } };
    const response = await postImport([tree, "apply"], owner.headers, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: "bad_request", detail: expect.stringContaining("keys") });
    expect(await secretsOf(owner, tree)).toHaveLength(2);
    const inParts = await postImport([tree, "apply"], owner.headers, {
      ...body,
      keys: Array.from({ length: 1000 }, (_, i) => `BIG_${i}`),
    });
    expect(inParts.statusCode, inParts.body).toBe(200);
    expect(inParts.json().added).toHaveLength(1000);
    expect(await secretsOf(owner, tree)).toHaveLength(1002);
  });

  it("two applies at once: the key is created once, whoever wins", async () => {
    const { owner, tree } = await setup();
    // Both may read the baseline before either writes: the second then meets NEW_A in its
    // transaction and answers 409 with nothing of its own written.
    const [a, b] = await Promise.all([
      postImport([tree, "apply"], owner.headers, railwayBody()),
      postImport([tree, "apply"], owner.headers, railwayBody()),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const created = (await secretsOf(owner, tree)).filter((s) => s.key === "NEW_A");
    expect(created).toHaveLength(1);
  });
});
