// What most HTTP test files start from: their app, one Owner (signed up and in) and a team, project
// and dev environment in the Owner's workspace, made before the suite's tests.
import { beforeAll } from "vitest";
import { type createTestApp, type TestApp, testAppForSuite } from "./app.ts";
import { newUser } from "./factories.ts";
import { lateBound } from "./late-bound.ts";
import { createTree, type Tree } from "./tree.ts";

export type Owner = Awaited<ReturnType<typeof newUser>>;

export function ownerWithTreeForSuite(
  options: Parameters<typeof createTestApp>[0] = {},
  /** A plan set on the Owner's workspace before the tree is made (the default plan otherwise). */
  plan?: "pro" | "enterprise",
): { t: TestApp; owner: Owner; tree: Tree } {
  const t = testAppForSuite(options);
  let owner: Owner | undefined;
  let tree: Tree | undefined;
  beforeAll(async () => {
    owner = await newUser(t.app);
    if (plan)
      await t.db.updateTable("workspaces").set({ plan }).where("id", "=", owner.workspaceId).execute();
    tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  });
  return { t, owner: lateBound("the Owner", () => owner), tree: lateBound("the tree", () => tree) };
}
