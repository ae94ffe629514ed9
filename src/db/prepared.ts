// Queries compiled once. Kysely builds and compiles a query on every call; on the reads every
// request makes (the environment behind each secrets call) that showed in the profile. A prepared
// query is built once per database with a marker for each argument, and later calls bind the
// real values where the markers landed: the same SQL, the same parameters, none of the building.
import { type Compilable, CompiledQuery } from "kysely";
import type { Queryable } from "./schema.ts";

const marker = (name: string) => `\u0000prepared:${name}\u0000`;

/**
 * `build` makes the query from its named string arguments; the returned function runs it with
 * real ones and resolves to its rows.
 */
export function prepared<A extends Record<string, string>, R>(
  names: readonly (keyof A & string)[],
  build: (db: Queryable, args: A) => Compilable<R>,
): (db: Queryable, args: A) => Promise<R[]> {
  // Per database (engines differ in SQL); a transaction compiles its own, as often as it is used.
  const compiled = new WeakMap<Queryable, { sql: string; order: (keyof A & string)[] }>();
  return async (db, args) => {
    let query = compiled.get(db);
    if (!query) {
      const markers = Object.fromEntries(names.map((name) => [name, marker(name)])) as A;
      const { sql, parameters } = build(db, markers).compile();
      const order = parameters.map((parameter) => {
        const name = names.find((n) => marker(n) === parameter);
        if (!name) throw new Error(`prepared query: parameter ${String(parameter)} is not an argument`);
        return name;
      });
      query = { sql, order };
      compiled.set(db, query);
    }
    const result = await db.executeQuery<R>(
      CompiledQuery.raw(
        query.sql,
        query.order.map((name) => args[name]),
      ),
    );
    return result.rows;
  };
}
