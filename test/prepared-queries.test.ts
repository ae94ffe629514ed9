// A running node keeps serving while a newer node's migration adds a column: the hot read every
// secrets call makes is a prepared query (a named statement on PostgreSQL, planned once per
// connection) and names its columns, so its plan stays valid. On a database of its own, since the
// test changes a table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
