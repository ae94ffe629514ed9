// The callers a permission matrix over one tree tries, made the same way in each test file that
// walks one: people by role and team, and the Owner's read-only keys narrowed as the test asks.
import { Role } from "../../src/auth/policy.ts";
import type { TestApp } from "./app.ts";
import { createApiKey, newUser } from "./factories.ts";
import type { Owner } from "./suite-owner.ts";
import { newMember, type Tree } from "./tree.ts";

/** A Viewer of the tree's team, a Member of the workspace outside it, and a stranger to it. */
export async function peopleAround(t: Pick<TestApp, "app" | "db">, tree: Tree) {
  const viewer = await newMember(t.app, t.db, tree.workspaceId, Role.Viewer, [tree.teamId]);
  const outsider = await newMember(t.app, t.db, tree.workspaceId, Role.Member, []);
  const stranger = await newUser(t.app);
  return { viewer, outsider, stranger };
}

/** A read-only key of the Owner's in the tree's workspace, narrowed by `scope` (named "k" unless it says). */
export const readOnlyKey = (t: Pick<TestApp, "app">, owner: Owner, tree: Tree, scope: object) =>
  createApiKey(t.app, owner.accessToken, {
    name: "k",
    workspace_id: tree.workspaceId,
    access: "read",
    ...scope,
  });
