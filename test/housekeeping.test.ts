// Housekeeping (issue 8, item 13): the periodic job deletes ended sessions with their refresh
// tokens, dead one-time codes, used-up or expired share links and expired invites once past the
// retention, keeps everything still usable, and applies the audit retention; `admin
// purge` (the compiled command) does one pass. Each test has a database of its own: purging with an advanced clock on
// the run's shared database would delete other files' live rows.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, login, newUser } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { compiledEntry, PROJECT_ROOT } from "./helpers/server-process.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";

const run = promisify(execFile);
const RETENTION = 3600;
const stores: Store[] = [];
const apps: TestApp[] = [];

async function appOnOwnStore(env: Record<string, string> = {}) {
  const store = await isolatedStore();
  stores.push(store);
  const t = await createTestApp({
    env: { ...store.env, COFFER_PURGE_INTERVAL: "1", COFFER_PURGE_RETENTION: String(RETENTION), ...env },
  });
  apps.push(t);
  return { t, store };
}

afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});
afterAll(async () => {
  for (const store of stores) await store.drop();
});

/** Waits (bounded) until `check` holds: the job runs every second on real time. */
async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 8000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 8 s: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const count = async (
  t: TestApp,
  table: "sessions" | "refresh_tokens" | "one_time_codes" | "share_links" | "invites",
) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the periodic purge", () => {
  it("deletes only what can never be used again, once past the retention", async () => {
    const { t } = await appOnOwnStore();
    const owner = await newUser(t.app);
    await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();

    // A second session, revoked; the first stays live and refreshes (one spent refresh token).
    await login(t.app, owner.email, owner.password, "other-device");
    const sessions = (
      await t.app.inject({ method: "GET", url: "/sessions/", headers: owner.headers })
    ).json();
    const other = (sessions as { id: string; user_agent: string }[]).find(
      (s) => s.user_agent === "other-device",
    )!;
    expect(
      (await t.app.inject({ method: "POST", url: `/sessions/${other.id}/`, headers: owner.headers }))
        .statusCode,
    ).toBe(200);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      payload: { refresh_token: owner.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    // A one-time code (lives 10 minutes).
    expect(
      (await t.app.inject({ method: "POST", url: "/auth/request-otp", headers: owner.headers })).statusCode,
    ).toBeLessThan(300);
    // Share links: one used up, one still open for a day.
    const tree = await createTree(t.app, refreshed.json().access_token, owner.workspaceId);
    const headers = bearer(refreshed.json().access_token);
    const base = secretsPath(tree);
    const secret = await t.app.inject({
      method: "POST",
      url: `${base}/`,
      headers,
      payload: { key: "A", value: "b" },
    });
    const share = (body: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: `${base}/share`,
        headers,
        payload: { secret_ids: [secret.json().id], ...body },
      });
    const used = await share({});
    expect((await t.app.inject({ method: "GET", url: new URL(used.json().url).pathname })).statusCode).toBe(
      200,
    );
    const open = await share({ expires_in_minutes: 1440 });
    // An invite, pending for a week.
    const invite = await t.app.inject({
      method: "POST",
      url: `/invite/${owner.workspaceId}`,
      headers,
      payload: { invitee_email: "guest@example.com", role: Role.Member },
    });
    expect(invite.statusCode, invite.body).toBeLessThan(300);

    const before = {
      sessions: await count(t, "sessions"),
      tokens: await count(t, "refresh_tokens"),
      codes: await count(t, "one_time_codes"),
      links: await count(t, "share_links"),
      invites: await count(t, "invites"),
    };
    // Tokens: the first session's spent one and its live one, the second session's one.
    expect(before).toMatchObject({ sessions: 2, tokens: 3, codes: 1, links: 2, invites: 1 });

    // Within the retention nothing goes, even what is already dead.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await count(t, "sessions")).toBe(2);

    t.clock.advance(RETENTION + 900); // past the code's 10 minutes plus the retention
    await eventually(async () => (await count(t, "sessions")) === 1, "the revoked session purged");
    // Its refresh token went with it; the live session's spent token stays (reuse detection).
    expect(await count(t, "refresh_tokens")).toBe(2);
    await eventually(async () => (await count(t, "one_time_codes")) === 0, "the dead code purged");
    await eventually(async () => (await count(t, "share_links")) === 1, "the used-up link purged");
    const left = await t.db.selectFrom("share_links").select("id").execute();
    expect(left.map((l) => l.id)).toEqual([open.json().id]);
    expect(await count(t, "invites")).toBe(1);
    // The live session still works: its live refresh token gives a new access token.
    const live = refreshed.cookies.find((c) => c.name === "refresh_token")!.value;
    const again = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      payload: { refresh_token: live },
    });
    expect(again.statusCode, again.body).toBe(200);
    const me = await t.app.inject({
      method: "GET",
      url: "/auth/me",
      headers: bearer(again.json().access_token),
    });
    expect(me.statusCode).toBe(200);

    // A week and a day later: the invite and the open link have expired past the retention too.
    t.clock.advance(8 * 86_400);
    await eventually(async () => (await count(t, "invites")) === 0, "the expired invite purged");
    await eventually(async () => (await count(t, "share_links")) === 0, "the expired link purged");
  }, 30_000);

  it("a live session keeps refreshing; its tokens spent longer ago than the refresh lifetime plus the retention go", async () => {
    const { t } = await appOnOwnStore({ COFFER_REFRESH_TOKEN_TTL: "3600" });
    const owner = await newUser(t.app);
    const refresh = (token: string) =>
      t.app.inject({ method: "POST", url: "/auth/refresh", payload: { refresh_token: token } });
    const first = owner.refreshToken;
    let current = first;
    // Every half hour for two hours: the session slides, each token is spent in turn (5 tokens).
    for (let step = 0; step < 4; step++) {
      const response = await refresh(current);
      expect(response.statusCode, response.body).toBe(200);
      current = response.cookies.find((c) => c.name === "refresh_token")!.value;
      t.clock.advance(1800);
    }
    const tokens = () => count(t, "refresh_tokens");
    t.clock.advance(900);
    // Spent 2¼ h ago > 1 h lifetime + 1 h retention: the first token goes; the next, spent 1¾ h
    // ago, stays, as do the rest (and the live one).
    await eventually(async () => (await tokens()) === 4, "the first spent token purged");
    await new Promise((r) => setTimeout(r, 1500));
    expect(await tokens()).toBe(4);
    expect(await count(t, "sessions")).toBe(1);
    // The purged token is now merely unknown (no session to end); the live chain still refreshes.
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("refresh_token_invalid");
    expect((await refresh(current)).statusCode).toBe(200);
  }, 30_000);

  it("keeps audit entries for ever by default, and COFFER_AUDIT_RETENTION_DAYS deletes older ones", async () => {
    const { t } = await appOnOwnStore({ COFFER_AUDIT_RETENTION_DAYS: "30" });
    const owner = await newUser(t.app);
    await createTree(t.app, owner.accessToken, owner.workspaceId);
    const entries = async () =>
      Number(
        (
          await t.db
            .selectFrom("audit_events")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const written = await entries();
    expect(written).toBeGreaterThan(0);
    t.clock.advance(29 * 86_400);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await entries()).toBe(written);
    t.clock.advance(2 * 86_400);
    await eventually(async () => (await entries()) === 0, "entries past 30 days purged");

    const keep = await appOnOwnStore();
    const someone = await newUser(keep.t.app);
    await createTree(keep.t.app, someone.accessToken, someone.workspaceId);
    keep.t.clock.advance(3650 * 86_400);
    await new Promise((r) => setTimeout(r, 1500));
    const kept = await keep.t.db.selectFrom("audit_events").select("id").execute();
    expect(kept.length).toBeGreaterThan(0);
  }, 30_000);
});

const purgeCommand = (store: Store, t: TestApp) =>
  run(process.execPath, [compiledEntry("admin"), "purge"], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...store.env,
      COFFER_MASTER_KEY: t.config.masterKey!.toString("base64"),
      COFFER_PURGE_RETENTION: "0",
    },
  });

describe("admin purge", () => {
  it("runs one pass and reports the counts per table", async () => {
    const { t, store } = await appOnOwnStore({ COFFER_PURGE_INTERVAL: "0" });
    const owner = await newUser(t.app);
    await login(t.app, owner.email, owner.password, "other-device");
    const all = await t.app.inject({ method: "POST", url: "/sessions/", headers: owner.headers });
    expect(all.statusCode).toBe(200);
    expect(await count(t, "sessions")).toBe(2);

    const { stdout } = await purgeCommand(store, t);
    expect(stdout).toContain("sessions: 2 deleted");
    expect(stdout).toContain("audit_events: 0 deleted");
    expect(await count(t, "sessions")).toBe(0);
  }, 30_000);

  it("two passes at once (two nodes) both succeed, delete every dead row once and leave live ones", async () => {
    const { t, store } = await appOnOwnStore({ COFFER_PURGE_INTERVAL: "0" });
    const owner = await newUser(t.app);
    // More ended sessions than one batch (500), so each pass loops.
    const now = t.clock.now();
    const past = new Date(now.getTime() - 60_000).toISOString();
    const dead = Array.from({ length: 1200 }, () => ({
      id: randomUUID(),
      user_id: owner.id,
      workspace_id: owner.workspaceId,
      ip_address: null,
      user_agent: "ended",
      created_at: past,
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      revoked_at: past,
    }));
    for (let i = 0; i < dead.length; i += 200) {
      await t.db
        .insertInto("sessions")
        .values(dead.slice(i, i + 200))
        .execute();
    }
    const [a, b] = await Promise.all([purgeCommand(store, t), purgeCommand(store, t)]);
    const deleted = (stdout: string) => Number(/sessions: (\d+) deleted/.exec(stdout)![1]);
    expect(deleted(a.stdout) + deleted(b.stdout)).toBe(1200);
    expect(await count(t, "sessions")).toBe(1);
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: owner.headers });
    expect(me.statusCode).toBe(200);
  }, 30_000);
});
