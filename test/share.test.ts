// Over 400 lines: one capability's contract (share links), read top to bottom.
// Share links: a one-time-secret service on top of an environment's secrets. Creation (paid plan,
// limits, permissions), the public read (views, expiry, passphrase, concurrency), what is stored
// (a digest of the token, an encrypted snapshot erased after the last view) and the audit trail.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testAppForSuite } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { createTree, newMember, postSecret, secretsPath, type Tree } from "./helpers/tree.ts";

const t = testAppForSuite();

const PUBLIC_URL = "https://coffer.test";
const STORED = /^v1\.\d+\.[A-Za-z0-9_-]+$/;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const tokenOf = (url: string) => url.split("/").pop()!;

interface Setup {
  tree: Tree;
  headers: Record<string, string>;
  ownerId: string;
  secrets: { id: string; key: string; value: string }[];
}

/** A new owner whose workspace is on `plan`, with a team, a project and an environment in `app`. */
async function ownerOnPlanWithTree(app: TestApp, plan: string) {
  const owner = await newUser(app.app);
  await app.db.updateTable("workspaces").set({ plan }).where("id", "=", owner.workspaceId).execute();
  const tree = await createTree(app.app, owner.accessToken, owner.workspaceId);
  return { owner, tree };
}

/** An owner on the pro plan with one environment holding two secrets. */
async function setup(plan = "pro"): Promise<Setup> {
  const { owner, tree } = await ownerOnPlanWithTree(t, plan);
  const secrets = [];
  for (const key of ["DATABASE_URL", "STRIPE_SECRET"]) {
    const value = `${key.toLowerCase()}-value-${Math.random().toString(36).slice(2)}-do-not-leak`;
    const response = await postSecret(t.app, tree, owner.headers, { key, value });
    expect(response.statusCode, response.body).toBe(201);
    secrets.push({ id: response.json().id as string, key, value });
  }
  return { tree, headers: owner.headers, ownerId: owner.id, secrets };
}

const share = (s: Pick<Setup, "tree" | "headers">, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `${secretsPath(s.tree)}/share`, headers: s.headers, payload: body });

async function created(s: Setup, body: Record<string, unknown>) {
  const response = await share(s, body);
  expect(response.statusCode, response.body).toBe(201);
  const json = response.json() as { id: string; url: string; expires_at: string; max_views: number };
  return { ...json, token: tokenOf(json.url) };
}

/** The public read: no credential at all. */
const view = (token: string, passphrase?: string) =>
  t.app.inject({
    method: "GET",
    url: `/share/${token}`,
    headers: passphrase === undefined ? {} : { "x-share-passphrase": passphrase },
  });

const linkRow = (id: string) =>
  t.db.selectFrom("share_links").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
/** The share links of the tree's environment, as stored. */
const linkIdsOf = (tree: Tree) =>
  t.db.selectFrom("share_links").select("id").where("environment_id", "=", tree.environmentId).execute();

describe("POST .../share", () => {
  it("answers 402 plan_required on the free plan", async () => {
    const s = await setup("free");
    const response = await share(s, { secret_ids: [s.secrets[0]!.id] });
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe("plan_required");
    expect(await linkIdsOf(s.tree)).toEqual([]);
  });

  it("creates a link under COFFER_PUBLIC_URL with the defaults: 60 minutes, 1 view", async () => {
    const s = await setup();
    const before = Date.now();
    const response = await share(s, { secret_ids: s.secrets.map((x) => x.id) });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["browser_url", "expires_at", "id", "max_views", "url"]);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.url.startsWith(`${PUBLIC_URL}/share/`)).toBe(true);
    expect(tokenOf(body.url)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.max_views).toBe(1);
    const expires = Date.parse(body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 60 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1000);
    // Nothing in the answer but the link: no value.
    for (const secret of s.secrets) expect(response.body).not.toContain(secret.value);
  });

  it("without COFFER_PUBLIC_URL, links the address the request came to, and never a forged one", async () => {
    const bare = await createTestApp({ env: { COFFER_PUBLIC_URL: "" } });
    try {
      const { owner, tree } = await ownerOnPlanWithTree(bare, "pro");
      const made = await postSecret(bare.app, tree, owner.headers, { key: "K", value: "v" });
      const mint = (host: string) =>
        bare.app.inject({
          method: "POST",
          url: `${secretsPath(tree)}/share`,
          headers: { ...owner.headers, host },
          payload: { secret_ids: [made.json().id] },
        });
      const viaLan = (await mint("devbox.lan:8080")).json();
      expect(viaLan.url).toMatch(/^http:\/\/devbox\.lan:8080\/share\/[A-Za-z0-9_-]{40,}$/);
      expect(viaLan.browser_url).toMatch(/^http:\/\/devbox\.lan:8080\/s\/#/);
      // A Host that is no host falls back to the listening address.
      const forged = (await mint("evil.example/phish?x=")).json();
      expect(forged.url.startsWith("http://localhost:")).toBe(true);
      // The browser redirect stays on the address the link was opened at.
      const opened = await bare.app.inject({
        method: "GET",
        url: `/share/${tokenOf(viaLan.url)}`,
        headers: { accept: "text/html", "user-agent": "Mozilla/5.0 Chrome/131" },
      });
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe(`/s/#${tokenOf(viaLan.url)}`);
    } finally {
      await bare.close();
    }
  });

  it("takes expires_in_minutes and max_views at their limits", async () => {
    const s = await setup();
    const now = Date.now();
    const long = await created(s, {
      secret_ids: [s.secrets[0]!.id],
      expires_in_minutes: 43200,
      max_views: 100,
    });
    expect(long.max_views).toBe(100);
    expect(Math.abs(Date.parse(long.expires_at) - (now + 43200 * 60_000))).toBeLessThan(5000);
    const short = await created(s, { secret_ids: [s.secrets[0]!.id], expires_in_minutes: 1, max_views: 1 });
    expect(Math.abs(Date.parse(short.expires_at) - (now + 60_000))).toBeLessThan(5000);
    // Two links, two tokens.
    expect(long.token).not.toBe(short.token);
  });

  it("answers 422 outside the limits and for an empty list", async () => {
    const s = await setup();
    const id = s.secrets[0]!.id;
    for (const body of [
      { secret_ids: [id], expires_in_minutes: 0 },
      { secret_ids: [id], expires_in_minutes: 43201 },
      { secret_ids: [id], max_views: 0 },
      { secret_ids: [id], max_views: 101 },
      { secret_ids: [] },
      {},
      { secret_ids: ["not-a-uuid"] },
      { secret_ids: [id], passphrase: "" },
    ]) {
      const response = await share(s, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await linkIdsOf(s.tree)).toEqual([]);
  });

  it("answers 404 listing the ids that are not secrets of this environment", async () => {
    const s = await setup();
    // A second environment of the same project, with a secret of its own.
    const env = await t.app.inject({
      method: "POST",
      url: `/environments/${s.tree.workspaceId}/${s.tree.teamId}/${s.tree.projectId}/`,
      headers: s.headers,
      payload: { name: "Production", environment_type: "prod" },
    });
    expect(env.statusCode, env.body).toBe(201);
    const other = { ...s.tree, environmentId: env.json().id as string };
    const foreign = await postSecret(t.app, other, s.headers, { key: "ELSEWHERE", value: "elsewhere-value" });
    const foreignId = foreign.json().id as string;
    const unknown = "00000000-0000-4000-8000-000000000000";

    const response = await share(s, { secret_ids: [s.secrets[0]!.id, foreignId, unknown] });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body.code).toBe("not_found");
    expect([...body.ids].sort()).toEqual([foreignId, unknown].sort());
    expect(body.detail).toContain(foreignId);
    expect(body.ids).not.toContain(s.secrets[0]!.id);
    expect(response.body).not.toContain("elsewhere-value");
  });
});

describe("GET /share/{token}", () => {
  it("reads the values without any credential, no-store, and spends the only view (then 410 gone)", async () => {
    const s = await setup();
    const link = await created(s, { secret_ids: s.secrets.map((x) => x.id) });
    const first = await view(link.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const body = first.json();
    expect(body.secrets).toHaveLength(2);
    expect([...body.secrets].sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      s.secrets.map(({ key, value }) => ({ key, value })).sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(body.expires_at).toBe(link.expires_at);
    expect(body.views_remaining).toBe(0);

    const second = await view(link.token);
    expect(second.statusCode).toBe(410);
    expect(second.json().code).toBe("gone");
    expect(second.headers["cache-control"]).toBe("no-store");
    for (const secret of s.secrets) expect(second.body).not.toContain(secret.value);
  });

  it("allows exactly max_views reads, counting down views_remaining", async () => {
    const s = await setup();
    const link = await created(s, { secret_ids: [s.secrets[0]!.id], max_views: 3 });
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const response = await view(link.token);
      expect(response.statusCode).toBe(200);
      expect(response.json().secrets).toEqual([{ key: s.secrets[0]!.key, value: s.secrets[0]!.value }]);
      remaining.push(response.json().views_remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    const fourth = await view(link.token);
    expect(fourth.statusCode).toBe(410);
    expect(fourth.json().code).toBe("gone");
    expect((await linkRow(link.id)).views).toBe(3);
  });

  it("answers 410 once the link has expired, with views left", async () => {
    const s = await setup();
    const link = await created(s, { secret_ids: [s.secrets[0]!.id], expires_in_minutes: 10, max_views: 5 });
    t.clock.advance(9 * 60);
    expect((await view(link.token)).statusCode).toBe(200);
    t.clock.advance(61);
    const late = await view(link.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe("gone");
    expect((await linkRow(link.id)).views).toBe(1);
  });

  it("answers 404 for an unknown token", async () => {
    const s = await setup();
    const link = await created(s, { secret_ids: [s.secrets[0]!.id] });
    for (const token of ["no-such-token", `${link.token}x`, link.token.slice(1), sha256(link.token)]) {
      const response = await view(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json().code).toBe("not_found");
    }
    // None of that spent the real link's view.
    expect((await view(link.token)).statusCode).toBe(200);
  });

  it("shows the snapshot taken at creation, not the value after a later update", async () => {
    const s = await setup();
    const secret = s.secrets[0]!;
    const link = await created(s, { secret_ids: [secret.id], max_views: 2 });
    const patched = await t.app.inject({
      method: "PATCH",
      url: `${secretsPath(s.tree)}/${secret.id}`,
      headers: s.headers,
      payload: { value: "the-new-value" },
    });
    expect(patched.statusCode).toBe(200);
    const response = await view(link.token);
    expect(response.json().secrets).toEqual([{ key: secret.key, value: secret.value }]);
    expect(response.body).not.toContain("the-new-value");
    // Deleting the secret does not change the snapshot either.
    await t.app.inject({ method: "DELETE", url: `${secretsPath(s.tree)}/${secret.id}`, headers: s.headers });
    expect((await view(link.token)).json().secrets).toEqual([{ key: secret.key, value: secret.value }]);
  });

  it("stores only sha256(token) and an encrypted snapshot, erased after the last view", async () => {
    const s = await setup();
    const link = await created(s, { secret_ids: s.secrets.map((x) => x.id), max_views: 2 });
    const row = await linkRow(link.id);
    expect(row.token_hash).toBe(sha256(link.token));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(link.token);
    expect(row.ciphertext).toMatch(STORED);
    for (const secret of s.secrets) {
      expect(stored).not.toContain(secret.value);
      expect(stored).not.toContain(Buffer.from(secret.value).toString("base64"));
      expect(stored).not.toContain(Buffer.from(secret.value).toString("hex"));
    }
    expect(row).toMatchObject({ max_views: 2, views: 0, passphrase_hash: null, expires_at: link.expires_at });

    expect((await view(link.token)).statusCode).toBe(200);
    const once = await linkRow(link.id);
    expect(once.views).toBe(1);
    expect(once.ciphertext).toBe(row.ciphertext);

    expect((await view(link.token)).statusCode).toBe(200);
    const spent = await linkRow(link.id);
    expect(spent.views).toBe(2);
    expect(spent.ciphertext).toBe("");
  });
});

describe("share links with a passphrase", () => {
  it("needs the passphrase header (401 / 403 without spending a view), then reads with it", async () => {
    const s = await setup();
    const passphrase = "open sesame, please";
    const link = await created(s, { secret_ids: [s.secrets[0]!.id], max_views: 2, passphrase });
    const row = await linkRow(link.id);
    expect(row.passphrase_hash).toBeTruthy();
    expect(row.passphrase_hash).not.toContain(passphrase);

    for (let i = 0; i < 3; i++) {
      const missing = await view(link.token);
      expect(missing.statusCode).toBe(401);
      expect(missing.json().code).toBe("passphrase_required");
      const wrong = await view(link.token, "open sesame");
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().code).toBe("passphrase_incorrect");
      expect(wrong.body).not.toContain(s.secrets[0]!.value);
    }
    expect((await linkRow(link.id)).views).toBe(0);

    const right = await view(link.token, passphrase);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      secrets: [{ key: s.secrets[0]!.key, value: s.secrets[0]!.value }],
      views_remaining: 1,
    });
    // The passphrase never reaches the audit trail.
    const audit = await t.app.inject({
      method: "GET",
      url: `/workspaces/${s.tree.workspaceId}/audit`,
      headers: s.headers,
    });
    expect(audit.body).not.toContain(passphrase);
  });
});

describe("concurrent reads", () => {
  it("20 simultaneous GETs on a 3-view link: exactly 3 succeed, the rest 410, never 500", async () => {
    const s = await setup();
    const link = await created(s, { secret_ids: s.secrets.map((x) => x.id), max_views: 3 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => view(link.token)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 410)).toHaveLength(17);
    const ok = responses.filter((r) => r.statusCode === 200).map((r) => r.json());
    for (const body of ok) expect(body.secrets).toHaveLength(2);
    // Each successful read saw its own place in the count, and the last one burnt the snapshot.
    expect(ok.map((b) => b.views_remaining).sort()).toEqual([0, 1, 2]);
    const row = await linkRow(link.id);
    expect(row.views).toBe(3);
    expect(row.ciphertext).toBe("");
    const viewed = await t.db
      .selectFrom("audit_events")
      .select("id")
      .where("action", "=", "share.viewed")
      .where("resource_id", "=", link.id)
      .execute();
    expect(viewed).toHaveLength(3);
  });
});

describe("audit", () => {
  it("records secret.shared per secret and share.viewed per view, with no value and no token", async () => {
    const s = await setup();
    const link = await created(s, { secret_ids: s.secrets.map((x) => x.id), max_views: 2 });
    expect((await view(link.token)).statusCode).toBe(200);
    expect((await view(link.token)).statusCode).toBe(200);
    expect((await view(link.token)).statusCode).toBe(410);

    const response = await t.app.inject({
      method: "GET",
      url: `/workspaces/${s.tree.workspaceId}/audit`,
      headers: s.headers,
    });
    expect(response.statusCode).toBe(200);
    const entries = response.json() as {
      action: string;
      resource_id: string | null;
      secret_id: string | null;
      actor: { type: string; id: string };
      ip_address: string | null;
    }[];
    const shared = entries.filter((e) => e.action === "secret.shared");
    expect(shared).toHaveLength(2);
    for (const entry of shared) {
      expect(entry.resource_id).toBe(link.id);
      expect(entry.actor).toMatchObject({ type: "user", id: s.ownerId });
    }
    expect(shared.map((e) => e.secret_id).sort()).toEqual(s.secrets.map((x) => x.id).sort());

    const viewed = entries.filter((e) => e.action === "share.viewed");
    expect(viewed).toHaveLength(2); // the refused third read is no view
    for (const entry of viewed) {
      expect(entry.resource_id).toBe(link.id);
      expect(entry.actor.type).toBe("anonymous");
      expect(entry.ip_address).toBeTruthy();
    }

    for (const secret of s.secrets) expect(response.body).not.toContain(secret.value);
    expect(response.body).not.toContain(link.token);
    expect(response.body).not.toContain(sha256(link.token));

    // The filter by action finds them too.
    const filtered = await t.app.inject({
      method: "GET",
      url: `/workspaces/${s.tree.workspaceId}/audit?action=share.viewed`,
      headers: s.headers,
    });
    expect(filtered.json()).toHaveLength(2);
  });
});

describe("who may create a share link", () => {
  it("a Viewer of the team: 403; a Member of the team: 201; a Member outside the team: 403; a non-member: 403", async () => {
    const s = await setup();
    const ids = [s.secrets[0]!.id];
    const viewer = await newMember(t.app, t.db, s.tree.workspaceId, 0, [s.tree.teamId]);
    const member = await newMember(t.app, t.db, s.tree.workspaceId, 1, [s.tree.teamId]);
    const outsider = await newMember(t.app, t.db, s.tree.workspaceId, 1);
    const stranger = await newUser(t.app);

    const asViewer = await share({ tree: s.tree, headers: viewer.headers }, { secret_ids: ids });
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.body).not.toContain(s.secrets[0]!.value);

    const asMember = await share({ tree: s.tree, headers: member.headers }, { secret_ids: ids });
    expect(asMember.statusCode, asMember.body).toBe(201);
    expect((await view(tokenOf(asMember.json().url))).json().secrets).toEqual([
      { key: s.secrets[0]!.key, value: s.secrets[0]!.value },
    ]);

    const asOutsider = await share({ tree: s.tree, headers: outsider.headers }, { secret_ids: ids });
    expect(asOutsider.statusCode).toBe(403);

    const asStranger = await share({ tree: s.tree, headers: stranger.headers }, { secret_ids: ids });
    expect(asStranger.statusCode).toBe(403);

    const rows = await t.db
      .selectFrom("share_links")
      .select("created_by")
      .where("environment_id", "=", s.tree.environmentId)
      .execute();
    expect(rows).toEqual([{ created_by: member.id }]);
  });

  it("needs a credential to create one", async () => {
    const s = await setup();
    const response = await share({ tree: s.tree, headers: {} }, { secret_ids: [s.secrets[0]!.id] });
    expect(response.statusCode).toBe(401);
  });
});

describe("logs", () => {
  it("never carry the link's token, its passphrase or a shared value", async () => {
    const logged = await createTestApp({ captureLogs: true });
    try {
      const { owner, tree } = await ownerOnPlanWithTree(logged, "pro");
      const value = "logged-value-that-must-not-appear";
      const secret = await postSecret(logged.app, tree, owner.headers, { key: "LOGGED", value });
      const passphrase = "a passphrase for the logs";
      const link = await logged.app.inject({
        method: "POST",
        url: `${secretsPath(tree)}/share`,
        headers: owner.headers,
        payload: { secret_ids: [secret.json().id], max_views: 3, passphrase },
      });
      expect(link.statusCode).toBe(201);
      const token = tokenOf(link.json().url);
      for (const header of [{}, { "x-share-passphrase": "wrong" }, { "x-share-passphrase": passphrase }]) {
        await logged.app.inject({ method: "GET", url: `/share/${token}`, headers: header });
      }
      await logged.app.inject({ method: "GET", url: `/share/${token}?x=1` });
      const logs = logged.logs();
      expect(logs).toContain("/share/[REDACTED]");
      expect(logs).not.toContain(token);
      expect(logs).not.toContain(passphrase);
      expect(logs).not.toContain(value);
    } finally {
      await logged.close();
    }
  });
});
