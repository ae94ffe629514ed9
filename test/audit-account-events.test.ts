// Account-level events reach the audit trail (issue 8, item 12): API key create/update/revoke,
// session revoke (one and all) and account deletion, recorded in the user's workspaces in the
// same transaction as the change, never with a token in them.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { Role } from "../src/auth/policy.ts";
import { createTestApp, type TestApp, testAppForSuite } from "./helpers/app.ts";
import { bearer, createApiKey, login, newUser } from "./helpers/factories.ts";
import { send } from "./helpers/http.ts";
import { isolatedStore } from "./helpers/isolated-store.ts";
import { newMember } from "./helpers/tree.ts";

const t = testAppForSuite();

type User = Awaited<ReturnType<typeof newUser>>;
interface Entry {
  action: string;
  resource_type: string;
  resource_id: string | null;
  actor: { type: string; user_id: string; name: string };
  ip_address: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

async function trail(
  viewer: Pick<User, "workspaceId"> & { headers: Record<string, string> },
  workspaceId = viewer.workspaceId,
): Promise<Entry[]> {
  const response = await send(t.app, "GET", `/workspaces/${workspaceId}/audit?limit=1000`, viewer.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** An Owner whose workspace is on a plan with the audit trail. */
async function owner(): Promise<User> {
  const user = await newUser(t.app);
  await t.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", user.workspaceId).execute();
  return user;
}

describe("API key events", () => {
  it("records api_key.created, .updated and .revoked with actor, address and client, never the token", async () => {
    const user = await owner();
    const key = await createApiKey(t.app, user.accessToken, { name: "deploy" });
    const patched = await send(
      t.app,
      "PATCH",
      `/keys/${key.id}`,
      { ...user.headers, "user-agent": "audit-test/1.0" },
      { name: "deploy-2" },
    );
    expect(patched.statusCode).toBe(200);
    const revoked = await send(t.app, "POST", `/keys/${key.id}`, user.headers);
    expect(revoked.statusCode).toBe(200);

    const entries = (await trail(user)).filter((e) => e.resource_type === "api_key");
    expect(entries.map((e) => e.action)).toEqual(["api_key.revoked", "api_key.updated", "api_key.created"]);
    for (const entry of entries) {
      expect(entry.resource_id).toBe(key.id);
      expect(entry.actor).toMatchObject({ type: "user", user_id: user.id });
      expect(entry.ip_address).toBeTruthy();
    }
    expect(entries[1]!.user_agent).toBe("audit-test/1.0");
    expect(entries[1]!.details).toEqual({ fields: "name" });
    expect(entries[2]!.details).toMatchObject({ name: "deploy" });
    expect(JSON.stringify(await trail(user))).not.toContain(key.token);
  });

  it("revoking through PATCH is_revoked records api_key.revoked; a revoked key's second revoke records nothing", async () => {
    const user = await owner();
    const key = await createApiKey(t.app, user.accessToken);
    await send(t.app, "PATCH", `/keys/${key.id}`, user.headers, { is_revoked: true });
    await send(t.app, "POST", `/keys/${key.id}`, user.headers);
    const actions = (await trail(user)).filter((e) => e.resource_id === key.id).map((e) => e.action);
    expect(actions).toEqual(["api_key.revoked", "api_key.created"]);
  });

  it("is recorded in every workspace the user belongs to, and in no other", async () => {
    const other = await owner();
    const stranger = await owner();
    const member = await newMember(t.app, t.db, other.workspaceId, Role.Member);
    const key = await createApiKey(t.app, member.accessToken);
    expect((await trail(other)).some((e) => e.resource_id === key.id && e.action === "api_key.created")).toBe(
      true,
    );
    expect((await trail(stranger)).some((e) => e.resource_id === key.id)).toBe(false);
  });
});

describe("session events", () => {
  it("records session.revoked for one session and for all of them", async () => {
    const user = await owner();
    const second = await login(t.app, user.email, user.password, "second-device");
    const sessions = await send(t.app, "GET", "/sessions/", user.headers);
    const target = (sessions.json() as { id: string; user_agent: string }[]).find(
      (s) => s.user_agent === "second-device",
    )!;
    const one = await send(t.app, "POST", `/sessions/${target.id}/`, user.headers);
    expect(one.statusCode).toBe(200);
    const entries = (await trail(user)).filter((e) => e.action === "session.revoked");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      resource_type: "session",
      resource_id: target.id,
      details: { count: 1 },
    });
    expect(JSON.stringify(entries)).not.toContain(second.accessToken);

    // Sign out everywhere (from a third device); then read the trail with an API key.
    const third = await login(t.app, user.email, user.password, "third-device");
    const all = await send(t.app, "POST", "/sessions/", bearer(third.accessToken));
    expect(all.statusCode).toBe(200);
    const fourth = await login(t.app, user.email, user.password, "fourth-device");
    const key = await createApiKey(t.app, fourth.accessToken);
    const after = (
      await trail({ workspaceId: user.workspaceId, headers: { "x-api-key": key.token } })
    ).filter((e) => e.action === "session.revoked");
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ resource_id: null, details: { all: true } });
  });

  it("a 404 for someone else's session records nothing", async () => {
    const user = await owner();
    const other = await newUser(t.app);
    const theirs = await send(t.app, "GET", "/sessions/", other.headers);
    const id = (theirs.json() as { id: string }[])[0]!.id;
    const response = await send(t.app, "POST", `/sessions/${id}/`, user.headers);
    expect(response.statusCode).toBe(404);
    expect((await trail(user)).some((e) => e.action === "session.revoked")).toBe(false);
  });
});

describe("account deletion", () => {
  it("records account.deleted in the workspaces that outlive the account, and workspace.deleted for those it takes", async () => {
    const host = await owner();
    const leaving = await newMember(t.app, t.db, host.workspaceId, Role.Member);
    const response = await send(t.app, "DELETE", "/auth/me", bearer(leaving.accessToken), {
      password: leaving.password,
    });
    expect(response.statusCode, response.body).toBe(200);

    const entry = (await trail(host)).find((e) => e.action === "account.deleted");
    expect(entry).toMatchObject({
      resource_type: "user",
      resource_id: leaving.id,
      details: { workspaces_deleted: 1 },
    });
    expect(entry!.actor.name).toBe(leaving.email);
    // The deleted workspace's trail outlives it (no foreign key): the operator can still read why.
    const kept = await t.db
      .selectFrom("audit_events")
      .select(["action", "details"])
      .where("workspace_id", "=", leaving.workspaceId)
      .execute();
    expect(kept.map((r) => r.action)).toEqual(
      expect.arrayContaining(["account.deleted", "workspace.deleted"]),
    );
  });

  it("a wrong password deletes nothing and records nothing", async () => {
    const host = await owner();
    const staying = await newMember(t.app, t.db, host.workspaceId, Role.Member);
    const response = await send(t.app, "DELETE", "/auth/me", staying.headers, {
      password: "not the password",
    });
    expect(response.statusCode).toBe(403);
    expect((await trail(host)).some((e) => e.action === "account.deleted")).toBe(false);
  });
});

describe("one transaction", () => {
  // A database of its own whose audit table refuses the account-level actions (a trigger): the
  // change in the same transaction must not survive the failed entry.
  const REFUSED = ["api_key.created", "api_key.updated", "session.revoked", "account.deleted"];

  async function refuseAccountEvents(app: TestApp) {
    const actions = REFUSED.map((a) => `'${a}'`).join(", ");
    if (app.engine === "sqlite") {
      await sql
        .raw(
          `CREATE TRIGGER refuse_account_events BEFORE INSERT ON audit_events WHEN NEW.action IN (${actions})
           BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
        )
        .execute(app.db);
      return;
    }
    await sql
      .raw(
        `CREATE FUNCTION refuse_account_events() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
      )
      .execute(app.db);
    await sql
      .raw(
        `CREATE TRIGGER refuse_account_events BEFORE INSERT ON audit_events FOR EACH ROW
         WHEN (NEW.action IN (${actions})) EXECUTE FUNCTION refuse_account_events()`,
      )
      .execute(app.db);
  }

  it("a failed audit entry leaves no key, no key change, no revoked session and no deleted account", async () => {
    const store = await isolatedStore();
    const own = await createTestApp({ env: store.env });
    try {
      const user = await newUser(own.app);
      const other = await login(own.app, user.email, user.password, "other-device");
      const key = await createApiKey(own.app, user.accessToken, { name: "before" });
      const entries = () =>
        own.db
          .selectFrom("audit_events")
          .select(["id", "action"])
          .where("workspace_id", "=", user.workspaceId)
          .orderBy("id")
          .execute();
      const before = await entries();
      await refuseAccountEvents(own);

      const created = await send(own.app, "POST", "/keys/", user.headers, { name: "never" });
      expect(created.statusCode).toBe(500);
      const patched = await send(own.app, "PATCH", `/keys/${key.id}`, user.headers, { name: "after" });
      expect(patched.statusCode).toBe(500);
      const keys = await send(own.app, "GET", "/keys/", user.headers);
      expect((keys.json() as { name: string }[]).map((k) => k.name)).toEqual(["before"]);

      const sessions = await send(own.app, "GET", "/sessions/", user.headers);
      const target = (sessions.json() as { id: string; user_agent: string }[]).find(
        (s) => s.user_agent === "other-device",
      )!;
      const one = await send(own.app, "POST", `/sessions/${target.id}/`, user.headers);
      expect(one.statusCode).toBe(500);
      const all = await send(own.app, "POST", "/sessions/", user.headers);
      expect(all.statusCode).toBe(500);
      const revoked = await own.db
        .selectFrom("sessions")
        .select("id")
        .where("user_id", "=", user.id)
        .where("revoked_at", "is not", null)
        .execute();
      expect(revoked).toEqual([]);
      const refreshed = await send(
        own.app,
        "POST",
        "/auth/refresh",
        {},
        { refresh_token: other.refreshToken },
      );
      expect(refreshed.statusCode).toBe(200);

      const deleted = await send(own.app, "DELETE", "/auth/me", user.headers, { password: user.password });
      expect(deleted.statusCode).toBe(500);
      const me = await send(own.app, "GET", "/auth/me", user.headers);
      expect(me.statusCode).toBe(200);
      const workspace = await own.db
        .selectFrom("workspaces")
        .select("id")
        .where("id", "=", user.workspaceId)
        .execute();
      expect(workspace).toHaveLength(1);

      expect(await entries()).toEqual(before);
    } finally {
      await own.close();
      await store.drop();
    }
  }, 30_000);
});
