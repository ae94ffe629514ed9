// PostgreSQL rolls a transaction back when it crosses a concurrent one (a deadlock, 40P01; a
// serialization failure, 40001). The request whose transaction lost answers 409 conflict, saying
// to send it again, with nothing saved — never a 500. The deadlock here is real: another
// connection holds the secret's row and then asks for the environment's row, which the request's
// write holds while it waits for the secret's.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { createTree, postSecret, secretsPath, type Tree } from "./helpers/tree.ts";

const databaseUrl = inject("databaseUrl");

describe.skipIf(databaseUrl === null)("a transaction crossed by a concurrent one", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let tree: Tree;
  let other: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newUser(t.app);
    tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
    other = new pg.Client({ connectionString: databaseUrl! });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it("answers 409 conflict (send it again), saves nothing, and the retry succeeds", async () => {
    const created = await postSecret(t.app, tree, owner.headers, { key: "CROSSED", value: "before" });
    const id = created.json().id as string;
    await other.query("begin");
    await other.query("select 1 from secrets where id = $1 for update", [id]);
    const write = t.app.inject({
      method: "PATCH",
      url: `${secretsPath(tree)}/${id}`,
      headers: owner.headers,
      payload: { value: "after" },
    });
    // The request now holds the environment's row and waits for the secret's; asking for the
    // environment's row closes the circle. The request waited first, so its check finds it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const blocked = other
      .query("update environments set updated_at = updated_at where id = $1", [tree.environmentId])
      .catch(() => undefined);
    const response = await write;
    await blocked;
    await other.query("rollback");
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: "conflict",
      detail: expect.stringContaining("send the request again"),
    });

    const read = await t.app.inject({
      method: "GET",
      url: `${secretsPath(tree)}/${id}`,
      headers: owner.headers,
    });
    expect(read.json()).toMatchObject({ value: "before", current_version: 1 });
    const retry = await t.app.inject({
      method: "PATCH",
      url: `${secretsPath(tree)}/${id}`,
      headers: owner.headers,
      payload: { value: "after" },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ value: "after", current_version: 2 });
  });
});
