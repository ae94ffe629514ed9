// No acknowledged read without its entry (issue 37, point 2): readers hammer a real server, which
// is killed with SIGKILL mid-load; after a restart, every read a client saw answered is in the
// trail. And a read whose entry cannot be written answers the failure, never the value. Both
// engines (a store of its own on PostgreSQL).
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { expectChainHolds, killedUnderLoad } from "./helpers/killed-under-load.ts";
import { stopChildrenReleaseAndRemoveTempDirs } from "./helpers/server-process.ts";
import { createTree, postSecret, secretsPath } from "./helpers/tree.ts";
import { call, expectCall } from "./helpers/wire.ts";

const READERS = 8;
const LOAD_MS = 2_000;

let store: Store | undefined;
afterAll(() => stopChildrenReleaseAndRemoveTempDirs(() => store?.drop()));

describe("a server killed with SIGKILL under read load", () => {
  it("has every read a client saw answered in its trail after the restart", async () => {
    let path = "";
    let answered = 0;
    const killed = await killedUnderLoad({
      clients: READERS,
      loadMs: LOAD_MS,
      async prepare(port, account, secrets) {
        const created = await expectCall(201, port, "POST", secrets, {
          headers: account.headers,
          json: { key: "READ_UNDER_LOAD", value: "seen" },
        });
        path = `${secrets}${created.json().id}`;
      },
      async step(port, account) {
        const answer = await call(port, "GET", path, { headers: account.headers });
        if (answer.status === 200 && answer.json().value === "seen") answered++;
      },
    });
    store = killed.store;
    const { restarted, account } = killed;
    expect(answered).toBeGreaterThan(0);

    let recorded = 0;
    let cursor: string | undefined;
    do {
      const page = await expectCall(
        200,
        restarted.port,
        "GET",
        `/workspaces/${account.workspaceId}/audit?action=secret.read&limit=1000${cursor ? `&cursor=${cursor}` : ""}`,
        { headers: account.headers },
      );
      for (const entry of page.json() as { details: { times?: number } }[])
        recorded += entry.details.times ?? 1;
      cursor = page.headers["x-next-cursor"] as string | undefined;
    } while (cursor);
    console.info(`audit-kill: ${answered} reads answered before SIGKILL, ${recorded} in the trail after`);
    // A read whose entry was committed but whose answer the kill cut off counts here and not there.
    expect(recorded).toBeGreaterThanOrEqual(answered);
    await expectChainHolds(restarted.port, account);
  }, 120_000);
});

describe("a read whose audit entry cannot be written", () => {
  // PostgreSQL says disk_full (53100) for the trail's inserts alone, as it does when its disk fills;
  // the embedded engine's real full disk is test/fault-storage.test.ts.
  it.runIf(process.env.COFFER_TEST_DB === "postgres")(
    "answers 507 storage_full without the value, and the next read, once the trail takes it, succeeds",
    async () => {
      const own = await isolatedStore();
      const app = await createTestApp({ env: own.env });
      try {
        const owner = await newUser(app.app);
        const tree = await createTree(app.app, owner.accessToken, owner.workspaceId);
        const created = await postSecret(app.app, tree, owner.headers, {
          key: "GUARDED",
          value: "never-unrecorded",
        });
        await sql
          .raw(
            `CREATE FUNCTION refuse_reads() RETURNS trigger LANGUAGE plpgsql AS
             $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$;
             CREATE TRIGGER refuse_reads BEFORE INSERT ON audit_events FOR EACH ROW
             WHEN (NEW.action IN ('secret.read', 'environment.secrets_read')) EXECUTE FUNCTION refuse_reads()`,
          )
          .execute(app.db);
        for (const url of [`${secretsPath(tree)}/${created.json().id}`, `${secretsPath(tree)}/`]) {
          const refused = await app.app.inject({ method: "GET", url, headers: owner.headers });
          expect(refused.statusCode, refused.body).toBe(507);
          expect(refused.json().code).toBe("storage_full");
          expect(refused.body).not.toContain("never-unrecorded");
        }
        await sql.raw("DROP TRIGGER refuse_reads ON audit_events").execute(app.db);
        const read = await app.app.inject({
          method: "GET",
          url: `${secretsPath(tree)}/${created.json().id}`,
          headers: owner.headers,
        });
        expect(read.json().value).toBe("never-unrecorded");
      } finally {
        await app.close();
        await own.drop();
      }
    },
  );
});
