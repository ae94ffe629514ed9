// The typed SDK (coffer/client) as a program uses it, against a real port: the scripts of the
// README and docs/sdk.md run as written, and the client core the CLI and the dashboard share —
// the environment read (200/304/207), ApiError's codes, a session that refreshes itself — behaves
// as documented.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  ApiError,
  createClient,
  readEnvironment,
  refreshTokenOf,
  signIn,
  unwrap,
  unwrapPage,
} from "coffer/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, newUser, PASSWORD } from "./helpers/factories.ts";
import { PROJECT_ROOT } from "./helpers/server-process.ts";
import { createTree, type Tree } from "./helpers/tree.ts";

const run = promisify(execFile);
let t: TestApp;
let address: string;
let owner: Awaited<ReturnType<typeof newUser>>;
let tree: Tree;
let path: { workspace_id: string; team_id: string; project_id: string; environment_id: string };
const scratch = join(PROJECT_ROOT, ".test-results", `sdk-${process.pid}`);

beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  owner = await newUser(t.app);
  tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  path = {
    workspace_id: tree.workspaceId,
    team_id: tree.teamId,
    project_id: tree.projectId,
    environment_id: tree.environmentId,
  };
  // Inside the package, so that `coffer/client` resolves as it does for a user of the package.
  mkdirSync(scratch, { recursive: true });
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

/** The first ```ts block after `heading` in a page of the repository. */
function exampleOf(page: string, heading: string): string {
  const text = readFileSync(join(PROJECT_ROOT, page), "utf8");
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `${page} has "${heading}"`).toBeGreaterThan(-1);
  const block = text.slice(start).match(/```ts\n([\s\S]*?)```/);
  expect(block, `${page}: a ts block under "${heading}"`).not.toBeNull();
  return block![1]!;
}

/** Runs a script as a user would (`node --import tsx script.ts`) in `cwd`. */
async function runExample(name: string, source: string, cwd: string, env: Record<string, string>) {
  const file = join(scratch, `${name}.ts`);
  writeFileSync(file, source);
  const { stdout } = await run(process.execPath, ["--import", import.meta.resolve("tsx"), file], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    timeout: 30_000,
  });
  return stdout;
}

describe("the documented scripts run as written", () => {
  it("README: API key, a typed write, the environment read twice (304), a conflict by its code", async () => {
    const key = await createApiKey(t.app, owner.accessToken);
    const cwd = join(tmpdir(), `coffer-sdk-${process.pid}`);
    mkdirSync(cwd, { recursive: true });
    // What `coffer setup` writes.
    writeFileSync(join(cwd, ".coffer.json"), JSON.stringify({ api_url: address, ...path }));
    try {
      const stdout = await runExample("readme", exampleOf("README.md", "## From a program: the SDK"), cwd, {
        COFFER_API_URL: address,
        COFFER_TOKEN: key.token,
      });
      expect(stdout.split("\n")).toEqual([
        "FEATURE_X",
        "unchanged",
        "not written: These keys already exist in this environment or repeat in the batch: FEATURE_X",
        "",
      ]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it("docs/sdk.md: a person's session signs in and calls", async () => {
    const stdout = await runExample("session", exampleOf("docs/sdk.md", "## A person's session"), scratch, {
      COFFER_API_URL: address,
      COFFER_EMAIL: owner.email,
      COFFER_PASSWORD: PASSWORD,
    });
    expect(stdout).toBe(`signed in as ${owner.email}\n`);
  });
});

describe("readEnvironment", () => {
  it("answers the list with its tag, 304 as unchanged, and a 207 with the unreadable ids and no tag", async () => {
    const client = createClient({ baseUrl: address, accessToken: owner.accessToken });
    const secrets = "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/" as const;
    const fresh = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const other = {
      workspace_id: fresh.workspaceId,
      team_id: fresh.teamId,
      project_id: fresh.projectId,
      environment_id: fresh.environmentId,
    };
    const first = await unwrap(
      client.POST(secrets, { params: { path: other }, body: { key: "A", value: "1" } }),
    );
    await unwrap(client.POST(secrets, { params: { path: other }, body: { key: "B", value: "2" } }));

    const full = await readEnvironment(client, other);
    expect(full).toMatchObject({ changed: true, failedIds: [] });
    if (!full.changed) throw new Error("expected the list");
    expect(full.secrets.map((s) => `${s.key}=${s.value}`)).toEqual(["A=1", "B=2"]);
    expect(full.etag).toMatch(/^"/);
    expect(await readEnvironment(client, other, { ifNoneMatch: full.etag })).toEqual({
      changed: false,
      etag: full.etag,
    });

    await t.db
      .updateTable("secrets")
      .set({ ciphertext: "v1.1.garbage" })
      .where("id", "=", first.id)
      .execute();
    await unwrap(client.POST(secrets, { params: { path: other }, body: { key: "C", value: "3" } }));
    const partial = await readEnvironment(client, other, { ifNoneMatch: full.etag });
    expect(partial).toMatchObject({ changed: true, failedIds: [first.id], etag: undefined });
    if (!partial.changed) throw new Error("expected the partial list");
    expect(partial.secrets.map((s) => s.key)).toEqual(["B", "C"]);
  });

  it("throws ApiError with the server's code for an environment the caller may not read", async () => {
    const stranger = await newUser(t.app);
    const client = createClient({ baseUrl: address, accessToken: stranger.accessToken });
    const refused = await readEnvironment(client, path).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect((refused as ApiError).code).toBe("not_a_member");
  });
});

describe("unwrapPage", () => {
  it("reads a paged list page by page, the cursor off X-Next-Cursor, none on the last page", async () => {
    const client = createClient({ baseUrl: address, accessToken: owner.accessToken });
    const audit = (cursor?: string) =>
      unwrapPage(
        client.GET("/workspaces/{workspace_id}/audit", {
          params: {
            path: { workspace_id: owner.workspaceId },
            query: { limit: 2, ...(cursor ? { cursor } : {}) },
          },
        }),
      );
    const seen: string[] = [];
    let page = await audit();
    for (let pages = 1; ; pages++) {
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((entry) => entry.id));
      if (!page.nextCursor) break;
      expect(pages).toBeLessThan(50);
      page = await audit(page.nextCursor);
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe("ApiError", () => {
  it("carries the error table's code, a 422's problems as one message, and Retry-After", async () => {
    const client = createClient({ baseUrl: address, accessToken: owner.accessToken });
    const invalid = await unwrap(
      client.POST("/teams/{workspace_id}/", {
        params: { path: { workspace_id: owner.workspaceId } },
        body: {} as { name: string },
      }),
    ).catch((error: unknown) => error as ApiError);
    expect(invalid).toMatchObject({ status: 422, code: "validation_error", message: "name: Field required" });

    const missing = await unwrap(
      client.GET("/teams/{workspace_id}/{team_id}", {
        params: {
          path: { workspace_id: owner.workspaceId, team_id: "00000000-0000-4000-8000-000000000000" },
        },
      }),
    ).catch((error: unknown) => error as ApiError);
    expect(missing).toMatchObject({ status: 404, code: "not_found" });

    const anonymous = await unwrap(createClient({ baseUrl: address }).GET("/keys/")).catch(
      (error: unknown) => error as ApiError,
    );
    expect(anonymous).toMatchObject({ status: 401, code: "not_authenticated", retryAfter: undefined });
  });

  it("names an answer that is not Coffer's JSON unexpected_response", async () => {
    const proxy = createClient({
      baseUrl: address,
      fetch: async () =>
        new Response("<html>Bad gateway</html>", { status: 502, headers: { "retry-after": "7" } }),
    });
    const error = await unwrap(proxy.GET("/auth/me")).catch((failure: unknown) => failure as ApiError);
    expect(error).toMatchObject({ status: 502, code: "unexpected_response", retryAfter: 7 });
  });
});

describe("a session", () => {
  async function signedIn() {
    const bare = createClient({ baseUrl: address });
    const answer = await signIn(bare, { email: owner.email, password: PASSWORD });
    const state = {
      accessToken: answer.accessToken,
      refreshToken: refreshTokenOf(answer.response),
      refreshes: 0,
    };
    return { bare, state };
  }

  it("refreshes an expired access token once for concurrent requests, and replays them", async () => {
    const { bare, state } = await signedIn();
    const client = createClient({
      baseUrl: address,
      session: {
        accessToken: () => state.accessToken,
        async refresh() {
          state.refreshes++;
          const { data, response } = await bare.POST("/auth/refresh", {
            body: { refresh_token: state.refreshToken ?? "" },
          });
          if (!data) return false;
          state.accessToken = data.access_token;
          state.refreshToken = refreshTokenOf(response) ?? state.refreshToken;
          return true;
        },
      },
    });
    const before = state.accessToken;
    t.clock.advance(t.config.accessTokenTtl + 1);
    const answers = await Promise.all([client.GET("/auth/me"), client.GET("/workspaces/")]);
    expect(answers.map((a) => a.response.status)).toEqual([200, 200]);
    expect(state.refreshes).toBe(1);
    expect(state.accessToken).not.toBe(before);
  });

  it("ends when the refresh fails: the 401 stands and onEnded is told; a wrong password is not the session's end", async () => {
    let ended = 0;
    const client = createClient({
      baseUrl: address,
      session: { accessToken: () => "not-a-token", refresh: async () => false, onEnded: () => ended++ },
    });
    const refused = await client.GET("/auth/me");
    expect(refused.response.status).toBe(401);
    expect(ended).toBe(1);

    const login = await signIn(client, { email: owner.email, password: "wrong password!" }).catch(
      (error: unknown) => error as ApiError,
    );
    expect(login).toMatchObject({ status: 401, code: "invalid_credentials" });
    expect(ended).toBe(1);
  });
});
