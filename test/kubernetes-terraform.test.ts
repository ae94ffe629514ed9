// biome-ignore-all lint/suspicious/noTemplateCurlyInString: values hold references and HCL holds interpolations, ${…} as written.
// The recipes of docs/kubernetes.md, replayed (issue 23): the External Secrets Operator's webhook
// provider and Terraform's http data source, as test/helpers/consumers.ts models them from their
// sources, send exactly what they would send for the manifests and blocks of that page — read from
// the page itself — to a real Coffer on a real port, with a read-only key of one environment.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  type Cluster,
  type ExternalSecret,
  getSecretMap,
  httpDataBlocks,
  type KubernetesSecret,
  type Log,
  NoSecretError,
  readHttpData,
  reconcile,
  type SecretStore,
} from "./helpers/consumers.ts";
import { httpJson, type TenantOverHttp, tenantOverHttp } from "./helpers/real-port.ts";

const PAGE = readFileSync(join(import.meta.dirname, "../docs/kubernetes.md"), "utf8");
const blocksOf = (language: string) =>
  [...PAGE.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map((m) => m[1]!);
// What the page writes where yours go.
const DOCUMENTED_ENVIRONMENT =
  "https://coffer.example.com/secrets/WORKSPACE_ID/TEAM_ID/PROJECT_ID/ENVIRONMENT_ID";
const DOCUMENTED_TOKEN = "sk-REPLACE_ME";

type Manifest = (KubernetesSecret & { kind: "Secret" }) | SecretStore | ExternalSecret;
const MANIFESTS = blocksOf("yaml").flatMap((block) =>
  parseAllDocuments(block).map((document) => document.toJS() as Manifest),
);
const HCL = blocksOf("hcl").join("\n");

let t: TestApp;
let url = "";
let tenant: TenantOverHttp;
let token = "";
/** The tenant's second environment, and one whose values cannot all be read; each with a key of its own. */
let staging = "";
let broken = { secrets: "", token: "" };

const SECRETS = {
  DB_PASSWORD: "p@ss'w\"rd $HOME \\n #1",
  DATABASE_URL: "postgres://app:${DB_PASSWORD}@db.internal:5432/app",
  TLS_KEY: "-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n",
  GREETING: "héllo ✓ `tick`",
};
/** The environment as it reads: references resolved. */
const READ = { ...SECRETS, DATABASE_URL: `postgres://app:${SECRETS.DB_PASSWORD}@db.internal:5432/app` };

/** A read-only key of one environment, the least a consumer needs. */
async function readOnlyKey(environmentPath: string) {
  const environmentId = environmentPath.split("/").pop();
  const minted = await httpJson(url, "POST", "/keys/", tenant.headers, {
    name: `consumer-${environmentId!.slice(0, 8)}`,
    workspace_id: tenant.workspaceId,
    environment_ids: [environmentId],
    access: "read",
  });
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
  return minted.body.token as string;
}

async function addEnvironment(name: string, secrets: Record<string, string>) {
  const [, , ws, team, project] = tenant.secrets.split("/");
  const created = await httpJson(url, "POST", `/environments/${ws}/${team}/${project}/`, tenant.headers, {
    name,
    environment_type: "staging",
  });
  expect(created.status).toBe(201);
  const path = `/secrets/${ws}/${team}/${project}/${created.body.id}`;
  const bulk = await httpJson(url, "POST", `${path}/bulk`, tenant.headers, {
    secrets: Object.entries(secrets).map(([key, value]) => ({ key, value })),
  });
  expect(bulk.status).toBe(201);
  return path;
}

/** The page's manifests with this server, `environmentPath` and `key` in place of the placeholders. */
function manifestsFor(environmentPath: string, key: string): Manifest[] {
  const text = JSON.stringify(MANIFESTS)
    .replaceAll(DOCUMENTED_ENVIRONMENT, `${url}${environmentPath}`)
    .replaceAll(DOCUMENTED_TOKEN, key);
  return JSON.parse(text);
}

function clusterFor(
  environmentPath: string,
  key: string,
): { cluster: Cluster; externalSecret: ExternalSecret } {
  const manifests = manifestsFor(environmentPath, key);
  const cluster: Cluster = { namespace: "payments", secrets: new Map(), stores: new Map() };
  let externalSecret: ExternalSecret | undefined;
  for (const manifest of manifests) {
    if (manifest.kind === "Secret") cluster.secrets.set(manifest.metadata.name, manifest);
    else if (manifest.kind === "SecretStore") cluster.stores.set(manifest.metadata.name, manifest);
    else externalSecret = manifest;
  }
  return { cluster, externalSecret: externalSecret! };
}

beforeAll(async () => {
  t = await createTestApp();
  url = (await t.app.listen({ port: 0, host: "127.0.0.1" })).replace("localhost", "127.0.0.1");
  tenant = await tenantOverHttp(url, "consumer");
  const bulk = await httpJson(url, "POST", `${tenant.secrets}/bulk`, tenant.headers, {
    secrets: Object.entries(SECRETS).map(([key, value]) => ({ key, value })),
  });
  expect(bulk.status).toBe(201);
  token = await readOnlyKey(tenant.secrets);
  staging = await addEnvironment("Staging", { DATABASE_URL: "postgres://staging" });
  const brokenPath = await addEnvironment("Broken", {
    DATABASE_URL: "postgres://fine",
    BROKEN: "${NOWHERE}",
  });
  broken = { secrets: brokenPath, token: await readOnlyKey(brokenPath) };
}, 60_000);
afterAll(() => t.close());

describe("docs/kubernetes.md, the External Secrets Operator recipe", () => {
  it("holds a token Secret labelled for the webhook provider, two stores and one ExternalSecret", () => {
    expect(MANIFESTS.map((m) => `${m.kind}/${m.metadata.name}`)).toEqual([
      "Secret/coffer-token",
      "SecretStore/coffer",
      "SecretStore/coffer-export",
      "ExternalSecret/payments-api",
    ]);
  });

  it("syncs every key of the environment and DATABASE_URL by key, with exactly the requests ESO makes", async () => {
    const { cluster, externalSecret } = clusterFor(tenant.secrets, token);
    const log: Log = [];
    const secret = await reconcile(cluster, externalSecret, log);
    expect(secret).toEqual({ ...READ, "database-url": READ.DATABASE_URL });
    const sent = {
      "User-Agent": "Go-http-client/1.1",
      Authorization: `Bearer ${token}`,
      "Accept-Encoding": "gzip",
    };
    expect(
      log.map(({ method, url: target, headers, status }) => ({ method, target, headers, status })),
    ).toEqual([
      {
        method: "GET",
        target: `${url}${tenant.secrets}/export?format=json`,
        headers: { ...sent, Prefer: "handling=strict" },
        status: 200,
      },
      {
        method: "GET",
        target: `${url}${tenant.secrets}/by-key?key=DATABASE_URL`,
        headers: sent,
        status: 200,
      },
    ]);
  });

  it("meets a 404 for a key Coffer no longer has: ESO's NoSecretError, a failed sync under the default Retain", async () => {
    const flags = await addEnvironment("Flags", { FEATURE_FLAG: "on", OTHER: "kept" });
    const { cluster, externalSecret } = clusterFor(flags, await readOnlyKey(flags));
    externalSecret.spec.data = [{ secretKey: "feature-flag", remoteRef: { key: "FEATURE_FLAG" } }];
    expect((await reconcile(cluster, externalSecret))["feature-flag"]).toBe("on");
    const listed = await httpJson(url, "GET", `${flags}/`, tenant.headers);
    const id = listed.body.find((s: { key: string }) => s.key === "FEATURE_FLAG").id;
    expect((await httpJson(url, "DELETE", `${flags}/${id}`, tenant.headers)).status).toBe(200);
    const log: Log = [];
    await expect(reconcile(cluster, externalSecret, log)).rejects.toBeInstanceOf(NoSecretError);
    expect(log.map((e) => e.status)).toEqual([200, 404]);
    // With deletionPolicy Delete (or Merge) the entry is dropped and the rest syncs.
    externalSecret.spec.target.deletionPolicy = "Delete";
    expect(await reconcile(cluster, externalSecret)).toEqual({ OTHER: "kept" });
  });

  it("reads with a key of one environment only: aimed at another, every request is 403 and the sync fails", async () => {
    const { cluster, externalSecret } = clusterFor(staging, token);
    const log: Log = [];
    await expect(reconcile(cluster, externalSecret, log)).rejects.toThrow(
      "endpoint gave error 403 Forbidden",
    );
    expect(log.map((e) => e.status)).toEqual([403]);
    // Nor can it write where it reads.
    const write = await httpJson(
      url,
      "POST",
      `${tenant.secrets}/`,
      { authorization: `Bearer ${token}` },
      {
        key: "INJECTED",
        value: "x",
      },
    );
    expect(write.status).toBe(403);
    expect(write.body.code).toBe("key_scope_forbidden");
  });

  it("fails the sync when a value cannot be read (409 for Prefer: handling=strict) rather than store a 207", async () => {
    const { cluster, externalSecret } = clusterFor(broken.secrets, broken.token);
    const log: Log = [];
    await expect(reconcile(cluster, externalSecret, log)).rejects.toThrow("endpoint gave error 409 Conflict");
    expect(JSON.parse(log[0]!.body)).toMatchObject({ code: "export_incomplete", keys: ["BROKEN"] });
    // Why the recipe sends the header: a 207 is a 2xx, and ESO would store its body as one key.
    const lenient = cluster.stores.get("coffer-export")!;
    delete lenient.spec.provider.webhook.headers!.Prefer;
    const stored = await getSecretMap(cluster, lenient, { key: "production" }, []);
    expect(Object.keys(stored)).toEqual(["detail"]);
    expect(JSON.parse(stored.detail!).failed_ids).toHaveLength(1);
  });
});

describe("docs/kubernetes.md, the Terraform recipe", () => {
  const blocks = () =>
    httpDataBlocks(HCL.replaceAll(DOCUMENTED_ENVIRONMENT, `${url}${tenant.secrets}`)).map(
      (block) => [block.name, block] as const,
    );

  it("reads the whole environment and one key with the documented data sources", async () => {
    const documented = new Map(blocks());
    expect([...documented.keys()]).toEqual(["coffer_environment", "coffer_database_url"]);
    const log: Log = [];
    const environment = await readHttpData(
      documented.get("coffer_environment")!,
      { coffer_token: token },
      log,
    );
    expect(JSON.parse(environment.response_body)).toEqual(READ);
    const one = await readHttpData(documented.get("coffer_database_url")!, { coffer_token: token }, log);
    expect(JSON.parse(one.response_body).value).toBe(READ.DATABASE_URL);
    const sent = {
      "User-Agent": "Go-http-client/1.1",
      Accept: "application/json",
      Authorization: `Bearer ${token}`,
      "Accept-Encoding": "gzip",
    };
    expect(log.map(({ method, url: target, headers }) => ({ method, target, headers }))).toEqual([
      {
        method: "GET",
        target: `${url}${tenant.secrets}/export?format=json`,
        headers: { ...sent, Prefer: "handling=strict" },
      },
      { method: "GET", target: `${url}${tenant.secrets}/by-key?key=DATABASE_URL`, headers: sent },
    ]);
  });

  it("stops at the postcondition on the non-2xx answers the provider itself keeps: 404, 403, 409", async () => {
    const documented = new Map(blocks());
    const oneKey = documented.get("coffer_database_url")!;
    const missing = { ...oneKey, url: oneKey.url.replace("DATABASE_URL", "NO_SUCH_KEY") };
    // The provider reads a 404 without failing: without the postcondition, its body would be decoded.
    const { condition: _, ...unchecked } = missing;
    expect((await readHttpData(unchecked, { coffer_token: token })).status_code).toBe(404);
    await expect(readHttpData(missing, { coffer_token: token })).rejects.toThrow("status_code 404");

    const environment = documented.get("coffer_environment")!;
    const elsewhere = { ...environment, url: environment.url.replace(tenant.secrets, staging) };
    await expect(readHttpData(elsewhere, { coffer_token: token })).rejects.toThrow("status_code 403");

    const partial = { ...environment, url: environment.url.replace(tenant.secrets, broken.secrets) };
    await expect(readHttpData(partial, { coffer_token: broken.token })).rejects.toThrow("status_code 409");
    // Without the Prefer header the answer is the 207, which the postcondition refuses all the same.
    const { Prefer: __, ...lenientHeaders } = partial.requestHeaders;
    await expect(
      readHttpData({ ...partial, requestHeaders: lenientHeaders }, { coffer_token: broken.token }),
    ).rejects.toThrow("status_code 207");
  });
});
