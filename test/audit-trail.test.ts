// The audit trail a person can read (issue 24, item 2), over HTTP on a real database: entries name
// the key, environment and project as they were called (and keep doing so after a rename or a
// deletion); a bulk operation is one entry with a count and its keys, its items one query away;
// reads of values, sign-ins and failed sign-ins are entries; the trail filters by actor, action,
// project, environment and time, and exports as CSV or JSON. Never a value, in an entry or a file.
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, createApiKey, newUser, PASSWORD } from "./helpers/factories.ts";
import { callerOf, type Headers, type Method } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { createTree, newMember, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite();
const VALUE = "sk_live_do-not-log-me-4242";

const call = callerOf(() => t.app);

async function ok(method: Method, url: string, headers: Headers, payload?: unknown) {
  const response = await call(method, url, headers, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

interface Entry {
  id: string;
  action: string;
  resource_id: string | null;
  secret_id: string | null;
  project_id: string | null;
  environment_id: string | null;
  project_name: string | null;
  environment_name: string | null;
  batch_id: string | null;
  actor: { type: string; id: string; name: string };
  details: Record<string, unknown>;
  created_at: string;
}

async function trail(query: Record<string, string> = {}, headers = owner.headers): Promise<Entry[]> {
  // The trail as people read it: one entry per operation, reads and sign-ins included.
  const qs = new URLSearchParams({ limit: "1000", view: "operations", ...query }).toString();
  const response = await call("GET", `/workspaces/${owner.workspaceId}/audit?${qs}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toContain(VALUE);
  return response.json();
}

const newSecret = (key: string, path = secretsPath(tree)) =>
  ok("POST", `${path}/`, owner.headers, { key, value: VALUE }) as Promise<{ id: string }>;

beforeAll(async () => {});

describe("entries say which secret, where", () => {
  it("names the key, environment and project as of the event, after a rename and a deletion too", async () => {
    const secret = await newSecret("STRIPE_KEY");
    const environmentUrl = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${tree.environmentId}/`;
    await ok("PATCH", environmentUrl, owner.headers, { name: "Dev (old)" });
    await ok("DELETE", `${secretsPath(tree)}/${secret.id}`, owner.headers);
    const [deleted] = await trail({ action: "secret.deleted", environment: tree.environmentId });
    expect(deleted).toMatchObject({
      resource_id: secret.id,
      project_id: tree.projectId,
      project_name: "Payments API",
      environment_name: "Dev (old)",
      details: { key: "STRIPE_KEY" },
    });
    const [created] = await trail({ action: "environment.updated" });
    expect(created).toMatchObject({ environment_name: "Dev (old)", project_name: "Payments API" });
    await ok("PATCH", environmentUrl, owner.headers, { name: "Development" });
  });

  it("keeps what happened to a deleted secret in the trail, and gives a restored secret its log back", async () => {
    const secret = await newSecret("COMES_BACK");
    await ok("PATCH", `${secretsPath(tree)}/${secret.id}`, owner.headers, { value: `${VALUE}-2` });
    await ok("DELETE", `${secretsPath(tree)}/${secret.id}`, owner.headers);
    expect((await call("GET", `${secretsPath(tree)}/${secret.id}/logs`, owner.headers)).statusCode).toBe(404);
    const about = (await trail({ action: "secret." })).filter((e) => e.resource_id === secret.id);
    expect(about.map((e) => e.action)).toEqual(["secret.deleted", "secret.updated", "secret.created"]);
    await ok("POST", `${secretsPath(tree)}/deleted/${secret.id}/restore`, owner.headers);
    const log = await ok("GET", `${secretsPath(tree)}/${secret.id}/logs`, owner.headers);
    expect(log.map((e: Entry) => e.action)).toEqual([
      "secret.restored",
      "secret.deleted",
      "secret.updated",
      "secret.created",
    ]);
  });

  it("keeps the names of a deleted environment and project in their deletion entries", async () => {
    const other = await createTree(t.app, owner.accessToken, owner.workspaceId);
    await ok(
      "DELETE",
      `/environments/${other.workspaceId}/${other.teamId}/${other.projectId}/${other.environmentId}`,
      owner.headers,
    );
    await ok("DELETE", `/projects/${other.workspaceId}/${other.teamId}/${other.projectId}`, owner.headers);
    const [environment] = await trail({ action: "environment.deleted", project: other.projectId });
    expect(environment).toMatchObject({ environment_name: "Development", project_name: "Payments API" });
    const [project] = await trail({ action: "project.deleted", project: other.projectId });
    expect(project).toMatchObject({ project_name: "Payments API", environment_name: null });
  });
});

describe("bulk operations", () => {
  it("are one entry with the count and the keys; their items are one query away and in each secret's log", async () => {
    const keys = ["BULK_A", "BULK_B", "BULK_C"];
    const made = await ok("POST", `${secretsPath(tree)}/bulk`, owner.headers, {
      secrets: keys.map((key) => ({ key, value: VALUE })),
    });
    const [summary] = await trail({ action: "environment.secrets_created" });
    expect(summary).toMatchObject({
      batch_id: null,
      environment_name: "Development",
      details: { count: 3, keys: keys.join(",") },
    });
    // The trail lists the operation once: no item of it on its own.
    const listed = await trail();
    expect(
      listed.filter((e) => e.action === "secret.created" && keys.includes(String(e.details.key))),
    ).toEqual([]);
    const items = await trail({ batch: summary!.id });
    expect(items.map((e) => e.details.key).sort()).toEqual(keys);
    expect(items.every((e) => e.batch_id === summary!.id && e.action === "secret.created")).toBe(true);
    const log = await ok("GET", `${secretsPath(tree)}/${made[0].id}/logs`, owner.headers);
    expect(log.map((e: Entry) => e.action)).toEqual(["secret.created"]);

    await ok("PATCH", `${secretsPath(tree)}/`, owner.headers, {
      secrets: keys.map((key) => ({ key, value: `${VALUE}-2` })),
    });
    const [updated] = await trail({ action: "environment.secrets_updated" });
    expect(updated!.details).toMatchObject({ count: 3, keys: keys.join(",") });
  });

  it("deletes selected secrets in one transaction: all or nothing, one entry, each restorable", async () => {
    const a = await newSecret("SELECTED_A");
    const b = await newSecret("SELECTED_B");
    const url = `${secretsPath(tree)}/bulk-delete`;
    const missing = "00000000-0000-4000-8000-000000000000";
    const refused = await call("POST", url, owner.headers, { ids: [a.id, missing] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: "not_found", ids: [missing] });
    expect((await call("GET", `${secretsPath(tree)}/${a.id}`, owner.headers)).statusCode).toBe(200);
    // Ids of secrets elsewhere (another environment of the workspace, another workspace) are not
    // this environment's: 404 naming them, and they stay.
    const elsewhere = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const inAnotherEnvironment = await newSecret("ELSEWHERE", secretsPath(elsewhere));
    const stranger0 = await newUser(t.app);
    const theirTree = await createTree(t.app, stranger0.accessToken, stranger0.workspaceId);
    const theirs = (
      await call("POST", `${secretsPath(theirTree)}/`, stranger0.headers, { key: "THEIRS", value: VALUE })
    ).json();
    const across = await call("POST", url, owner.headers, {
      ids: [a.id, inAnotherEnvironment.id, theirs.id],
    });
    expect(across.statusCode).toBe(404);
    expect(across.json()).toMatchObject({ code: "not_found", ids: [inAnotherEnvironment.id, theirs.id] });
    expect(
      (await call("GET", `${secretsPath(elsewhere)}/${inAnotherEnvironment.id}`, owner.headers)).statusCode,
    ).toBe(200);
    expect((await call("GET", `${secretsPath(theirTree)}/${theirs.id}`, stranger0.headers)).statusCode).toBe(
      200,
    );
    for (const body of [{}, { ids: [] }, { ids: ["nope"] }, { ids: [a.id, a.id] }]) {
      const bad = await call("POST", url, owner.headers, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
    const viewer = await newMember(t.app, t.db, owner.workspaceId, 0, [tree.teamId]);
    const readKey = await createApiKey(t.app, owner.accessToken, { access: "read" });
    const stranger = await newUser(t.app);
    expect((await call("POST", url, {}, { ids: [a.id] })).statusCode).toBe(401);
    expect((await call("POST", url, bearer(readKey.token), { ids: [a.id] })).json().code).toBe(
      "key_scope_forbidden",
    );
    expect([403, 404]).toContain((await call("POST", url, stranger.headers, { ids: [a.id] })).statusCode);
    expect((await call("POST", url, viewer.headers, { ids: [a.id] })).statusCode).toBe(403);

    expect(await ok("POST", url, owner.headers, { ids: [a.id, b.id] })).toEqual({
      deleted: 2,
      ids: [a.id, b.id],
    });
    const [summary] = await trail({ action: "environment.secrets_deleted" });
    expect(summary!.details).toMatchObject({ count: 2, keys: "SELECTED_A,SELECTED_B" });
    const items = await trail({ batch: summary!.id });
    expect(items.map((e) => e.action)).toEqual(["secret.deleted", "secret.deleted"]);
    const trash = await ok("GET", `${secretsPath(tree)}/deleted`, owner.headers);
    expect(trash.map((s: { key: string }) => s.key)).toEqual(
      expect.arrayContaining(["SELECTED_A", "SELECTED_B"]),
    );
  });
});

describe("reads of values", () => {
  it("records a read of one secret and of a list, never a metadata listing or a 304", async () => {
    const secret = await newSecret("READ_ME");
    const before = (await trail({ action: "secret.read" })).length;
    const one = await call("GET", `${secretsPath(tree)}/${secret.id}`, owner.headers);
    expect(one.statusCode).toBe(200);
    const [read] = await trail({ action: "secret.read" });
    expect(read).toMatchObject({
      resource_id: secret.id,
      // Not in the secret's own log: that log holds what changed it.
      secret_id: null,
      environment_name: "Development",
      details: { key: "READ_ME" },
      actor: { type: "user", id: owner.id },
    });
    const again = await call("GET", `${secretsPath(tree)}/${secret.id}`, {
      ...owner.headers,
      "if-none-match": String(one.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect((await trail({ action: "secret.read" })).length).toBe(before + 1);

    const list = await ok("GET", `${secretsPath(tree)}/`, owner.headers);
    const [listed] = await trail({ action: "environment.secrets_read" });
    expect(listed!.details).toMatchObject({ count: list.length, how: "list" });

    const reads = (await trail({ action: "environment." })).filter((e) => e.action.endsWith("_read")).length;
    const metadata = await call("GET", `${secretsPath(tree)}/metadata`, owner.headers);
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).not.toContain(VALUE);
    const row = metadata.json().find((s: { key: string }) => s.key === "READ_ME");
    expect(row).toMatchObject({ id: secret.id, key: "READ_ME", current_version: 1 });
    expect(row).not.toHaveProperty("value");
    const unchanged = await call("GET", `${secretsPath(tree)}/metadata`, {
      ...owner.headers,
      "if-none-match": String(metadata.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expect((await trail({ action: "environment." })).filter((e) => e.action.endsWith("_read")).length).toBe(
      reads,
    );
  });

  it("commits a read's entry before it answers the value, with no one reading the trail", async () => {
    const secret = await newSecret("WRITTEN_FIRST");
    expect((await call("GET", `${secretsPath(tree)}/${secret.id}`, owner.headers)).statusCode).toBe(200);
    const stored = await t.db
      .selectFrom("audit_events")
      .select(["action", "details"])
      .where("workspace_id", "=", owner.workspaceId)
      .where("resource_id", "=", secret.id)
      .where("action", "=", "secret.read")
      .execute();
    expect(stored).toEqual([{ action: "secret.read", details: JSON.stringify({ key: "WRITTEN_FIRST" }) }]);
  });

  it("counts repeated reads by the same caller in one entry, losing none", async () => {
    const secret = await newSecret("POLLED");
    await Promise.all(
      Array.from({ length: 5 }, () => ok("GET", `${secretsPath(tree)}/${secret.id}`, owner.headers)),
    );
    const reads = (await trail({ action: "secret.read" })).filter((e) => e.resource_id === secret.id);
    // Reads that waited for the same write are one entry with `times` and `last_at`.
    expect(reads.reduce((sum, e) => sum + Number(e.details.times ?? 1), 0)).toBe(5);
    for (const entry of reads.filter((e) => e.details.times !== undefined)) {
      expect(entry.details.last_at! >= entry.created_at).toBe(true);
    }
    expect(reads.length).toBeLessThan(5);
  });

  it("records a key's reads under the key", async () => {
    const key = await createApiKey(t.app, owner.accessToken, { name: "ci deploy" });
    await ok("GET", `${secretsPath(tree)}/`, bearer(key.token));
    const [read] = await trail({ action: "environment.secrets_read", actor: key.id });
    expect(read!.actor).toMatchObject({ type: "api_key", id: key.id, name: "ci deploy" });
  });
});

describe("sign-ins", () => {
  it("records a sign-in and a failed one, with no password", async () => {
    const login = (password: string) =>
      call(
        "POST",
        "/auth/login",
        {
          "content-type": "application/x-www-form-urlencoded",
          "user-agent": "audit-trail-test",
        },
        new URLSearchParams({ username: owner.email, password }).toString(),
      );
    expect((await login("not the password")).statusCode).toBe(401);
    expect((await login(PASSWORD)).statusCode).toBe(200);
    const [failed] = await trail({ action: "user.sign_in_failed" });
    expect(failed).toMatchObject({
      resource_id: owner.id,
      actor: { type: "anonymous" },
      details: { email: owner.email, reason: "password" },
    });
    const [signedIn] = await trail({ action: "user.signed_in" });
    expect(signedIn).toMatchObject({
      actor: { type: "user", id: owner.id },
      details: { method: "password" },
    });
    const all = JSON.stringify(await trail({ action: "user." }));
    expect(all).not.toContain("not the password");
    expect(all).not.toContain(PASSWORD);
  });
});

describe("views", () => {
  it("lists by default the changes as recorded one by one, as before reads and summaries were recorded", async () => {
    const own = await newUser(t.app);
    const place = await createTree(t.app, own.accessToken, own.workspaceId);
    const made = await call("POST", `${secretsPath(place)}/bulk`, own.headers, {
      secrets: [
        { key: "ONE", value: VALUE },
        { key: "TWO", value: VALUE },
      ],
    });
    expect(made.statusCode).toBe(201);
    expect((await call("GET", `${secretsPath(place)}/${made.json()[0].id}`, own.headers)).statusCode).toBe(
      200,
    );
    const list = async (query: string) =>
      (
        await call("GET", `/workspaces/${own.workspaceId}/audit?limit=1000${query}`, own.headers)
      ).json() as Entry[];
    const actions = (entries: Entry[]) => entries.map((e) => e.action);
    const changes = await list("");
    expect(
      actions(changes).filter((a) => a.startsWith("secret.") || a.startsWith("environment.secrets")),
    ).toEqual(["secret.created", "secret.created"]);
    expect(actions(changes)).not.toContain("user.signed_in");
    expect(await list("&view=changes")).toEqual(changes);
    const operations = actions(await list("&view=operations"));
    expect(operations.filter((a) => a !== "user.signed_in").slice(0, 2)).toEqual([
      "secret.read",
      "environment.secrets_created",
    ]);
    expect(operations).toContain("user.signed_in");
    expect(operations).not.toContain("secret.created");
    const all = actions(await list("&view=all"));
    expect(all.filter((a) => a === "secret.created")).toHaveLength(2);
    expect(all).toContain("environment.secrets_created");
    expect(all).toContain("secret.read");
  });
});

describe("filters and export", () => {
  it("filters by action prefix, project, environment and time, and refuses what it cannot read", async () => {
    const all = await trail();
    const since = all.at(-1)!.created_at;
    // Each filter keeps some entries and leaves others out: none of them can pass by showing all or none.
    const narrowed = async (query: Record<string, string>, keeps: (e: Entry) => boolean) => {
      const kept = await trail(query);
      expect(kept.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(kept.length, JSON.stringify(query)).toBeLessThan(all.length);
      expect(kept.every(keeps), JSON.stringify(query)).toBe(true);
    };
    await narrowed({ action: "secret." }, (e) => e.action.startsWith("secret."));
    await narrowed({ action: "secret.created,secret.updated,environment.secrets_created" }, (e) =>
      ["secret.created", "secret.updated", "environment.secrets_created"].includes(e.action),
    );
    await narrowed({ environment: tree.environmentId }, (e) => e.environment_id === tree.environmentId);
    await narrowed({ project: tree.projectId }, (e) => e.project_id === tree.projectId);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await trail({ since: future })).toEqual([]);
    expect((await trail({ since, until: future })).length).toBe(all.length);
    expect(await trail({ until: since })).toEqual([]);
    const url = `/workspaces/${owner.workspaceId}/audit`;
    for (const query of [
      "action=secret%25",
      "since=yesterday",
      `since=${future}&until=${since}`,
      "project=x",
    ]) {
      const response = await call("GET", `${url}?${query}`, owner.headers);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail[0].loc[0]).toBe("query");
    }
    const member = await newMember(t.app, t.db, owner.workspaceId, 1, [tree.teamId]);
    expect((await call("GET", url, member.headers)).statusCode).toBe(403);
    expect((await call("GET", `${url}/export`, member.headers)).statusCode).toBe(403);
  });

  it("exports as CSV with formulas disarmed, and as JSON, with no value", async () => {
    const sneaky = await createTree(t.app, owner.accessToken, owner.workspaceId);
    await ok("PATCH", `/projects/${sneaky.workspaceId}/${sneaky.teamId}/${sneaky.projectId}`, owner.headers, {
      name: "=HYPERLINK(1)",
    });
    await newSecret("IN_SNEAKY", secretsPath(sneaky));
    const csv = await call(
      "GET",
      `/workspaces/${owner.workspaceId}/audit/export?project=${sneaky.projectId}`,
      owner.headers,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="coffer-audit-.*\.csv"/);
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toMatch(/^created_at,action,actor_type,actor_name/);
    expect(lines.some((line) => line.includes("secret.created") && line.includes("IN_SNEAKY"))).toBe(true);
    expect(csv.body).toContain("'=HYPERLINK(1)");
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csv.body).not.toContain(VALUE);

    const json = await call(
      "GET",
      `/workspaces/${owner.workspaceId}/audit/export?format=json`,
      owner.headers,
    );
    expect(json.statusCode).toBe(200);
    const entries = json.json() as Entry[];
    expect(entries.length).toBe((await trail()).length);
    expect(json.body).not.toContain(VALUE);
    expect(
      (await call("GET", `/workspaces/${owner.workspaceId}/audit/export?format=xml`, owner.headers))
        .statusCode,
    ).toBe(422);
  });
});
