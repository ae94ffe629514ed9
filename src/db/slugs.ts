// The one place a slug is chosen: lowercase kebab-case of the name, `-2`, `-3`… on collision
// within its scope (DESIGN.md §9). Races are settled by the unique index and retryOnUniqueViolation.
import type { Kysely } from "kysely";
import { firstFreeSlug, slugify } from "../lib/slug.ts";
import type { Queryable } from "./schema.ts";

type SluggedTable = "workspaces" | "projects" | "environments";

/** A new name as it is kept (trimmed), with the free slug it gives the row `id` within its scope. */
export async function renamed(
  db: Queryable,
  table: SluggedTable,
  name: string,
  scope: { column: "team_id" | "project_id"; id: string },
  id: string,
): Promise<{ name: string; slug: string }> {
  const trimmed = name.trim();
  return { name: trimmed, slug: await freeSlug(db, table, trimmed, scope, id) };
}

export async function freeSlug(
  db: Queryable,
  table: SluggedTable,
  name: string,
  scope?: { column: "team_id" | "project_id"; id: string },
  exceptId?: string,
): Promise<string> {
  const base = slugify(name);
  // biome-ignore lint/suspicious/noExplicitAny: the three tables share the columns used here; Kysely cannot type a table chosen at run time.
  let query = (db as Kysely<any>)
    .selectFrom(table)
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]));
  if (scope) query = query.where(scope.column, "=", scope.id);
  if (exceptId) query = query.where("id", "!=", exceptId);
  const rows: { slug: string }[] = await query.execute();
  return firstFreeSlug(
    base,
    rows.map((r) => r.slug),
  );
}
