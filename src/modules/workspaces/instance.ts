// The instance's workspaces as its operators see them (the instance module, `coffer-server admin`):
// every workspace with its plan and member count, and one found by id, slug or name.
import { pastPosition } from "../../db/keyset.ts";
import type { Queryable } from "../../db/schema.ts";
import type { Position } from "../../lib/cursor.ts";
import { findWorkspace, type WorkspaceRow } from "./repo.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The workspaces a reference names: the one with that id, else those whose slug is it or whose name
 * is it (names compared without case). More than one means the reference is ambiguous.
 */
export async function workspacesNamed(db: Queryable, reference: string): Promise<WorkspaceRow[]> {
  if (UUID.test(reference)) {
    const found = await findWorkspace(db, reference.toLowerCase());
    return found ? [found] : [];
  }
  const bySlug = await db.selectFrom("workspaces").selectAll().where("slug", "=", reference).execute();
  // A slug is unique and exact: it names one workspace even when another is called the same.
  if (bySlug.length > 0) return bySlug;
  return db
    .selectFrom("workspaces")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", reference.toLowerCase()))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Every workspace of the instance with its member count, oldest first, from just after `after`. */
export function everyWorkspace(db: Queryable, page: { limit: number; after?: Position }) {
  let query = db
    .selectFrom("workspaces as w")
    .leftJoin("workspace_members as m", "m.workspace_id", "w.id")
    .select(["w.id", "w.name", "w.slug", "w.plan", "w.created_at"])
    .select((eb) => eb.fn.count<number>("m.user_id").as("members"))
    .groupBy(["w.id", "w.name", "w.slug", "w.plan", "w.created_at"]);
  const { after } = page;
  if (after)
    query = query.where((eb) => pastPosition(eb, after, ">", { createdAt: "w.created_at", id: "w.id" }));
  return query.orderBy("w.created_at").orderBy("w.id").limit(page.limit).execute();
}
