// Share links under control (issue 18 item 6): wrong passphrases burn a link after five guesses
// (counted before they are judged, so parallel guessing gains nothing), a passphrase has at least
// 8 characters, the people who answer for links list and revoke them, and the form of the link a
// person is sent (/s/#token) — or the API URL opened by a browser or a chat's link preview —
// spends no view until the reader asks.
import { describe, expect, it } from "vitest";
import { purgeOnce } from "../src/jobs/housekeeping.ts";
import { testAppForSuite } from "./helpers/app.ts";
import { createApiKey, newUser } from "./helpers/factories.ts";
import { send, UUID } from "./helpers/http.ts";
import { createTree, newMember, secretsPath } from "./helpers/tree.ts";

const PUBLIC_URL = "https://coffer.test";
const PASSPHRASE = "correct passphrase";

const t = testAppForSuite();

/** An Owner on the pro plan with one environment holding one secret; a Member and an Admin of it. */
async function setup() {
  const owner = await newUser(t.app);
  await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
  const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  const value = `value-${Math.random().toString(36).slice(2)}-do-not-leak`;
  const secret = await send(t.app, "POST", `${secretsPath(tree)}/`, owner.headers, {
    key: "API_TOKEN",
    value,
  });
  expect(secret.statusCode).toBe(201);
  const member = await newMember(t.app, t.db, owner.workspaceId, 1, [tree.teamId]);
  const admin = await newMember(t.app, t.db, owner.workspaceId, 2);
  return { owner, member, admin, tree, value, secretId: secret.json().id as string };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function share(s: Setup, headers: Record<string, string>, body: Record<string, unknown> = {}) {
  const response = await send(t.app, "POST", `${secretsPath(s.tree)}/share`, headers, {
    secret_ids: [s.secretId],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  const json = response.json() as { id: string; url: string; browser_url: string };
  return { ...json, token: json.url.split("/").pop()! };
}

const view = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/share/${token}`, headers });
const viewsOf = async (id: string) =>
  Number(
    (await t.db.selectFrom("share_links").select("views").where("id", "=", id).executeTakeFirstOrThrow())
      .views,
  );
const linkRow = (id: string) =>
  t.db.selectFrom("share_links").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const list = (s: Setup, headers: Record<string, string>) =>
  send(t.app, "GET", `/workspaces/${s.owner.workspaceId}/share-links`, headers);
const revoke = (s: Setup, headers: Record<string, string>, id: string, workspaceId = s.owner.workspaceId) =>
  send(t.app, "DELETE", `/workspaces/${workspaceId}/share-links/${id}`, headers);

describe("passphrase guessing", () => {
  it("five wrong passphrases burn the link: the right one then answers 410, the snapshot is gone", async () => {
    const s = await setup();
    const link = await share(s, s.owner.headers, { passphrase: PASSPHRASE, max_views: 3 });
    const left = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await view(link.token, { "x-share-passphrase": `guess number ${i}` });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().code).toBe("passphrase_incorrect");
      left.push(wrong.json().attempts_left);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);

    const right = await view(link.token, { "x-share-passphrase": PASSPHRASE });
    expect(right.statusCode).toBe(410);
    expect(right.body).not.toContain(s.value);
    const row = await linkRow(link.id);
    expect(row.ciphertext).toBe("");
    const audit = await send(t.app, "GET", `/workspaces/${s.owner.workspaceId}/audit`, s.owner.headers);
    const burnt = (audit.json() as { action: string; resource_id: string }[]).find(
      (e) => e.action === "share.burnt",
    );
    expect(burnt?.resource_id).toBe(link.id);
    expect(audit.body).not.toContain(PASSPHRASE);
  });

  it("a right passphrase spends no guess; a wrong one before it still counts", async () => {
    const s = await setup();
    const link = await share(s, s.owner.headers, { passphrase: PASSPHRASE, max_views: 5 });
    expect((await view(link.token, { "x-share-passphrase": "nope nope" })).json().attempts_left).toBe(4);
    for (let i = 0; i < 3; i++) {
      expect((await view(link.token, { "x-share-passphrase": PASSPHRASE })).statusCode).toBe(200);
    }
    expect((await view(link.token, { "x-share-passphrase": "nope again" })).json().attempts_left).toBe(3);
  });

  it("twelve guesses at once: five are judged, the rest find the link burnt (410), never 500", async () => {
    const s = await setup();
    const link = await share(s, s.owner.headers, { passphrase: PASSPHRASE });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => view(link.token, { "x-share-passphrase": `parallel ${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(403), ...Array(7).fill(410)]);
    expect((await view(link.token, { "x-share-passphrase": PASSPHRASE })).statusCode).toBe(410);
  });

  it("a passphrase has at least 8 characters (422)", async () => {
    const s = await setup();
    const short = await send(t.app, "POST", `${secretsPath(s.tree)}/share`, s.owner.headers, {
      secret_ids: [s.secretId],
      passphrase: "1234567",
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0].loc).toEqual(["body", "passphrase"]);
    expect(short.body).not.toContain("1234567");
  });
});

describe("the link a person is sent", () => {
  it("is /s/#token under COFFER_PUBLIC_URL (browser_url), beside the API url", async () => {
    const s = await setup();
    const link = await share(s, s.owner.headers);
    expect(link.url).toBe(`${PUBLIC_URL}/share/${link.token}`);
    expect(link.browser_url).toBe(`${PUBLIC_URL}/s/#${link.token}`);
  });

  it.each([
    ["a browser navigation", { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" }],
    ["an Accept of HTML", { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" }],
    ["Slack's link preview", { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" }],
    [
      "Teams' link preview",
      { "user-agent": "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5" },
    ],
  ])("the API url opened by %s goes (303) to the page and spends no view", async (_what, headers) => {
    const s = await setup();
    const link = await share(s, s.owner.headers);
    const opened = await view(link.token, headers);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(link.browser_url);
    expect(opened.body).not.toContain(s.value);
    expect(await viewsOf(link.id)).toBe(0);
    // The reader's explicit read (the page's fetch, or a script) still works, once.
    const read = await view(link.token, { accept: "application/json" });
    expect(read.statusCode).toBe(200);
    expect(read.json().secrets[0].value).toBe(s.value);
  });

  it("a HEAD (a link checker) spends no view", async () => {
    const s = await setup();
    const link = await share(s, s.owner.headers);
    const head = await t.app.inject({ method: "HEAD", url: `/share/${link.token}` });
    expect(head.statusCode).not.toBe(200);
    expect(await viewsOf(link.id)).toBe(0);
    expect((await view(link.token)).statusCode).toBe(200);
  });
});

describe("GET /workspaces/{workspace_id}/share-links", () => {
  it("Admins and Owners see every link; Members their own; never a token, digest or snapshot", async () => {
    const s = await setup();
    const byOwner = await share(s, s.owner.headers, { passphrase: PASSPHRASE });
    const byMember = await share(s, s.member.headers, { max_views: 3 });

    const asOwner = await list(s, s.owner.headers);
    expect(asOwner.statusCode).toBe(200);
    const records = asOwner.json() as Record<string, unknown>[];
    expect(records.map((r) => r.id)).toEqual([byMember.id, byOwner.id]);
    expect(records[1]).toEqual({
      id: byOwner.id,
      workspace_id: s.owner.workspaceId,
      environment_id: s.tree.environmentId,
      created_by: s.owner.id,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      max_views: 1,
      views: 0,
      passphrase: true,
      failed_attempts: 0,
      revoked_at: null,
      secret_keys: ["API_TOKEN"],
      status: "active",
    });
    for (const token of [byOwner.token, byMember.token]) expect(asOwner.body).not.toContain(token);
    expect(asOwner.body).not.toContain(s.value);
    expect(asOwner.body).not.toContain("v1.");

    expect((await list(s, s.admin.headers)).json()).toHaveLength(2);
    const asMember = await list(s, s.member.headers);
    expect((asMember.json() as { id: string }[]).map((r) => r.id)).toEqual([byMember.id]);
    const key = await createApiKey(t.app, s.member.accessToken);
    expect((await list(s, { "x-api-key": key.token })).json()).toHaveLength(1);
  });

  it("says what became of each link: used up, expired, revoked, burnt", async () => {
    const s = await setup();
    const used = await share(s, s.owner.headers);
    await view(used.token);
    const burnt = await share(s, s.owner.headers, { passphrase: PASSPHRASE });
    for (let i = 0; i < 5; i++) await view(burnt.token, { "x-share-passphrase": `bad guess ${i}` });
    const revoked = await share(s, s.owner.headers);
    await revoke(s, s.owner.headers, revoked.id);
    const expired = await share(s, s.owner.headers, { expires_in_minutes: 1 });
    t.clock.advance(61);
    const statuses = Object.fromEntries(
      ((await list(s, s.owner.headers)).json() as { id: string; status: string }[]).map((r) => [
        r.id,
        r.status,
      ]),
    );
    expect(statuses).toEqual({
      [used.id]: "used_up",
      [burnt.id]: "burnt",
      [revoked.id]: "revoked",
      [expired.id]: "expired",
    });
  });

  it("pages with limit and X-Next-Cursor; 403 for a non-member; 401 without a credential", async () => {
    const s = await setup();
    for (let i = 0; i < 3; i++) await share(s, s.owner.headers);
    const first = await send(
      t.app,
      "GET",
      `/workspaces/${s.owner.workspaceId}/share-links?limit=2`,
      s.owner.headers,
    );
    expect(first.json()).toHaveLength(2);
    const cursor = String(first.headers["x-next-cursor"]);
    const second = await send(
      t.app,
      "GET",
      `/workspaces/${s.owner.workspaceId}/share-links?limit=2&cursor=${cursor}`,
      s.owner.headers,
    );
    expect(second.json()).toHaveLength(1);
    const stranger = await newUser(t.app);
    expect((await list(s, stranger.headers)).statusCode).toBe(403);
    expect((await list(s, {})).statusCode).toBe(401);
  });
});

describe("DELETE /workspaces/{workspace_id}/share-links/{link_id}", () => {
  it("the maker revokes it: the URL answers 410, the snapshot is erased, it is audited; again is a no-op", async () => {
    const s = await setup();
    const link = await share(s, s.member.headers, { max_views: 5 });
    const revoked = await revoke(s, s.member.headers, link.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: link.id, status: "revoked", revoked_at: expect.any(String) });
    expect((await view(link.token)).statusCode).toBe(410);
    expect((await view(link.token)).body).not.toContain(s.value);
    const row = await linkRow(link.id);
    expect(row.ciphertext).toBe("");
    const again = await revoke(s, s.member.headers, link.id);
    expect(again.statusCode).toBe(200);
    const audit = await send(t.app, "GET", `/workspaces/${s.owner.workspaceId}/audit`, s.owner.headers);
    const entries = (audit.json() as { action: string; resource_id: string }[]).filter(
      (e) => e.action === "share.revoked" && e.resource_id === link.id,
    );
    expect(entries).toHaveLength(1);
  });

  it("an Admin revokes anyone's; another Member may not (403); the link lives on", async () => {
    const s = await setup();
    const link = await share(s, s.owner.headers, { max_views: 5 });
    const refused = await revoke(s, s.member.headers, link.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("forbidden");
    expect((await view(link.token)).statusCode).toBe(200);
    expect((await revoke(s, s.admin.headers, link.id)).statusCode).toBe(200);
    expect((await view(link.token)).statusCode).toBe(410);
  });

  it("404 for an unknown id or another workspace's link, 422 for a malformed id", async () => {
    const s = await setup();
    const other = await setup();
    const theirs = await share(other, other.owner.headers);
    expect((await revoke(s, s.owner.headers, theirs.id)).statusCode).toBe(404);
    expect((await revoke(s, s.owner.headers, "8f7e5c2a-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const malformed = await revoke(s, s.owner.headers, "not-a-uuid");
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0].loc).toEqual(["path", "link_id"]);
    // Across tenants through their own path: not a member.
    expect((await revoke(s, s.owner.headers, theirs.id, other.owner.workspaceId)).statusCode).toBe(403);
    expect((await view(theirs.token)).statusCode).toBe(200);
    expect(theirs.id).toMatch(UUID);
  });
});

describe("housekeeping", () => {
  it("purges a revoked or burnt link once it is older than the retention, even before it would expire", async () => {
    const s = await setup();
    const revoked = await share(s, s.owner.headers, { expires_in_minutes: 43200 });
    await revoke(s, s.owner.headers, revoked.id);
    const burnt = await share(s, s.owner.headers, { expires_in_minutes: 43200, passphrase: PASSPHRASE });
    for (let i = 0; i < 5; i++) await view(burnt.token, { "x-share-passphrase": `wrong guess ${i}` });
    const live = await share(s, s.owner.headers, { expires_in_minutes: 43200 });
    t.clock.advance(t.config.purgeRetention + 60);

    await purgeOnce(t.db, t.clock, t.config, t.masterKeys);

    const left = await t.db
      .selectFrom("share_links")
      .select("id")
      .where("id", "in", [revoked.id, burnt.id, live.id])
      .execute();
    expect(left.map((r) => r.id)).toEqual([live.id]);
  });
});
