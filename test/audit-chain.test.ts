// One capability's contract, read top to bottom: the hash chain written, attacked and verified.
// The tamper-evident trail (issue 37, points 1 and 4), as attacks: someone with write access to the
// database edits, deletes, swaps, inserts or truncates entries directly, and verification names the
// first place where the chain breaks and how. Runs on both engines (COFFER_TEST_DB).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeOnce } from "../src/jobs/housekeeping.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createApiKey, login, newUser } from "./helpers/factories.ts";
import { isolatedStore } from "./helpers/isolated-store.ts";
import { createTree, newMember, postSecret, secretsPath } from "./helpers/tree.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof newUser>>;

/** A workspace with a trail of `writes` secret creations, each read once. */
async function workspaceWithTrail(writes = 6) {
  const owner = await newUser(t.app);
  const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  for (let i = 0; i < writes; i++) {
    const created = await postSecret(t.app, tree, owner.headers, { key: `KEY_${i}`, value: `value-${i}` });
    expect(created.statusCode, created.body).toBe(201);
    const read = await t.app.inject({
      method: "GET",
      url: `${secretsPath(tree)}/${created.json().id}`,
      headers: owner.headers,
    });
    expect(read.statusCode).toBe(200);
  }
  return { owner, tree };
}

const verify = async (owner: Owner, workspaceId: string, query = "") => {
  const response = await t.app.inject({
    method: "GET",
    url: `/workspaces/${workspaceId}/audit/verify${query}`,
    headers: owner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const chain = (workspaceId: string) =>
  t.db
    .selectFrom("audit_events")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("sequence")
    .execute();

describe("the chain", () => {
  it("numbers a workspace's entries 1, 2, 3… with each HMAC linked to the one before, and verifies", async () => {
    const { owner, tree } = await workspaceWithTrail(3);
    const rows = await chain(tree.workspaceId);
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
    expect(rows[0]!.prev_hmac).toBe("0".repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hmac).toBe(rows[i - 1]!.hmac);
    const result = await verify(owner, tree.workspaceId);
    expect(result).toMatchObject({ holds: true, checked: rows.length, first_break: null, from: 1 });
    expect(result.head).toEqual({ sequence: rows.length, hmac: rows.at(-1)!.hmac });
    // The verification is itself in the trail, and the audit screen's state names it.
    const state = await t.app.inject({
      method: "GET",
      url: `/workspaces/${tree.workspaceId}/audit/chain`,
      headers: owner.headers,
    });
    expect(state.json().last_verification).toMatchObject({
      holds: true,
      checked: rows.length,
      first_break: null,
    });
    const [entry] = (
      await t.app.inject({
        method: "GET",
        url: `/workspaces/${tree.workspaceId}/audit?action=audit.verified`,
        headers: owner.headers,
      })
    ).json();
    expect(entry.details).toMatchObject({ holds: true, checked: rows.length });
    expect(entry.chain.sequence).toBe(rows.length + 1);
  });

  it("verifies a range of sequences, reading every entry of it", async () => {
    const { owner, tree } = await workspaceWithTrail(4);
    const result = await verify(owner, tree.workspaceId, "?from=3&to=6");
    expect(result).toMatchObject({ holds: true, checked: 4, from: 3, to: 6 });
  });
});

describe("two nodes writing to one workspace at once", () => {
  it("give out every sequence once: no fork, no gap, and the chain verifies", async () => {
    // A second app on the same database: PostgreSQL's shared one, or the same SQLite file.
    const other = await createTestApp(
      t.engine === "sqlite" ? { env: { COFFER_DATA_DIR: t.config.dataDir } } : {},
    );
    try {
      const owner = await newUser(t.app);
      const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
      const writes = Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? t.app : other.app).inject({
          method: "POST",
          url: `${secretsPath(tree)}/`,
          headers: owner.headers,
          payload: { key: `RACE_${i}`, value: `v${i}` },
        }),
      );
      const answers = await Promise.all(writes);
      // A write crossed by another may be asked to try again (409); none may fail otherwise.
      for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
      const rows = await chain(tree.workspaceId);
      expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
      const created = rows.filter((row) => row.action === "secret.created").length;
      expect(created).toBe(answers.filter((answer) => answer.statusCode === 201).length);
      expect(await verify(owner, tree.workspaceId)).toMatchObject({ holds: true, checked: rows.length });
    } finally {
      if (t.engine === "sqlite") {
        // Its close would remove the data dir it shares with the first app.
        await other.app.close();
        await other.db.destroy();
      } else {
        await other.close();
      }
    }
  });
});

describe("entries written outside a request's transaction, at once", () => {
  it("take a place each: refused sign-ins in parallel answer 401 or 429, never 500, and the chain verifies", async () => {
    const owner = await newUser(t.app);
    // Failed sign-ins are recorded on their own (no transaction of the request's around them).
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          t.app.inject({
            method: "POST",
            url: "/auth/login",
            remoteAddress: `10.9.${round}.${i}`,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: new URLSearchParams({ username: owner.email, password: `wrong ${i}` }).toString(),
          }),
        ),
      );
      for (const answer of answers) expect([401, 429], answer.body).toContain(answer.statusCode);
      t.clock.advance(15 * 60 + 1);
    }
    const rows = await chain(owner.workspaceId);
    expect(rows.filter((row) => row.action === "user.sign_in_failed").length).toBeGreaterThanOrEqual(20);
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
    // An hour on, the first session is over: the Owner signs in again to verify.
    const session = await login(t.app, owner.email, owner.password);
    const again = { ...owner, headers: { authorization: `Bearer ${session.accessToken}` } };
    expect(await verify(again, owner.workspaceId)).toMatchObject({ holds: true, checked: rows.length + 1 });
  });
});

describe("tampering in the database, named by verification", () => {
  it("an entry's details edited: changed, at that entry", async () => {
    const { owner, tree } = await workspaceWithTrail();
    const target = (await chain(tree.workspaceId))[4]!;
    await t.db
      .updateTable("audit_events")
      .set({ details: JSON.stringify({ key: "SOMETHING_ELSE" }) })
      .where("id", "=", target.id)
      .execute();
    const result = await verify(owner, tree.workspaceId);
    expect(result.holds).toBe(false);
    expect(result.checked).toBe(4);
    expect(result.first_break).toMatchObject({ entry_id: target.id, sequence: 5, kind: "changed" });
  });

  it("an entry's actor rewritten together with its hmac recomputed without the key: changed", async () => {
    const { owner, tree } = await workspaceWithTrail();
    const target = (await chain(tree.workspaceId))[2]!;
    await t.db
      .updateTable("audit_events")
      .set({ actor_name: "someone-else@example.com", hmac: "f".repeat(64) })
      .where("id", "=", target.id)
      .execute();
    expect((await verify(owner, tree.workspaceId)).first_break).toMatchObject({
      entry_id: target.id,
      kind: "changed",
    });
  });

  it("an entry deleted: missing, at the entry after the gap", async () => {
    const { owner, tree } = await workspaceWithTrail();
    const rows = await chain(tree.workspaceId);
    await t.db.deleteFrom("audit_events").where("id", "=", rows[3]!.id).execute();
    const result = await verify(owner, tree.workspaceId);
    expect(result.first_break).toMatchObject({
      entry_id: rows[4]!.id,
      sequence: 5,
      expected_sequence: 4,
      kind: "missing",
    });
  });

  it("two entries swapped: reordered", async () => {
    const { owner, tree } = await workspaceWithTrail();
    const rows = await chain(tree.workspaceId);
    const [a, b] = [rows[5]!, rows[6]!];
    // Through a free number: the unique index holds at every step.
    await t.db.updateTable("audit_events").set({ sequence: -1 }).where("id", "=", a.id).execute();
    await t.db.updateTable("audit_events").set({ sequence: a.sequence }).where("id", "=", b.id).execute();
    await t.db.updateTable("audit_events").set({ sequence: b.sequence }).where("id", "=", a.id).execute();
    const result = await verify(owner, tree.workspaceId);
    expect(result.first_break).toMatchObject({ entry_id: b.id, sequence: a.sequence, kind: "reordered" });
    expect(result.checked).toBe(5);
  });

  it("an entry inserted (the later ones renumbered to make room): inserted", async () => {
    const { owner, tree } = await workspaceWithTrail();
    const rows = await chain(tree.workspaceId);
    const at = rows[3]!;
    // Renumber the tail upwards from the end, then put a forged entry in the hole.
    for (const row of [...rows].reverse().filter((r) => r.sequence! >= at.sequence!)) {
      await t.db
        .updateTable("audit_events")
        .set({ sequence: row.sequence! + 1 })
        .where("id", "=", row.id)
        .execute();
    }
    const forged = { ...at, id: crypto.randomUUID(), action: "secret.deleted", hmac: "a".repeat(64) };
    await t.db.insertInto("audit_events").values(forged).execute();
    await t.db
      .updateTable("audit_chain_heads")
      .set((eb) => ({ sequence: eb("sequence", "+", 1) }))
      .where("workspace_id", "=", tree.workspaceId)
      .execute();
    const result = await verify(owner, tree.workspaceId);
    expect(result.first_break).toMatchObject({
      entry_id: forged.id,
      sequence: at.sequence,
      kind: "inserted",
    });
  });

  it("an entry added outside the chain (no sequence): inserted", async () => {
    const { owner, tree } = await workspaceWithTrail(2);
    const [first] = await chain(tree.workspaceId);
    const forged = { ...first!, id: crypto.randomUUID(), sequence: null, prev_hmac: null, hmac: null };
    await t.db.insertInto("audit_events").values(forged).execute();
    expect((await verify(owner, tree.workspaceId)).first_break).toMatchObject({
      entry_id: forged.id,
      kind: "inserted",
    });
  });

  it("the newest entries deleted (the tail truncated): missing, from the first one gone", async () => {
    const { owner, tree } = await workspaceWithTrail();
    const rows = await chain(tree.workspaceId);
    const gone = rows.slice(-3);
    await t.db
      .deleteFrom("audit_events")
      .where(
        "id",
        "in",
        gone.map((row) => row.id),
      )
      .execute();
    const result = await verify(owner, tree.workspaceId);
    expect(result.first_break).toMatchObject({
      entry_id: null,
      sequence: gone[0]!.sequence,
      kind: "missing",
    });
    expect(result.checked).toBe(rows.length - 3);
  });

  it("a truncation that also rolls the head back is caught against the head noted elsewhere", async () => {
    const { owner, tree } = await workspaceWithTrail(3);
    const noted = (
      await t.app.inject({
        method: "GET",
        url: `/workspaces/${tree.workspaceId}/audit/chain`,
        headers: owner.headers,
      })
    ).json().head;
    const rows = await chain(tree.workspaceId);
    const kept = rows.at(-3)!;
    await t.db
      .deleteFrom("audit_events")
      .where("sequence", ">", kept.sequence)
      .where("workspace_id", "=", tree.workspaceId)
      .execute();
    await t.db
      .updateTable("audit_chain_heads")
      .set({ sequence: kept.sequence!, hmac: kept.hmac! })
      .where("workspace_id", "=", tree.workspaceId)
      .execute();
    // The chain that is left holds in itself: what shows the loss is the end noted before.
    const result = await verify(owner, tree.workspaceId);
    expect(result.holds).toBe(true);
    expect(result.head.sequence).toBeLessThan(noted.sequence);
  });
});

describe("retention", () => {
  it("purges the oldest entries behind a signed checkpoint the chain verifies from; a forged checkpoint is named", async () => {
    // A database of its own: a purge 40 days on would take other files' rows of a shared one.
    const own = await isolatedStore();
    const app = await createTestApp({ env: { ...own.env, COFFER_AUDIT_RETENTION_DAYS: "30" } });
    try {
      const owner = await newUser(app.app);
      const tree = await createTree(app.app, owner.accessToken, owner.workspaceId);
      const create = (key: string, headers = owner.headers) =>
        app.app.inject({
          method: "POST",
          url: `${secretsPath(tree)}/`,
          headers,
          payload: { key, value: "v" },
        });
      await create("OLD_ONE");
      await create("OLD_TWO");
      app.clock.advance(40 * 86_400);
      const session = await login(app.app, owner.email, owner.password);
      const headers = { authorization: `Bearer ${session.accessToken}` };
      expect((await create("NEW_ONE", headers)).statusCode).toBe(201);
      const report = await purgeOnce(app.db, app.clock, app.config, app.masterKeys);
      expect(report.audit_events).toBeGreaterThan(0);
      const verified = await app.app.inject({
        method: "GET",
        url: `/workspaces/${tree.workspaceId}/audit/verify`,
        headers: { ...headers },
      });
      expect(verified.json(), verified.body).toMatchObject({ holds: true, first_break: null });
      // Everything before the first new entry went (other workspaces may share the database).
      const { checkpoint } = verified.json();
      expect(checkpoint.sequence).toBeGreaterThanOrEqual(2);
      expect(checkpoint.purged).toBe(checkpoint.sequence);
      expect(verified.json().from).toBe(verified.json().checkpoint.sequence + 1);

      // Moving the checkpoint forward would hide entries after it: its signature says no.
      await app.db
        .updateTable("audit_checkpoints")
        .set((eb) => ({ sequence: eb("sequence", "+", 1) }))
        .where("workspace_id", "=", tree.workspaceId)
        .execute();
      const moved = await app.app.inject({
        method: "GET",
        url: `/workspaces/${tree.workspaceId}/audit/verify`,
        headers,
      });
      expect(moved.json().first_break).toMatchObject({ kind: "changed", entry_id: null });
      // Deleting it leaves a chain that starts after entries nobody accounts for.
      await app.db.deleteFrom("audit_checkpoints").where("workspace_id", "=", tree.workspaceId).execute();
      const deleted = await app.app.inject({
        method: "GET",
        url: `/workspaces/${tree.workspaceId}/audit/verify`,
        headers,
      });
      expect(deleted.json().first_break).toMatchObject({ kind: "missing", expected_sequence: 1 });
    } finally {
      await app.close();
      await own.drop();
    }
  });
});

describe("who may verify", () => {
  it("Admins and Owners verify; Members and Viewers get 403, a stranger 404; only an Owner fetches the key", async () => {
    const { owner, tree } = await workspaceWithTrail(1);
    const at = (path: string, headers: Record<string, string>) =>
      t.app.inject({ method: "GET", url: `/workspaces/${tree.workspaceId}/audit/${path}`, headers });
    const admin = await newMember(t.app, t.db, tree.workspaceId, 2);
    const member = await newMember(t.app, t.db, tree.workspaceId, 1, [tree.teamId]);
    const viewer = await newMember(t.app, t.db, tree.workspaceId, 0, [tree.teamId]);
    const stranger = await newUser(t.app);
    expect((await at("verify", admin.headers)).statusCode).toBe(200);
    expect((await at("verify", member.headers)).statusCode).toBe(403);
    expect((await at("verify", viewer.headers)).statusCode).toBe(403);
    expect([403, 404]).toContain((await at("verify", stranger.headers)).statusCode);
    expect((await at("verify", {})).statusCode).toBe(401);
    expect((await at("chain", member.headers)).statusCode).toBe(403);
    expect((await at("verification-key", admin.headers)).statusCode).toBe(403);
    expect([403, 404]).toContain((await at("verification-key", stranger.headers)).statusCode);
    const key = await at("verification-key", owner.headers);
    expect(key.statusCode).toBe(200);
    expect(key.json()).toMatchObject({ workspace_id: tree.workspaceId, algorithm: "HMAC-SHA256" });
    expect(key.json().key).toMatch(/^[0-9a-f]{64}$/);
    expect(key.headers["cache-control"]).toContain("no-store");
    // An Owner's API key may verify too; the key's reads are recorded, never the key itself.
    const apiKey = await createApiKey(t.app, owner.accessToken, { name: "auditor" });
    expect((await at("verify", { authorization: `Bearer ${apiKey.token}` })).statusCode).toBe(200);
    // A leaked key of an Owner cannot take the key that could forge entries: it takes a session.
    const byKey = await at("verification-key", { authorization: `Bearer ${apiKey.token}` });
    expect(byKey.statusCode, byKey.body).toBe(403);
    expect(byKey.json().code).toBe("session_required");
    expect(byKey.body).not.toContain(key.json().key);
    const trail = await t.app.inject({
      method: "GET",
      url: `/workspaces/${tree.workspaceId}/audit?action=audit.`,
      headers: owner.headers,
    });
    expect(trail.json().map((e: { action: string }) => e.action)).toContain("audit.verification_key_read");
    expect(trail.body).not.toContain(key.json().key);
  });

  it("answers 422 for a range that is not whole sequences", async () => {
    const { owner, tree } = await workspaceWithTrail(1);
    for (const query of ["?from=0", "?to=abc", "?from=-3", "?from=5&to=4", "?from=99999999999999999999"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/workspaces/${tree.workspaceId}/audit/verify${query}`,
        headers: owner.headers,
      });
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe("an export, verified by someone else's verifier", () => {
  it("carries each entry's sequence and hmac; the Python verifier of docs/audit.md checks it with the Owner's key", async () => {
    const { owner, tree } = await workspaceWithTrail(4);
    const exported = await t.app.inject({
      method: "GET",
      url: `/workspaces/${tree.workspaceId}/audit/export?format=json&view=all`,
      headers: owner.headers,
    });
    expect(exported.statusCode).toBe(200);
    const entries = JSON.parse(exported.body);
    expect(entries[0].chain).toMatchObject({
      sequence: expect.any(Number),
      hmac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const key = (
      await t.app.inject({
        method: "GET",
        url: `/workspaces/${tree.workspaceId}/audit/verification-key`,
        headers: owner.headers,
      })
    ).json().key;
    const dir = mkdtempSync(join(tmpdir(), "coffer-verify-"));
    try {
      const file = join(dir, "export.json");
      writeFileSync(file, exported.body);
      const run = (path: string) =>
        execFileSync("python3", ["docs/examples/verify-audit-export.py", path, tree.workspaceId], {
          env: { ...process.env, COFFER_AUDIT_KEY: key },
          encoding: "utf8",
        });
      expect(run(file)).toContain(`holds: ${entries.length} entries`);
      // One edited entry in the file: the verifier names it.
      const edited = entries.map((e: { id: string; details: Record<string, unknown> }, i: number) =>
        i === 2 ? { ...e, details: { ...e.details, key: "EDITED" } } : e,
      );
      writeFileSync(file, JSON.stringify(edited));
      let failure = "";
      try {
        run(file);
      } catch (error) {
        failure = String((error as { stdout?: string }).stdout);
      }
      expect(failure).toContain(`broken at sequence ${entries[2].chain.sequence}`);

      // The export people download (one entry per operation, reads and bulk items aside) has holes:
      // each entry it holds still verifies, and the holes are counted, not judged.
      const people = await t.app.inject({
        method: "GET",
        url: `/workspaces/${tree.workspaceId}/audit/export?format=json&action=secret.created`,
        headers: owner.headers,
      });
      writeFileSync(file, people.body);
      const partial = run(file);
      expect(partial).toContain(`holds: ${JSON.parse(people.body).length} entries`);
      expect(partial).toMatch(/\d+ sequences in that range are not in this export/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
