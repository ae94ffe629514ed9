// A running node keeps serving while a newer node's migration adds a column: the hot read every
// secrets call makes is a prepared query (a named statement on PostgreSQL, planned once per
// connection) and names its columns, so its plan stays valid. On a database of its own, since the
// test changes a table.
// Prepared inserts go in chunks of powers of two, each size compiled once: any number of rows, and
// rows that do not all name the same columns, go in whole.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedInsert } from "../src/db/prepared.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { send } from "./helpers/http.ts";
import { isolatedStore, type Store } from "./helpers/isolated-store.ts";
import { createTree, secretsPath } from "./helpers/tree.ts";

let store: Store;
let t: TestApp;
beforeAll(async () => {
  store = await isolatedStore();
  t = await createTestApp({ env: store.env });
});
afterAll(async () => {
  await t.close();
  await store.drop();
});

describe("prepared queries", () => {
  it("keep answering after a migration adds a column to the table they read", async () => {
    const owner = await newUser(t.app);
    const tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    const base = secretsPath(tree);
    const created = await send(t.app, "POST", `${base}/`, owner.headers, { key: "FIRST", value: "one" });
    expect(created.statusCode).toBe(201);
    // Enough calls for every pooled connection to have prepared the statement.
    for (let i = 0; i < 12; i++)
      expect((await send(t.app, "GET", `${base}/`, owner.headers)).statusCode).toBe(200);

    await t.db.schema.alterTable("environments").addColumn("added_by_a_newer_node", "text").execute();

    for (let i = 0; i < 12; i++) {
      const listed = await send(t.app, "GET", `${base}/`, owner.headers);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().map((s: { value: string }) => s.value)).toEqual(["one"]);
    }
    const environment = await send(
      t.app,
      "GET",
      `/environments/${tree.workspaceId}/${tree.teamId}/${tree.projectId}/${tree.environmentId}`,
      owner.headers,
    );
    expect(environment.statusCode).toBe(200);
  });

  it("insert any number of rows, and rows that name different columns, each with its own values", async () => {
    await t.db.schema
      .createTable("prepared_rows")
      .addColumn("n", "integer", (c) => c.primaryKey())
      .addColumn("label", "text", (c) => c.notNull().defaultTo("unset"))
      .execute();
    // A table of the test's own: outside the schema's types.
    const insert = preparedInsert("prepared_rows" as never) as unknown as (
      db: typeof t.db,
      rows: { n: number; label?: string }[],
    ) => Promise<void>;
    const read = async () =>
      (
        await sql<{ n: number; label: string }>`select n, label from prepared_rows order by n`.execute(t.db)
      ).rows.map((row) => [Number(row.n), row.label]);

    let next = 0;
    const expected: [number, string][] = [];
    for (const count of [1, 3, 256, 300, 1000, 3]) {
      const rows = Array.from({ length: count }, () => ({ n: next, label: `row ${next++}` }));
      await insert(t.db, rows);
      expected.push(...rows.map((row): [number, string] => [row.n, row.label]));
    }
    // The second row leaves its label to the table's default, as Kysely would.
    await insert(t.db, [
      { n: next, label: "named" },
      { n: next + 1, label: undefined },
    ]);
    expected.push([next, "named"], [next + 1, "unset"]);
    expect(await read()).toEqual(expected);
    await t.db.schema.dropTable("prepared_rows").execute();
  });
});
