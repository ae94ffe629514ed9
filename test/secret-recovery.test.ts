// Putting secrets back (issue 22): a rollback writes an earlier version's value as a new version; a
// deleted secret (one, or all of an environment) stays recoverable with its versions for
// COFFER_DELETED_SECRETS_DAYS, out of every list, read and count, until restored or purged. Who may
// do each, per role, key scope and workspace, and that a failure changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { purgeOnce } from "../src/jobs/housekeeping.ts";
import { createTestApp } from "./helpers/app.ts";
import { bearer, login, newUser } from "./helpers/factories.ts";
import { callerOf, statusOf } from "./helpers/http.ts";
import { peopleAround, readOnlyKey } from "./helpers/matrix-callers.ts";
import { ownerWithTreeForSuite } from "./helpers/suite-owner.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";

// Pro: the version history is readable, to show what a rollback and a restore leave.
const { t, owner, tree } = ownerWithTreeForSuite({}, "pro");
let base: string;

const send = callerOf(() => t.app);
const create = async (key: string, value: string) => {
  const response = await send("POST", `${base}/`, owner.headers, { key, value });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; key: string; current_version: number };
};
const update = (id: string, value: string) => send("PATCH", `${base}/${id}`, owner.headers, { value });
const list = async () =>
  (await send("GET", `${base}/`, owner.headers)).json() as { key: string; value: string }[];
const deletedList = async (headers = owner.headers) =>
  (await send("GET", `${base}/deleted`, headers)).json() as { id: string; key: string }[];
const newEnvironment = async (name: string, environment_type: string) =>
  (
    await send("POST", `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/`, owner.headers, {
      name,
      environment_type,
    })
  ).json().id as string;

beforeAll(async () => {
  base = secretsPath(tree);
});

describe("rolling a secret back", () => {
  it("makes an earlier version's value the newest version, audited without the value", async () => {
    const secret = await create("DB_PASSWORD", "first-value");
    await update(secret.id, "second-value");
    await update(secret.id, "third-value");
    const tag = (await send("GET", `${base}/`, owner.headers)).headers.etag as string;

    const rolled = await send("POST", `${base}/${secret.id}/rollback`, owner.headers, { version: 1 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json()).toMatchObject({ id: secret.id, value: "first-value", current_version: 4 });
    expect((await send("GET", `${base}/${secret.id}`, owner.headers)).json().value).toBe("first-value");
    // History only grows, and a kept list is told it changed.
    const versions = (await send("GET", `${base}/${secret.id}/versions`, owner.headers)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1]);
    const again = await t.app.inject({
      method: "GET",
      url: `${base}/`,
      headers: { ...owner.headers, "if-none-match": tag },
    });
    expect(again.statusCode).toBe(200);
    const logs = (await send("GET", `${base}/${secret.id}/logs`, owner.headers)).json();
    expect(logs[0]).toMatchObject({
      action: "secret.rolled_back",
      version: 4,
      details: { key: "DB_PASSWORD", from_version: 1 },
    });
    expect(JSON.stringify(logs)).not.toMatch(/first-value|second-value|third-value/);
  });

  it("refuses the current version, one that does not exist, and a malformed body (422), changing nothing", async () => {
    const secret = await create("API_TOKEN", "one");
    await update(secret.id, "two");
    const rollback = (body: object) => send("POST", `${base}/${secret.id}/rollback`, owner.headers, body);
    for (const body of [{ version: 2 }, { version: 3 }, { version: 0 }, { version: "1" }, {}]) {
      const response = await rollback(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await rollback({ version: 2 })).json().detail[0]).toMatchObject({
      loc: ["body", "version"],
      msg: "Version 2 of API_TOKEN is already the current version",
    });
    const after = (await send("GET", `${base}/${secret.id}`, owner.headers)).json();
    expect(after).toMatchObject({ value: "two", current_version: 2 });
  });

  it("races updates of the same secret without a deadlock or a lost version", async () => {
    const secret = await create("RACED", "v-1");
    await update(secret.id, "v-2");
    const requests = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? send("POST", `${base}/${secret.id}/rollback`, owner.headers, { version: 1 })
        : update(secret.id, `v-${i + 3}`),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const versions = (await send("GET", `${base}/${secret.id}/versions`, owner.headers)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual(
      Array.from({ length: versions.length }, (_, i) => versions.length - i),
    );
    expect(versions.length).toBe(14);
  });

  it("answers 404 for a secret of another environment or none", async () => {
    const secret = await create("ELSEWHERE", "x");
    const other = await newEnvironment("Other", "staging");
    expect(
      await statusOf(
        send("POST", `${secretsPath(tree, other)}/${secret.id}/rollback`, owner.headers, { version: 1 }),
      ),
    ).toBe("404 not_found");
    expect(
      await statusOf(
        send("POST", `${base}/00000000-0000-4000-8000-000000000000/rollback`, owner.headers, { version: 1 }),
      ),
    ).toBe("404 not_found");
  });
});

describe("deleting and restoring", () => {
  it("keeps a deleted secret out of every read, lists it without its value, and restores it with its versions", async () => {
    const secret = await create("STRIPE_KEY", "sk_live_one");
    await update(secret.id, "sk_live_two");
    expect((await send("DELETE", `${base}/${secret.id}`, owner.headers)).statusCode).toBe(200);

    expect((await list()).map((s) => s.key)).not.toContain("STRIPE_KEY");
    expect(await statusOf(send("GET", `${base}/${secret.id}`, owner.headers))).toBe("404 not_found");
    expect(await statusOf(send("GET", `${base}/${secret.id}/versions`, owner.headers))).toBe("404 not_found");
    const deleted = await send("GET", `${base}/deleted`, owner.headers);
    expect(deleted.statusCode).toBe(200);
    const entry = deleted.json().find((d: { id: string }) => d.id === secret.id);
    expect(entry).toMatchObject({ key: "STRIPE_KEY", current_version: 2 });
    expect(Date.parse(entry.purge_after) - Date.parse(entry.deleted_at)).toBe(30 * 86_400_000);
    expect(deleted.body).not.toContain("sk_live");

    const restored = await send("POST", `${base}/deleted/${secret.id}/restore`, owner.headers);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      id: secret.id,
      key: "STRIPE_KEY",
      value: "sk_live_two",
      current_version: 2,
    });
    expect((await list()).find((s) => s.key === "STRIPE_KEY")?.value).toBe("sk_live_two");
    const versions = (await send("GET", `${base}/${secret.id}/versions`, owner.headers)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // Every version still opens: a rollback to the first works.
    const rolled = await send("POST", `${base}/${secret.id}/rollback`, owner.headers, { version: 1 });
    expect(rolled.json().value).toBe("sk_live_one");
    expect((await deletedList()).map((d) => d.id)).not.toContain(secret.id);
    const logs = (await send("GET", `${base}/${secret.id}/logs`, owner.headers)).json();
    // Its log comes back with it, its deletion included: a delete does not shorten the trail.
    expect(logs.map((l: { action: string }) => l.action)).toEqual([
      "secret.rolled_back",
      "secret.restored",
      "secret.deleted",
      "secret.updated",
      "secret.created",
    ]);
    expect(await statusOf(send("POST", `${base}/deleted/${secret.id}/restore`, owner.headers))).toBe(
      "404 not_found",
    );
  });

  it("refuses a restore whose key was taken meanwhile (409), leaving it recoverable", async () => {
    const first = await create("SHARED_NAME", "old");
    await send("DELETE", `${base}/${first.id}`, owner.headers);
    await create("SHARED_NAME", "new");
    const refused = await send("POST", `${base}/deleted/${first.id}/restore`, owner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "conflict", keys: ["SHARED_NAME"] });
    expect((await deletedList()).map((d) => d.id)).toContain(first.id);
    expect((await list()).find((s) => s.key === "SHARED_NAME")?.value).toBe("new");
  });

  it("keeps every secret an Owner's delete-all took, each restorable", async () => {
    const env = await newEnvironment("Scratch", "dev");
    const path = secretsPath(tree, env);
    await send("POST", `${path}/bulk`, owner.headers, {
      secrets: [
        { key: "A", value: "1" },
        { key: "B", value: "2" },
      ],
    });
    expect((await send("DELETE", `${path}/`, owner.headers)).json()).toEqual({ deleted: 2 });
    expect((await send("GET", `${path}/`, owner.headers)).json()).toEqual([]);
    const gone = (await send("GET", `${path}/deleted`, owner.headers)).json() as {
      id: string;
      key: string;
    }[];
    expect(gone.map((d) => d.key).sort()).toEqual(["A", "B"]);
    for (const d of gone) {
      expect((await send("POST", `${path}/deleted/${d.id}/restore`, owner.headers)).statusCode).toBe(200);
    }
    const back = (await send("GET", `${path}/`, owner.headers)).json() as { key: string; value: string }[];
    expect(back.map((s) => [s.key, s.value])).toEqual([
      ["A", "1"],
      ["B", "2"],
    ]);
  });
});

describe("deleting the environment", () => {
  it("takes its deleted secrets and their versions with it", async () => {
    const env = await newEnvironment("Doomed", "dev");
    const path = secretsPath(tree, env);
    const made = (await send("POST", `${path}/`, owner.headers, { key: "GOES", value: "with-it" })).json();
    await send("DELETE", `${path}/${made.id}`, owner.headers);
    const kept = () =>
      t.db.selectFrom("deleted_secrets").select("id").where("environment_id", "=", env).execute();
    const versions = () =>
      t.db.selectFrom("deleted_secret_versions").select("version").where("secret_id", "=", made.id).execute();
    expect(await kept()).toHaveLength(1);
    expect(await versions()).toHaveLength(1);
    const removed = await send(
      "DELETE",
      `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${env}`,
      owner.headers,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await kept()).toEqual([]);
    expect(await versions()).toEqual([]);
  });
});

describe("who may roll back, see deleted secrets and restore", () => {
  it("follows the matrix per role, team, key scope and workspace", async () => {
    const secret = await create("GUARDED", "a");
    await update(secret.id, "b");
    const doomed = await create("DOOMED", "x");
    await send("DELETE", `${base}/${doomed.id}`, owner.headers);
    const { viewer, outsider, stranger } = await peopleAround(t, tree);
    const readOnly = await readOnlyKey(t, owner, tree, {
      name: "reader",
      environment_ids: [tree.environmentId],
    });
    const keyHeaders = { "x-api-key": readOnly.token };
    const rollback = (headers: Record<string, string>) =>
      statusOf(send("POST", `${base}/${secret.id}/rollback`, headers, { version: 1 }));
    const restore = (headers: Record<string, string>) =>
      statusOf(send("POST", `${base}/deleted/${doomed.id}/restore`, headers));
    const listing = (headers: Record<string, string>) => statusOf(send("GET", `${base}/deleted`, headers));

    expect(await rollback(viewer.headers)).toBe("403 forbidden");
    expect(await restore(viewer.headers)).toBe("403 forbidden");
    expect(await listing(viewer.headers)).toBe("200");
    expect(await rollback(outsider.headers)).toBe("403 forbidden");
    expect(await listing(outsider.headers)).toBe("403 forbidden");
    expect(await rollback(stranger.headers)).toBe("403 not_a_member");
    expect(await restore(stranger.headers)).toBe("403 not_a_member");
    expect(await rollback(keyHeaders)).toBe("403 key_scope_forbidden");
    expect(await restore(keyHeaders)).toBe("403 key_scope_forbidden");
    expect(await listing(keyHeaders)).toBe("200");
    expect(await rollback({})).toBe("401 not_authenticated");
    // Nothing changed by the refusals; the Owner still may.
    expect((await send("GET", `${base}/${secret.id}`, owner.headers)).json().current_version).toBe(2);
    expect(await rollback(owner.headers)).toBe("200");
    expect(await restore(owner.headers)).toBe("200");
  });
});

describe("the recovery period", () => {
  it("ends with the purge, and COFFER_DELETED_SECRETS_DAYS=0 makes a delete final", async () => {
    const short = await createTestApp({ env: { COFFER_DELETED_SECRETS_DAYS: "1" } });
    const final = await createTestApp({ env: { COFFER_DELETED_SECRETS_DAYS: "0" } });
    try {
      for (const [app, kept] of [
        [short, true],
        [final, false],
      ] as const) {
        const person = await newUser(app.app);
        const own = await createTree(app.app, person.accessToken, person.workspaceId);
        const path = secretsPath(own);
        const made = await app.app.inject({
          method: "POST",
          url: `${path}/`,
          headers: person.headers,
          payload: { key: "K", value: "v" },
        });
        await app.app.inject({ method: "DELETE", url: `${path}/${made.json().id}`, headers: person.headers });
        const listed = async () =>
          (await app.app.inject({ method: "GET", url: `${path}/deleted`, headers: person.headers })).json()
            .length;
        expect(await listed()).toBe(kept ? 1 : 0);
        if (!kept) continue;
        expect((await purgeOnce(app.db, app.clock, app.config, app.masterKeys)).deleted_secrets).toBe(0);
        app.clock.advance(2 * 86_400);
        expect((await purgeOnce(app.db, app.clock, app.config, app.masterKeys)).deleted_secrets).toBe(1);
        // Two days on, the session has expired: sign in again.
        person.headers = bearer((await login(app.app, person.email, person.password)).accessToken);
        expect(await listed()).toBe(0);
        const versions = await app.db
          .selectFrom("deleted_secret_versions")
          .selectAll()
          .where("secret_id", "=", made.json().id)
          .execute();
        expect(versions).toEqual([]);
        const restore = await app.app.inject({
          method: "POST",
          url: `${path}/deleted/${made.json().id}/restore`,
          headers: person.headers,
        });
        expect(restore.statusCode).toBe(404);
      }
    } finally {
      await short.close();
      await final.close();
    }
  });
});
