// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the values under test are references, ${…} as written.
// Over 400 lines: one capability's contract (a reference's writers), read top to bottom over one fixture.
// References are not a confused deputy (security review, item 7): a reference resolves only when
// the reader AND every principal that wrote a value on its way may read the environment it takes a
// value from. A Member of Web writes `${ledger.prod.LEDGER_KEY}` (Ledger's secret) into web/dev; no
// broader reader — the Owner, a workspace-wide key, an Admin, a service account of both teams, a
// share link the Owner makes, a child environment — may then carry Ledger's value into Web's app.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { callerOf } from "./helpers/http.ts";
import { newMember } from "./helpers/tree.ts";

type Headers = Record<string, string>;
type Place = { teamId: string; projectId: string; environmentId: string; base: string };
type Record_ = { id: string; key: string; value: string; inherited_from?: string };

let t: TestApp;
let ws = "";
let owner: Awaited<ReturnType<typeof newUser>>;
let ledger: Place;
let webTeam = "";
let ledgerTeam = "";
/** Ledger's secret: no read of web/ may ever answer it. */
const LEDGER_VALUE = `ledger-secret-${randomUUID()}`;
/** Every broader reader of web/dev, by name. */
const readers: Record<string, Headers> = {};

const send = callerOf(() => t.app);

async function created(url: string, payload: object, headers: Headers = owner.headers) {
  const response = await send("POST", url, headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function environment(teamId: string, projectId: string, name: string, parent?: string) {
  const environmentId = await created(`/environments/${ws}/${teamId}/${projectId}/`, {
    name,
    environment_type: "custom",
    ...(parent ? { parent_environment_id: parent } : {}),
  });
  return { teamId, projectId, environmentId, base: `/secrets/${ws}/${teamId}/${projectId}/${environmentId}` };
}

/** Creates or updates `key` in the place as `headers`; the write's answer. */
async function write(place: Place, key: string, value: string, headers: Headers) {
  const listed = (await send("GET", `${place.base}/?raw=true`, owner.headers)).json() as Record_[];
  // Its own secret: an inherited one is written as an override.
  const existing = listed.find((s) => s.key === key && s.inherited_from === undefined);
  return existing
    ? send("PATCH", `${place.base}/${existing.id}`, headers, { value })
    : send("POST", `${place.base}/`, headers, { key, value });
}

/** Saves `value` again as `headers` (an unchanged value is not written: it changes, then changes back). */
async function saveAgain(place: Place, key: string, value: string, headers: Headers) {
  expect((await write(place, key, `${value}/`, headers)).statusCode).toBe(200);
  expect((await write(place, key, value, headers)).statusCode).toBe(200);
}

const leaveTeam = (teamId: string, userId: string) =>
  send("DELETE", `/teams/${ws}/${teamId}/members/${userId}`, owner.headers);

/**
 * Every way `headers` can read `key` out of the place: the list, by id, by key, both exports, a
 * past moment, a version, and a share link made of it (the share link only where it may share).
 */
async function everyRead(place: Place, key: string, headers: Headers) {
  const listed = (await send("GET", `${place.base}/?raw=true`, owner.headers)).json() as Record_[];
  const own = listed.find((s) => s.key === key);
  t.clock.advance(1);
  const at = encodeURIComponent(t.clock.now().toISOString());
  const urls = [
    `${place.base}/`,
    `${place.base}/by-key?key=${key}`,
    `${place.base}/export`,
    `${place.base}/export?format=dotenv`,
    `${place.base}/?version=100`,
    ...(own ? [`${place.base}/${own.id}`, `${place.base}/?at=${at}`] : []),
  ];
  const answers = [];
  for (const url of urls) {
    const response = await send("GET", url, headers);
    answers.push({ what: url.slice(place.base.length), status: response.statusCode, body: response.body });
  }
  if (own) {
    const shared = await send("POST", `${place.base}/share`, headers, { secret_ids: [own.id] });
    const link = shared.statusCode === 201 ? shared.json().url.split("/").pop() : undefined;
    const opened = link ? (await t.app.inject({ method: "GET", url: `/share/${link}` })).body : "";
    answers.push({ what: "share link", status: shared.statusCode, body: `${shared.body}${opened}` });
  }
  return answers;
}

/** Asserts that no broader reader receives Ledger's value out of `key` in the place, naming every leak. */
async function nobodyReceivesLedger(place: Place, key: string) {
  const leaks: string[] = [];
  for (const [reader, headers] of Object.entries(readers)) {
    for (const answer of await everyRead(place, key, headers)) {
      if (answer.body.includes(LEDGER_VALUE)) leaks.push(`${reader}: ${answer.what} (${answer.status})`);
    }
  }
  expect(leaks).toEqual([]);
}

let projects = 0;
/** A fresh project of Web's: dev, staging, and preview (which inherits dev). */
async function webProject() {
  const projectId = await created(`/projects/${ws}/${webTeam}/`, { name: `Web ${++projects}` });
  const dev = await environment(webTeam, projectId, "Dev");
  const staging = await environment(webTeam, projectId, "Staging");
  const preview = await environment(webTeam, projectId, "Preview", dev.environmentId);
  return { dev, staging, preview };
}

beforeAll(async () => {
  t = await createTestApp({ env: { COFFER_DEFAULT_PLAN: "pro" } });
  owner = await newUser(t.app);
  ws = owner.workspaceId;
  ledgerTeam = await created(`/teams/${ws}/`, { name: "Ledger" });
  webTeam = await created(`/teams/${ws}/`, { name: "Web" });
  const ledgerProject = await created(`/projects/${ws}/${ledgerTeam}/`, { name: "Ledger" });
  ledger = await environment(ledgerTeam, ledgerProject, "Prod");
  expect((await write(ledger, "LEDGER_KEY", LEDGER_VALUE, owner.headers)).statusCode).toBe(201);

  readers.owner = owner.headers;
  const wide = await createApiKey(t.app, owner.accessToken, { name: "deploy", workspace_id: ws });
  readers["workspace-wide key"] = { "x-api-key": wide.token };
  readers.admin = (await newMember(t.app, t.db, ws, Role.Admin)).headers;
  const account = await send("POST", `/workspaces/${ws}/service-accounts`, owner.headers, {
    name: "deployer",
    role: Role.Member,
    team_ids: [webTeam, ledgerTeam],
  });
  expect(account.statusCode, account.body).toBe(201);
  const accountKey = await send(
    "POST",
    `/workspaces/${ws}/service-accounts/${account.json().id}/keys`,
    owner.headers,
    { name: "ci" },
  );
  readers["service account of Web and Ledger"] = { "x-api-key": accountKey.json().token };
});
afterAll(() => t.close());

describe("the attack: a Member of Web makes a broader reader fetch Ledger's secret into Web", () => {
  it("a reference the Member writes into web/dev is never resolved into Ledger's value", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam]);
    await write(web.dev, "STOLEN", "${ledger.prod.LEDGER_KEY}", member.headers);
    await nobodyReceivesLedger(web.dev, "STOLEN");
    // Nor through an environment that inherits web/dev.
    await nobodyReceivesLedger(web.preview, "STOLEN");
  });

  it("nor once the Member, who could read Ledger when writing it, has left Ledger's team", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam, ledgerTeam]);
    const written = await write(web.dev, "FORMER", "prefix-${ledger.prod.LEDGER_KEY}", member.headers);
    expect(written.statusCode, written.body).toBe(201);
    expect((await leaveTeam(ledgerTeam, member.id)).statusCode).toBe(200);
    await nobodyReceivesLedger(web.dev, "FORMER");
    await nobodyReceivesLedger(web.preview, "FORMER");
  });

  it("nor through a chain: the Member references a value of web/staging that references Ledger", async () => {
    const web = await webProject();
    // Written by the Owner, who may read Ledger: web/staging's readers who may read Ledger get it.
    expect((await write(web.staging, "RELAY", "${ledger.prod.LEDGER_KEY}", owner.headers)).statusCode).toBe(
      201,
    );
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam]);
    // The Member may read web/staging: the write names nothing they may not read.
    expect((await write(web.dev, "CHAINED", "${staging.RELAY}", member.headers)).statusCode).toBe(201);
    await nobodyReceivesLedger(web.dev, "CHAINED");
  });

  it("nor through a chain whose middle value the Member wrote (a → b → c)", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam, ledgerTeam]);
    expect((await write(web.staging, "MIDDLE", "${ledger.prod.LEDGER_KEY}", member.headers)).statusCode).toBe(
      201,
    );
    expect((await write(web.dev, "VIA_MIDDLE", "${staging.MIDDLE}", owner.headers)).statusCode).toBe(201);
    expect((await leaveTeam(ledgerTeam, member.id)).statusCode).toBe(200);
    await nobodyReceivesLedger(web.dev, "VIA_MIDDLE");
  });
});

type Unresolved = { key: string; reason: string; reference: string };

/** The list of the place as `headers` read it: resolved values by key, and each unresolved key's reason. */
async function listed(place: Place, headers: Headers = owner.headers) {
  const response = await send("GET", `${place.base}/`, headers);
  expect([200, 207], response.body).toContain(response.statusCode);
  const json = response.json();
  const records = (response.statusCode === 207 ? json.detail.succeeded : json) as Record_[];
  const unresolved = (response.statusCode === 207 ? json.detail.unresolved : []) as Unresolved[];
  return {
    response,
    values: new Map(records.map((r) => [r.key, r.value])),
    reasons: new Map(unresolved.map((u) => [u.key, u.reason])),
  };
}

const idOf = async (place: Place, key: string) =>
  ((await send("GET", `${place.base}/?raw=true`, owner.headers)).json() as Record_[]).find(
    (s) => s.key === key,
  )!.id;

/** A Ledger project of its own (the rename test moves its slugs), with a prod environment holding LEDGER_KEY. */
async function ledgerProject(name: string) {
  const projectId = await created(`/projects/${ws}/${ledgerTeam}/`, { name });
  const prod = await environment(ledgerTeam, projectId, "Prod");
  expect((await write(prod, "LEDGER_KEY", LEDGER_VALUE, owner.headers)).statusCode).toBe(201);
  return { projectId, prod };
}

async function serviceAccountKey(teamIds: string[], role: number = Role.Member) {
  const account = await send("POST", `/workspaces/${ws}/service-accounts`, owner.headers, {
    name: `writer-${randomUUID().slice(0, 8)}`,
    role,
    team_ids: teamIds,
  });
  expect(account.statusCode, account.body).toBe(201);
  const key = await send(
    "POST",
    `/workspaces/${ws}/service-accounts/${account.json().id}/keys`,
    owner.headers,
    {
      name: "ci",
    },
  );
  return { id: account.json().id as string, headers: { "x-api-key": key.json().token as string } };
}

describe("refuse on write: a value may reference only environments its writer may read", () => {
  it("answers 422 reference_unreadable at body.value with the reference's position, the same as for an environment that does not exist, and writes nothing", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam]);
    const answers = [];
    for (const [key, value] of [
      ["STOLEN", "hunter2:${ledger.prod.LEDGER_KEY}"],
      ["NO_PROJECT", "hunter2:${nowhere.prod.LEDGER_KEY}"],
      ["NO_ENVIRONMENT", "hunter2:${ledger.nope.LEDGER_KEY}"],
    ]) {
      const response = await write(web.dev, key!, value!, member.headers);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.body).not.toContain("hunter2");
      answers.push(response.json());
    }
    expect(answers[0]).toEqual({
      detail: [
        {
          loc: ["body", "value"],
          msg: "The reference at character 9 names an environment that does not exist or that you may not read",
          type: "reference_unreadable",
        },
      ],
    });
    // One answer for all three: a write never tells whether an environment it may not read exists.
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await listed(web.dev)).values.size).toBe(0);
  });

  it("every write asks it: bulk create, update and bulk update, naming the item", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam]);
    const bulk = await send("POST", `${web.dev.base}/bulk`, member.headers, {
      secrets: [
        { key: "FINE", value: "plain" },
        { key: "BAD", value: "${ledger.prod.LEDGER_KEY}" },
      ],
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().detail[0]).toMatchObject({
      loc: ["body", "secrets", 1, "value"],
      type: "reference_unreadable",
    });
    expect((await listed(web.dev)).values.size).toBe(0);
    expect((await write(web.dev, "FINE", "plain", member.headers)).statusCode).toBe(201);
    const update = await write(web.dev, "FINE", "${ledger.prod.LEDGER_KEY}", member.headers);
    expect(update.statusCode).toBe(422);
    expect(update.json().detail[0]).toMatchObject({ loc: ["body", "value"], type: "reference_unreadable" });
    const bulkUpdate = await send("PATCH", `${web.dev.base}/`, member.headers, {
      secrets: [{ key: "FINE", value: "x-${ledger.prod.LEDGER_KEY}" }],
    });
    expect(bulkUpdate.statusCode).toBe(422);
    expect(bulkUpdate.json().detail[0]).toMatchObject({
      loc: ["body", "secrets", 0, "value"],
      msg: expect.stringContaining("character 3"),
    });
    expect((await listed(web.dev)).values.get("FINE")).toBe("plain");
  });

  it("counts the writer's whole standing: role, teams, and the scope of the key it writes through", async () => {
    const web = await webProject();
    const narrowed = await createApiKey(t.app, owner.accessToken, {
      name: "web dev only",
      workspace_id: ws,
      environment_ids: [web.dev.environmentId],
    });
    const byKey = await write(web.dev, "VIA_KEY", "${ledger.prod.LEDGER_KEY}", {
      "x-api-key": narrowed.token,
    });
    expect(byKey.statusCode, byKey.body).toBe(422);
    const webOnly = await serviceAccountKey([webTeam]);
    expect(
      (await write(web.dev, "VIA_ACCOUNT", "${ledger.prod.LEDGER_KEY}", webOnly.headers)).statusCode,
    ).toBe(422);
    const both = await serviceAccountKey([webTeam, ledgerTeam]);
    expect((await write(web.dev, "VIA_ACCOUNT", "${ledger.prod.LEDGER_KEY}", both.headers)).statusCode).toBe(
      201,
    );
    expect((await write(web.dev, "VIA_OWNER", "${ledger.prod.LEDGER_KEY}", owner.headers)).statusCode).toBe(
      201,
    );
    const { values } = await listed(web.dev);
    expect(values.get("VIA_ACCOUNT")).toBe(LEDGER_VALUE);
    expect(values.get("VIA_OWNER")).toBe(LEDGER_VALUE);
  });

  it("accepts references that stay within what the writer may read: its own environment, by key or by slug, and its team's", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam]);
    expect((await write(web.staging, "HOST", "staging-host", member.headers)).statusCode).toBe(201);
    expect((await write(web.dev, "PORT", "5432", member.headers)).statusCode).toBe(201);
    const url = await write(web.dev, "URL", "${staging.HOST}:${PORT}/${dev.PORT}", member.headers);
    expect(url.statusCode, url.body).toBe(201);
    expect((await listed(web.dev)).values.get("URL")).toBe("staging-host:5432/5432");
  });

  it("a value sent back unchanged is not written again: its writer stays who wrote it", async () => {
    const web = await webProject();
    expect((await write(web.dev, "OWNED", "${ledger.prod.LEDGER_KEY}", owner.headers)).statusCode).toBe(201);
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam]);
    const id = await idOf(web.dev, "OWNED");
    const same = await send("PATCH", `${web.dev.base}/${id}`, member.headers, {
      value: "${ledger.prod.LEDGER_KEY}",
      description: "edited by the member",
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().current_version).toBe(1);
    const sameInBulk = await send("PATCH", `${web.dev.base}/`, member.headers, {
      secrets: [{ key: "OWNED", value: "${ledger.prod.LEDGER_KEY}" }],
    });
    expect(sameInBulk.statusCode, sameInBulk.body).toBe(200);
    expect((await listed(web.dev)).values.get("OWNED")).toBe(LEDGER_VALUE);
    const changed = await send("PATCH", `${web.dev.base}/${id}`, member.headers, {
      value: "${ledger.prod.LEDGER_KEY}/2",
    });
    expect(changed.statusCode).toBe(422);
  });

  it("rollback, restore and a point-in-time restore make a value current again: whoever does it must be allowed to read where it leads, and becomes its writer", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam]);
    const code = async (response: Promise<{ statusCode: number; body: string }>) =>
      (await response).statusCode;
    // Rollback: version 1 references Ledger.
    await write(web.dev, "ROLLED", "${ledger.prod.LEDGER_KEY}", owner.headers);
    await write(web.dev, "ROLLED", "plain", owner.headers);
    const rolled = await idOf(web.dev, "ROLLED");
    const refusedRollback = await send("POST", `${web.dev.base}/${rolled}/rollback`, member.headers, {
      version: 1,
    });
    expect(refusedRollback.statusCode).toBe(422);
    expect(refusedRollback.json().detail[0]).toMatchObject({
      loc: ["body", "version"],
      type: "reference_unreadable",
    });
    expect((await listed(web.dev)).values.get("ROLLED")).toBe("plain");
    // Restore of a deleted secret whose value references Ledger.
    await write(web.dev, "DELETED", "${ledger.prod.LEDGER_KEY}", owner.headers);
    const deleted = await idOf(web.dev, "DELETED");
    expect(await code(send("DELETE", `${web.dev.base}/${deleted}`, owner.headers))).toBe(200);
    const refusedRestore = await send("POST", `${web.dev.base}/deleted/${deleted}/restore`, member.headers);
    expect(refusedRestore.statusCode).toBe(422);
    expect(refusedRestore.json().detail[0]).toMatchObject({
      loc: ["path", "secret_id"],
      msg: expect.stringMatching(/^DELETED: the reference at character 1 /),
    });
    // A point-in-time restore to when both read Ledger.
    t.clock.advance(1);
    await write(web.dev, "PAST", "${ledger.prod.LEDGER_KEY}", owner.headers);
    t.clock.advance(1);
    const at = t.clock.now().toISOString();
    t.clock.advance(1);
    await write(web.dev, "PAST", "plain", owner.headers);
    const refusedRestoreTo = await send("POST", `${web.dev.base}/restore`, member.headers, {
      at,
      apply: true,
    });
    expect(refusedRestoreTo.statusCode).toBe(422);
    expect(refusedRestoreTo.json().detail[0]).toMatchObject({
      loc: ["body", "at"],
      type: "reference_unreadable",
    });
    const before = await listed(web.dev);
    expect(before.values.get("PAST")).toBe("plain");
    expect(before.values.has("DELETED")).toBe(false);

    // A Member who may read Ledger may: each becomes the writer of what they put back.
    const both = await newMember(t.app, t.db, ws, Role.Member, [webTeam, ledgerTeam]);
    expect(await code(send("POST", `${web.dev.base}/restore`, both.headers, { at, apply: true }))).toBe(200);
    expect(await code(send("POST", `${web.dev.base}/${rolled}/rollback`, both.headers, { version: 1 }))).toBe(
      200,
    );
    expect(await code(send("POST", `${web.dev.base}/deleted/${deleted}/restore`, both.headers))).toBe(200);
    const after = await listed(web.dev);
    for (const key of ["ROLLED", "DELETED", "PAST"]) expect(after.values.get(key), key).toBe(LEDGER_VALUE);
    expect((await leaveTeam(ledgerTeam, both.id)).statusCode).toBe(200);
    const left = await listed(web.dev);
    for (const key of ["ROLLED", "DELETED", "PAST"])
      expect(left.reasons.get(key), key).toBe("writer_cannot_read");
  });
});

describe("resolve only while the writer may read: each value records its writer", () => {
  it("a writer who leaves the team: their references stop resolving (writer_cannot_read) until someone who may saves them again", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam, ledgerTeam]);
    await write(web.dev, "FEE", "${ledger.prod.LEDGER_KEY}", member.headers);
    await write(web.dev, "LOCAL", "local", member.headers);
    await write(web.dev, "LOCAL_COPY", "${LOCAL}", member.headers);
    expect((await listed(web.dev)).values.get("FEE")).toBe(LEDGER_VALUE);
    expect((await leaveTeam(ledgerTeam, member.id)).statusCode).toBe(200);
    const { response, values, reasons } = await listed(web.dev);
    expect(response.statusCode).toBe(207);
    expect(reasons.get("FEE")).toBe("writer_cannot_read");
    // References within the environment need no one's standing but the reader's.
    expect(values.get("LOCAL_COPY")).toBe("local");
    const one = await send("GET", `${web.dev.base}/${await idOf(web.dev, "FEE")}`, owner.headers);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({ code: "reference_unresolved", reason: "writer_cannot_read" });
    expect(one.body).not.toContain(LEDGER_VALUE);
    const raw = await send("GET", `${web.dev.base}/${await idOf(web.dev, "FEE")}?raw=true`, owner.headers);
    expect(raw.json().value).toBe("${ledger.prod.LEDGER_KEY}");
    // A share link of it is refused as a read is.
    const share = await send("POST", `${web.dev.base}/share`, owner.headers, {
      secret_ids: [await idOf(web.dev, "FEE")],
    });
    expect(share.statusCode).toBe(409);
    expect(share.json()).toMatchObject({ code: "reference_unresolved", reason: "writer_cannot_read" });
    await saveAgain(web.dev, "FEE", "${ledger.prod.LEDGER_KEY}", owner.headers);
    expect((await listed(web.dev)).values.get("FEE")).toBe(LEDGER_VALUE);
  });

  it("a writer who leaves the workspace, or a disabled service account, likewise", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam, ledgerTeam]);
    await write(web.dev, "BY_MEMBER", "${ledger.prod.LEDGER_KEY}", member.headers);
    const account = await serviceAccountKey([webTeam, ledgerTeam]);
    await write(web.dev, "BY_ACCOUNT", "${ledger.prod.LEDGER_KEY}", account.headers);
    expect((await listed(web.dev)).values.get("BY_ACCOUNT")).toBe(LEDGER_VALUE);
    expect((await send("DELETE", `/workspaces/${ws}/members/${member.id}`, owner.headers)).statusCode).toBe(
      200,
    );
    const accountUrl = `/workspaces/${ws}/service-accounts/${account.id}`;
    expect((await send("PATCH", accountUrl, owner.headers, { disabled: true })).statusCode).toBe(200);
    const { reasons } = await listed(web.dev);
    expect(reasons.get("BY_MEMBER")).toBe("writer_cannot_read");
    expect(reasons.get("BY_ACCOUNT")).toBe("writer_cannot_read");
    // The account's teams count as they are now.
    expect((await send("PATCH", accountUrl, owner.headers, { disabled: false })).statusCode).toBe(200);
    expect((await listed(web.dev)).values.get("BY_ACCOUNT")).toBe(LEDGER_VALUE);
    expect((await send("PATCH", accountUrl, owner.headers, { team_ids: [webTeam] })).statusCode).toBe(200);
    expect((await listed(web.dev)).reasons.get("BY_ACCOUNT")).toBe("writer_cannot_read");
  });

  it("the scope a value was written through counts as it was then, whatever becomes of its key", async () => {
    const web = await webProject();
    const vault = await ledgerProject("Vault");
    const key = await createApiKey(t.app, owner.accessToken, {
      name: "web and vault",
      workspace_id: ws,
      environment_ids: [web.dev.environmentId, vault.prod.environmentId],
    });
    const written = await write(web.dev, "VAULT", "${vault.prod.LEDGER_KEY}", { "x-api-key": key.token });
    expect(written.statusCode, written.body).toBe(201);
    // Revoking the key (or its expiry) is its credential's end, not its writer's: the Owner still may.
    expect((await send("POST", `/keys/${key.id}`, owner.headers)).statusCode).toBe(200);
    expect((await listed(web.dev)).values.get("VAULT")).toBe(LEDGER_VALUE);
    // `vault.prod` comes to name another environment, outside the scope it was written through: the
    // Owner may read it, the value's writer (the Owner through that key) may not.
    const vaultEnvironments = `/environments/${ws}/${ledgerTeam}/${vault.projectId}`;
    const renamed = await send("PATCH", `${vaultEnvironments}/${vault.prod.environmentId}/`, owner.headers, {
      name: "Old prod",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const newProd = await environment(ledgerTeam, vault.projectId, "Prod");
    await write(newProd, "LEDGER_KEY", `${LEDGER_VALUE}-new`, owner.headers);
    expect((await listed(web.dev)).reasons.get("VAULT")).toBe("writer_cannot_read");
  });

  it("a value saved before writers were recorded does not resolve out of its environment (writer_unknown) until saved again", async () => {
    const web = await webProject();
    await write(web.dev, "OLD", "${ledger.prod.LEDGER_KEY}", owner.headers);
    await write(web.dev, "OLD_LOCAL", "${OLD_PLAIN}", owner.headers);
    await write(web.dev, "OLD_PLAIN", "plain", owner.headers);
    const before = { writer_kind: null, writer_id: null, writer_scope: null };
    await t.db
      .updateTable("secrets")
      .set(before)
      .where("environment_id", "=", web.dev.environmentId)
      .execute();
    // The list is kept per revision: a write elsewhere in the environment moves it.
    await write(web.dev, "NUDGE", "1", owner.headers);
    const { reasons, values } = await listed(web.dev);
    expect(reasons.get("OLD")).toBe("writer_unknown");
    expect(values.get("OLD_LOCAL")).toBe("plain");
    await saveAgain(web.dev, "OLD", "${ledger.prod.LEDGER_KEY}", owner.headers);
    expect((await listed(web.dev)).values.get("OLD")).toBe(LEDGER_VALUE);
  });

  it("a conditional read's tag changes when a writer's standing does", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam, ledgerTeam]);
    await write(web.dev, "TAGGED", "${ledger.prod.LEDGER_KEY}", member.headers);
    const first = await send("GET", `${web.dev.base}/`, owner.headers);
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const id = await idOf(web.dev, "TAGGED");
    const one = await send("GET", `${web.dev.base}/${id}`, owner.headers);
    const oneTag = one.headers.etag as string;
    expect(oneTag).toBeTruthy();
    const conditional = { ...owner.headers, "if-none-match": tag };
    expect((await send("GET", `${web.dev.base}/`, conditional)).statusCode).toBe(304);
    expect((await leaveTeam(ledgerTeam, member.id)).statusCode).toBe(200);
    const after = await send("GET", `${web.dev.base}/`, conditional);
    expect(after.statusCode).toBe(207);
    expect(after.body).not.toContain(LEDGER_VALUE);
    const oneAfter = await send("GET", `${web.dev.base}/${id}`, {
      ...owner.headers,
      "if-none-match": oneTag,
    });
    expect(oneAfter.statusCode).toBe(409);
    const exported = await send("GET", `${web.dev.base}/export`, conditional);
    expect(exported.statusCode).toBe(207);
  });

  it("a chain resolves when every writer whose reference left its environment may read all that follows", async () => {
    const web = await webProject();
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam, ledgerTeam]);
    await write(web.staging, "RELAY", "${ledger.prod.LEDGER_KEY}", owner.headers);
    await write(web.dev, "CHAINED", "${staging.RELAY}", member.headers);
    expect((await listed(web.dev)).values.get("CHAINED")).toBe(LEDGER_VALUE);
    // The Member's reference leaves web/dev: what it leads to (Ledger, through RELAY) is theirs to read.
    expect((await leaveTeam(ledgerTeam, member.id)).statusCode).toBe(200);
    expect((await listed(web.dev)).reasons.get("CHAINED")).toBe("writer_cannot_read");
    // Read in web/staging, RELAY is the Owner's alone: it resolves.
    expect((await listed(web.staging)).values.get("RELAY")).toBe(LEDGER_VALUE);
  });

  it("an inherited value's ${KEY} means the child's key, whoever wrote it (no environment is left)", async () => {
    const web = await webProject();
    const devOnly = await createApiKey(t.app, owner.accessToken, {
      name: "web dev only",
      workspace_id: ws,
      environment_ids: [web.dev.environmentId],
    });
    await write(web.dev, "DB_URL", "postgres://${DB_HOST}", { "x-api-key": devOnly.token });
    await write(web.dev, "DB_HOST", "dev-db", owner.headers);
    await write(web.preview, "DB_HOST", "preview-db", owner.headers);
    expect((await listed(web.preview)).values.get("DB_URL")).toBe("postgres://preview-db");
  });
});

describe("an environment may say which environments may reference it", () => {
  it("references_from: project or nowhere refuses references from elsewhere, on write and on read", async () => {
    const web = await webProject();
    const guarded = await ledgerProject("Guarded");
    const sibling = await environment(ledgerTeam, guarded.projectId, "Sibling");
    await write(web.dev, "EARLIER", "${guarded.prod.LEDGER_KEY}", owner.headers);
    const environmentUrl = `/environments/${ws}/${ledgerTeam}/${guarded.projectId}/${guarded.prod.environmentId}/`;
    const patched = await send("PATCH", environmentUrl, owner.headers, { references_from: "project" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().references_from).toBe("project");
    expect((await send("GET", environmentUrl.slice(0, -1), owner.headers)).json().references_from).toBe(
      "project",
    );
    // From another project: refused on write (the writer may read it, so it may be told why) and on read.
    const refused = await write(web.dev, "LATER", "${guarded.prod.LEDGER_KEY}", owner.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({ type: "reference_not_accepted" });
    expect((await listed(web.dev)).reasons.get("EARLIER")).toBe("not_referenceable");
    // A writer who may not read it is told only what a missing environment tells.
    const member = await newMember(t.app, t.db, ws, Role.Member, [webTeam]);
    const unreadable = await write(web.dev, "LATER", "${guarded.prod.LEDGER_KEY}", member.headers);
    expect(unreadable.json().detail[0]).toMatchObject({ type: "reference_unreadable" });
    // From its own project: accepted.
    expect((await write(sibling, "NEAR", "${prod.LEDGER_KEY}", owner.headers)).statusCode).toBe(201);
    expect((await listed(sibling)).values.get("NEAR")).toBe(LEDGER_VALUE);
    // Nowhere: not even its own project; its own values still may (by key or by its own slug).
    expect(
      (await send("PATCH", environmentUrl, owner.headers, { references_from: "nowhere" })).statusCode,
    ).toBe(200);
    expect((await listed(sibling)).reasons.get("NEAR")).toBe("not_referenceable");
    expect(
      (await write(guarded.prod, "SELF", "${LEDGER_KEY}/${prod.LEDGER_KEY}", owner.headers)).statusCode,
    ).toBe(201);
    expect((await listed(guarded.prod)).values.get("SELF")).toBe(`${LEDGER_VALUE}/${LEDGER_VALUE}`);
    // Anywhere again: the default, which the record does not show.
    const reset = await send("PATCH", environmentUrl, owner.headers, { references_from: "anywhere" });
    expect(reset.json()).not.toHaveProperty("references_from");
    expect((await listed(web.dev)).values.get("EARLIER")).toBe(LEDGER_VALUE);
    const bad = await send("PATCH", environmentUrl, owner.headers, { references_from: "everyone" });
    expect(bad.statusCode).toBe(422);
  });
});
