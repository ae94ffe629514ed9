// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the values under test are references, ${…} as written.
// Over 400 lines: one capability's contract (references in values), read top to bottom.
// References in values (issue 22): `${KEY}`, `${environment.KEY}`, `${project.environment.KEY}`
// resolved on read with the reader's own permissions; `$${` a literal; the stored text on request
// (raw=true, and raw_value where it differs); whatever cannot be resolved named with its reason (207
// on a list, 409 on one secret), never an empty string; writes refuse a malformed reference; and a
// conditional read changes when a referenced secret in another environment does.
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { createApiKey } from "./helpers/factories.ts";
import { callerOf } from "./helpers/http.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { newMember, secretsPath } from "./helpers/tree.ts";

const { t, owner, tree } = ownerWithTreeForSuite();
let staging = "";
let billing = { teamId: "", projectId: "", production: "" };
let otherTeam = { teamId: "", projectId: "", environmentId: "" };

type Headers = Record<string, string>;
type Record_ = { id: string; key: string; value: string; raw_value?: string };

const send = callerOf(() => t.app);
const devPath = () => secretsPath(tree);
const stagingPath = () => secretsPath(tree, staging);
const billingPath = () =>
  `/secrets/${tree.workspaceId}/${billing.teamId}/${billing.projectId}/${billing.production}`;

async function put(path: string, key: string, value: string, headers: Headers = owner.headers) {
  const found = (await send("GET", `${path}/?raw=true`, headers)).json() as Record_[];
  const existing = Array.isArray(found) ? found.find((s) => s.key === key) : undefined;
  const response = existing
    ? await send("PATCH", `${path}/${existing.id}`, headers, { value })
    : await send("POST", `${path}/`, headers, { key, value });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as Record_;
}

async function drop(path: string, key: string) {
  const found = (await send("GET", `${path}/?raw=true`, owner.headers)).json() as Record_[];
  const secret = found.find((s) => s.key === key);
  if (secret) expect((await send("DELETE", `${path}/${secret.id}`, owner.headers)).statusCode).toBe(200);
}

const listOf = async (path: string, headers: Headers = owner.headers, query = "") => {
  const response = await send("GET", `${path}/${query}`, headers);
  return {
    response,
    byKey: byKey(response.statusCode === 207 ? response.json().detail.succeeded : response.json()),
  };
};
const byKey = (records: Record_[]) => new Map(records.map((r) => [r.key, r]));

async function created(url: string, payload: object) {
  const response = await send("POST", url, owner.headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

beforeAll(async () => {
  const ws = tree.workspaceId;
  staging = await created(`/environments/${ws}/${tree.teamId}/${tree.projectId}/`, {
    name: "Staging",
    environment_type: "staging",
  });
  const billingProject = await created(`/projects/${ws}/${tree.teamId}/`, { name: "Billing" });
  billing = {
    teamId: tree.teamId,
    projectId: billingProject,
    production: await created(`/environments/${ws}/${tree.teamId}/${billingProject}/`, {
      name: "Production",
      environment_type: "prod",
    }),
  };
  const team = await created(`/teams/${ws}/`, { name: "Platform" });
  const project = await created(`/projects/${ws}/${team}/`, { name: "Shared" });
  otherTeam = {
    teamId: team,
    projectId: project,
    environmentId: await created(`/environments/${ws}/${team}/${project}/`, {
      name: "Production",
      environment_type: "prod",
    }),
  };
  await put(stagingPath(), "DB_HOST", "staging-db.internal");
  await put(billingPath(), "STRIPE_KEY", "sk_live_billing");
  await put(
    `/secrets/${ws}/${otherTeam.teamId}/${otherTeam.projectId}/${otherTeam.environmentId}`,
    "SHARED_TOKEN",
    "platform-only-token",
  );
  await put(devPath(), "DB_PORT", "5432");
});

describe("resolving references", () => {
  it("resolves the three forms in a list and in a read, and names the stored text apart", async () => {
    await put(devPath(), "DB_URL", "postgres://${staging.DB_HOST}:${DB_PORT}/app");
    await put(devPath(), "STRIPE", "${billing.production.STRIPE_KEY}");
    const { response, byKey: secrets } = await listOf(devPath());
    expect(response.statusCode, response.body).toBe(200);
    expect(secrets.get("DB_URL")).toMatchObject({
      value: "postgres://staging-db.internal:5432/app",
      raw_value: "postgres://${staging.DB_HOST}:${DB_PORT}/app",
    });
    expect(secrets.get("STRIPE")).toMatchObject({
      value: "sk_live_billing",
      raw_value: "${billing.production.STRIPE_KEY}",
    });
    // A value without references carries no raw_value.
    expect(secrets.get("DB_PORT")).toEqual(expect.not.objectContaining({ raw_value: expect.anything() }));

    const one = await send("GET", `${devPath()}/${secrets.get("DB_URL")!.id}`, owner.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ value: "postgres://staging-db.internal:5432/app" });

    const raw = await listOf(devPath(), owner.headers, "?raw=true");
    expect(raw.byKey.get("DB_URL")!.value).toBe("postgres://${staging.DB_HOST}:${DB_PORT}/app");
    expect(raw.byKey.get("DB_URL")).not.toHaveProperty("raw_value");
    const rawOne = await send("GET", `${devPath()}/${secrets.get("STRIPE")!.id}?raw=true`, owner.headers);
    expect(rawOne.json().value).toBe("${billing.production.STRIPE_KEY}");
  });

  it("follows references through other references, and keeps $${ as a literal ${", async () => {
    await put(stagingPath(), "DB_URL", "${DB_HOST}/staging");
    await put(devPath(), "MIRROR", "${staging.DB_URL}");
    await put(devPath(), "TEMPLATE", "$${HOME}/bin and $$ and $");
    const { byKey: secrets } = await listOf(devPath());
    expect(secrets.get("MIRROR")!.value).toBe("staging-db.internal/staging");
    expect(secrets.get("TEMPLATE")).toMatchObject({
      value: "${HOME}/bin and $$ and $",
      raw_value: "$${HOME}/bin and $$ and $",
    });
  });

  it("a version read resolves too, against the other environments as they are now", async () => {
    const v1 = await put(devPath(), "VERSIONED", "plain");
    await put(devPath(), "VERSIONED", "${staging.DB_HOST}");
    const current = await listOf(devPath(), owner.headers, "?version=2");
    expect(current.byKey.get("VERSIONED")!.value).toBe("staging-db.internal");
    const first = await listOf(devPath(), owner.headers, "?version=1");
    expect(first.byKey.get("VERSIONED")!.value).toBe("plain");
    await drop(devPath(), v1.key);
  });
});

describe("what cannot be resolved is named, never emptied", () => {
  it("a list answers 207 with the readable records resolved and each unresolved one with its reason", async () => {
    await put(devPath(), "NO_KEY", "${staging.NOPE}");
    // A write names only environments that exist (reference-writers.test.ts): one deleted since is unreachable.
    const doomed = await created(`/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`, {
      name: "Nowhere",
      environment_type: "custom",
    });
    await put(devPath(), "NO_ENV", "x-${nowhere.KEY}");
    const removed = await send(
      "DELETE",
      `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${doomed}`,
      owner.headers,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    await put(devPath(), "LOOP_A", "${LOOP_B}");
    await put(devPath(), "LOOP_B", "${LOOP_A}");
    for (let i = 0; i < 7; i++) await put(devPath(), `CHAIN_${i}`, i === 6 ? "end" : `\${CHAIN_${i + 1}}`);
    const response = await send("GET", `${devPath()}/`, owner.headers);
    expect(response.statusCode).toBe(207);
    const detail = response.json().detail;
    const reasons = Object.fromEntries(
      detail.unresolved.map((u: { key: string; reason: string; reference: string }) => [
        u.key,
        [u.reason, u.reference],
      ]),
    );
    expect(reasons).toMatchObject({
      NO_KEY: ["missing", "${staging.NOPE}"],
      NO_ENV: ["unreachable", "${nowhere.KEY}"],
      LOOP_A: ["cycle", "${LOOP_B}"],
      LOOP_B: ["cycle", "${LOOP_A}"],
      CHAIN_0: ["too_deep", "${CHAIN_1}"],
    });
    // Five hops are allowed: CHAIN_1 → … → CHAIN_6.
    const succeeded = byKey(detail.succeeded);
    expect(succeeded.get("CHAIN_1")!.value).toBe("end");
    expect(succeeded.has("NO_KEY")).toBe(false);
    expect(detail.failed_ids).toEqual(
      expect.arrayContaining(detail.unresolved.map((u: { id: string }) => u.id)),
    );
    expect(succeeded.get("DB_PORT")!.value).toBe("5432");

    const single = await send("GET", `${devPath()}/${detail.unresolved[0].id}`, owner.headers);
    expect(single.statusCode).toBe(409);
    expect(single.json()).toMatchObject({ code: "reference_unresolved", reason: expect.any(String) });
    expect(
      (await send("GET", `${devPath()}/${detail.unresolved[0].id}?raw=true`, owner.headers)).statusCode,
    ).toBe(200);
    for (const key of [
      "NO_KEY",
      "NO_ENV",
      "LOOP_A",
      "LOOP_B",
      ...Array.from({ length: 7 }, (_, i) => `CHAIN_${i}`),
    ])
      await drop(devPath(), key);
    expect((await send("GET", `${devPath()}/`, owner.headers)).statusCode).toBe(200);
  });

  it("resolves with the reader's permissions: what the reader may not read is unreachable, its value never shown", async () => {
    await put(devPath(), "PLATFORM", "${shared.production.SHARED_TOKEN}");
    // The owner sees every team: it resolves.
    expect((await listOf(devPath())).byKey.get("PLATFORM")!.value).toBe("platform-only-token");
    // A member of the tree's team only cannot read the other team's project.
    const member = await newMember(t.app, t.db, tree.workspaceId, Role.Member, [tree.teamId]);
    const response = await send("GET", `${devPath()}/`, member.headers);
    expect(response.statusCode).toBe(207);
    expect(response.json().detail.unresolved).toEqual([
      expect.objectContaining({
        key: "PLATFORM",
        reason: "unreachable",
        reference: "${shared.production.SHARED_TOKEN}",
      }),
    ]);
    expect(response.body).not.toContain("platform-only-token");
    // A key scoped to this environment cannot read staging through a reference either.
    const narrow = await createApiKey(t.app, owner.accessToken, {
      name: "dev only",
      workspace_id: tree.workspaceId,
      access: "read",
      environment_ids: [tree.environmentId],
    });
    const scoped = await send("GET", `${devPath()}/`, { "x-api-key": narrow.token });
    expect(scoped.statusCode).toBe(207);
    const unreachable = scoped
      .json()
      .detail.unresolved.map((u: { key: string }) => u.key)
      .sort();
    expect(unreachable).toEqual(["DB_URL", "MIRROR", "PLATFORM", "STRIPE"]);
    expect(scoped.body).not.toMatch(/staging-db|sk_live|platform-only/);
    // Raw values show the text: whoever may read the environment may read it (a Viewer, the narrow
    // key), and nobody else.
    const raw = await send("GET", `${devPath()}/?raw=true`, { "x-api-key": narrow.token });
    expect(raw.statusCode).toBe(200);
    const viewer = await newMember(t.app, t.db, tree.workspaceId, Role.Viewer, [tree.teamId]);
    expect((await send("GET", `${devPath()}/?raw=true`, viewer.headers)).statusCode).toBe(200);
    const outsider = await newMember(t.app, t.db, tree.workspaceId, Role.Member, []);
    const refused = await send("GET", `${devPath()}/?raw=true`, outsider.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("${");
    const stagingOnly = await createApiKey(t.app, owner.accessToken, {
      name: "staging only",
      workspace_id: tree.workspaceId,
      access: "read",
      environment_ids: [staging],
    });
    expect((await send("GET", `${devPath()}/?raw=true`, { "x-api-key": stagingOnly.token })).statusCode).toBe(
      403,
    );
    await drop(devPath(), "PLATFORM");
  });
});

describe("writes check the syntax", () => {
  it("refuses a malformed reference with 422 naming it, and writes nothing", async () => {
    for (const value of ["${", "a ${B", "${}", "${a b}", "${Prod.KEY}", "${a.b.c.KEY}", "${KEY-1}"]) {
      const response = await send("POST", `${devPath()}/`, owner.headers, { key: "BAD", value });
      expect(response.statusCode, value).toBe(422);
      expect(response.json().detail[0]).toMatchObject({
        loc: ["body", "value"],
        type: "reference_malformed",
      });
    }
    // The text of a refused value never comes back in the error: it may hold a secret of its own.
    const leaky = await send("POST", `${devPath()}/`, owner.headers, {
      key: "LEAKY",
      value: "${hunter2 is my password}",
    });
    expect(leaky.statusCode).toBe(422);
    expect(leaky.body).not.toContain("hunter2");
    const bulk = await send("POST", `${devPath()}/bulk`, owner.headers, {
      secrets: [
        { key: "OK_ONE", value: "fine" },
        { key: "BAD_ONE", value: "${oops" },
      ],
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().detail[0].loc).toEqual(["body", "secrets", 1, "value"]);
    const many = Array.from({ length: 101 }, () => "${DB_PORT}").join("");
    const tooMany = await send("POST", `${devPath()}/`, owner.headers, { key: "MANY", value: many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail[0]).toMatchObject({ type: "too_many_references" });
    const spread = Array.from({ length: 11 }, (_, i) => `\${env-${i}.KEY}`).join(",");
    const tooWide = await send("POST", `${devPath()}/`, owner.headers, { key: "WIDE", value: spread });
    expect(tooWide.statusCode).toBe(422);
    expect(tooWide.json().detail[0].msg).toContain("at most 10 other environments");
    const port = (await listOf(devPath())).byKey.get("DB_PORT")!;
    const patch = await send("PATCH", `${devPath()}/${port.id}`, owner.headers, { value: "${" });
    expect(patch.statusCode).toBe(422);
    const after = (await listOf(devPath())).byKey;
    expect(after.has("OK_ONE") || after.has("BAD") || after.has("MANY") || after.has("WIDE")).toBe(false);
    expect(after.get("DB_PORT")!.value).toBe("5432");
  });
});

describe("conditional reads follow what a value references", () => {
  it("a change in a referenced environment changes the referrer's tag and answer", async () => {
    const referrer = await put(devPath(), "HOST_COPY", "${staging.DB_HOST}");
    const first = await send("GET", `${devPath()}/`, owner.headers);
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const oneFirst = await send("GET", `${devPath()}/${referrer.id}`, owner.headers);
    const oneTag = oneFirst.headers.etag as string;
    expect(oneTag).toBeTruthy();
    // Nothing changed: 304, on the list and the secret.
    expect((await send("GET", `${devPath()}/`, { ...owner.headers, "if-none-match": tag })).statusCode).toBe(
      304,
    );
    expect(
      (await send("GET", `${devPath()}/${referrer.id}`, { ...owner.headers, "if-none-match": oneTag }))
        .statusCode,
    ).toBe(304);
    // A write in an unrelated environment changes nothing.
    await put(
      `/secrets/${tree.workspaceId}/${otherTeam.teamId}/${otherTeam.projectId}/${otherTeam.environmentId}`,
      "UNRELATED",
      "x",
    );
    expect((await send("GET", `${devPath()}/`, { ...owner.headers, "if-none-match": tag })).statusCode).toBe(
      304,
    );

    await put(stagingPath(), "DB_HOST", "staging-db-2.internal");
    const next = await send("GET", `${devPath()}/`, { ...owner.headers, "if-none-match": tag });
    expect(next.statusCode).toBe(200);
    expect(byKey(next.json()).get("HOST_COPY")!.value).toBe("staging-db-2.internal");
    const oneNext = await send("GET", `${devPath()}/${referrer.id}`, {
      ...owner.headers,
      "if-none-match": oneTag,
    });
    expect(oneNext.statusCode).toBe(200);
    expect(oneNext.json().value).toBe("staging-db-2.internal");
    // A reference two environments away counts too: dev → staging.DB_URL → staging.DB_HOST is the
    // same environment; dev → staging → billing is not.
    await put(stagingPath(), "PAYMENTS", "${billing.production.STRIPE_KEY}");
    await put(devPath(), "PAYMENTS", "${staging.PAYMENTS}");
    const chained = await send("GET", `${devPath()}/`, owner.headers);
    expect(byKey(chained.json()).get("PAYMENTS")!.value).toBe("sk_live_billing");
    await put(billingPath(), "STRIPE_KEY", "sk_live_rotated");
    const afterRotation = await send("GET", `${devPath()}/`, {
      ...owner.headers,
      "if-none-match": chained.headers.etag as string,
    });
    expect(afterRotation.statusCode).toBe(200);
    expect(byKey(afterRotation.json()).get("PAYMENTS")!.value).toBe("sk_live_rotated");
  });

  it("losing access to a referenced environment changes the tag", async () => {
    const member = await newMember(t.app, t.db, tree.workspaceId, Role.Member, [tree.teamId]);
    const teamMembers = `/teams/${tree.workspaceId}/${otherTeam.teamId}/members`;
    await send("POST", teamMembers, owner.headers, { user_id: member.id });
    const referrer = await put(devPath(), "PLATFORM_COPY", "${shared.production.SHARED_TOKEN}");
    const first = await send("GET", `${devPath()}/`, member.headers);
    expect(first.statusCode).toBe(200);
    expect(byKey(first.json()).get("PLATFORM_COPY")!.value).toBe("platform-only-token");
    const tag = first.headers.etag as string;
    expect((await send("GET", `${devPath()}/`, { ...member.headers, "if-none-match": tag })).statusCode).toBe(
      304,
    );
    const removed = await send("DELETE", `${teamMembers}/${member.id}`, owner.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await send("GET", `${devPath()}/`, { ...member.headers, "if-none-match": tag });
    expect(after.statusCode).toBe(207);
    expect(after.json().detail.unresolved).toEqual([
      expect.objectContaining({ id: referrer.id, reason: "unreachable" }),
    ]);
    expect(after.body).not.toContain("platform-only-token");
    await drop(devPath(), "PLATFORM_COPY");
  });

  it("a value stored before references were tracked still resolves, without a tag that could go stale", async () => {
    // Nothing else in dev reaches the other team's project.
    const legacy = await put(devPath(), "LEGACY", "${shared.production.SHARED_TOKEN}");
    await t.db.updateTable("secrets").set({ reference_targets: null }).where("id", "=", legacy.id).execute();
    // The list cache is per revision: a write elsewhere in the environment moves it.
    await put(devPath(), "NUDGE", "1");
    const response = await send("GET", `${devPath()}/`, owner.headers);
    expect(response.statusCode).toBe(200);
    expect(byKey(response.json()).get("LEGACY")!.value).toBe("platform-only-token");
    expect(response.headers.etag).toBeUndefined();
    const one = await send("GET", `${devPath()}/${legacy.id}`, owner.headers);
    expect(one.json().value).toBe("platform-only-token");
    expect(one.headers.etag).toBeUndefined();
    await drop(devPath(), "LEGACY");
    expect((await send("GET", `${devPath()}/`, owner.headers)).headers.etag).toBeTruthy();
  });
});

describe("the rest of the API keeps to the stored text", () => {
  it("rollback and a share link: rollback restores the reference, a share link shows the resolved value", async () => {
    const secret = await put(devPath(), "ROLLED", "${staging.DB_HOST}");
    await put(devPath(), "ROLLED", "literal");
    const rolled = await send("POST", `${devPath()}/${secret.id}/rollback`, owner.headers, { version: 1 });
    expect(rolled.statusCode, rolled.body).toBeLessThan(300);
    const { response, byKey: secrets } = await listOf(devPath());
    expect(secrets.get("ROLLED")).toMatchObject({
      value: "staging-db-2.internal",
      raw_value: "${staging.DB_HOST}",
    });
    expect(response.headers.etag).toBeTruthy();
    await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", tree.workspaceId).execute();
    const share = await send("POST", `${devPath()}/share`, owner.headers, { secret_ids: [secret.id] });
    expect(share.statusCode, share.body).toBe(201);
    const token = share.json().url.split("/").pop() as string;
    const opened = await t.app.inject({ method: "GET", url: `/share/${token}` });
    expect(opened.body).toContain("staging-db-2.internal");
    expect(opened.body).not.toContain("${staging");
  });
});

describe("the syntax, as plain rules", () => {
  it("an escaped literal reads back exactly, whatever run of $ and { it holds", async () => {
    const { escapeReferences, parseValue } = await import("../src/lib/references.ts");
    for (const literal of ["${A}", "$${A}", "$$${A}", "a$b", "${", "$", "}${x.y.Z}$", "${{ shared.KEY }}"]) {
      const parts = parseValue(escapeReferences(literal));
      expect(parts.join(""), literal).toBe(literal);
      expect(parts.every((p) => typeof p === "string")).toBe(true);
    }
  });
});
