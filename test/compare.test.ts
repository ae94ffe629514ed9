// Environments side by side (issue 22): GET /environments/{ws}/{team}/{project}/compare lists every
// key of any of them with presence, version and a value fingerprint per environment — equal within
// one answer, keyed for that answer only — and values only when asked. Validation, 404s and who may.
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "./helpers/factories.ts";
import { callerOf, statusOf } from "./helpers/http.ts";
import { peopleAround, readOnlyKey } from "./helpers/matrix-callers.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite();
let staging = "";
let production = "";
let compareUrl = "";

const send = callerOf(() => t.app);
const compare = (environments: string[], headers: Record<string, string> = owner.headers, extra = "") =>
  send("GET", `${compareUrl}?environments=${environments.join(",")}${extra}`, headers);

beforeAll(async () => {
  const environments = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
  compareUrl = `${environments}compare`;
  const make = async (name: string, environment_type: string) =>
    (await send("POST", environments, owner.headers, { name, environment_type })).json().id as string;
  staging = await make("Staging", "staging");
  production = await make("Production", "prod");
  const put = (environmentId: string, secrets: { key: string; value: string }[]) =>
    send("POST", `${secretsPath(tree, environmentId)}/bulk`, owner.headers, { secrets });
  await put(tree.environmentId, [
    { key: "DB_HOST", value: "db.internal" },
    { key: "API_KEY", value: "dev-key" },
    { key: "ONLY_DEV", value: "x" },
  ]);
  await put(staging, [
    { key: "DB_HOST", value: "db.internal" },
    { key: "API_KEY", value: "dev-key" },
  ]);
  await put(production, [
    { key: "DB_HOST", value: "db.internal" },
    { key: "API_KEY", value: "prod-key" },
  ]);
});

describe("comparing environments", () => {
  it("shows every key with presence, version and fingerprints, in the order asked, and no value", async () => {
    const response = await compare([production, tree.environmentId, staging]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.environments.map((e: { name: string }) => e.name)).toEqual([
      "Production",
      "Development",
      "Staging",
    ]);
    expect(body.keys.map((k: { key: string; status: string }) => [k.key, k.status])).toEqual([
      ["API_KEY", "differs"],
      ["DB_HOST", "same"],
      ["ONLY_DEV", "missing"],
    ]);
    const apiKey = body.keys[0].environments;
    expect(apiKey.map((c: { environment_id: string }) => c.environment_id)).toEqual([
      production,
      tree.environmentId,
      staging,
    ]);
    expect(apiKey[0].fingerprint).not.toBe(apiKey[1].fingerprint);
    expect(apiKey[1].fingerprint).toBe(apiKey[2].fingerprint);
    expect(apiKey[0]).toMatchObject({ present: true, version: 1, secret_id: expect.any(String) });
    expect(body.keys[2].environments[0]).toEqual({ environment_id: production, present: false });
    expect(body.unreadable).toEqual([]);
    expect(response.body).not.toMatch(/db\.internal|dev-key|prod-key/);
  });

  it("keys fingerprints to one answer, and includes values only when asked", async () => {
    const print = async () =>
      (await compare([tree.environmentId, staging])).json().keys[1].environments[0].fingerprint;
    expect(await print()).not.toBe(await print());
    const withValues = (
      await compare([tree.environmentId, production], owner.headers, "&values=true")
    ).json();
    expect(withValues.keys[0].environments.map((c: { value: string }) => c.value)).toEqual([
      "dev-key",
      "prod-key",
    ]);
  });

  it("refuses a malformed list (422) and an environment of another project (404)", async () => {
    for (const list of [
      [tree.environmentId],
      [tree.environmentId, tree.environmentId],
      [tree.environmentId, "not-an-id"],
      Array.from({ length: 11 }, () => staging),
    ]) {
      expect((await compare(list)).statusCode, list.join(",")).toBe(422);
    }
    expect((await send("GET", compareUrl, owner.headers)).statusCode).toBe(422);
    const other = await createTree(t.app, owner.accessToken, owner.workspaceId);
    expect(await statusOf(compare([tree.environmentId, other.environmentId]))).toBe("404 not_found");
  });

  it("follows the matrix: team readers may, others and narrowed keys may not", async () => {
    const { viewer, outsider, stranger } = await peopleAround(t, tree);
    const key = (scope: object) => readOnlyKey(t, owner, tree, scope);
    const oneEnvironment = await key({ environment_ids: [tree.environmentId] });
    const project = await key({ project_ids: [tree.projectId] });
    const pair = [tree.environmentId, staging];
    expect(await statusOf(compare(pair, viewer.headers))).toBe("200");
    expect(await statusOf(compare(pair, outsider.headers))).toBe("403 forbidden");
    expect(await statusOf(compare(pair, stranger.headers))).toBe("403 not_a_member");
    expect(await statusOf(compare(pair, { "x-api-key": oneEnvironment.token }))).toBe(
      "403 key_scope_forbidden",
    );
    expect(await statusOf(compare(pair, { "x-api-key": project.token }))).toBe("200");
    expect(await statusOf(compare(pair, {}))).toBe("401 not_authenticated");
  });

  it("counts a key inherited from a parent as present, naming where it comes from (issue 36)", async () => {
    const environments = `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`;
    const make = async (name: string, environment_type: string, parent?: string) =>
      (
        await send("POST", environments, owner.headers, {
          name,
          environment_type,
          ...(parent ? { parent_environment_id: parent } : {}),
        })
      ).json().id as string;
    const prod = await make("Prod Live", "prod");
    const stage = await make("Stage Child", "staging", prod);
    const keys = Array.from({ length: 14 }, (_, i) => `KEY_${String(i).padStart(2, "0")}`);
    await send("POST", `${secretsPath(tree, prod)}/bulk`, owner.headers, {
      secrets: keys.map((key) => ({ key, value: `prod-${key}` })),
    });
    // Staging overrides one key with its own value and has one key Production lacks.
    await send("POST", `${secretsPath(tree, stage)}/bulk`, owner.headers, {
      secrets: [
        { key: "KEY_00", value: "stage-own" },
        { key: "ONLY_STAGE", value: "s" },
      ],
    });
    const body = (await compare([prod, stage], owner.headers, "&values=true")).json();
    const byKey = new Map(body.keys.map((k: { key: string }) => [k.key, k]));
    const statuses = body.keys.map((k: { key: string; status: string }) => `${k.key}:${k.status}`);
    expect(statuses.filter((s: string) => s.endsWith("missing"))).toEqual(["ONLY_STAGE:missing"]);
    expect(statuses).toContain("KEY_00:differs");
    expect(statuses.filter((s: string) => s.endsWith("same"))).toHaveLength(13);
    const inherited = (byKey.get("KEY_05") as { environments: object[] }).environments[1];
    expect(inherited).toMatchObject({
      environment_id: stage,
      present: true,
      version: 1,
      value: "prod-KEY_05",
      inherited_from: { id: prod, name: "Prod Live", slug: expect.any(String) },
    });
    const own = (byKey.get("KEY_00") as { environments: object[] }).environments[1];
    expect(own).toMatchObject({ present: true, value: "stage-own" });
    expect(own).not.toHaveProperty("inherited_from");
    // A reader of Staging that may not read Production is refused, as its list is.
    const narrowed = await createApiKey(t.app, owner.accessToken, {
      name: "stage only",
      workspace_id: tree.workspaceId,
      access: "read",
      environment_ids: [stage, tree.environmentId],
    });
    expect(await statusOf(compare([tree.environmentId, stage], { "x-api-key": narrowed.token }))).toMatch(
      /^403/,
    );
  });
});
